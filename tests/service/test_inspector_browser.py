"""The inspector page in headless Chromium (Debian's ``chromium`` + ``chromium-driver``;
nothing is downloaded): chat in English and Chinese, see the reply, the recalled memory
with its scores, forget it; a screenshot is saved under the test's temporary folder."""
from __future__ import annotations

import shutil
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from tests.service.conftest import Server, new_user

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync", "--window-size=1400,900",
]


def _browser() -> WebDriver:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    assert Path(chromium).exists() and Path(driver_path).exists(), (
        "Install Debian's browser: apt-get install -y chromium chromium-driver fonts-wqy-microhei"
    )
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in FLAGS:
        options.add_argument(flag)
    return webdriver.Chrome(service=ChromeService(executable_path=driver_path), options=options)


def _send(driver: WebDriver, wait: WebDriverWait, text: str) -> str:
    before = len(driver.find_elements(By.CSS_SELECTOR, "#chat .msg.assistant"))
    box = driver.find_element(By.ID, "message")
    box.send_keys(text)
    driver.find_element(By.ID, "send").click()

    def replied(d: WebDriver) -> str | bool:
        answers = d.find_elements(By.CSS_SELECTOR, "#chat .msg.assistant")
        if len(answers) > before and answers[-1].text not in ("…", ""):
            return answers[-1].text
        return False

    return wait.until(replied)


def test_chat_see_recall_scores_and_forget_in_the_browser(server: Server, tmp_path: Path) -> None:
    driver = _browser()
    wait = WebDriverWait(driver, 60)
    try:
        started = time.perf_counter()
        driver.get(f"{server.url}/ui/")
        wait.until(ec.element_to_be_clickable((By.ID, "connect")))
        load_ms = (time.perf_counter() - started) * 1000
        user = driver.find_element(By.ID, "user")
        user.clear()
        user.send_keys(server.key(new_user("frank")))
        driver.find_element(By.ID, "connect").click()
        wait.until(ec.element_to_be_clickable((By.ID, "send")))

        first = _send(driver, wait, "我住在杭州，我喜欢喝龙井茶。")
        assert first.startswith("[offline]")
        wait.until(lambda d: "杭州" in d.find_element(By.ID, "memories").text)

        started = time.perf_counter()
        answer = _send(driver, wait, "我住在哪里？")
        turn_ms = (time.perf_counter() - started) * 1000
        assert "杭州" in answer
        rows = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#recall tbody tr.injected"))
        top = rows[0]
        assert "杭州" in top.text
        parts = ("rel", "sim", "imp", "decay", "score")
        scores = {k: float(top.find_element(By.CSS_SELECTOR, f"td.{k}").text) for k in parts}
        assert all(0 < v <= 1 for v in scores.values()) and "yes" in top.find_element(By.CSS_SELECTOR, "td.in").text
        shown = 0.6 * scores["rel"] + 0.3 * scores["imp"] + 0.03 * scores["decay"]
        assert abs(shown - scores["score"]) < 0.005, f"the shown parts do not add up to the score: {scores}"
        memory_tokens = driver.find_element(By.CSS_SELECTOR, '#budget tr[data-section="memory"] td.num').text
        assert int(memory_tokens) > 0

        memory_id = top.get_attribute("data-id")
        shot = tmp_path / "inspector.png"
        driver.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
        driver.find_element(By.CSS_SELECTOR, f'button.forget[data-id="{memory_id}"]').click()
        wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, f'#memories tr[data-id="{memory_id}"]'))
        driver.save_screenshot(str(tmp_path / "inspector-after-forget.png"))
        print(f"\npage load {load_ms:.0f} ms, turn in browser {turn_ms:.0f} ms, screenshot {shot}")
    finally:
        driver.quit()
