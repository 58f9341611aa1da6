"""A second factor as a person turns it on, with a real authenticator's codes: the QR code the
account page draws, photographed and read by zbarimg, is an otpauth URI that pyotp (what many
apps and servers use) reads to the key the page shows; pyotp's code turns the factor on, and
its next code signs in after the password. At a phone's 390 px and a desktop's 1280 px the QR
code, the key and the code field stand in the page's column, each field by its label."""
import subprocess
import time

import pyotp
import pytest
from selenium.webdriver.common.by import By

from casebook_server import Server
from test_admin_layout import signed_in
from test_menu_layout import SIZES, check_laid_out, size_viewport
from test_sign_in import sign_in
from test_web_pages import click_and_load


@pytest.fixture(scope="module")
def team():
    running = Server(users=[("ana", "surveyor", "surveyor password"), ("giulia", "admin", "admin password")])
    yield running
    running.stop()


@pytest.mark.parametrize("width, height", SIZES)
def test_a_second_factor_is_turned_on_and_asked_for_with_an_apps_codes(team, browser, screenshot, tmp_path,
                                                                        width, height):
    name, password = ("ana", "surveyor password") if width == 390 else ("giulia", "admin password")
    signed_in(browser, team, name, password)
    size_viewport(browser, width, height)
    browser.get(team.url + "/account/security")
    click_and_load(browser, browser.find_element(By.ID, "set-up-second-factor"))
    screenshot(f"second-factor-setup-{width}")
    check_laid_out(browser, width, f"setting up a second factor at {width} px")
    key = browser.find_element(By.ID, "totp-key").text.replace(" ", "")
    # The QR code, as a phone's camera sees it, is the app's URI for this key.
    shot = tmp_path / "qr.png"
    browser.find_element(By.CSS_SELECTOR, ".qr svg").screenshot(str(shot))
    read = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, timeout=60)
    assert read.returncode == 0, read.stderr
    app = pyotp.parse_uri(read.stdout.strip())
    assert app.secret == key
    assert app.name == name and app.issuer == "Casebook"
    column = browser.execute_script("return document.querySelector('main').getBoundingClientRect().right")
    box = browser.find_element(By.CSS_SELECTOR, ".qr svg").rect
    assert box["width"] >= 150 and box["x"] + box["width"] <= column, f"the QR code at {width} px: {box}"
    browser.find_element(By.ID, "totp-code").send_keys(app.now())
    click_and_load(browser, browser.find_element(By.ID, "turn-on-second-factor"))
    assert "Your second factor is on" in browser.page_source
    codes = browser.find_elements(By.CSS_SELECTOR, "ol.recovery-codes code")
    assert len(codes) == 10
    # Shown once: where the page opens, not scrolled past.
    top = browser.execute_script("return document.querySelector('ol.recovery-codes').getBoundingClientRect().top")
    assert 0 <= top < browser.execute_script("return window.innerHeight"), f"the recovery codes at {top} px"
    screenshot(f"second-factor-on-{width}")
    check_laid_out(browser, width, f"the recovery codes at {width} px")
    # Signing in again: the password, then the app's next code (the one shown now is spent).
    browser.delete_all_cookies()
    browser.get(team.url + "/login")
    sign_in(browser, name, password)
    assert browser.find_elements(By.ID, "code"), "the code page follows the password"
    screenshot(f"second-factor-code-{width}")
    check_laid_out(browser, width, f"the code page at {width} px")
    browser.find_element(By.ID, "code").send_keys(app.at(time.time() + 30))
    click_and_load(browser, browser.find_element(By.ID, "check-code"))
    never = browser.find_elements(By.CSS_SELECTOR, "button[value=never]")
    if never:
        click_and_load(browser, never[0])
    assert browser.find_elements(By.CSS_SELECTOR, "form.account"), "signed in"
    # Turned off with the password, for the next run to start from nothing.
    browser.get(team.url + "/account/security")
    browser.find_element(By.ID, "factor-password").send_keys(password)
    click_and_load(browser, browser.find_element(By.ID, "turn-off-second-factor"))
    assert "Your second factor is off" in browser.page_source
    browser.delete_all_cookies()
