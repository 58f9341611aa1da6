"""The guest's menu as a person sees it, read from the boxes Chromium lays out, not from the
DOM alone: at a phone's 390 px and a desktop's 1280 px, as a guest and signed in, the first
dish shows on the first screen (the filters folded away), every checkbox sits on one line
beside its label, every price keeps to its row's right edge with or without labels and
allergens, nothing spills past the screen's edge, and the header holds its links. The restaurant's own block (whether it is open, its address,
map link and phone) sits above the dishes without pushing them off the first screen, and its
manager's form keeps each field beside or under its label, wide enough for its value."""
import os

import pytest
from selenium.webdriver.common.by import By

from casebook_server import Server
from test_sign_in import sign_in
from test_web_pages import MENU_WITH_ALLERGENS, click_and_load

# A phone's viewport (390 × 844, as an iPhone 14's) and a desktop's.
SIZES = [(390, 844), (1280, 900)]

BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height}; };
return {
    width: window.innerWidth, height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    header: box(document.querySelector('header.site')),
    headerLinks: [...document.querySelectorAll('header.site a, header.site button')].map(box),
    spilled: [...document.querySelectorAll('header *, main *, footer *')]
        .filter(e => e.getClientRects().length > 0)
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(e => e.tagName + '.' + e.className),
    items: [...document.querySelectorAll('.menu-item')].map(item => ({
        row: box(item), title: box(item.querySelector('.item-title')),
        price: box(item.querySelector('.price'))})),
    choices: [...document.querySelectorAll('form.menu-filter label')].map(label => ({
        text: label.textContent.trim(), label: box(label),
        box: box(label.querySelector('input'))})),
};
"""


# The restaurant itself, above its dishes.
DETAILS = """address: Via Roma 12, 00184 Roma
phone: "+39 06 1234 5678"
map: https://www.openstreetmap.org/?mlat=41.8947&mlon=12.4839
time_zone: Europe/Rome
cuisine: Italian, pizza
hours:
  monday: closed
  tuesday: 12:00-14:30, 18:30-22:30
  wednesday: 12:00-14:30, 18:30-22:30
  thursday: 12:00-14:30, 18:30-22:30
  friday: 12:00-14:30, 18:30-23:30
  saturday: 18:00-01:00
  sunday: 12:00-15:00
exceptions:
  2099-12-25: closed
"""


@pytest.fixture(scope="module")
def restaurant(tmp_path_factory):
    menu = tmp_path_factory.mktemp("menu") / "menu.yaml"
    menu.write_text(MENU_WITH_ALLERGENS.replace("currency: EUR\n", "currency: EUR\n" + DETAILS, 1))
    running = Server("--menu", str(menu), users=[("mia", "manager", "manager password")])
    yield running
    running.stop()


def boxes(browser):
    return browser.execute_script(BOXES)


def check_page(browser, width, height, viewer):
    seen = boxes(browser)
    where = f"{viewer} at {width} px"
    assert seen["width"] == width, where
    assert seen["scrollWidth"] <= width, f"{where}: the page is {seen['scrollWidth']} px wide"
    assert not seen["spilled"], f"{where}: past the screen's edge: {seen['spilled']}"
    header = seen["header"]
    for link in seen["headerLinks"]:
        assert header["left"] <= link["left"] and link["right"] <= header["right"], where
        assert header["top"] <= link["top"] and link["bottom"] <= header["bottom"], where
    first = seen["items"][0]
    assert first["row"]["bottom"] <= height, f"{where}: the first dish is below the fold"
    status = browser.find_element(By.CSS_SELECTOR, "p.opening-status").rect
    assert status["y"] + status["height"] <= first["row"]["top"], f"{where}: the status is not above the dishes"
    for selector in ["span.address", "a.map-link", "a.phone"]:
        shown = browser.find_element(By.CSS_SELECTOR, selector).rect
        assert 0 <= shown["x"] and shown["x"] + shown["width"] <= width, f"{where}: {selector} {shown}"
    for item in seen["items"]:
        assert abs(item["price"]["right"] - item["row"]["right"]) <= 1, f"{where}: {item}"
        assert abs(item["price"]["top"] - item["title"]["top"]) <= 4, f"{where}: {item}"
    # The filters open: each checkbox on the line of its label's words, left of them.
    browser.find_element(By.CSS_SELECTOR, "details.menu-filters summary").click()
    choices = boxes(browser)["choices"]
    assert len(choices) == 18, where
    for choice in choices:
        label, box = choice["label"], choice["box"]
        middle = (box["top"] + box["bottom"]) / 2
        assert label["top"] <= middle <= label["bottom"], f"{where}: {choice}"
        assert label["height"] < 2 * box["height"] + 16, f"{where}: {choice['text']} wraps"
        assert box["left"] - label["left"] <= 1, f"{where}: {choice['text']}"


def size_viewport(browser, width, height):
    """The viewport itself at `width` × `height`: the window's outer size holds its frame."""
    browser.set_window_size(width, height)
    inner = browser.execute_script("return [window.innerWidth, window.innerHeight]")
    browser.set_window_size(2 * width - inner[0], 2 * height - inner[1])


