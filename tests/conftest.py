"""Suite-wide rules.

In CI (``CI=true``) a skipped test is a failure: nothing may be silently skipped.
"""
from __future__ import annotations

import os

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):  # noqa: ANN201
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") == "true" and report.skipped:
        report.outcome = "failed"
        report.longrepr = f"{item.nodeid} was skipped in CI; no test may be skipped ({report.longrepr})"
