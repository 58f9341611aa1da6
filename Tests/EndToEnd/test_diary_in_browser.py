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
                         + (" #sunday" if number % 7 == 0 else "")
                         for number in range(120)])
    browser.get(server.url + "/diary")
    seen = texts(browser, ".entry-text")
    while browser.find_elements(By.CSS_SELECTOR, "a[rel=next]"):
        click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "a[rel=next]"))
        seen += texts(browser, ".entry-text")
    assert len(seen) == 120
    assert seen[-1] == "Entry 0: a walk to the Café #sunday"

    browser.get(server.url + "/diary")
    browser.find_element(By.ID, "q").send_keys("CAFE walk*")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form.search button"))
    found = texts(browser, ".entry-text")
    assert len(found) == 40
    assert all("a walk to the Café" in text for text in found)
    assert set(texts(browser, ".entry-text mark")) == {"walk", "Café"}
    assert browser.find_element(By.ID, "q").get_attribute("value") == "CAFE walk*"
    screenshot("diary-search")

    click_and_load(browser, browser.find_element(By.LINK_TEXT, "All entries"))
    assert len(texts(browser, ".entry-text")) == 50


def test_a_tag_lists_its_entries_and_a_deletion_there_can_be_undone(server, browser, screenshot):
    add_entries(server, [f"Entry {number}" + (" #sunday" if number % 7 == 0 else "")
                         for number in range(30)])
    browser.get(server.url + "/diary")
    assert "#sunday 5" in browser.find_element(By.CSS_SELECTOR, "nav.tag-list").text
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "a.tag"))
    assert browser.current_url.endswith("/diary?tag=sunday")
    tagged = texts(browser, ".entry-text")
    assert tagged == [f"Entry {number} #sunday" for number in (28, 21, 14, 7, 0)]
    screenshot("diary-tag")

    browser.execute_script("window.confirm = () => true")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button.delete"))
    assert texts(browser, ".notice p") == ["Entry deleted."]
    assert "Entry 28 #sunday" not in texts(browser, ".entry-text")
    # Undone, the entry is back on the tag's list, where it was deleted from.
    click_and_load(browser, browser.find_element(By.ID, "undo"))
    assert browser.current_url.endswith("/diary?tag=sunday")
    assert texts(browser, ".entry-text")[0] == "Entry 28 #sunday"


def test_a_deleted_entry_comes_back_from_the_trash(server, browser, screenshot):
    add_entries(server, ["Kept", "Thrown away, then missed"])
    browser.get(server.url + "/diary")
    browser.execute_script("window.confirm = () => true")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button.delete"))
    assert texts(browser, ".entry-text") == ["Kept"]
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "Deleted entries"))
    assert texts(browser, ".entry-text") == ["Thrown away, then missed"]
    screenshot("diary-trash")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button.restore"))
    assert texts(browser, ".entry-text") == ["Thrown away, then missed", "Kept"]
    assert texts(browser, ".notice p") == ["Entry restored."]


DAY_ONE_EXPORT = {"metadata": {"version": "1.0"}, "entries": [
    {"uuid": "6A1B2C3D4E5F40718293A4B5C6D7E8F9", "creationDate": "2024-05-01T07:30:00Z",
     "text": "Sunrise over the harbour", "tags": ["morning walk"], "starred": True},
    {"uuid": "0A1B2C3D4E5F40718293A4B5C6D7E8F0", "creationDate": "2024-05-02T21:00:00Z",
     "text": "Rain all day"},
]}


def test_a_day_one_export_is_imported_from_the_page_once(server, browser, screenshot, tmp_path):
    journal = tmp_path / "Journal.json"
    journal.write_text(json.dumps(DAY_ONE_EXPORT))
    browser.get(server.url + "/diary")
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "Import entries from a file"))
    browser.find_element(By.ID, "file").send_keys(str(journal))
    screenshot("diary-import")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
    assert texts(browser, "p.notice") == ["Imported 2 entries from Journal.json."]
    browser.find_element(By.ID, "file").send_keys(str(journal))
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
    assert texts(browser, "p.notice") == [
        "Imported 0 entries from Journal.json; 2 entries were already there."]
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "Back to the diary"))
    # Each entry's first line as its title, the lines after it as its preview.
    assert texts(browser, ".entry-text") == ["Rain all day", "Sunrise over the harbour"]
    assert texts(browser, ".entry-preview") == ["#morning-walk"]
    assert browser.find_elements(By.CSS_SELECTOR, "button[aria-pressed=true]")

    broken = tmp_path / "broken.json"
    broken.write_text('{"entries": [{"uuid": "x"}]}')
    browser.get(server.url + "/diary/import")
    browser.find_element(By.ID, "file").send_keys(str(broken))
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
    alert = texts(browser, "p.error")
    assert len(alert) == 1 and alert[0].startswith("Nothing was imported: broken.json:"), alert


def test_an_entry_is_dated_when_it_happened_from_its_form(server, browser, screenshot):
    """The new entry's form has a date and time by its label, in the reader's zone: a date typed
    there dates the entry, which the list then shows on that day; at a phone's width and a
    desktop's the field stands under its label and above its hint, inside the page's column."""
    from test_menu_layout import SIZES, size_viewport
    for width, height in SIZES:
        size_viewport(browser, width, height)
        browser.get(server.url + "/diary/new")
        label = browser.find_element(By.CSS_SELECTOR, "label[for=when]").rect
        field = browser.find_element(By.ID, "when").rect
        hint = browser.find_element(By.ID, "when-hint").rect
        column = browser.execute_script("return document.querySelector('main').getBoundingClientRect().right")
        assert label["y"] + label["height"] <= field["y"] + 1, f"the label above its field at {width} px"
        assert field["y"] + field["height"] <= hint["y"] + 1, f"the hint under the field at {width} px"
        assert abs(label["x"] - field["x"]) <= 2 and field["x"] + field["width"] <= column
        screenshot(f"diary-new-when-{width}")
    browser.find_element(By.ID, "text").send_keys("Fireworks by the river")
    # A datetime-local field takes its value as the page's script would set it.
    browser.execute_script("document.getElementById('when').value = '2025-07-14T21:00'")
    click_and_load(browser, browser.find_element(By.ID, "save"))
    assert "Fireworks by the river" in browser.page_source
    row = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "main li, main tr")
           if "Fireworks by the river" in item.text]
    assert row and "July 14, 2025" in row[0], row
