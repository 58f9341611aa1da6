"""The survey's form in a real Chromium at 390 px and 1280 px: an admin gives an XLSForm
written with openpyxl (as Excel writes one) from the form's page, uploads two households' files,
and reads the one that breaks the form marked in the table and its problems on its page; a
surveyor reads the data dictionary. Nothing runs past the screen's edge, the dictionary becomes
cards on a phone, and the mark sits beside the respondent's id."""
import os
import sys
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_menu_layout import SIZES, size_viewport  # noqa: E402
from test_sign_in import sign_in  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server  # noqa: E402

openpyxl = pytest.importorskip("openpyxl")

SURVEY = [
    ["type", "name", "label::English (en)", "label::Français (fr)", "required", "constraint",
     "constraint_message::English (en)", "relevant"],
    ["text", "name", "Name of the head of household", "Nom du chef de ménage", "yes", None, None, None],
    ["begin group", "household", "Household", "Ménage", None, None, None, None],
    ["integer", "size", "People living here", "Personnes", None, ". >= 1 and . <= 30", "Between 1 and 30", None],
    ["select_multiple crops", "crops", "Crops grown", "Cultures", None, None, None, None],
    ["end group"],
    ["select_one village", "village", "Village", "Village", "yes", None, None, None],
    ["integer", "age", "Age of the head", "Âge", None, ". >= 0 and . <= 120", "0 to 120", None],
    ["text", "why_old", "Why so old?", "Pourquoi ?", None, None, None, "${age} > 100"],
    ["geopoint", "gps", "Where the house is", "Où", None, None, None, None],
]
CHOICES = [["list_name", "name", "label::English (en)", "label::Français (fr)"],
           ["village", "kis", "Kisumu", "Kisoumou"], ["village", "nak", "Nakuru", "Nakourou"],
           ["crops", "maize", "Maize", "Maïs"], ["crops", "beans", "Beans", "Haricots"]]
SETTINGS = [["form_id", "form_title", "version", "default_language"],
            ["household", "Household survey 2026", "2026-12", "English (en)"]]

HOUSEHOLDS = {
    "h1.yaml": "id: h1\nname: Zoë Achieng\nhousehold:\n  size: 40\n  crops: maize beans\n"
               "village: kis\nage: forty\n",
    "h2.yaml": "id: h2\nname: Ali Otieno\nhousehold:\n  size: 4\n  crops: beans\nvillage: nak\nage: 38\n",
}

OVERFLOW = "return document.documentElement.scrollWidth;"


def press(browser, button_id):
    button = browser.find_element(By.ID, button_id)
    button.click()
    WebDriverWait(browser, 10).until(staleness_of(button))


def shown(browser, element_id):
    """The element, once the page that has it has loaded."""
    return WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, element_id))


@pytest.fixture(scope="module")
def files():
    folder = tempfile.mkdtemp(prefix="casebook-form-")
    workbook = openpyxl.Workbook()
    for index, (name, rows) in enumerate((("survey", SURVEY), ("choices", CHOICES), ("settings", SETTINGS))):
        sheet = workbook.active if index == 0 else workbook.create_sheet()
        sheet.title = name
        for row in rows:
            sheet.append(row)
    form = os.path.join(folder, "household.xlsx")
    workbook.save(form)
    paths = []
    for name, text in HOUSEHOLDS.items():
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        paths.append(path)
    return form, paths


@pytest.fixture(scope="module")
def survey(files):
    running = Server(users=[("ada", "admin", "correct horse"), ("sam", "surveyor", "battery staple")])
    yield running
    running.stop()


