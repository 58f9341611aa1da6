"""The menu in a second language as a guest sees it, in a real Chromium at 390 px and 1280 px:
the language links sit on one line under the restaurant's block, inside the screen, with the
first dish still on the first screen; the Italian page names its dishes in Italian, marked as
such, and the filter keeps the language."""
import pytest
from selenium.webdriver.common.by import By

from casebook_server import Server
from test_menu_layout import SIZES, check_laid_out, size_viewport
from test_sign_in import sign_in
from test_web_pages import click_and_load

MENU = """restaurant: Giuseppe's
currency: EUR
languages: [en, it, de]
address: Via Roma 12, 00184 Roma
phone: "+39 06 1234 5678"
pizzas:
  - name: Margherita
    price: 8.50
    description: Tomato, mozzarella, basil
    allergens: [gluten, milk]
    labels: [vegetarian]
    translations:
      it: {description: "Pomodoro, mozzarella, basilico"}
      de: {description: "Tomate, Mozzarella, Basilikum"}
  - name: Diavola
    price: 10
    description: Tomato, mozzarella, spicy salami
    allergens: [gluten, milk]
    labels: []
    translations:
      it: {description: "Pomodoro, mozzarella, salame piccante"}
desserts:
  - name: Lemon sorbet
    price: 4
    allergens: []
    labels: [vegan]
    translations:
      it: {name: Sorbetto al limone}
      de: {name: Zitronensorbet}
"""

BOXES = """
const box = element => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
return {links: [...document.querySelectorAll('nav.languages a')].map(a => ({text: a.textContent, box: box(a),
            current: a.getAttribute('aria-current'), lang: a.lang})),
        first: box(document.querySelector('.menu-item')), scrollWidth: document.documentElement.scrollWidth,
        titles: [...document.querySelectorAll('.item-title')].map(t => [t.textContent, t.lang])};
"""


@pytest.fixture(scope="module")
def restaurant(tmp_path_factory):
    path = tmp_path_factory.mktemp("menu") / "menu.yaml"
    path.write_text(MENU)
    running = Server("--menu", str(path), users=[("mia", "manager", "manager password")])
    yield running
    running.stop()


@pytest.mark.parametrize("width, height", SIZES)
def test_a_guest_switches_the_menu_to_italian(restaurant, browser, screenshot, width, height):
    browser.delete_all_cookies()
    size_viewport(browser, width, height)
    browser.get(restaurant.url + "/menu")
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "Italiano"))
    screenshot(f"menu-italian-{width}")
    seen = browser.execute_script(BOXES)
    where = f"the Italian menu at {width} px"
    assert seen["scrollWidth"] <= width, where
    assert [link["text"] for link in seen["links"]] == ["English", "Italiano", "Deutsch"], where
    assert [link["current"] for link in seen["links"]] == [None, "true", None], where
    tops = {round(link["box"]["top"]) for link in seen["links"]}
    assert len(tops) == 1, f"{where}: the language links wrap: {seen['links']}"
    for link in seen["links"]:
        assert 0 <= link["box"]["left"] and link["box"]["right"] <= width, f"{where}: {link}"
        assert link["box"]["bottom"] <= seen["first"]["top"], f"{where}: a link is below the first dish"
    assert seen["first"]["bottom"] <= height, f"{where}: the first dish is below the fold"
    assert ["Sorbetto al limone", "it"] in seen["titles"], where
    assert "Pomodoro, mozzarella, basilico" in browser.page_source
    # The filter keeps the language.
    browser.find_element(By.CSS_SELECTOR, "details.menu-filters summary").click()
    browser.find_element(By.CSS_SELECTOR, "input[name=without][value=milk]").click()
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form.menu-filter button"))
    assert "lang=it" in browser.current_url and "without=milk" in browser.current_url
    assert "Sorbetto al limone" in browser.page_source and "Pomodoro" not in browser.page_source


@pytest.mark.parametrize("width, height", SIZES)
def test_a_manager_translates_a_dish_on_a_phone_and_a_desktop(restaurant, browser, screenshot, width, height):
    browser.delete_all_cookies()
    browser.set_window_size(1100, 1400)
    browser.get(restaurant.url + "/login?next=/menu/edit")
    sign_in(browser, "mia", "manager password")
    never = browser.find_elements(By.CSS_SELECTOR, "button[value=never]")
    if never:
        click_and_load(browser, never[0])
    size_viewport(browser, width, height)
    browser.get(restaurant.url + "/menu/dish?section=pizzas&index=0")
    browser.execute_script("document.querySelector('fieldset.translation').scrollIntoView()")
    screenshot(f"menu-dish-translations-{width}")
    check_laid_out(browser, width, f"the dish's translations at {width} px")
    italian = browser.find_element(By.ID, "description_it")
    assert italian.get_attribute("value") == "Pomodoro, mozzarella, basilico"
    browser.get(restaurant.url + "/menu/restaurant")
    browser.execute_script("document.getElementById('languages').scrollIntoView()")
    screenshot(f"menu-restaurant-languages-{width}")
    check_laid_out(browser, width, f"the restaurant's languages at {width} px")
    assert browser.find_element(By.ID, "languages").get_attribute("value") == "en, it, de"
    browser.delete_all_cookies()
