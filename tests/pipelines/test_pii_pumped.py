"""The masker reads a long run of spaces in linear time (ReDoS).

``mask_pii`` runs on text that never passes receive's whitespace cut (model replies, knowledge
documents, notes). Each pump is a label, 2000 spaces and a tail that makes the rule fail: a rule
whose quantifiers split the run in n² … n⁵ ways took from 1 s to far more than 20 s of CPU on these.
Each pump runs in a child process with a CPU limit, so a slow rule fails the test instead of hanging it.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pipelines.receive.pii.mask import mask_pii
_ROOT = Path(__file__).resolve().parents[2]
_BUDGET = 0.5  # CPU seconds per pump
_RUN = 2000

# (the rule, the text before the run, the character of the run, the text after it)
_MASK_PUMPS = [
    ("account label + change word (企鵝改了)", "企鵝改了", " ", ""),
    ("account label + change word (alipay改了)", "alipay改了", " ", ""),
    ("generic account word + change word (账户名改了)", "账户名改了", " ", ""),
    ("birth year-month label (D.O.B)", "D.O.B", " ", ""),
    ("English name next to a masked id", "SSN 123-45-6789. Aa A. Aa护照", " ", "x"),
    ("titled English name before a masked id", "SSN 123-45-6789. Mrs AaSSN", " ", "x"),
    ("value-first id after a copula (run of digits)", "ok 是 ", "0", ""),
]

_CHILD = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_CPU, (5, 6))
from pipelines.receive.pii.mask import mask_pii
mask_pii("warm up: DOB 1990-01-01, 微信 lina_1990")
text = sys.argv[1] + sys.argv[2] * int(sys.argv[3]) + sys.argv[4]
start = time.process_time()
mask_pii(text)
print(time.process_time() - start)
"""


def _cpu_seconds(before: str, run: str, after: str) -> float | None:
    done = subprocess.run([sys.executable, "-c", _CHILD, before, run, str(_RUN), after], cwd=_ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    return float(done.stdout) if done.returncode == 0 else None  # killed at the CPU limit


@pytest.mark.parametrize(("rule", "before", "run", "after"), _MASK_PUMPS, ids=[pump[0] for pump in _MASK_PUMPS])
def test_a_long_run_is_masked_within_budget(rule: str, before: str, run: str, after: str) -> None:
    seconds = _cpu_seconds(before, run, after)
    assert seconds is not None and seconds < _BUDGET, f"{rule}: {seconds} CPU s"


_PATTERN_CHILD = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_CPU, (5, 6))
from pipelines.receive.pii.names import _ZH_BEFORE_MASK
from pipelines.receive.pii.textual import _NUMBER_BEFORE_WORD
pattern = {"zh_before_mask": _ZH_BEFORE_MASK, "number_before_word": _NUMBER_BEFORE_WORD}[sys.argv[1]]
text = sys.argv[2] + " " * int(sys.argv[3]) + sys.argv[4]
start = time.process_time()
pattern.search(text)
print(time.process_time() - start)
"""


# Their callers read 24 (a Chinese name before a mask) and 32 characters (a number before a passport word);
# the patterns themselves must not depend on that.
@pytest.mark.parametrize(("pattern", "before", "after"), [
    ("zh_before_mask", "欧阳一,", "x"),
    ("number_before_word", "000000", "0"),
])
def test_a_windowed_pattern_reads_a_run_in_linear_time(pattern: str, before: str, after: str) -> None:
    done = subprocess.run([sys.executable, "-c", _PATTERN_CHILD, pattern, before, str(_RUN), after], cwd=_ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and float(done.stdout) < _BUDGET, f"{pattern}: {done.stdout or done.returncode}"


@pytest.mark.parametrize(("text", "value"), [
    ("微信改了，现在是 lina_1990", "lina_1990"),
    ("QQ号   改成了   ：  12345678", "12345678"),
    ("my username on the forum is fern_lin22", "fern_lin22"),
    ("DOB :   05/1990", "05/1990"),
])
def test_labelled_values_are_still_masked(text: str, value: str) -> None:
    masked = mask_pii(text)
    assert value not in masked.text
    assert any(value in match.value for match in masked.matches)


def test_a_look_alike_stays() -> None:
    # a change of plan, not of an id; a year that is no birth date
    text = "计划改了，现在是 下午三点   开会, meeting in 05/1990 archive"
    assert mask_pii(text).text == text