@pytest.mark.parametrize("width, height", SIZES)
def test_a_guest_reads_the_menu_on_a_phone_and_a_desktop(restaurant, browser, screenshot, width, height):
    browser.delete_all_cookies()
    size_viewport(browser, width, height)
    browser.get(restaurant.url + "/menu")
    screenshot(f"menu-guest-{width}")
    check_page(browser, width, height, "a guest")


@pytest.mark.parametrize("width, height", SIZES)
def test_a_manager_reads_the_menu_on_a_phone_and_a_desktop(restaurant, browser, screenshot, width, height):
    browser.delete_all_cookies()
    browser.set_window_size(1100, 1400)
    browser.get(restaurant.url + "/login?next=/menu")
    sign_in(browser, "mia", "manager password")
    never = browser.find_elements(By.CSS_SELECTOR, "button[value=never]")
    if never:
        click_and_load(browser, never[0])
    size_viewport(browser, width, height)
    browser.get(restaurant.url + "/menu")
    screenshot(f"menu-manager-{width}")
    check_page(browser, width, height, "a manager")
    browser.delete_all_cookies()


FORM_BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
return [...document.querySelectorAll('form.stacked label[for]')].map(label => {
    const field = document.getElementById(label.htmlFor);
    return {name: label.textContent.trim(), label: box(label), field: box(field),
            fits: field.scrollWidth <= field.clientWidth + 1};
});
"""


@pytest.mark.parametrize("width, height", SIZES)
def test_a_manager_sets_the_restaurant_on_a_phone_and_a_desktop(restaurant, browser, screenshot, width, height):
    browser.delete_all_cookies()
    browser.set_window_size(1100, 1400)
    browser.get(restaurant.url + "/login?next=/menu/restaurant")
    sign_in(browser, "mia", "manager password")
    never = browser.find_elements(By.CSS_SELECTOR, "button[value=never]")
    if never:
        click_and_load(browser, never[0])
    size_viewport(browser, width, height)
    browser.get(restaurant.url + "/menu/restaurant")
    screenshot(f"menu-restaurant-{width}")
    where = f"the restaurant's form at {width} px"
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width, where
    fields = browser.execute_script(FORM_BOXES)
    assert len(fields) == 14, where
    for field in fields:
        label, box = field["label"], field["field"]
        assert 0 <= box["left"] and box["right"] <= width, f"{where}: {field}"
        beside = abs(label["top"] - box["top"]) <= 16 and label["right"] <= box["left"]
        under = 0 <= box["top"] - label["bottom"] <= 16
        assert beside or under, f"{where}: {field['name']} is far from its label: {field}"
        if field["name"].endswith("day"):
            assert field["fits"], f"{where}: {field['name']}'s hours do not fit its field"
    browser.delete_all_cookies()


PAGE_BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height}; };
const shown = element => element.getClientRects().length > 0;
return {
    scrollWidth: document.documentElement.scrollWidth,
    spilled: [...document.querySelectorAll('header *, main *, footer *')].filter(shown)
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(e => e.tagName + '.' + e.className),
    header: box(document.querySelector('header.site')),
    headerLinks: [...document.querySelectorAll('header.site a, header.site button')].filter(shown).map(box),
    labelled: [...document.querySelectorAll('main label[for]')].filter(shown).map(label => {
        const field = document.getElementById(label.htmlFor);
        return {name: label.textContent.trim(), label: box(label), field: field && shown(field) ? box(field) : null};
    }),
    wrapped: [...document.querySelectorAll('main label')].filter(shown)
        .filter(label => label.querySelector('input[type=checkbox], input[type=radio]'))
        .map(label => ({name: label.textContent.trim(), label: box(label),
                        box: box(label.querySelector('input'))})),
    buttons: [...document.querySelectorAll('main button, main .button-link')].filter(shown).map(button => ({
        name: button.textContent.trim(), box: box(button)})),
};
"""


