"""A dish's photo as its manager gives it and a guest sees it, in a real Chromium: the manager
chooses a phone's photo on the dish's page and writes what it shows; the guest's menu shows
it small, beside the dish's name, with the price still at the row's right edge, at a phone's
390 px and a desktop's 1280 px; the photo Chromium decodes is upright and has no metadata
left in it."""
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from casebook_server import Server
from test_menu_layout import SIZES, check_laid_out, size_viewport
from test_sign_in import sign_in
from test_web_pages import click_and_load

PHOTOS = Path(__file__).resolve().parent.parent / "MenuTests" / "Photos"


@pytest.fixture(scope="module")
def restaurant():
    running = Server(users=[("mia", "manager", "manager password")])
    yield running
    running.stop()


def signed_in(browser, server, path):
    browser.delete_all_cookies()
    browser.set_window_size(1100, 1400)
    browser.get(server.url + "/login?next=" + path)
    sign_in(browser, "mia", "manager password")
    never = browser.find_elements(By.CSS_SELECTOR, "button[value=never]")
    if never:
        click_and_load(browser, never[0])
    browser.get(server.url + path)


ROW_BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
return [...document.querySelectorAll('.menu-item.with-photo')].map(item => {
    const photo = item.querySelector('img.dish-photo');
    return {row: box(item), photo: box(photo), title: box(item.querySelector('.item-title')),
            price: box(item.querySelector('.price')),
            description: item.querySelector('.description') ? box(item.querySelector('.description')) : null,
            loaded: photo.complete && photo.naturalWidth > 0,
            natural: [photo.naturalWidth, photo.naturalHeight], alt: photo.alt, lazy: photo.loading};
});
"""


def test_a_manager_gives_a_dish_a_photo_and_a_guest_sees_it_beside_the_dish(restaurant, browser, screenshot):
    signed_in(browser, restaurant, "/menu/dish?section=pizzas&index=0")
    browser.find_element(By.ID, "photo").send_keys(str(PHOTOS / "phone.jpg"))
    browser.find_element(By.ID, "alt").send_keys("A Margherita with basil leaves")
    click_and_load(browser, browser.find_element(By.ID, "save-photo"))
    assert "Saved as revision 2." in browser.page_source
    for width, height in SIZES:
        size_viewport(browser, width, height)
        browser.get(restaurant.url + "/menu/dish?section=pizzas&index=0")
        preview = browser.find_element(By.CSS_SELECTOR, "img.dish-photo-preview")
        assert preview.get_attribute("alt") == "A Margherita with basil leaves"
        browser.execute_script("document.getElementById('photo-heading').scrollIntoView()")
        screenshot(f"menu-dish-photo-{width}")
        check_laid_out(browser, width, f"the dish's page with its photo at {width} px")
    browser.delete_all_cookies()
    for width, height in SIZES:
        size_viewport(browser, width, height)
        browser.get(restaurant.url + "/menu")
        browser.execute_script("document.querySelector('img.dish-photo').scrollIntoView()")
        browser.execute_script("return document.querySelector('img.dish-photo').decode()")
        screenshot(f"menu-guest-photo-{width}")
        rows = browser.execute_script(ROW_BOXES)
        where = f"the guest's menu at {width} px"
        assert len(rows) == 1, where
        row = rows[0]
        assert row["loaded"], f"{where}: the photo did not load: {row}"
        # Upright: the phone held it a quarter turned (1600 × 1200 on its side).
        assert row["natural"] == [240, 320], f"{where}: {row}"
        assert row["alt"] == "A Margherita with basil leaves" and row["lazy"] == "lazy", where
        photo, title, price = row["photo"], row["title"], row["price"]
        assert row["row"]["left"] <= photo["left"] and photo["right"] <= title["left"], f"{where}: {row}"
        assert photo["top"] >= row["row"]["top"] and photo["bottom"] <= row["row"]["bottom"] + 1, f"{where}: {row}"
        assert abs(price["right"] - row["row"]["right"]) <= 1, f"{where}: the price left the row's edge: {row}"
        assert abs(price["top"] - title["top"]) <= 4, f"{where}: {row}"
        if row["description"]:
            assert row["description"]["left"] >= photo["right"], f"{where}: the description runs under the photo"
