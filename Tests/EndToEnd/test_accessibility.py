"""axe-core (Deque's accessibility engine) on every page, signed in as each role and as nobody,
at a desktop width (1280 px) and a phone's (390 px): no violation of WCAG 2.2 A or AA, nor of
axe's best practices. The engine is the axe.min.js that the axe-playwright-python package ships
(scripts/test installs it); only the script is used."""
import importlib.util
import json
import os
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_sign_in import sign_in  # noqa: E402
from test_web_pages import click_and_load  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server, casebook_binary  # noqa: E402

USERS = [("ada", "admin", "admin password"), ("dee", "diarist", "diary password"),
         ("sam", "surveyor", "survey password"), ("mo", "manager", "menu password")]
PAGES = {
    "admin": ["/", "/menu", "/diary", "/diary/new", "/diary/trash", "/diary/import", "/survey",
              "/survey/respondents/r1", "/survey/respondents/r1/versions/1", "/factor?n=360",
              "/account", "/documents", "/nowhere"],
    "diarist": ["/", "/menu", "/diary?q=walk&tag=sea", "/diary/new", "/diary/trash",
                "/diary/import", "/factor", "/account"],
    "surveyor": ["/", "/menu", "/survey", "/factor", "/account"],
    "manager": ["/menu/edit", "/menu/dish?section=pizzas&index=0", "/menu/dish?section=desserts",
                "/menu/history"],
    None: ["/login", "/menu"],
}
WIDTHS = [1280, 390]
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def axe_script():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("axe-playwright-python is not installed (scripts/test installs it)")
    with open(os.path.join(list(spec.submodule_search_locations)[0], "axe.min.js")) as file:
        return file.read()


@pytest.fixture
def everyone():
    running = Server(users=USERS)
    os.makedirs(os.path.join(running.data, "Documents"), exist_ok=True)
    with open(os.path.join(running.data, "Documents", "plan.txt"), "w") as file:
        file.write("Harbour plans\nboats\n")
    # A respondent with two versions, for its page and the page of the one replaced.
    def token(user):
        return subprocess.run(
            [casebook_binary(), "token", "create", "--user", user, "--data", running.data],
            check=True, capture_output=True, text=True).stdout.strip()
    surveyor = token("sam")
    for age in (34, 43):
        status, _, _ = running.request(
            "POST", "/api/respondents",
            json.dumps({"respondents": [{"id": "r1", "age": age}],
                        "originals": [f"id: r1\nage: {age}\n"]}).encode(),
            {"Content-Type": "application/json", "Authorization": f"Bearer {surveyor}"})
        assert status == 200
    status, _, body = running.request(
        "GET", "/api/respondents/r1/history", headers={"Authorization": f"Bearer {token('ada')}"})
    assert status == 200
    assert [event.get("version") for event in json.loads(body)["history"]] == [1, 2]
    yield running
    running.stop()


def violations(browser):
    result = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => [v.id, v.impact, v.nodes.map(n => n.target.join(' '))])))"
        ".catch(e => done([['axe failed', String(e), []]]));", TAGS)
    return result


def test_no_page_has_an_accessibility_violation_for_any_role_at_either_width(everyone, browser):
    """Each page is loaded once and checked at each width in turn: the browser gives every new
    page the engine before the page's own scripts run, rather than being sent it page by page."""
    preloaded = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": axe_script()})
    browser.set_script_timeout(60)
    found = []
    try:
        for name, role, password in USERS + [(None, None, None)]:
            browser.delete_all_cookies()
            browser.get(everyone.url + "/login")
            if name:
                sign_in(browser, name, password)
                # "Save password?" is asked once; the answer is kept.
                for never in browser.find_elements(By.CSS_SELECTOR, "button[value=never]"):
                    click_and_load(browser, never)
            for path in PAGES[role]:
                browser.get(everyone.url + path)
                for width in WIDTHS:
                    browser.set_window_size(width, 1000)
                    for violation in violations(browser):
                        found.append(f"{width}px {role or 'nobody'} {path}: {violation}")
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": preloaded["identifier"]})
        browser.set_window_size(1100, 1400)
    assert found == [], "\n".join(found)
