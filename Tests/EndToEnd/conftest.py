"""Fixtures for the end-to-end tests: a real `casebook serve` on an ephemeral loopback port with a
temporary data directory, and a real headless Chromium driven by Selenium."""
import os
import re
import shutil
import subprocess
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS", os.path.join(ROOT, ".build", "e2e-screenshots"))


def casebook_binary():
    explicit = os.environ.get("CASEBOOK_EXECUTABLE")
    if explicit:
        return explicit
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return os.path.join(bin_path, "casebook")


class Server:
    def __init__(self):
        self.data = tempfile.mkdtemp(prefix="casebook-e2e-")
        self.process = subprocess.Popen(
            [casebook_binary(), "serve", "--port", "0", "--data", self.data],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"serving (http://\S+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"casebook serve did not start: {line!r}")
        self.url = match.group(1).rstrip("/")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        shutil.rmtree(self.data, ignore_errors=True)


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
