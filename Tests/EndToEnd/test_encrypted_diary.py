"""A diarist's encrypted diary in a real Chromium at 390 px and 1280 px: one encrypted with
`casebook diary encrypt` asks for its passphrase, inside the screen, still signed in with their
own navigation, and opens with it; one encrypted from its Encryption page says first that a lost
passphrase cannot be recovered, its box beside its words, and locks again with Lock."""
import os
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_menu_layout import SIZES, size_viewport  # noqa: E402
from test_sign_in import sign_in  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server, casebook_binary  # noqa: E402

def press(browser, button_id):
    """Clicks the button and waits for the page it leads to."""
    button = browser.find_element(By.ID, button_id)
    button.click()
    WebDriverWait(browser, 10).until(staleness_of(button))


BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
const message = document.querySelector('main p');
const field = document.querySelector('#passphrase');
const button = document.querySelector('#unlock-diary');
return {message: box(message), text: message.textContent,
        field: box(field), button: box(button),
        heading: document.querySelector('h1').textContent,
        signedIn: !!document.querySelector('form[action="/logout"]'),
        scrollWidth: document.documentElement.scrollWidth};
"""


@pytest.fixture
def dee():
    running = Server(users=[("dee", "diarist", "correct horse")])
    passphrase = os.path.join(running.root, "passphrase")
    with open(passphrase, "w") as file:
        file.write("a long passphrase\n")
    environment = running.environment
    for command in (["diary", "add", "Private thoughts", "--user", "dee"],
                    ["diary", "encrypt", "--user", "dee", "--passphrase-file", passphrase]):
        subprocess.run([casebook_binary(), *command, "--data", running.data], check=True,
                       capture_output=True, env=environment)
    yield running
    running.stop()


@pytest.mark.parametrize("width, height", SIZES)
def test_an_encrypted_diary_asks_for_its_passphrase(dee, browser, screenshot, width, height):
    browser.delete_all_cookies()
    size_viewport(browser, width, height)
    browser.get(dee.url + "/login")
    sign_in(browser, "dee", "correct horse")
    browser.get(dee.url + "/diary")
    screenshot(f"diary-encrypted-{width}")
    seen = browser.execute_script(BOXES)
    where = f"the encrypted diary's page at {width} px"
    assert seen["scrollWidth"] <= width, f"{where}: past the screen's edge"
    assert "Your diary is encrypted and locked" in seen["text"], where
    assert seen["heading"] == "Encrypted", where
    assert "Private thoughts" not in browser.page_source, where
    assert seen["signedIn"], f"{where}: shown as signed out"
    assert 0 <= seen["message"]["left"] and seen["message"]["right"] <= width, f"{where}: {seen}"
    for name in ("field", "button"):
        assert seen[name]["bottom"] <= height, f"{where}: the {name} is below the screen: {seen}"
        assert 0 <= seen[name]["left"] and seen[name]["right"] <= width, f"{where}: {seen}"
    assert not os.path.exists(os.path.join(dee.data, "diary-dee.sqlite")), where
    field = browser.find_element(By.ID, "passphrase")
    field.send_keys("not the passphrase")
    press(browser, "unlock-diary")
    assert "The passphrase is wrong" in browser.find_element(By.CSS_SELECTOR, "p.error").text, where
    browser.find_element(By.ID, "passphrase").send_keys("a long passphrase")
    press(browser, "unlock-diary")
    assert "Private thoughts" in browser.page_source, f"{where}: not opened by its passphrase"
    press(browser, "lock-diary")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Encrypted", f"{where}: not locked"


ENCRYPTION_BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
const check = document.querySelector('input[name="understood"]');
return {check: box(check), words: box(check.parentElement),
        warning: box(document.querySelector('#lost-passphrase')),
        form: box(document.querySelector('form[action="/diary/encryption"]')),
        button: box(document.querySelector('#encrypt-diary')),
        scrollWidth: document.documentElement.scrollWidth};
"""


@pytest.fixture
def plain_dee():
    running = Server(users=[("dee", "diarist", "correct horse")])
    subprocess.run([casebook_binary(), "diary", "add", "Harbour notes", "--user", "dee",
                    "--data", running.data], check=True, capture_output=True, env=running.environment)
    yield running
    running.stop()


@pytest.mark.parametrize("width, height", SIZES)
def test_a_diary_is_encrypted_from_its_page(plain_dee, browser, screenshot, width, height):
    browser.delete_all_cookies()
    size_viewport(browser, width, height)
    browser.get(plain_dee.url + "/login")
    sign_in(browser, "dee", "correct horse")
    browser.get(plain_dee.url + "/diary")
    press(browser, "diary-encryption")
    screenshot(f"diary-encryption-{width}")
    seen = browser.execute_script(ENCRYPTION_BOXES)
    where = f"the Encryption page at {width} px"
    assert seen["scrollWidth"] <= width, f"{where}: past the screen's edge"
    assert seen["warning"]["bottom"] <= seen["form"]["top"], f"{where}: the warning is not first"
    # The box sits at the start of its own words, on their first line.
    assert seen["check"]["left"] - seen["words"]["left"] < 4, f"{where}: {seen}"
    assert abs(seen["check"]["top"] - seen["words"]["top"]) < 12, f"{where}: {seen}"
    for field in ("passphrase", "again"):
        browser.find_element(By.ID, field).send_keys("sea glass 42")
    browser.find_element(By.NAME, "understood").click()
    press(browser, "encrypt-diary")
    assert "Your diary is encrypted." in browser.find_element(By.CSS_SELECTOR, "p.result").text, where
    screenshot(f"diary-encryption-done-{width}")
    assert not os.path.exists(os.path.join(plain_dee.data, "diary-dee.sqlite")), where
    with open(os.path.join(plain_dee.data, "diary-dee.sealed"), "rb") as file:
        assert b"Harbour" not in file.read(), f"{where}: readable text in the sealed file"
    browser.get(plain_dee.url + "/diary")
    assert "Harbour notes" in browser.page_source, f"{where}: not open once encrypted"
    screenshot(f"diary-unlocked-{width}")
    labels = browser.execute_script("""
        const rect = r => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
        // A label's words, not its box, which may fill its column.
        const words = selector => { const range = document.createRange();
            range.selectNodeContents(document.querySelector(selector));
            return rect(range.getBoundingClientRect()); };
        const box = selector => rect(document.querySelector(selector).getBoundingClientRect());
        return ["from", "to"].map(name => ({label: words(`label[for="${name}"]`), field: box(`#${name}`)}));
    """)
    for pair in labels:
        # Each date's label just above its box, or just before it on the same line.
        above = 0 <= pair["field"]["top"] - pair["label"]["bottom"] < 12 and \
            abs(pair["field"]["left"] - pair["label"]["left"]) < 4
        before = abs(pair["field"]["top"] - pair["label"]["top"]) < 24 and \
            0 <= pair["field"]["left"] - pair["label"]["right"] < 24
        assert above or before, f"the list's search at {width} px: a label far from its box: {pair}"
