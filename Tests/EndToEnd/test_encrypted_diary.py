"""A diarist whose diary was encrypted with `casebook diary encrypt`, in a real Chromium at 390 px
and 1280 px: the diary's page says, in words for them, that the server cannot open it and who
can make it plain again, inside the screen, still signed in with their own navigation."""
import os
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_menu_layout import SIZES, size_viewport  # noqa: E402
from test_sign_in import sign_in  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server, casebook_binary  # noqa: E402

BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
const message = document.querySelector('p.error');
return {message: box(message), text: message.textContent,
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
    environment = dict(running.environment, CASEBOOK_SEAL_COST="10")
    for command in (["diary", "add", "Private thoughts", "--user", "dee"],
                    ["diary", "encrypt", "--user", "dee", "--passphrase-file", passphrase]):
        subprocess.run([casebook_binary(), *command, "--data", running.data], check=True,
                       capture_output=True, env=environment)
    yield running
    running.stop()


@pytest.mark.parametrize("width, height", SIZES)
def test_an_encrypted_diary_says_so_to_its_diarist(dee, browser, screenshot, width, height):
    browser.delete_all_cookies()
    size_viewport(browser, width, height)
    browser.get(dee.url + "/login")
    sign_in(browser, "dee", "correct horse")
    browser.get(dee.url + "/diary")
    screenshot(f"diary-encrypted-{width}")
    seen = browser.execute_script(BOXES)
    where = f"the encrypted diary's page at {width} px"
    assert seen["scrollWidth"] <= width, f"{where}: past the screen's edge"
    assert "Your diary is encrypted with a passphrase" in seen["text"], where
    assert seen["heading"] == "Encrypted", where
    assert "Private thoughts" not in browser.page_source, where
    assert seen["signedIn"], f"{where}: shown as signed out"
    assert 0 <= seen["message"]["left"] and seen["message"]["right"] <= width, f"{where}: {seen}"
    assert seen["message"]["bottom"] <= height, f"{where}: the message is below the screen"
    assert not os.path.exists(os.path.join(dee.data, "diary-dee.sqlite")), where
