"""End-to-end tests of the Casebook web pages in a real headless Chromium."""
import json
import zipfile
import os

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as conditions
from selenium.webdriver.support.ui import Select, WebDriverWait


def wait_for(browser, condition):
    return WebDriverWait(browser, 10).until(condition)


def click_and_load(browser, element):
    """Clicks something that loads a new page and waits until that page has replaced the old one.

    Waiting for the URL alone is not enough: after a form on /diary posts and redirects back to
    /diary, the URL matches before the click has had any effect, and the old page's elements go
    stale while they are being read. The old page's window is tagged; the wait ends when a window
    without the tag has finished loading. While the page changes, the driver may report errors
    about the old document; those only mean "not yet"."""
    browser.execute_script("window.casebookOldPage = true")
    element.click()
    WebDriverWait(browser, 10, ignored_exceptions=(WebDriverException,)).until(
        lambda driver: driver.execute_script(
            "return window.casebookOldPage === undefined && document.readyState === 'complete'"))


def texts(browser, selector):
    return [element.text for element in browser.find_elements(By.CSS_SELECTOR, selector)]


def test_every_page_opens_with_its_title(server, browser, screenshot):
    pages = {
        "home": ("/", "Casebook"),
        "menu": ("/menu", "Giuseppe's"),
        "diary": ("/diary", "Diary"),
        "diary-new": ("/diary/new", None),
        "survey": ("/survey", "Survey"),
        "factor": ("/factor?n=18446744073709551615", "Prime factors"),
        "account": ("/account?born=1990-05-10", "Account"),
        "documents": ("/documents", "Documents"),
    }
    for name, (path, heading) in pages.items():
        browser.get(server.url + path)
        if heading:
            assert browser.find_element(By.TAG_NAME, "h1").text == heading
        # The menu is the restaurant's page, titled as its own; the others are Casebook's.
        assert browser.title.endswith("· Menu" if name == "menu" else "· Casebook"), browser.title
        screenshot(name)
    browser.get(server.url + "/factor?n=18446744073709551615")
    assert browser.find_element(By.ID, "factors").text == \
        "18446744073709551615: 3 5 17 257 641 65537 6700417"


def test_the_menu_shows_three_sections_in_order(server, browser, screenshot):
    browser.get(server.url + "/menu")
    assert texts(browser, "section h2") == ["Pizzas", "Beverages", "Desserts"]
    first = browser.find_element(By.CSS_SELECTOR, ".menu-item")
    assert "Margherita" in first.text and "€8.50" in first.text
    screenshot("menu")


def test_add_edit_and_delete_a_diary_entry(server, browser, screenshot):
    browser.get(server.url + "/diary")
    click_and_load(browser, browser.find_element(By.ID, "add-entry"))
    assert browser.find_element(By.ID, "save").text == "Save"
    browser.find_element(By.ID, "text").send_keys("Walked to the lighthouse.")
    click_and_load(browser, browser.find_element(By.ID, "save"))
    assert browser.current_url == server.url + "/diary"
    assert texts(browser, ".entry-text") == ["Walked to the lighthouse."]
    screenshot("diary")

    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, ".entry-text"))
    assert browser.find_element(By.ID, "save").text == "Update"
    field = browser.find_element(By.ID, "text")
    field.clear()
    field.send_keys("Walked to the lighthouse and back.")
    click_and_load(browser, browser.find_element(By.ID, "save"))
    assert browser.current_url == server.url + "/diary"
    assert texts(browser, ".entry-text") == ["Walked to the lighthouse and back."]

    assert texts(browser, ".notice p") == ["Entry saved."]

    # Deleting asks first, in a dialog; dismissed, nothing happens.
    browser.find_element(By.CSS_SELECTOR, "button.delete").click()
    wait_for(browser, conditions.alert_is_present())
    assert browser.switch_to.alert.text.startswith("Delete the entry of ")
    browser.switch_to.alert.dismiss()
    assert texts(browser, ".entry-text") == ["Walked to the lighthouse and back."]
    browser.execute_script("window.casebookOldPage = true")
    browser.find_element(By.CSS_SELECTOR, "button.delete").click()
    wait_for(browser, conditions.alert_is_present())
    browser.switch_to.alert.accept()
    WebDriverWait(browser, 10, ignored_exceptions=(WebDriverException,)).until(
        lambda driver: driver.execute_script(
            "return window.casebookOldPage === undefined && document.readyState === 'complete'"))
    assert browser.current_url == server.url + "/diary"
    assert texts(browser, ".entry-text") == []
    assert texts(browser, ".notice p") == ["Entry deleted."]
    assert browser.find_element(By.CSS_SELECTOR, "p.empty").text == "No entries yet."
    screenshot("diary-deleted")
    # Undo brings the same entry back.
    click_and_load(browser, browser.find_element(By.ID, "undo"))
    assert texts(browser, ".entry-text") == ["Walked to the lighthouse and back."]
    assert texts(browser, ".notice p") == ["Entry restored."]


