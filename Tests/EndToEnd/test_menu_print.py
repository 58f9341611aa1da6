"""The menu on paper: printed from Chromium on A4, Giuseppe's menu fits on one or two pages,
with neither the navigation nor the filters, and every dish and price still there."""
import base64
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.print_page_options import PrintOptions


def test_the_menu_prints_on_two_a4_pages_at_most_without_navigation_or_filters(server, browser):
    browser.set_window_size(1100, 1400)
    browser.get(server.url + "/menu")
    dishes = len(browser.find_elements(By.CSS_SELECTOR, ".menu-item"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        hidden = browser.execute_script("""
            return ['header.site', 'footer.site', 'details.menu-filters', 'form.menu-filter']
                .map(s => document.querySelector(s))
                .filter(e => e !== null)
                .map(e => getComputedStyle(e).display);""")
        assert hidden and set(hidden) == {"none"}, hidden
        shown = browser.execute_script("""
            return [...document.querySelectorAll('.menu-item')]
                .filter(e => e.getClientRects().length > 0
                    && getComputedStyle(e.querySelector('.price')).display !== 'none').length;""")
        assert shown == dishes == 16
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7  # A4, in centimetres
    pdf = base64.b64decode(browser.print_page(options))
    pages = len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf))
    assert 1 <= pages <= 2, pages
