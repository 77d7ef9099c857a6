"""The terminal chat's slash commands: the help lists exactly the commands it answers."""
from __future__ import annotations

from app.chat import COMMANDS, HANDLERS


def test_every_command_the_help_lists_is_answered_and_every_answered_one_is_listed() -> None:
    listed = {usage.split()[0] for usage, _ in COMMANDS} - {"/quit"}  # /quit (and /exit) end the loop itself
    assert listed == set(HANDLERS)