def test_a_new_entry_has_focus_and_ctrl_enter_saves_it(server, browser):
    browser.get(server.url + "/diary/new")
    # The page asks for the focus; whether a headless window that is not the focused one
    # grants it is the browser's business, so the attribute is what is checked.
    field = browser.find_element(By.ID, "text")
    assert field.get_attribute("autofocus") is not None
    assert browser.find_elements(By.CSS_SELECTOR, "[autofocus]") == [field]
    field.click()
    field.send_keys("Saved from the keyboard.")
    browser.execute_script("window.casebookOldPage = true")
    field.send_keys(Keys.CONTROL, Keys.ENTER)
    WebDriverWait(browser, 10, ignored_exceptions=(WebDriverException,)).until(
        lambda driver: driver.execute_script(
            "return window.casebookOldPage === undefined && document.readyState === 'complete'"))
    assert texts(browser, ".entry-text") == ["Saved from the keyboard."]
    assert texts(browser, ".notice p") == ["Entry added."]


def test_script_text_shows_literally(server, browser):
    browser.get(server.url + "/diary/new")
    browser.find_element(By.ID, "text").send_keys("<script>alert(1)</script>")
    click_and_load(browser, browser.find_element(By.ID, "save"))
    assert browser.current_url == server.url + "/diary"
    assert texts(browser, ".entry-text") == ["<script>alert(1)</script>"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "main script")) == 0


def test_save_is_refused_for_blank_text(server, browser, screenshot):
    browser.get(server.url + "/diary/new")
    save = browser.find_element(By.ID, "save")
    assert not save.is_enabled()
    field = browser.find_element(By.ID, "text")
    field.send_keys("   ")
    assert not save.is_enabled()
    field.send_keys("words")
    assert save.is_enabled()
    field.clear()
    field.send_keys(" ")
    assert not save.is_enabled()
    # Without the script's help the server refuses blank text too.
    browser.execute_script("document.getElementById('save').disabled = false")
    click_and_load(browser, save)
    assert browser.find_element(By.CSS_SELECTOR, "p.error").text == "an entry needs some text"
    screenshot("diary-blank-refused")


def test_sync_respondents_dropped_into_the_folder(server, browser, screenshot):
    folder = os.path.join(server.data, "Respondents")
    os.makedirs(folder)
    for number in range(1, 4):
        with open(os.path.join(folder, f"respondent-{number}.yaml"), "w") as file:
            file.write(f"id: {number}\nname: Respondent {number}\nanswers: [yes, {number}]\n")
    with open(os.path.join(folder, "broken.yaml"), "w") as file:
        file.write("id: 9\nname: [unclosed\n")
    browser.get(server.url + "/survey")
    assert browser.find_element(By.ID, "respondent-count").text.startswith("0 respondents")
    click_and_load(browser, browser.find_element(By.ID, "sync"))
    assert browser.find_element(By.ID, "summary").text == "synced 3, unchanged 0, failed 1"
    assert "broken.yaml:" in browser.find_element(By.CSS_SELECTOR, ".failures").text
    assert browser.find_element(By.ID, "respondent-count").text.startswith("3 respondents")
    screenshot("survey-synced")
    click_and_load(browser, browser.find_element(By.ID, "sync"))
    assert browser.find_element(By.ID, "summary").text == "synced 0, unchanged 3, failed 1"


def test_the_save_password_prompt_never_shows_the_password(server, browser):
    browser.get(server.url + "/account")
    browser.find_element(By.ID, "username").send_keys("ada")
    browser.find_element(By.ID, "password").send_keys("hunter2-secret")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button[value=save]"))
    assert "Save (username ada)" in browser.find_element(By.ID, "current-preference").text
    assert "hunter2-secret" not in browser.page_source


