"""The team's pages as a person sees them, read from Chromium's boxes at a phone's 390 px and a
desktop's 1280 px: the users, every token and the audit log as an admin, and one's own password
and tokens as each user — nothing past the screen's edge, each field by its label, each
checkbox on its label's line, no buttons on top of each other."""
import pytest
from selenium.webdriver.common.by import By

from casebook_server import Server
from test_menu_layout import SIZES, check_laid_out, size_viewport
from test_sign_in import sign_in
from test_web_pages import click_and_load


@pytest.fixture(scope="module")
def team():
    running = Server(users=[("giulia", "admin", "admin password"), ("ana", "surveyor", "surveyor password"),
                            ("marco.rossi", "manager", "manager password")])
    yield running
    running.stop()


def signed_in(browser, team, name, password):
    browser.delete_all_cookies()
    browser.set_window_size(1100, 1400)
    browser.get(team.url + "/login?next=/account/security")
    sign_in(browser, name, password)
    never = browser.find_elements(By.CSS_SELECTOR, "button[value=never]")
    if never:
        click_and_load(browser, never[0])


@pytest.mark.parametrize("width, height", SIZES)
def test_an_admins_team_pages_are_laid_out(team, browser, screenshot, width, height):
    signed_in(browser, team, "giulia", "admin password")
    # A token to list, made as a person would.
    browser.get(team.url + "/account/security")
    browser.find_element(By.ID, "token-name").send_keys("field laptop")
    click_and_load(browser, browser.find_element(By.ID, "make-token"))
    size_viewport(browser, width, height)
    for name, path in [("users", "/admin/users"), ("tokens", "/admin/tokens"), ("audit", "/admin/audit"),
                       ("security", "/account/security")]:
        browser.get(team.url + path)
        screenshot(f"admin-{name}-{width}")
        check_laid_out(browser, width, f"the admin's {path} at {width} px")
        # A user's Disable, Reset password and Remove stand side by side, one size, on one line.
        for actions in browser.find_elements(By.CSS_SELECTOR, ".row-actions"):
            boxes = [button.rect for button in actions.find_elements(By.TAG_NAME, "button")]
            assert len(boxes) == 3, f"a user's actions at {width} px: {boxes}"
            edge = browser.execute_script(
                "const m = document.querySelector('main'); const r = m.getBoundingClientRect();"
                " return r.right - parseFloat(getComputedStyle(m).paddingRight);")
            assert boxes[-1]["x"] + boxes[-1]["width"] <= edge + 1, \
                f"a user's buttons stand past the page's column at {width} px: {boxes}, {edge}"
            for box in boxes[1:]:
                assert abs(boxes[0]["y"] - box["y"]) <= 2, f"a user's buttons out of line at {width} px: {boxes}"
                assert abs(boxes[0]["height"] - box["height"]) <= 2, f"a user's buttons differ in height at {width} px: {boxes}"
    browser.delete_all_cookies()


@pytest.mark.parametrize("width, height", SIZES)
def test_a_users_own_security_page_is_laid_out(team, browser, screenshot, width, height):
    # Signed in twice: the first browser's session is listed with a button to sign it out.
    signed_in(browser, team, "ana", "surveyor password")
    signed_in(browser, team, "ana", "surveyor password")
    size_viewport(browser, width, height)
    browser.get(team.url + "/account/security")
    screenshot(f"security-surveyor-{width}")
    check_laid_out(browser, width, f"the surveyor's /account/security at {width} px")
    buttons = browser.find_elements(By.CSS_SELECTOR, "form[action='/account/sessions/end'] button")
    assert buttons, "another session is listed with a Sign out button"
    for button in buttons:
        row = button.find_element(By.XPATH, "ancestor::tr").rect
        box = button.rect
        line = browser.execute_script("return parseFloat(getComputedStyle(arguments[0]).lineHeight)"
                                      " || parseFloat(getComputedStyle(arguments[0]).fontSize) * 1.2", button)
        assert box["height"] < 2 * line, f"'Sign out' wraps at {width} px: {box}"
        assert row["y"] <= box["y"] and box["y"] + box["height"] <= row["y"] + row["height"] + 1, \
            f"'Sign out' stands outside its session's row at {width} px"
    browser.delete_all_cookies()
