"""The survey's respondents as an XLSX workbook, read back with openpyxl (the library
spreadsheets' own tooling uses): a phone number keeps its zero, numbers and dates are typed,
text that looks like a formula is text, the columns follow the form, and each review's
columns are there."""
import base64
import datetime
import io
import json
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server, casebook_binary  # noqa: E402

openpyxl = pytest.importorskip("openpyxl")

FORM = """survey:
  - {type: text, name: name, label: Name}
  - {type: begin_group, name: household, label: Household}
  - {type: integer, name: size, label: People}
  - {type: end_group}
  - {type: text, name: phone, label: Phone}
  - {type: date, name: visit, label: Visit}
  - {type: decimal, name: income, label: Income}
  - {type: geopoint, name: gps, label: Where}
settings: {form_id: household}
"""


@pytest.mark.filterwarnings("error")
def test_the_workbook_opens_with_each_cell_of_its_type():
    running = Server(users=[("ada", "admin", "correct horse")])
    try:
        token = subprocess.run([casebook_binary(), "token", "create", "--user", "ada", "--data", running.data],
                               capture_output=True, text=True, check=True,
                               env=running.environment).stdout.split()[-1]
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        body = json.dumps({"name": "household.yaml", "file": base64.b64encode(FORM.encode()).decode()})
        status, _, answer = running.request("POST", "/api/survey-form/versions", body=body.encode(), headers=headers)
        assert status == 201, answer
        respondents = [
            {"id": "h1", "name": "Zoë", "phone": "0761780050", "household": {"size": 4},
             "visit": "2025-11-02", "income": "1250.5", "note": "=HYPERLINK(\"http://x\")",
             "gps": "-0.0917 34.7680 1131 5"},
            {"id": "h2", "name": "Ali", "phone": "+254 700", "household": {"size": "four"},
             "visit": "soon", "consent": True},
        ]
        status, _, answer = running.request("POST", "/api/respondents", body=json.dumps(respondents).encode(),
                                            headers=headers)
        assert status == 200, answer
        status, response_headers, workbook_bytes = running.request(
            "GET", "/api/respondents?format=xlsx&review=true", headers={"Authorization": f"Bearer {token}"})
        assert status == 200, workbook_bytes[:300]
        assert response_headers["Content-Type"].startswith("application/vnd.openxmlformats")
        sheet = openpyxl.load_workbook(io.BytesIO(workbook_bytes)).active
        rows = list(sheet.iter_rows(values_only=True))
        header = list(rows[0])
        assert header[:6] == ["id", "name", "household/size", "phone", "visit", "income"], header
        assert "_review_state" in header and "_received_at" in header
        first = dict(zip(header, rows[1]))
        second = dict(zip(header, rows[2]))
        assert first["name"] == "Zoë"
        assert first["phone"] == "0761780050", "text stays text, its zero kept"
        assert first["household/size"] == 4 and isinstance(first["household/size"], int)
        assert first["visit"] == datetime.datetime(2025, 11, 2)
        assert first["income"] == 1250.5
        assert first["note"] == "=HYPERLINK(\"http://x\")", "a formula's text is text"
        assert sheet.cell(row=2, column=header.index("note") + 1).data_type == "s"
        assert second["household/size"] == "four", "what breaks the form is kept as sent"
        assert second["visit"] == "soon"
        assert second["consent"] is True
        assert second["_review_state"] == "has-issues"
        assert isinstance(first["_received_at"], datetime.datetime)
        # The positions as GeoJSON, for a map: h1 has one, h2 none.
        status, response_headers, geojson = running.request(
            "GET", "/api/respondents?format=geojson", headers={"Authorization": f"Bearer {token}"})
        assert status == 200, geojson[:300]
        assert response_headers["Content-Type"] == "application/geo+json"
        collection = json.loads(geojson)
        assert collection["type"] == "FeatureCollection"
        assert [feature["geometry"] for feature in collection["features"]] == [
            {"type": "Point", "coordinates": [34.768, -0.0917]}]
        assert collection["features"][0]["properties"]["household/size"] == "4"
        # The same from the command line, its form given as a file.
        form = os.path.join(running.root, "household.yaml")
        with open(form, "w") as file:
            file.write(FORM)
        exported = subprocess.run(
            [casebook_binary(), "survey", "export", "--format", "xlsx", "--form", form, "--data", running.data],
            capture_output=True, env=running.environment, timeout=60)
        assert exported.returncode == 0, exported.stderr
        rows = list(openpyxl.load_workbook(io.BytesIO(exported.stdout)).active.iter_rows(values_only=True))
        assert list(rows[0])[:4] == ["id", "name", "household/size", "phone"]
        assert rows[1][3] == "0761780050" and rows[1][2] == 4
    finally:
        running.stop()
