"""The survey's forms read beside pyxform, XLSForm's reference reader: XLSForms written with
openpyxl (as Excel and LibreOffice write them: shared strings, numbers, booleans, several
languages, groups, repeats, older spellings), each one read by `casebook survey form` and by
pyxform, must be accepted by both with the same fields, types, choices and rules, or refused by
both. Then `casebook survey check` names each respondent's problems against a form."""
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import casebook_binary  # noqa: E402
from xlsform_comparison import differences  # noqa: E402

openpyxl = pytest.importorskip("openpyxl")
pytest.importorskip("pyxform")

CHOICES = [["list_name", "name", "label::English (en)", "label::Français (fr)"],
           ["yes_no", "yes", "Yes", "Oui"], ["yes_no", "no", "No", "Non"],
           ["crops", "maize", "Maize", "Maïs"], ["crops", "beans", "Beans", "Haricots"],
           ["crops", "cassava", "Cassava", "Manioc"]]

FORMS = {
    "household": [
        ["type", "name", "label::English (en)", "label::Français (fr)", "required", "constraint",
         "constraint_message::English (en)", "relevant", "hint"],
        ["text", "name", "Name", "Nom", "yes", None, None, None, "Head of household"],
        ["integer", "age", "Age", "Âge", True, ". >= 0 and . <= 120", "0 to 120", None, None],
        ["select_one yes_no", "consent", "Consent?", "Accord ?", "yes", None, None, None, None],
        ["begin group", "household", "Household", "Ménage", None, None, None, "${consent} = 'yes'", None],
        ["select_multiple crops", "crops", "Crops", "Cultures", None,
         "not(selected(., 'maize') and count-selected(.) > 2)", None, None, None],
        ["begin repeat", "members", "Members", "Membres", None, None, None, None, None],
        ["integer", "member_age", "Age", "Âge", "yes", ". < 130", None, None, None],
        ["end repeat"],
        ["end group"],
        ["geopoint", "gps", "Where", "Où", None, None, None, None, None],
        ["date", "visit", "Visit", "Visite", None, ". <= today()", None, None, None],
        ["decimal", "income", "Income", "Revenu", None, ". >= 0", None, None, None],
        ["image", "photo", "Photo", "Photo", None, None, None, None, None],
        ["note", "thanks", "Thank you", "Merci", None, None, None, None, None],
    ],
    "older_spellings": [
        ["Type", "Name", "Label:English", "Relevance", "Required"],
        ["select one from yes_no", "q1", "Q1", None, "no"],
        ["select all that apply from crops or specify other", "q2", "Q2", None, None],
        ["int", "q3", "Q3", "${q1}='yes'", "TRUE"],
        ["string", "q4", "Q4", None, None],
        ["begin_group", "g", "G", None, None],
        ["phone number", "q5", "Q5", None, None],
        ["end_group"],
        ["select_one yes_no or_other", "q6", "Q6", None, None],
    ],
    "whitespace_and_quotes": [
        ["type", "name", "label", "constraint", "relevant"],
        ["  integer  ", " count ", "How many?", ".  >=  1", None],
        ["text", "why", "Why?", None, "${count}  >  2 and ${count} != \u20185\u2019"],
    ],
    # Refused by both: each names what is wrong.
    "unknown_type": [["type", "name", "label"], ["integr", "age", "Age"]],
    "unknown_list": [["type", "name", "label"], ["select_one colours", "colour", "Colour"]],
    "unended_group": [["type", "name", "label"], ["begin group", "g", "G"], ["text", "t", "T"]],
    "duplicate_column": [["type", "name", "label", "label"], ["text", "t", "T", "T"]],
    "unknown_reference": [["type", "name", "label", "relevant"], ["text", "t", "T", "${nobody} = 1"]],
    "stray_end": [["type", "name", "label"], ["text", "t", "T"], ["end repeat"]],
}


def write_form(folder, name, survey, settings=None):
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "survey"
    for row in survey:
        sheet.append(row)
    choices = workbook.create_sheet("choices")
    for row in CHOICES:
        choices.append(row)
    if settings:
        sheet = workbook.create_sheet("settings")
        sheet.append(list(settings))
        sheet.append(list(settings.values()))
    path = os.path.join(folder, name + ".xlsx")
    workbook.save(path)
    return path


@pytest.mark.parametrize("name", sorted(FORMS))
def test_a_form_reads_as_pyxform_reads_it(tmp_path, name):
    path = write_form(str(tmp_path), name, FORMS[name],
                      settings={"form_id": name, "version": 2026120301} if name == "household" else None)
    assert differences(casebook_binary(), path) == [], name


def test_the_check_names_each_respondents_problems(tmp_path):
    form = write_form(str(tmp_path), "household", FORMS["household"], settings={"version": 7})
    folder = tmp_path / "Respondents"
    folder.mkdir()
    (folder / "ada.yaml").write_text(
        "id: ada\nname: Ada\nage: 36\nconsent: 'yes'\nhousehold:\n  crops: [maize, beans]\n"
        "  members:\n    - member_age: 9\ngps: -1.29 36.82\nvisit: 2026-11-30\n", encoding="utf-8")
    (folder / "zoe.yaml").write_text(
        "id: zoe\nname: Zoë\nage: forty\nconsent: maybe\nvisit: 2999-01-01\nincome: -5\n", encoding="utf-8")
    done = subprocess.run([casebook_binary(), "survey", "check", "--form", form, "--from", str(folder)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        "zoe.yaml: age: 'forty' is not a whole number",
        "zoe.yaml: consent: 'maybe' is not one of the choices of yes_no (yes, no)",
        "zoe.yaml: visit: '2999-01-01T00:00:00Z' breaks the rule . <= today()",
        "zoe.yaml: income: '-5' breaks the rule . >= 0",
        "checked 2 respondents against household: 1 have issues",
    ], done.stdout