def test_dates_are_shown_in_the_readers_time_zone(server, browser):
    """The browser says it is in Tokyo: the diary's dates are Tokyo's, on the first page it
    opens (rewritten by the script) and on the server's own rendering after that (the zone is
    remembered in a cookie)."""
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    try:
        browser.delete_all_cookies()
        browser.get(server.url + "/diary/new")
        browser.find_element(By.ID, "text").send_keys("Seen from Tokyo")
        click_and_load(browser, browser.find_element(By.ID, "save"))
        shown = browser.find_element(By.CSS_SELECTOR, ".entry time")
        expected = browser.execute_script(
            "return new Intl.DateTimeFormat('en-US', {dateStyle: 'long', timeStyle: 'short',"
            " timeZone: 'Asia/Tokyo'}).format(new Date(arguments[0]))", shown.get_attribute("datetime"))
        expected = expected.replace("\u202f", " ")
        assert shown.text.replace("\u202f", " ") == expected
        assert browser.get_cookie("casebook_tz")["value"] == "Asia%2FTokyo"
        served = browser.execute_async_script(
            "const done = arguments[0]; fetch('/diary').then(r => r.text()).then(done)")
        assert f">{expected}</time>" in served.replace("\u202f", " ")
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_the_survey_page_downloads_the_respondents_as_csv(server, browser):
    """The admin's survey page offers the respondents as CSV, which the browser's session
    downloads and Python's csv module reads back."""
    import csv
    import io
    import json as json_module
    respondents = [{"id": "r1", "name": "Zoë, the elder", "household": {"size": 3}},
                   {"id": "r2", "name": "Ada"}]
    status, _, _ = server.request("POST", "/api/respondents",
                                  json_module.dumps(respondents).encode(),
                                  {"Content-Type": "application/json"})
    assert status == 200
    browser.get(server.url + "/survey")
    link = browser.find_element(By.LINK_TEXT, "CSV")
    text = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then(answer => answer.text()).then(done);",
        link.get_attribute("href"))
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert rows == [{"id": "r1", "household/size": "3", "name": "Zoë, the elder"},
                    {"id": "r2", "household/size": "", "name": "Ada"}]


def test_respondent_files_are_uploaded_from_the_survey_page_once(server, browser, screenshot,
                                                                  tmp_path):
    """Several YAML files chosen in the browser are stored as a sync stores them, with a line
    per file; sent again, they change nothing."""
    paths = []
    for name, text in [("ada.yaml", "id: r1\nname: Ada\n"), ("dee.yml", "name: Dee\n"),
                       ("broken.yaml", "id: [\n")]:
        path = tmp_path / name
        path.write_text(text)
        paths.append(str(path))
    browser.get(server.url + "/survey")
    browser.find_element(By.ID, "files").send_keys("\n".join(paths))
    click_and_load(browser, browser.find_element(By.ID, "upload"))
    assert browser.find_element(By.ID, "upload-summary").text == \
        "3 files: stored 2, unchanged 0, refused 1."
    assert [item.split(":")[0] for item in texts(browser, "ul.uploaded li.refused")] == \
        ["broken.yaml"]
    screenshot("survey-upload")
    browser.find_element(By.ID, "files").send_keys("\n".join(paths))
    click_and_load(browser, browser.find_element(By.ID, "upload"))
    assert browser.find_element(By.ID, "upload-summary").text == \
        "3 files: stored 0, unchanged 2, refused 1."
    assert "2 respondents received" in browser.find_element(By.ID, "respondent-count").text
    # A ZIP of files, deflated as most tools write them: each file read as if sent alone.
    archive = tmp_path / "team.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("forms/", "")
        zipped.writestr("forms/eve.yaml", "id: r3\nname: Eve  # from the tablet\n")
        zipped.writestr("forms/ada.yaml", "id: r1\nname: Ada\n")
        zipped.writestr("__MACOSX/forms/._eve.yaml", "a resource fork")
    browser.find_element(By.ID, "files").send_keys(str(archive))
    click_and_load(browser, browser.find_element(By.ID, "upload"))
    assert browser.find_element(By.ID, "upload-summary").text == \
        "2 files: stored 1, unchanged 1, refused 0."
    assert texts(browser, "ul.uploaded li") == [
        "team.zip/forms/eve.yaml: stored", "team.zip/forms/ada.yaml: unchanged"]
    # Files dropped on the upload box are sent at once.
    browser.execute_script("""
        const files = new DataTransfer();
        files.items.add(new File(["id: r4\\nname: Ida\\n"], "ida.yaml"));
        document.querySelector("form[data-drop-files]").dispatchEvent(
            new DragEvent("drop", {dataTransfer: files, bubbles: true, cancelable: true}));
    """)
    WebDriverWait(browser, 10).until(
        lambda driver: driver.find_elements(By.ID, "upload-summary") and
        driver.find_element(By.ID, "upload-summary").text.startswith("1 file"))
    assert browser.find_element(By.ID, "upload-summary").text == \
        "1 file: stored 1, unchanged 0, refused 0."
    assert texts(browser, "ul.uploaded li") == ["ida.yaml: stored"]
    # Its page shows the file as it was sent.
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "r3"))
    assert browser.find_element(By.ID, "original").text == \
        "id: r3\nname: Eve  # from the tablet"


