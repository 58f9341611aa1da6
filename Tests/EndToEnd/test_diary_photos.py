"""An entry's photos as a diarist adds them, in a real Chromium at 390 px and 1280 px: a
phone's photo chosen on the entry's page with words for it; the page shows it small, upright,
within the screen, its Remove button under it and the form's labels beside their fields; the
photo opens large; Remove takes it off."""
import json
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from test_menu_layout import SIZES, size_viewport
from test_web_pages import click_and_load

PHOTOS = Path(__file__).resolve().parent.parent / "MenuTests" / "Photos"

BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
const items = [...document.querySelectorAll('.photo-grid li')];
return {items: items.map(item => {
            const photo = item.querySelector('img');
            return {item: box(item), photo: box(photo), remove: box(item.querySelector('button')),
                    loaded: photo.complete && photo.naturalWidth > 0,
                    natural: [photo.naturalWidth, photo.naturalHeight], alt: photo.alt};
        }),
        label: box(document.querySelector('label[for=photo]')),
        input: box(document.getElementById('photo')),
        altLabel: box(document.querySelector('label[for=photo-alt]')),
        alt: box(document.getElementById('photo-alt')),
        scrollWidth: document.documentElement.scrollWidth};
"""


@pytest.mark.parametrize("width, height", SIZES)
def test_a_diarist_adds_a_photo_to_an_entry_and_takes_it_off(server, browser, screenshot, width, height):
    status, _, body = server.request(
        "POST", "/api/diary", json.dumps({"text": "# At the sea\n\nThe waves were high."}).encode(),
        {"Content-Type": "application/json"})
    assert status == 201
    entry = json.loads(body)["id"]
    size_viewport(browser, width, height)
    browser.get(server.url + "/diary/" + entry)
    browser.find_element(By.ID, "photo").send_keys(str(PHOTOS / "phone.jpg"))
    browser.find_element(By.ID, "photo-alt").send_keys("The beach at dawn")
    click_and_load(browser, browser.find_element(By.ID, "add-photo"))
    image = browser.find_element(By.CSS_SELECTOR, ".photo-grid img")
    browser.execute_script("document.getElementById('photos-heading').scrollIntoView();"
                           " return arguments[0].decode()", image)
    screenshot(f"diary-photos-{width}")
    seen = browser.execute_script(BOXES)
    where = f"the entry's photos at {width} px"
    assert seen["scrollWidth"] <= width, f"{where}: past the screen's edge"
    assert len(seen["items"]) == 1, where
    item = seen["items"][0]
    assert item["loaded"] and item["alt"] == "The beach at dawn", f"{where}: {item}"
    # Upright: the phone held it a quarter turned (1600 × 1200 on its side).
    assert item["natural"] == [240, 320], f"{where}: {item}"
    assert item["item"]["right"] <= width, f"{where}: {item}"
    assert item["photo"]["bottom"] <= item["remove"]["top"] + 1, f"{where}: Remove is not under its photo"
    assert item["remove"]["left"] >= item["item"]["left"] - 1, where
    for label, field in [("label", "input"), ("altLabel", "alt")]:
        assert 0 <= seen[field]["top"] - seen[label]["bottom"] <= 12, f"{where}: {label} far from its field"
        assert abs(seen[field]["left"] - seen[label]["left"]) <= 2, f"{where}: {label} not above its field"
    large = image.find_element(By.XPATH, "..").get_attribute("href")
    browser.get(large)
    natural = browser.execute_script("const i = document.querySelector('img'); return [i.naturalWidth, i.naturalHeight]")
    assert natural == [900, 1200], f"{where}: the large photo is {natural}"
    browser.get(server.url + "/diary/" + entry)
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, ".photo-grid button"))
    assert not browser.find_elements(By.CSS_SELECTOR, ".photo-grid img"), f"{where}: the photo stayed"
