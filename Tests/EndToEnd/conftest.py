"""Fixtures for the end-to-end tests: a real `casebook serve` on an ephemeral loopback port with a
temporary data directory, and a real headless Chromium driven by Selenium."""
import os
import shutil
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import ROOT, Server  # noqa: E402

SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS", os.path.join(ROOT, ".build", "e2e-screenshots"))


@pytest.fixture
def server():
    running = Server()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1100,1400", "--lang=en-US"):
        options.add_argument(argument)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium:
        options.binary_location = chromium
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


@pytest.fixture
def screenshot(browser):
    os.makedirs(SCREENSHOTS, exist_ok=True)

    def save(name):
        browser.save_screenshot(os.path.join(SCREENSHOTS, f"{name}.png"))

    return save
