"""``memory_quality.py --model`` scores the configured model (here a double standing in for the endpoint)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "scripts" / "bench"
sys.path.insert(0, str(BENCH))

import memory_quality  # noqa: E402


def test_without_a_configured_model_the_flag_says_what_to_set(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("DASHSCOPE_API_KEY", "OPENAI_BASE_URL", "CHAT_PROVIDER"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(SystemExit, match="DASHSCOPE_API_KEY"):
        memory_quality.configured_completion()


async def test_the_flag_runs_the_scoring_through_the_configured_model(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    corpus = {"statements": [{"text": "I live in Hangzhou.", "keep": [{"kw": ["Hangzhou"], "note": "User lives in Hangzhou."}]}],
              "scenarios": [{"kind": "move", "steps": ["I live in Hangzhou.", "I moved to Berlin."],
                             "active": [["Berlin"]], "gone": [["Hangzhou"]]}]}
    file = tmp_path / "corpus.json"
    file.write_text(json.dumps(corpus))
    prompts: list[str] = []

    async def endpoint(prompt: str) -> str:  # the configured model, as extraction calls it
        prompts.append(prompt)
        city = "Berlin" if "Berlin" in prompt.rsplit("<message>", 1)[1] else "Hangzhou"
        return json.dumps({"memories": [{"memory_type": "profile", "content": f"User lives in {city}.",
                                         "importance": 0.8}]})

    monkeypatch.setattr(memory_quality, "configured_completion", lambda: endpoint)
    out = await memory_quality.main(argparse.Namespace(corpus=str(file), path="both", show=0, out="", model=True))
    assert list(k for k in out if k != "corpus") == ["configured"]
    assert out["configured"]["extraction"]["recall"] == 1.0
    assert out["configured"]["updates"]["lost_updates"] == 0
    assert prompts
