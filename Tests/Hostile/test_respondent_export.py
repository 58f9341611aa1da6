"""Respondents with hostile values (commas, quotes, line breaks, formulas, non-ASCII, nested
maps and lists), exported as CSV through the API and read back by Python's `csv` module as a
spreadsheet would read it: the same columns and values, one row each; JSON Lines read back
line by line; a ZIP of their files read back by `zipfile`."""
import csv
import io
import json
import zipfile

RESPONDENTS = [
    {"id": "r1", "name": "Zoë \"the elder\", of Łódź", "note": "first line\nsecond line",
     "household": {"size": 4, "head": {"age": 51}}, "crops": ["maize", "beans"]},
    {"id": "r2", "name": "=HYPERLINK(\"http://evil.example\",\"click\")", "note": "+1; -2, @3",
     "consent": True, "weight": 61.5, "missing": None},
    {"id": "r3", "name": "東京", "note": "\r\ncarriage, return\r\n"},
]


def store(server):
    status, _, body = server.request("POST", "/api/respondents", json.dumps(RESPONDENTS).encode(),
                                     {"Content-Type": "application/json"})
    assert status == 200, body


def test_csv_reads_back_as_the_respondents_with_a_column_per_field(server):
    store(server)
    status, headers, body = server.request("GET", "/api/respondents?format=csv")
    assert status == 200
    assert headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8"), newline="")))
    assert [row["id"] for row in rows] == ["r1", "r2", "r3"]
    assert list(rows[0].keys()) == ["id", "consent", "crops", "household/head/age",
                                    "household/size", "missing", "name", "note", "weight"]
    assert rows[0]["name"] == "Zoë \"the elder\", of Łódź"
    assert rows[0]["note"] == "first line\nsecond line"
    assert rows[0]["household/size"] == "4" and rows[0]["household/head/age"] == "51"
    assert json.loads(rows[0]["crops"]) == ["maize", "beans"]
    assert rows[1]["name"] == RESPONDENTS[1]["name"]
    assert rows[1]["consent"] == "true" and rows[1]["weight"] == "61.5"
    assert rows[1]["missing"] == "" and rows[1]["crops"] == ""
    assert rows[2]["name"] == "東京" and rows[2]["note"] == "\r\ncarriage, return\r\n"


def test_a_csv_for_a_spreadsheet_has_a_byte_order_mark_and_runs_no_formula(server):
    store(server)
    status, _, body = server.request("GET", "/api/respondents?format=csv&spreadsheet=true")
    assert status == 200
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"), newline=""),
                               dialect="excel"))
    formulas = [value for row in rows for value in row.values()
                if value and value[0] in "=+-@"]
    assert formulas == []
    assert rows[1]["name"] == "'" + RESPONDENTS[1]["name"]
    assert rows[0]["household/size"] == "4"


def test_json_lines_read_back_as_the_respondents(server):
    store(server)
    status, headers, body = server.request("GET", "/api/respondents",
                                           headers={"Accept": "application/jsonl"})
    assert status == 200
    assert headers["Content-Type"] == "application/jsonl"
    assert [json.loads(line) for line in body.decode("utf-8").splitlines()] == RESPONDENTS


def test_a_zip_holds_each_respondents_file_read_back_by_zipfile(server):
    store(server)
    original = "id: r4\nname: \"Ada\"   # as typed, comment kept\nnote: |\n  two\n  lines\n"
    envelope = {"respondents": [{"id": "r4", "name": "Ada", "note": "two\nlines\n"}],
                "originals": [original]}
    status, _, body = server.request("POST", "/api/respondents", json.dumps(envelope).encode(),
                                     {"Content-Type": "application/json"})
    assert status == 200, body
    status, headers, body = server.request("GET", "/api/respondents?format=zip")
    assert status == 200
    assert headers["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        assert archive.testzip() is None
        assert archive.namelist() == ["r1.yaml", "r2.yaml", "r3.yaml", "r4.yaml"]
        assert archive.read("r4.yaml").decode("utf-8") == original
        # Without a file, its JSON, which a YAML reader reads as the same mapping.
        assert json.loads(archive.read("r1.yaml")) == RESPONDENTS[0]


def test_flattened_column_names_never_collide(server):
    """A field named `a/b` and a map `a` with a field `b` are two columns, each with its own
    value: a `/` or `\\` inside a field's own name is escaped with a `\\`."""
    rows = [{"id": "c1", "a/b": "slash", "a": {"b": "nested"}, "x\\": {"y": "back"}}]
    status, _, body = server.request("POST", "/api/respondents", json.dumps(rows).encode(),
                                     {"Content-Type": "application/json"})
    assert status == 200, body
    status, _, body = server.request("GET", "/api/respondents?format=csv")
    assert status == 200
    read = list(csv.reader(io.StringIO(body.decode("utf-8"), newline="")))
    header, row = read[0], read[1]
    assert len(set(header)) == len(header), header
    assert dict(zip(header, row)) == {"id": "c1", "a/b": "nested", "a\\/b": "slash", "x\\\\/y": "back"}
