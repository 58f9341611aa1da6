"""Signing in to a server with users, in a real headless Chromium: the diary sends the anonymous
to /login, each person's diary is their own, signing out ends it, and the last name is offered
again."""
import os
import sys

import pytest
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_web_pages import click_and_load, texts  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server  # noqa: E402


@pytest.fixture
def team():
    running = Server(users=[("dee", "diarist", "correct horse"), ("dan", "diarist", "other horse")])
    yield running
    running.stop()


def sign_in(browser, name, password):
    browser.find_element(By.ID, "username").clear()
    browser.find_element(By.ID, "username").send_keys(name)
    browser.find_element(By.ID, "password").send_keys(password)
    click_and_load(browser, browser.find_element(By.ID, "sign-in"))


def test_each_person_signs_in_to_a_diary_of_their_own(team, browser, screenshot):
    browser.delete_all_cookies()
    browser.get(team.url + "/diary")
    assert browser.current_url.startswith(team.url + "/login?next=")
    sign_in(browser, "dee", "wrong horse")
    assert "That name and password do not match." in browser.page_source
    sign_in(browser, "dee", "correct horse")
    # As in the case study, "Save password?" comes first; Not now goes on to the diary.
    assert "Signed in as dee. Save the password" in browser.find_element(By.ID, "signed-in-prompt").text
    screenshot("sign-in-save-password")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button[value=not-now]"))
    assert browser.current_url == team.url + "/diary"
    click_and_load(browser, browser.find_element(By.ID, "add-entry"))
    browser.find_element(By.ID, "text").send_keys("Only for dee")
    click_and_load(browser, browser.find_element(By.ID, "save"))
    assert texts(browser, ".entry-text") == ["Only for dee"]
    screenshot("sign-in-diary")

    browser.get(team.url + "/login")
    assert "Signed in as dee" in browser.find_element(By.TAG_NAME, "main").text
    click_and_load(browser, browser.find_element(By.ID, "sign-out"))
    assert browser.find_element(By.ID, "username").get_attribute("value") == "dee"
    browser.get(team.url + "/diary")
    assert "/login" in browser.current_url

    sign_in(browser, "dan", "other horse")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button[value=never]"))
    browser.get(team.url + "/diary")
    assert texts(browser, ".entry-text") == []
    assert "Only for dee" not in browser.page_source
    screenshot("sign-in-other-diary")


ROLES = [("ada", "admin", "admin password"), ("dee", "diarist", "diary password"),
         ("sam", "surveyor", "survey password"), ("mo", "manager", "menu password")]
NAVIGATION = {
    "admin": ["Menu", "Edit menu", "Diary", "Survey", "Users", "Factor", "Account", "Documents"],
    "diarist": ["Menu", "Diary", "Factor", "Account"],
    "surveyor": ["Menu", "Survey", "Factor", "Account"],
    "manager": ["Menu", "Edit menu", "Factor", "Account"],
}


@pytest.fixture
def roles():
    running = Server(users=ROLES)
    documents = os.path.join(running.data, "Documents")
    os.makedirs(documents, exist_ok=True)
    with open(os.path.join(documents, "plan.txt"), "w") as file:
        file.write("Harbour plans\nboats\n")
    yield running
    running.stop()


def test_each_role_is_offered_only_what_it_may_open(roles, browser, screenshot):
    """The navigation is the route table's: each role sees the pages it may open, and the admin's
    documents page lists the documents folder with each title."""
    for name, role, password in ROLES:
        browser.delete_all_cookies()
        browser.get(roles.url + "/login")
        # Signed out, only the menu: a restaurant's menu is for its guests.
        assert texts(browser, "nav[aria-label=Systems] a:not(.brand)") == ["Menu"]
        sign_in(browser, name, password)
        click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button[value=never]"))
        browser.get(roles.url + "/")
        assert texts(browser, "nav[aria-label=Systems] a:not(.brand)") == NAVIGATION[role], role
        screenshot(f"navigation-{role}")
        # Every page it may open says who is signed in, marks itself in the navigation, and
        # offers Sign out.
        for label in NAVIGATION[role]:
            click_and_load(browser, browser.find_element(By.LINK_TEXT, label))
            assert texts(browser, "nav a[aria-current=page]") == [label], (role, label)
            assert browser.find_element(By.CSS_SELECTOR, "header form.account").text.startswith(
                f"Signed in as {name} ({role})"), (role, label)
        browser.get(roles.url + "/documents")
        if role == "admin":
            assert texts(browser, ".document-title") == ["Harbour plans"]
            screenshot("documents")
        else:
            assert "Harbour plans" not in browser.page_source
    # The diary's import page: the diarist's and the admin's own diary, nobody else's; the
    # survey's upload, the surveyor's and the admin's.
    for name, role, password in ROLES:
        browser.delete_all_cookies()
        browser.get(roles.url + "/login")
        sign_in(browser, name, password)
        browser.get(roles.url + "/diary/import")
        if role in ("surveyor", "manager"):
            assert not browser.find_elements(By.ID, "file"), role
        else:
            assert browser.find_element(By.ID, "file"), role
            screenshot(f"diary-import-{role}")
        # The survey's upload: the surveyor's and the admin's.
        browser.get(roles.url + "/survey")
        assert bool(browser.find_elements(By.ID, "upload")) == (role in ("admin", "surveyor")), role
        # Reviewing respondents: the admin's alone; a surveyor sees what they sent.
        assert bool(browser.find_elements(By.ID, "review-form")) == (role == "admin"), role
        assert bool(browser.find_elements(By.ID, "respondents-own")) == (role == "surveyor"), role
        # Another user's respondents are not the surveyor's to see.
        browser.get(roles.url + "/survey?user=ada")
        assert ("sam sees only the respondents they sent." in browser.page_source) == \
            (role == "surveyor"), role
        # A respondent's page: the admin's alone (this one does not exist: a 404 for the admin).
        browser.get(roles.url + "/survey/respondents/nobody")
        assert ("There is no respondent 'nobody'." in browser.page_source) == (role == "admin"), \
            role
        # Its versions likewise.
        browser.get(roles.url + "/survey/respondents/nobody/versions/1")
        assert ("There is no respondent 'nobody'." in browser.page_source) == \
            (role == "admin"), role
    # Signed out, the menu is open and offers to sign in.
    browser.delete_all_cookies()
    browser.get(roles.url + "/menu")
    assert "/menu" in browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, "header p.account a").get_attribute(
        "href").endswith("/login")
    screenshot("menu-signed-out")
    sign_in_again = ROLES[0]
    browser.get(roles.url + "/login")
    sign_in(browser, sign_in_again[0], sign_in_again[2])
    # Sign out from the header of any page ends the session.
    browser.get(roles.url + "/menu")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "header form.account button"))
    browser.get(roles.url + "/factor")
    assert "/login" in browser.current_url
