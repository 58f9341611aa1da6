"""The menu changed from the browser, in a real headless Chromium: a manager changes a price;
a guest, not signed in, sees it at once; a second manager's save from the revision before is
refused with the conflict message and changes nothing; the history restores the old price; a
diarist may not edit the menu."""
import http.cookiejar
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_sign_in import sign_in  # noqa: E402
from test_web_pages import click_and_load  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server  # noqa: E402


@pytest.fixture
def restaurant():
    running = Server(users=[("maria", "manager", "correct horse"), ("luigi", "manager", "other horse"),
                            ("dee", "diarist", "third horse")])
    yield running
    running.stop()


class Visitor:
    """Another browser, as far as the server can tell: its own cookies, signed in as `name`
    (or a guest), its forms sent with the token of the page they were on."""

    def __init__(self, server, name=None, password=None):
        self.url = server.url
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        page = self.get("/login")
        if name:
            self.post("/login", {"username": name, "password": password}, page=page)

    def status(self, path):
        try:
            with urllib.request.build_opener(
                    urllib.request.HTTPCookieProcessor(self.cookies), NoRedirect).open(self.url + path) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    def get(self, path):
        with self.opener.open(self.url + path) as answer:
            return answer.read().decode("utf-8")

    def post(self, path, fields, page):
        token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        body = urllib.parse.urlencode({"csrf": token, **fields}).encode()
        try:
            with self.opener.open(self.url + path, data=body) as answer:
                return answer.status, answer.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


def test_a_manager_changes_a_price_and_a_guest_sees_it(restaurant, browser, screenshot):
    browser.delete_all_cookies()
    browser.get(restaurant.url + "/login?next=/menu/edit")
    sign_in(browser, "maria", "correct horse")
    browser.get(restaurant.url + "/menu/edit")
    price = browser.find_element(By.ID, "price-pizzas-0")
    assert price.get_attribute("value") == "8.50"
    # Luigi opens the same revision in his own session before Maria saves.
    luigi = Visitor(restaurant, "luigi", "other horse")
    opened = luigi.get("/menu/edit")
    price.clear()
    price.send_keys("7.90")
    click_and_load(browser, browser.find_element(By.ID, "save-menu"))
    assert browser.find_element(By.ID, "saved").text == "Saved as revision 2."
    screenshot("menu-edit")
    # A guest, not signed in, sees the new price.
    guest = Visitor(restaurant)
    assert "€7.90" in guest.get("/menu")
    # Luigi's save from revision 1 is the conflict, and changes nothing.
    status, page = luigi.post("/menu/edit", {"revision": "1", "price.pizzas.0": "9.00"}, page=opened)
    assert status == 409
    assert "maria saved revision 2 after you opened revision 1" in page
    assert "€7.90" in guest.get("/menu")
    # The history restores the first revision.
    browser.get(restaurant.url + "/menu/history")
    assert "Margherita: 8.50 → 7.90" in browser.find_element(By.TAG_NAME, "main").text
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form[action='/menu/restore'] button"))
    assert "restored revision 1" in browser.find_element(By.TAG_NAME, "main").text
    assert "€8.50" in guest.get("/menu")


def test_a_dish_marked_sold_out_shows_so_to_a_guest(restaurant, browser):
    """During service: a manager marks a dish sold out for today; a guest sees it marked in
    words, and offered again once the mark is taken away."""
    browser.delete_all_cookies()
    browser.get(restaurant.url + "/login")
    sign_in(browser, "maria", "correct horse")
    browser.get(restaurant.url + "/menu/edit")
    Select(browser.find_element(By.NAME, "soldout.pizzas.0")).select_by_visible_text("Sold out today")
    click_and_load(browser, browser.find_element(By.ID, "save-menu"))
    guest = Visitor(restaurant)
    page = guest.get("/menu")
    margherita = page[page.index("Margherita"):page.index("</li>", page.index("Margherita"))]
    assert "Sold out" in margherita
    Select(browser.find_element(By.NAME, "soldout.pizzas.0")).select_by_visible_text("Offered")
    click_and_load(browser, browser.find_element(By.ID, "save-menu"))
    assert "Sold out" not in guest.get("/menu")


