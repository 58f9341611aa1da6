"""Addresses from the command line, as a mistyping user or a hostile script gives them: a port
outside 1 to 65535, or a database URL whose decoded parts hold NUL or control characters
(which would reach PostgreSQL's startup message as extra parameters), are refused before
anything is sent, with status 64 and the part named, never a trap or a silent default."""
import os
import subprocess

import pytest

from conftest import casebook_binary


def run(*arguments, data):
    return subprocess.run([casebook_binary(), *arguments], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "CASEBOOK_DATA": data})


@pytest.mark.parametrize("arguments, port", [
    (["diary", "list", "--server", "http://127.0.0.1:99999/"], "99999"),
    (["diary", "export", "--server", "http://127.0.0.1:65536"], "65536"),
    (["survey", "sync", "--from", "{folder}", "--to", "http://127.0.0.1:70000/"], "70000"),
    (["survey", "verify", "--from", "{folder}", "--to", "http://127.0.0.1:65536/"], "65536"),
    (["survey", "sync", "--from", "{folder}", "--to", "http://127.0.0.1:0/"], "0"),
    (["preference", "push", "--user", "u", "--to", "http://127.0.0.1:99999999999999999999/"],
     "99999999999999999999"),
    (["serve", "--port", "0", "--sync-backend", "http://127.0.0.1:70000/"], "70000"),
])
def test_a_port_outside_its_range_is_refused_naming_it(tmp_path, arguments, port):
    folder = tmp_path / "Respondents"
    folder.mkdir()
    (folder / "a.yaml").write_text("id: a\n")
    given = [argument.replace("{folder}", str(folder)) for argument in arguments]
    result = run(*given, data=str(tmp_path / "data"))
    assert result.returncode == 64, (result.returncode, result.stderr)
    assert f"port {port} is not between 1 and 65535" in result.stderr, result.stderr


def test_a_port_that_is_not_a_number_is_named_so(tmp_path):
    result = run("diary", "list", "--server", "http://127.0.0.1:80a/", data=str(tmp_path / "data"))
    assert result.returncode == 64 and "port '80a' is not a number" in result.stderr, result.stderr


def test_a_web_page_where_the_api_should_be_is_named_not_dumped(tmp_path, server):
    """A server URL with a path before the API's (`…/sub`) finds the server's 404 page: the
    client says it found a web page, and names the URL as given, path and all."""
    folder = tmp_path / "Respondents"
    folder.mkdir()
    (folder / "a.yaml").write_text("id: a\n")
    synced = run("survey", "sync", "--from", str(folder), "--to", server.url + "/sub", "--retries", "0",
                 data=str(tmp_path / "data"))
    assert synced.returncode == 1 and "<html" not in synced.stderr, synced.stderr
    assert "a web page, not a Casebook answer" in synced.stderr, synced.stderr
    listed = run("diary", "list", "--server", server.url + "/sub", data=str(tmp_path / "data"))
    assert listed.returncode == 1 and f"the server at {server.url}/sub answered 404" in listed.stderr, listed.stderr


@pytest.mark.parametrize("url, part", [
    ("postgres://u@127.0.0.1:5432/d%00options%00-c%20log_statement%3Dall", "database"),
    ("postgres://u%00options%00-c@127.0.0.1:5432/d", "user"),
    ("postgres://u:p%00w@127.0.0.1:5432/d", "password"),
    ("postgres://u@127.0.0.1:5432/d%0Aoptions", "database"),
    ("postgres://u@127.0.0.1:99999999999999999999/d", "port"),
    ("postgres://u@127.0.0.1:70000/d", "port"),
    ("postgres://u@127.0.0.1:0/d", "port"),
    ("postgres://u@127.0.0.1:54x/d", "port"),
])
def test_a_database_url_that_would_reach_the_wire_altered_is_refused(tmp_path, url, part):
    result = run("diary", "list", "--database", url, data=str(tmp_path / "data"))
    assert result.returncode == 64, (result.returncode, result.stderr)
    assert "the database URL" in result.stderr and part in result.stderr, result.stderr
    assert "\x00" not in result.stderr
