"""Budget profiles and the split of a window into whole-token allowances."""
from __future__ import annotations

import math

import pytest

from memory.errors import MemoryAgentError
from pipelines.context.budget import PROFILES, BudgetProfile, UnknownProfileError, get_profile, split


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_every_preset_sums_to_one(name):
    assert math.isclose(sum(PROFILES[name].shares().values()), 1.0)
    assert PROFILES[name].name == name


def test_presets_follow_the_design():
    chat, qa, task = PROFILES["chat"], PROFILES["qa"], PROFILES["task"]
    assert (chat.history, chat.memory, chat.system, chat.margin) == (0.40, 0.30, 0.20, 0.10)
    assert qa.memory == 0.40 and qa.memory > chat.memory
    assert task.working > 0 and chat.working == qa.working == 0


def test_chat_split_of_ten_thousand_tokens():
    budget = split(10_000, "chat")
    assert (budget.history, budget.memory, budget.system, budget.margin, budget.working) == (
        4000, 3000, 2000, 1000, 0,
    )
    assert budget.usable == 9000


@pytest.mark.parametrize("window", [1, 7, 999, 2048, 8191, 32_768, 131_072])
@pytest.mark.parametrize("name", sorted(PROFILES))
def test_allowances_are_whole_tokens_summing_to_the_window(window, name):
    budget = split(window, PROFILES[name])
    parts = [budget.history, budget.memory, budget.working, budget.system, budget.margin, budget.knowledge]
    assert all(isinstance(p, int) and p >= 0 for p in parts)
    assert sum(parts) == window
    assert budget.margin >= window * PROFILES[name].margin - 1e-6  # the reply never gets less


def test_task_profile_gives_working_state_room():
    budget = split(8192, "task")
    assert budget.working >= 2000


def test_shares_that_do_not_sum_to_one_are_refused():
    with pytest.raises(ValueError, match="sum to 1.1"):
        BudgetProfile("greedy", history=0.5, memory=0.3, system=0.2, margin=0.1)


def test_negative_share_is_refused():
    with pytest.raises(ValueError, match="outside"):
        BudgetProfile("odd", history=0.8, memory=-0.1, system=0.2, margin=0.1)


def test_custom_profile_is_usable():
    profile = BudgetProfile("lean", history=0.6, memory=0.2, system=0.15, margin=0.05)
    assert split(1000, profile).history == 600


def test_unknown_profile_names_the_known_ones():
    with pytest.raises(UnknownProfileError) as info:
        split(8192, "research")
    message = str(info.value)
    assert "'research'" in message
    for name in ("chat", "qa", "task"):
        assert name in message
    assert isinstance(info.value, MemoryAgentError)
    with pytest.raises(UnknownProfileError):
        get_profile("Chat")


@pytest.mark.parametrize("window", [0, -10, 2.5, True])
def test_window_must_be_a_positive_integer(window):
    with pytest.raises(ValueError, match="window_tokens"):
        split(window, "chat")
