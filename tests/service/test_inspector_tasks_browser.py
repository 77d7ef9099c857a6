"""The inspector's Tasks panel in headless Chromium: the caller's running task with its plan
(each step's status), masked findings and version; finished tasks on demand."""
from __future__ import annotations

import os
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from tests.service.conftest import Server, new_user
from tests.service.test_inspector_browser import _browser
from tests.service.test_service_tasks import PHONE, _seed


def test_the_tasks_panel_shows_plan_findings_and_version(server: Server, tmp_path: Path) -> None:
    user_id = new_user("iris")
    task_id = _seed(server, user_id)
    driver = _browser()
    wait = WebDriverWait(driver, 60)
    try:
        driver.get(f"{server.url}/ui/")
        wait.until(ec.element_to_be_clickable((By.ID, "connect")))
        driver.find_element(By.ID, "user").send_keys(server.key(user_id))
        driver.find_element(By.ID, "connect").click()
        row = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f'#tasks tr.task[data-id="{task_id}"]'))[0]
        assert "market report" in row.text and "running" in row.text
        steps = [(li.get_attribute("class"), li.text) for li in row.find_elements(By.CSS_SELECTOR, "li.step")]
        assert steps == [("step done", "collect competitor prices — done"), ("step pending", "draft summary — pending")]
        assert "‹phone …5678›" in row.text and PHONE not in driver.page_source
        assert row.find_element(By.CSS_SELECTOR, "td.version").text == "3"
        assert "tax return" not in driver.find_element(By.ID, "tasks").text

        driver.find_element(By.ID, "show-finished").click()
        wait.until(lambda d: "tax return" in d.find_element(By.ID, "tasks").text)
        shot = Path(os.environ.get("INSPECTOR_SHOT_DIR", str(tmp_path))) / "inspector-tasks.png"
        driver.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
    finally:
        driver.quit()
