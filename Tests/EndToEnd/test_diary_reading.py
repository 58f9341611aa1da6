"""An entry as a diarist reads it, in a real Chromium at 390 px and 1280 px: its Markdown
rendered (a heading, emphasis, a list, a quote, a long link), within the screen, with the Edit
link on the first screen; a script in the text shows as text and never runs."""
import json

import pytest
from selenium.webdriver.common.by import By

from test_menu_layout import SIZES, size_viewport

TEXT = """# A walk to the lighthouse

The sea was *calm*, the wind **cold**, and the path longer than the map said:
https://www.openstreetmap.org/way/123456789012345678901234567890

- bread
- cheese and `olives`

> Not all those who wander are lost.

<script>window.owned = true</script>
"""

BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
const reading = document.querySelector('article.entry-reading');
return {reading: box(reading), edit: box(document.getElementById('edit-entry')),
        inside: [...reading.querySelectorAll('*')].map(box).every(b => b.right <= window.innerWidth + 0.5),
        scrollWidth: document.documentElement.scrollWidth, owned: window.owned === true};
"""


@pytest.mark.parametrize("width, height", SIZES)
def test_an_entry_reads_rendered_on_a_phone_and_a_desktop(server, browser, screenshot, width, height):
    status, _, body = server.request("POST", "/api/diary", json.dumps({"text": TEXT}).encode(),
                                     {"Content-Type": "application/json"})
    assert status == 201
    entry = json.loads(body)["id"]
    size_viewport(browser, width, height)
    browser.get(server.url + "/diary/" + entry)
    screenshot(f"diary-reading-{width}")
    seen = browser.execute_script(BOXES)
    where = f"the entry at {width} px"
    assert not seen["owned"], f"{where}: the script in the text ran"
    assert seen["scrollWidth"] <= width and seen["inside"], f"{where}: past the screen's edge"
    assert seen["edit"]["bottom"] <= height, f"{where}: the Edit link is below the first screen"
    reading = browser.find_element(By.CSS_SELECTOR, "article.entry-reading")
    assert reading.find_element(By.TAG_NAME, "h1").text == "A walk to the lighthouse"
    assert [item.text for item in reading.find_elements(By.TAG_NAME, "li")] == ["bread", "cheese and olives"]
    assert "<script>window.owned = true</script>" in reading.text
    browser.find_element(By.ID, "edit-entry").click()
    assert browser.find_element(By.ID, "text").get_attribute("value").startswith("# A walk")


CALENDAR = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
const table = document.querySelector('table.calendar');
return {table: box(table), scrollWidth: document.documentElement.scrollWidth,
        links: [...table.querySelectorAll('a')].map(a => ({label: a.getAttribute('aria-label'), box: box(a)})),
        summary: document.querySelector('details.diary-calendar summary').textContent};
"""


@pytest.mark.parametrize("width, height", SIZES)
def test_the_months_calendar_fits_a_phone_and_a_desktop(server, browser, screenshot, width, height):
    for text in ["Two words", "Three more words"]:
        status, _, _ = server.request("POST", "/api/diary", json.dumps({"text": text}).encode(),
                                      {"Content-Type": "application/json"})
        assert status == 201
    size_viewport(browser, width, height)
    browser.get(server.url + "/diary")
    browser.find_element(By.CSS_SELECTOR, "details.diary-calendar summary").click()
    browser.execute_script("document.querySelector('details.diary-calendar').scrollIntoView()")
    screenshot(f"diary-calendar-{width}")
    seen = browser.execute_script(CALENDAR)
    where = f"the calendar at {width} px"
    assert seen["scrollWidth"] <= width and seen["table"]["right"] <= width, where
    assert seen["summary"].endswith(": 2 entries · 5 words"), f"{where}: {seen['summary']}"
    assert len(seen["links"]) == 1 and seen["links"][0]["label"].endswith(": 2 entries"), where
    link = seen["links"][0]["box"]
    assert link["right"] - link["left"] >= 24 and link["bottom"] - link["top"] >= 24, f"{where}: too small to tap"
