"""A diarist's long diary in a real headless Chromium: every entry reachable, and found by
searching."""
import json

from selenium.webdriver.common.by import By

from test_web_pages import click_and_load, texts


def add_entries(server, texts_to_add):
    for text in texts_to_add:
        status, _, _ = server.request("POST", "/api/diary", json.dumps({"text": text}).encode(),
                                      {"Content-Type": "application/json"})
        assert status == 201


def test_the_oldest_of_120_entries_is_reached_and_a_search_finds_its_words(server, browser,
                                                                          screenshot):
    add_entries(server, [f"Entry {number}: " + ("a walk to the Café" if number % 3 == 0
                                                else "soup at home")
                         for number in range(120)])
    browser.get(server.url + "/diary")
    seen = texts(browser, ".entry-text")
    while browser.find_elements(By.CSS_SELECTOR, "a[rel=next]"):
        click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "a[rel=next]"))
        seen += texts(browser, ".entry-text")
    assert len(seen) == 120
    assert seen[-1] == "Entry 0: a walk to the Café"

    browser.get(server.url + "/diary")
    browser.find_element(By.ID, "q").send_keys("CAFE walk*")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form.search button"))
    found = texts(browser, ".entry-text")
    assert len(found) == 40
    assert all("walk to the Café" in text for text in found)
    assert set(texts(browser, ".entry-text mark")) == {"walk", "Café"}
    assert browser.find_element(By.ID, "q").get_attribute("value") == "CAFE walk*"
    screenshot("diary-search")

    click_and_load(browser, browser.find_element(By.LINK_TEXT, "All entries"))
    assert len(texts(browser, ".entry-text")) == 50