def test_a_version_another_device_replaced_is_read_from_the_history(server, browser, screenshot,
                                                                     tmp_path):
    """Two files of one respondent, as two devices would send them: the later is the current
    version, and the earlier is still there, linked from the respondent's history with its
    file."""
    for device, text in [("phone", "id: r7\nage: 34  # asked twice\n"), ("tablet", "id: r7\nage: 43\n")]:
        path = tmp_path / device / "r7.yaml"
        path.parent.mkdir()
        path.write_text(text)
        browser.get(server.url + "/survey")
        browser.find_element(By.ID, "files").send_keys(str(path))
        click_and_load(browser, browser.find_element(By.ID, "upload"))
        assert browser.find_element(By.ID, "upload-summary").text == \
            "1 file: stored 1, unchanged 0, refused 0."
    browser.get(server.url + "/survey/respondents/r7")
    assert texts(browser, "ol.history a") == ["version 1", "version 2"]
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "version 1"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Respondent r7, version 1"
    assert browser.find_element(By.ID, "version-replaced").text.startswith("Version 2 replaced it")
    assert browser.find_element(By.ID, "original").text == "id: r7\nage: 34  # asked twice"
    screenshot("survey-respondent-version")
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "the respondent's page"))
    assert browser.find_element(By.ID, "original").text == "id: r7\nage: 43"


def test_the_survey_table_shows_the_chosen_columns_and_each_respondent_in_full(server, browser):
    respondents = [{"id": "r1", "name": "Ada", "age": 41, "household": {"size": 3}},
                   {"id": "r2", "name": "Dee", "age": 29, "note": "x" * 200}]
    status, _, _ = server.request("POST", "/api/respondents", json.dumps(respondents).encode(),
                                  {"Content-Type": "application/json"})
    assert status == 200
    browser.get(server.url + "/survey")
    assert texts(browser, "table.respondents thead th") == [
        "choose", "review", "id", "age", "household/size", "name", "note"]
    assert texts(browser, "table.respondents tbody th") == ["r2", "r1"]
    for box in browser.find_elements(By.CSS_SELECTOR, "form.columns input[type=checkbox]"):
        if box.get_attribute("value") in ("age", "household/size"):
            box.click()
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form.columns button"))
    assert texts(browser, "table.respondents thead th") == ["choose", "review", "id", "name", "note"]
    assert texts(browser, "table.respondents tbody td")[3] == "x" * 80 + "…"
    # A column's header sorts the table by it; again, the other way.
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "name"))
    assert texts(browser, "table.respondents tbody th") == ["r1", "r2"]
    assert "sorted by name" in browser.find_element(By.ID, "respondent-count").text
    header = browser.find_element(By.CSS_SELECTOR, "table.respondents thead th[aria-sort]")
    assert (header.text, header.get_attribute("aria-sort")) == ("name", "ascending")
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "name"))
    assert texts(browser, "table.respondents tbody th") == ["r2", "r1"]
    assert texts(browser, "table.respondents thead th") == ["choose", "review", "id", "name", "note"]
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "r2"))
    assert texts(browser, "dl.fields dt") == ["age", "id", "name", "note"]
    assert texts(browser, "dl.fields dd")[3] == "x" * 200