def test_an_admin_gives_the_form_and_reads_a_household_that_breaks_it(survey, files, browser, screenshot):
    form, households = files
    browser.delete_all_cookies()
    size_viewport(browser, 1280, 900)
    browser.get(survey.url + "/login")
    sign_in(browser, "ada", "correct horse")
    browser.get(survey.url + "/survey/form")
    assert "The survey has no form yet" in browser.page_source
    browser.find_element(By.ID, "form-file").send_keys(form)
    press(browser, "give-form")
    done = shown(browser, "form-done").text
    assert "Version 1 of the form is kept, with 7 questions" in done, done
    browser.get(survey.url + "/survey")
    browser.find_element(By.ID, "files").send_keys("\n".join(households))
    press(browser, "upload")
    assert "1 of them has issues against the form" in shown(browser, "upload-issues").text
    for width, height in SIZES:
        size_viewport(browser, width, height)
        where = f"at {width} px"
        browser.get(survey.url + "/survey/form")
        screenshot(f"survey-form-admin-{width}")
        issues = browser.find_element(By.ID, "form-issues").text
        assert issues.startswith("1 respondent has issues") and "false" not in issues, issues
        browser.execute_script("document.getElementById('dictionary').scrollIntoView()")
        screenshot(f"survey-form-dictionary-{width}")
        assert browser.execute_script(OVERFLOW) <= width, f"the form's page {where}: past the edge"
        cells = browser.execute_script("""
            const row = [...document.querySelectorAll('#dictionary tbody tr')][2];
            const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
            return {label: box(row.querySelector('th')), name: box(row.querySelector('td')),
                    text: row.querySelector('th').textContent};""")
        assert cells["text"] == "People living here", cells
        if width < 600:
            # A card: the name under its label, not squeezed beside it.
            assert cells["name"]["top"] >= cells["label"]["bottom"] - 1, f"{where}: {cells}"
        else:
            assert abs(cells["name"]["top"] - cells["label"]["top"]) < 2, f"{where}: {cells}"
        browser.get(survey.url + "/survey")
        browser.execute_script("document.getElementById('survey-form-link').scrollIntoView()")
        screenshot(f"survey-table-form-{width}")
        assert browser.execute_script(OVERFLOW) <= width, f"the survey's table {where}: past the edge"
        mark = browser.execute_script("""
            const link = document.querySelector('a[href="/survey/respondents/h1"]');
            const mark = link.parentElement.querySelector('span.issues');
            const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
            const headers = [...document.querySelectorAll('table.respondents thead th')].map(h => h.textContent);
            return {link: box(link), mark: mark && box(mark), text: mark && mark.textContent, headers};""")
        assert mark["text"] == "2 issues", mark
        assert abs(mark["mark"]["top"] - mark["link"]["top"]) < 6, f"{where}: the mark is not beside the id: {mark}"
        assert "Name of the head of household" in mark["headers"], mark["headers"]
        assert mark["headers"].index("Name of the head of household") < mark["headers"].index("Village")
        assert "Kisumu" in browser.page_source
        browser.get(survey.url + "/survey/respondents/h1")
        screenshot(f"survey-respondent-issues-{width}")
        assert browser.execute_script(OVERFLOW) <= width, f"the respondent's page {where}: past the edge"
        problems = browser.find_elements(By.CSS_SELECTOR, "#problems li")
        assert [p.text.split(":")[0] for p in problems] == ["household/size", "age"], \
            [p.text for p in problems]
        heading = browser.find_element(By.ID, "check-heading")
        assert heading.text == "Has issues: 2 issues"
        assert heading.rect["y"] < height, f"{where}: the problems are below the screen"


def test_a_surveyor_reads_the_data_dictionary(survey, browser, screenshot):
    browser.delete_all_cookies()
    size_viewport(browser, 1280, 900)
    browser.get(survey.url + "/login")
    sign_in(browser, "sam", "battery staple")
    for width, height in SIZES:
        size_viewport(browser, width, height)
        browser.get(survey.url + "/survey/form")
        screenshot(f"survey-form-surveyor-{width}")
        assert browser.execute_script(OVERFLOW) <= width
        assert "Data dictionary" in browser.page_source
        assert not browser.find_elements(By.ID, "give-form")
