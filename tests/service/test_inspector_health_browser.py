"""The inspector's health panel in headless Chromium: after five turns its charts have
points, from the server's own ring buffer (no Prometheus); a plain key is told it needs
an admin key. The screenshot is saved under the test's temporary folder (path printed)."""
from __future__ import annotations

from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from tests.service.conftest import Server, new_user
from tests.service.test_inspector_browser import _browser, _send


def _connect(driver, wait: WebDriverWait, server: Server, key: str) -> None:  # noqa: ANN001
    driver.get(f"{server.url}/ui/")
    wait.until(ec.element_to_be_clickable((By.ID, "connect")))
    box = driver.find_element(By.ID, "user")
    box.clear()
    box.send_keys(key)
    driver.find_element(By.ID, "connect").click()
    wait.until(ec.element_to_be_clickable((By.ID, "send")))


def test_health_charts_after_five_turns(server: Server, tmp_path: Path) -> None:
    driver = _browser()
    wait = WebDriverWait(driver, 60)
    try:
        _connect(driver, wait, server, server.key(new_user("plain")))
        wait.until(lambda d: "admin key" in d.find_element(By.ID, "health").text)

        _connect(driver, wait, server, server.key(new_user("ops"), admin=True))
        for text in ("I live in Lisbon.", "我喜欢喝龙井茶。", "Where do I live?", "thanks!", "我喜欢喝什么？"):
            assert _send(driver, wait, text)
        driver.find_element(By.ID, "health-refresh").click()

        def charted(d) -> dict[str, int] | bool:  # noqa: ANN001
            # Read in one script: the panel re-renders after every turn and on Refresh.
            counts = d.execute_script(
                "return Object.fromEntries([...document.querySelectorAll('#health figure.chart')]"
                ".map((f) => [f.dataset.series, Number(f.dataset.points)]));")
            return counts if counts.get("turns", 0) >= 1 and counts.get("p95_ms", 0) >= 1 else False

        counts = wait.until(charted)
        assert set(counts) == {"turns", "hit_rate", "p95_ms", "fallbacks", "denials", "context_tokens"}
        shot = tmp_path / "inspector-health.png"
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#health figure[data-series="turns"] svg circle'))
        driver.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
        print(f"\nhealth panel points per chart {counts}, screenshot {shot}")
    finally:
        driver.quit()