def test_respondents_are_reviewed_from_the_table_and_their_page(server, browser, screenshot):
    """Two respondents chosen in the table are approved at once; the filter shows them; one,
    opened, is marked as having issues with a comment, which its history tells."""
    respondents = [{"id": f"r{number}", "name": name}
                   for number, name in enumerate(["Ada", "Dee", "Eve"], start=1)]
    status, _, _ = server.request("POST", "/api/respondents", json.dumps(respondents).encode(),
                                  {"Content-Type": "application/json"})
    assert status == 200
    browser.get(server.url + "/survey")
    for box in browser.find_elements(By.CSS_SELECTOR, "table.respondents input[type=checkbox]"):
        if box.get_attribute("value") in ("r1", "r3"):
            box.click()
    Select(browser.find_element(By.ID, "review-state")).select_by_visible_text("approved")
    click_and_load(browser, browser.find_element(By.ID, "mark-chosen"))
    assert browser.find_element(By.ID, "review-summary").text == "Marked 2 respondents approved."
    rows = browser.find_elements(By.CSS_SELECTOR, "table.respondents tbody tr")
    assert sorted((row.find_element(By.TAG_NAME, "th").text,
                   row.find_elements(By.TAG_NAME, "td")[1].text) for row in rows) == [
        ("r1", "approved"), ("r2", "received"), ("r3", "approved")]
    screenshot("survey-reviewed")
    click_and_load(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "approved (2)"))
    assert texts(browser, "table.respondents tbody th") == ["r3", "r1"]
    assert browser.find_element(By.ID, "filtered").text == "Showing 2 respondents approved."
    # A search within the filter: Eve's answers, among the approved.
    browser.find_element(By.ID, "respondent-search").send_keys("EVE")
    click_and_load(browser, browser.find_element(By.ID, "search"))
    assert texts(browser, "table.respondents tbody th") == ["r3"]
    assert browser.find_element(By.ID, "filtered").text == \
        "Showing 1 respondent matching “eve”, approved."
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "r3"))
    Select(browser.find_element(By.ID, "state")).select_by_visible_text("has issues")
    browser.find_element(By.ID, "comment").send_keys("Her age is 300")
    click_and_load(browser, browser.find_element(By.ID, "mark"))
    assert browser.find_element(By.ID, "review-state").text.startswith("State: has issues")
    # Each event after its moment (in the reader's zone, in words).
    history = [item.text[len(item.find_element(By.TAG_NAME, "time").text):].strip()
               for item in browser.find_elements(By.CSS_SELECTOR, "ol.history li")]
    assert history == [
        "Received from someone unknown · version 1", "Marked approved by owner",
        "Marked has issues by owner: “Her age is 300”"]
    screenshot("survey-respondent-history")


MENU_WITH_ALLERGENS = """restaurant: Giuseppe's
currency: EUR
pizzas:
  - name: Margherita
    price: 8.50
    allergens: [gluten, milk]
    labels: [vegetarian]
  - name: Marinara
    price: 7
    allergens: [gluten]
    labels: [vegan]
desserts:
  - name: Tiramisù
    price: 6
    allergens: [eggs, milk, gluten]
"""


def test_a_guest_reads_the_allergens_and_leaves_out_milk(browser, screenshot, tmp_path):
    """A guest reads each dish's allergens in words and filters the menu by them."""
    from casebook_server import Server
    menu = tmp_path / "menu.yaml"
    menu.write_text(MENU_WITH_ALLERGENS)
    server = Server("--menu", str(menu))
    try:
        browser.get(server.url + "/menu")
        assert "Contains: cereals containing gluten, milk" in texts(browser, ".menu-item .allergens")
        browser.find_element(By.CSS_SELECTOR, "details.menu-filters summary").click()
        for box in browser.find_elements(By.CSS_SELECTOR, "form.menu-filter input[name=without]"):
            if box.get_attribute("value") == "milk":
                box.click()
        click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form.menu-filter button"))
        assert texts(browser, ".item-title") == ["Marinara"]
        screenshot("menu-without-milk")
        click_and_load(browser, browser.find_element(By.LINK_TEXT, "The whole menu"))
        assert len(texts(browser, ".item-title")) == 3
    finally:
        server.stop()
