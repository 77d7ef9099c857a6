"""Timeouts, retries with backoff, backup model, fallback reply and circuit breaker."""
from __future__ import annotations

from agentscope.message import SystemMsg, UserMsg

from agents.models.resilient import FALLBACK_MARKER, CircuitBreaker, ResilientChatModel
from tests.models.scripted_chat_model import STALL_STREAM, TIMEOUT, BadRequest, ScriptedChatModel

FAST_TIMEOUT_S = 0.05


class SleepRecorder:
    """Stands in for asyncio.sleep: records each delay and returns at once."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _messages(text: str = "What is on my calendar?") -> list:
    return [SystemMsg(name="system", content="You are helpful. NOTES: dentist Friday"),
            UserMsg(name="u", content=text)]


def _text(response) -> str:
    return "".join(block.text for block in response.content).strip()


def _wrap(primary, backup=None, template=None, breaker=None, retries=3):
    sleep = SleepRecorder()
    model = ResilientChatModel(primary, backup=backup, backup_prompt_template=template,
                               timeout_s=FAST_TIMEOUT_S, retries=retries, breaker=breaker, sleep=sleep)
    return model, sleep


async def test_two_timeouts_then_an_answer_is_retried_with_1s_then_2s_backoff() -> None:
    primary = ScriptedChatModel("qwen-plus", [TIMEOUT, TIMEOUT, "Your dentist is on Friday."])
    model, sleep = _wrap(primary)

    response = await model(_messages())

    assert _text(response) == "Your dentist is on Friday."
    assert sleep.delays == [1.0, 2.0]
    assert primary.calls == 3
    outcome = model.last_outcome
    assert (outcome["attempts"], outcome["retries"], outcome["used"], outcome["breaker"]) == (3, 2, "primary", "closed")
    assert len(outcome["errors"]) == 2 and "did not answer within 0.05 s" in outcome["errors"][0]
    assert response.metadata["resilience"] == outcome


async def test_a_failing_primary_falls_back_to_the_backup_with_its_own_prompt() -> None:
    primary = ScriptedChatModel("qwen-plus", [ConnectionError("reset by peer")] * 4)
    backup = ScriptedChatModel("qwen-turbo", ["Backup says: dentist Friday."])
    model, sleep = _wrap(primary, backup, template="Answer briefly.\n{system_prompt}")
    messages = _messages()

    response = await model(messages)

    assert _text(response) == "Backup says: dentist Friday."
    assert sleep.delays == [1.0, 2.0, 4.0]  # at most 3 retries
    assert primary.calls == 4
    sent = backup.received[0]
    assert sent[0].role == "system"
    assert sent[0].get_text_content() == "Answer briefly.\nYou are helpful. NOTES: dentist Friday"
    assert sent[1].get_text_content() == "What is on my calendar?"
    assert messages[0].get_text_content() == "You are helpful. NOTES: dentist Friday"  # untouched
    assert model.last_outcome["used"] == "backup" and model.last_outcome["model"] == "qwen-turbo"


async def test_a_permanent_error_is_not_retried() -> None:
    primary = ScriptedChatModel("qwen-plus", [BadRequest("context too long")])
    backup = ScriptedChatModel("qwen-turbo", ["short answer"])
    model, sleep = _wrap(primary, backup)

    assert _text(await model(_messages())) == "short answer"
    assert primary.calls == 1 and sleep.delays == []
    assert "BadRequest: context too long" in model.last_outcome["errors"][0]


async def test_without_a_backup_the_user_gets_a_plain_unavailable_reply() -> None:
    primary = ScriptedChatModel("qwen-plus", [TIMEOUT] * 4 + [ConnectionError("down")] * 4)
    model, _ = _wrap(primary)

    english = _text(await model(_messages()))
    assert english.startswith(FALLBACK_MARKER)
    assert "qwen-plus" in english and "unavailable" in english and "try again" in english
    assert model.last_outcome["used"] == "fallback" and len(model.last_outcome["errors"]) == 4

    chinese = _text(await model(_messages("我明天有什么安排？")))
    assert chinese.startswith(FALLBACK_MARKER) and "暂时不可用" in chinese


async def test_a_failing_backup_also_ends_in_the_fallback_reply() -> None:
    primary = ScriptedChatModel("qwen-plus", [BadRequest("bad")])
    backup = ScriptedChatModel("qwen-turbo", [ConnectionError("backup down")])
    model, _ = _wrap(primary, backup)

    assert _text(await model(_messages())).startswith(FALLBACK_MARKER)
    assert model.last_outcome["errors"][-1] == "backup 'qwen-turbo': ConnectionError: backup down"


async def test_the_breaker_opens_after_n_failed_calls_and_then_skips_the_primary() -> None:
    clock = FakeClock()
    breaker = CircuitBreaker(failure_threshold=2, reset_after_s=30.0, clock=clock)
    primary = ScriptedChatModel("qwen-plus", [ConnectionError("down")] * 2)
    model, sleep = _wrap(primary, breaker=breaker, retries=0)

    await model(_messages())
    assert model.last_outcome["breaker"] == "closed"
    await model(_messages())
    assert model.last_outcome["breaker"] == "open"

    clock.now += 29.0
    response = await model(_messages())
    assert _text(response).startswith(FALLBACK_MARKER)
    assert primary.calls == 2  # not touched while open
    assert sleep.delays == []
    outcome = model.last_outcome
    assert (outcome["attempts"], outcome["used"], outcome["breaker"]) == (0, "fallback", "open")
    assert "circuit breaker open" in outcome["errors"][0]


async def test_after_the_pause_one_trial_call_closes_the_breaker_on_success() -> None:
    clock = FakeClock()
    breaker = CircuitBreaker(failure_threshold=1, reset_after_s=30.0, clock=clock)
    primary = ScriptedChatModel("qwen-plus", [ConnectionError("down")] * 4 + ["back again"])
    model, _ = _wrap(primary, breaker=breaker)

    await model(_messages())
    assert breaker.state.value == "open"
    clock.now += 30.0
    assert breaker.state.value == "half_open"

    response = await model(_messages())
    assert _text(response) == "back again"
    assert model.last_outcome["breaker"] == "closed" and breaker.consecutive_failures == 0


async def test_a_failed_trial_call_opens_the_breaker_again_without_retries() -> None:
    clock = FakeClock()
    breaker = CircuitBreaker(failure_threshold=1, reset_after_s=30.0, clock=clock)
    primary = ScriptedChatModel("qwen-plus", [ConnectionError("down")] * 5)
    model, _ = _wrap(primary, breaker=breaker)

    await model(_messages())
    clock.now += 30.0
    await model(_messages())

    assert primary.calls == 5  # 4 attempts, then a single trial
    assert model.last_outcome["attempts"] == 1 and model.last_outcome["breaker"] == "open"
    clock.now += 29.0
    assert breaker.state.value == "open"  # the pause restarted at the failed trial


async def test_an_open_breaker_sends_the_call_straight_to_the_backup() -> None:
    breaker = CircuitBreaker(failure_threshold=1, reset_after_s=30.0, clock=FakeClock())
    primary = ScriptedChatModel("qwen-plus", [BadRequest("down")])
    backup = ScriptedChatModel("qwen-turbo", ["first", "second"])
    model, _ = _wrap(primary, backup, breaker=breaker)

    await model(_messages())
    assert _text(await model(_messages())) == "second"
    assert primary.calls == 1 and model.last_outcome["used"] == "backup"


async def test_a_streaming_primary_is_returned_as_one_complete_answer() -> None:
    primary = ScriptedChatModel("qwen-plus", [STALL_STREAM, "dentist on Friday"], stream=True)
    model, sleep = _wrap(primary)

    response = await model(_messages())

    assert _text(response) == "dentist on Friday"  # the stalled half answer was dropped
    assert response.is_last and sleep.delays == [1.0]
    assert "did not answer within" in model.last_outcome["errors"][0]


def test_breaker_counts_consecutive_failures_only() -> None:
    breaker = CircuitBreaker(failure_threshold=3, clock=FakeClock())
    breaker.record_failure()
    breaker.record_failure()
    breaker.record_success()
    breaker.record_failure()
    breaker.record_failure()
    assert breaker.state.value == "closed" and breaker.allow_request()
    breaker.record_failure()
    assert breaker.state.value == "open" and not breaker.allow_request()


async def test_a_streaming_primary_streams_and_a_stall_after_partial_output_is_reset_then_retried() -> None:
    from agents.models.streaming import is_reset

    primary = ScriptedChatModel("qwen-plus", [STALL_STREAM, "Your dentist is on Friday."], stream=True)
    sleep = SleepRecorder()
    model = ResilientChatModel(primary, timeout_s=0.3, retries=1, sleep=sleep, stream=True)

    chunks = [chunk async for chunk in await model(_messages())]

    deltas = ["".join(b.text for b in c.content) for c in chunks if not c.is_last]
    resets = [i for i, c in enumerate(chunks) if is_reset(c)]
    assert deltas[0] == "partial " and len(resets) == 1  # the stalled attempt's text went out, then the reset
    assert "".join(deltas[resets[0] + 1:]).strip() == "Your dentist is on Friday."
    final = chunks[-1]
    assert final.is_last and _text(final) == "Your dentist is on Friday."  # only the answer that completed
    outcome = final.metadata["resilience"]
    assert (outcome["attempts"], outcome["used"], outcome["resets"]) == (2, "primary", 1)
    assert sleep.delays == [1.0]


async def test_a_stream_that_never_answers_ends_in_the_fallback_reply_as_one_delta_and_a_final_chunk() -> None:
    primary = ScriptedChatModel("qwen-plus", [BadRequest("400 invalid request")], stream=True)
    model = ResilientChatModel(primary, timeout_s=0.3, retries=3, sleep=SleepRecorder(), stream=True)

    chunks = [chunk async for chunk in await model(_messages())]

    assert len(chunks) == 2 and not chunks[0].is_last and chunks[1].is_last
    assert _text(chunks[0]) == _text(chunks[1]) and _text(chunks[1]).startswith(FALLBACK_MARKER)
    assert chunks[1].metadata["resilience"]["attempts"] == 1  # a permanent error is not retried