def test_the_menu_and_its_form_fit_a_phone(restaurant, browser, screenshot):
    """On a phone's screen (375 CSS pixels wide) neither the menu nor its form scrolls
    sideways, and every price field can be typed in."""
    browser.delete_all_cookies()
    browser.get(restaurant.url + "/login")
    sign_in(browser, "maria", "correct horse")
    size = browser.get_window_size()
    browser.set_window_size(375, 812)
    try:
        for path in ("/menu/edit", "/menu", "/menu/history", "/menu/dish?section=pizzas&index=0"):
            browser.get(restaurant.url + path)
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, (path, overflow)
        browser.get(restaurant.url + "/menu/edit")
        for field in browser.find_elements(By.CSS_SELECTOR, "input[name^='price.']"):
            assert field.is_displayed() and field.size["width"] >= 100, field.get_attribute("name")
        screenshot("menu-edit-phone")
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_a_manager_arranges_the_menu_and_a_guest_sees_it(restaurant, browser, screenshot):
    """A manager adds a dish with its allergens and a label, moves it up, removes another,
    shows the desserts first and writes prices as in Italy; Enter in a price field saves and
    moves nothing. A guest sees the menu so arranged."""
    browser.delete_all_cookies()
    browser.get(restaurant.url + "/login")
    sign_in(browser, "maria", "correct horse")
    browser.get(restaurant.url + "/menu/edit")
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "Add a dish to Pizzas"))
    browser.find_element(By.ID, "name").send_keys("Calzone")
    browser.find_element(By.ID, "price").send_keys("10.50")
    browser.find_element(By.ID, "description").send_keys("Folded, with ricotta")
    for value in ("gluten", "milk"):
        browser.find_element(By.CSS_SELECTOR, f"input[name='allergen'][value='{value}']").click()
    browser.find_element(By.CSS_SELECTOR, "input[name='allergens_declared']").click()
    browser.find_element(By.CSS_SELECTOR, "input[name='label'][value='vegetarian']").click()
    browser.find_element(By.CSS_SELECTOR, "input[name='labels_declared']").click()
    screenshot("menu-dish")
    click_and_load(browser, browser.find_element(By.ID, "save-dish"))
    assert browser.find_element(By.ID, "saved").text == "Saved as revision 2."
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button[aria-label='Move Calzone up']"))
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "button[aria-label='Remove Marinara']"))
    click_and_load(browser, browser.find_element(By.XPATH, "//button[text()='Show Desserts earlier']"))
    click_and_load(browser, browser.find_element(By.XPATH, "//button[text()='Show Desserts earlier']"))
    locale = browser.find_element(By.ID, "locale")
    locale.clear()
    locale.send_keys("it_IT")
    # Enter in a price field: the form is saved, nothing moved.
    price = browser.find_element(By.ID, "price-pizzas-0")
    price.clear()
    price.send_keys("8.00")
    order = [label.text for label in browser.find_elements(By.CSS_SELECTOR, ".dish-row label")]
    with_enter = browser.find_element(By.TAG_NAME, "html")
    price.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(staleness_of(with_enter))
    assert browser.find_element(By.ID, "saved").text == "Saved as revision 7."
    assert [label.text for label in browser.find_elements(By.CSS_SELECTOR, ".dish-row label")] == order
    screenshot("menu-arranged")
    page = Visitor(restaurant).get("/menu")
    assert page.index("Desserts") < page.index("Pizzas")
    assert "Marinara" not in page
    start = page.index(">Calzone</span>")
    calzone = page[start:page.index("</li>", start)]
    assert "10,50\u00a0€" in calzone and "Vegetarian" in calzone and "milk" in calzone
    assert start < page.index(">Napoletana</span>")
    history = Visitor(restaurant, "luigi", "other horse").get("/menu/history")
    assert "Calzone: added at 10.50" in history and "Marinara: removed" in history


def test_a_diarist_may_not_edit_the_menu(restaurant):
    diarist = Visitor(restaurant, "dee", "third horse")
    assert diarist.status("/menu/edit") == 403
    assert diarist.status("/menu/dish?section=pizzas") == 403
    assert Visitor(restaurant).status("/menu/edit") in (302, 303, 401)
    assert Visitor(restaurant).status("/menu/dish?section=pizzas") in (302, 303, 401)