def check_laid_out(browser, width, where):
    """What a person would notice on any page: nothing past the screen's edge, the header's
    links inside it, each field beside or just under its label, each checkbox on its label's
    line, no two buttons on top of each other."""
    seen = browser.execute_script(PAGE_BOXES)
    assert seen["scrollWidth"] <= width, f"{where}: the page is {seen['scrollWidth']} px wide"
    assert not seen["spilled"], f"{where}: past the screen's edge: {seen['spilled']}"
    header = seen["header"]
    for link in seen["headerLinks"]:
        assert header["left"] <= link["left"] and link["right"] <= header["right"], where
        assert header["top"] <= link["top"] and link["bottom"] <= header["bottom"], where
    for item in seen["labelled"]:
        label, field = item["label"], item["field"]
        if field is None:
            continue
        beside = abs(label["top"] - field["top"]) <= 20 and label["right"] <= field["left"] + 1
        under = -1 <= field["top"] - label["bottom"] <= 20
        assert beside or under, f"{where}: '{item['name']}' is far from its field: {item}"
    for item in seen["wrapped"]:
        label, box = item["label"], item["box"]
        middle = (box["top"] + box["bottom"]) / 2
        assert label["top"] <= middle <= label["bottom"], f"{where}: {item}"
    buttons = [button["box"] for button in seen["buttons"]]
    for index, first in enumerate(buttons):
        for second in buttons[index + 1:]:
            overlap = (min(first["right"], second["right"]) - max(first["left"], second["left"]) > 1 and
                       min(first["bottom"], second["bottom"]) - max(first["top"], second["top"]) > 1)
            assert not overlap, f"{where}: two buttons overlap: {first} {second}"


@pytest.mark.parametrize("width, height", SIZES)
def test_a_managers_pages_are_laid_out_on_a_phone_and_a_desktop(restaurant, browser, screenshot, width, height):
    browser.delete_all_cookies()
    browser.set_window_size(1100, 1400)
    browser.get(restaurant.url + "/login?next=/menu/edit")
    sign_in(browser, "mia", "manager password")
    never = browser.find_elements(By.CSS_SELECTOR, "button[value=never]")
    if never:
        click_and_load(browser, never[0])
    size_viewport(browser, width, height)
    for name, path in [("edit", "/menu/edit"), ("history", "/menu/history"),
                       ("dish", "/menu/dish?section=pizzas&index=0"), ("new-dish", "/menu/dish?section=desserts"),
                       ("restaurant", "/menu/restaurant")]:
        browser.get(restaurant.url + path)
        screenshot(f"menu-{name}-{width}")
        check_laid_out(browser, width, f"the manager's {path} at {width} px")
    browser.delete_all_cookies()
