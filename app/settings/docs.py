"""README.md's table of the declared knobs, generated from their declarations.

The recall, decay and forgetting knobs are documented where they are declared (a
``core.knobs.knob`` field's ``doc``); this module renders them as the README's table rows
between ``<!-- knobs -->`` and ``<!-- /knobs -->``. ``python -m app.settings.docs`` rewrites
that part of README.md; ``tests/app/test_settings_knobs.py`` fails when it is out of date.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from pydantic.fields import FieldInfo

from app.settings.groups import DecaySettings, ForgetSettings, RecallSettings, SettingsGroup

START, END = "<!-- knobs -->", "<!-- /knobs -->"
PRESET_DOC = (
    "a named recall configuration (`pipelines/recall/config.py`): `hybrid_rrf`, `dense_only`, `hybrid_zh` "
    "(every query gets the CJK lexical weight); each `RECALL_*` variable below overrides it"
)


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _row(field: FieldInfo, doc: str | None = None) -> str:
    return f"| `{field.alias}` | `{_shown(field.default)}` | {doc or field.description} |"


def knob_rows() -> str:
    """The table of every declared knob, one row per variable."""
    groups: tuple[type[SettingsGroup], ...] = (RecallSettings, DecaySettings, ForgetSettings)
    rows = ["| variable | default | meaning |", "|---|---|---|", _row(RecallSettings.model_fields["preset"], PRESET_DOC)]
    for group in groups:
        rows += [_row(f) for name, f in group.model_fields.items() if name != "preset"]
    return "\n".join(rows)


def rewrite(readme: Path) -> bool:
    """Put the current rows between the markers of ``readme``; ``True`` when it changed."""
    text = readme.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(START) + r"\n.*?" + re.escape(END), re.S)
    new = pattern.sub(lambda _: f"{START}\n{knob_rows()}\n{END}", text)
    if new != text:
        readme.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    changed = rewrite(Path(sys.argv[1] if len(sys.argv) > 1 else "README.md"))
    print("README.md updated" if changed else "README.md is up to date")
