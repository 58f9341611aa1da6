"""HTTP as caches and the field's tools (REDbot) read it: what depends on who is signed in is
never stored for another, what is the same for everyone is cached and revalidated, text is
compressed when it is worth it, and a server that is (or sits behind) HTTPS says so for good."""
import gzip
import json
import re

from conftest import Server

from test_access_holes import signed_in, token_of


def vary(headers):
    return {name.strip().lower() for name in headers.get("Vary", "").split(",") if name.strip()}


def test_what_depends_on_the_user_is_private_and_varies_by_credentials():
    server = Server(users=[("ada", "admin", "admin password")])
    try:
        cookie, _ = signed_in(server, "ada", "admin password")
        for path in ["/menu", "/", "/diary", "/survey"]:
            status, headers, _ = server.request("GET", path, headers=cookie)
            assert status == 200, path
            control = headers.get("Cache-Control", "")
            assert "private" in control and ("no-cache" in control or "no-store" in control), (path, control)
            assert {"cookie", "authorization"} <= vary(headers), (path, headers.get("Vary"))
        # A signed-in browser's pages are never compressed (BREACH: a page echoes a search
        # beside the user's data), however large.
        status, headers, body = server.request("GET", "/menu", headers={**cookie, "Accept-Encoding": "gzip"})
        assert status == 200 and len(body) > 1024 and "Content-Encoding" not in headers
        bearer = {"Authorization": f"Bearer {token_of(server, 'ada')}"}
        status, headers, _ = server.request("GET", "/openapi.json", headers={**bearer, "Accept-Encoding": "gzip"})
        assert status == 200 and headers.get("Content-Encoding") == "gzip"
        for path in ["/api/diary", "/api/respondents"]:
            status, headers, _ = server.request("GET", path, headers=bearer)
            assert status == 200, path
            assert "private" in headers.get("Cache-Control", ""), (path, headers.get("Cache-Control"))
            assert {"cookie", "authorization"} <= vary(headers), (path, headers.get("Vary"))
        # The public menu is the same for everyone: any cache may keep it, and revalidate it.
        status, headers, _ = server.request("GET", "/api/menu", headers=bearer)
        assert status == 200 and headers["Cache-Control"] == "public, no-cache"
    finally:
        server.stop()


def test_assets_are_revalidated_by_their_tag(server):
    for path in ["/style.css", "/app.js"]:
        status, headers, body = server.request("GET", path)
        assert status == 200 and body
        tag = headers.get("ETag")
        assert tag, path
        status, again, body = server.request("GET", path, headers={"If-None-Match": tag})
        assert status == 304 and body == b"", path
        assert again.get("ETag") == tag


def test_text_is_compressed_when_asked_and_worth_it(server):
    status, plain_headers, plain = server.request("GET", "/openapi.json")
    assert status == 200 and "Content-Encoding" not in plain_headers
    assert "accept-encoding" in vary(plain_headers)
    status, headers, body = server.request("GET", "/openapi.json", headers={"Accept-Encoding": "gzip, br;q=0.5"})
    assert status == 200 and headers.get("Content-Encoding") == "gzip"
    assert "accept-encoding" in vary(headers)
    assert int(headers["Content-Length"]) == len(body) < len(plain) / 4
    assert json.loads(gzip.decompress(body)) == json.loads(plain)
    # Refused encodings, and identity preferred by its weight, are honoured.
    for refusing in ["gzip;q=0", "identity;q=1, gzip;q=0.5", "gzip;q=0.1, identity"]:
        status, headers, body = server.request("GET", "/openapi.json", headers={"Accept-Encoding": refusing})
        assert "Content-Encoding" not in headers and body == plain, refusing
    # The compressed answer has a tag of its own, and a 304 says what its 200 said.
    _, compressed, _ = server.request("GET", "/openapi.json", headers={"Accept-Encoding": "gzip"})
    assert compressed["ETag"] == plain_headers["ETag"][:-1] + '-gzip"'
    status, revalidated, body = server.request(
        "GET", "/openapi.json", headers={"Accept-Encoding": "gzip", "If-None-Match": compressed["ETag"]})
    assert status == 304 and body == b""
    assert revalidated["ETag"] == compressed["ETag"] and "accept-encoding" in vary(revalidated)
    status, revalidated, _ = server.request("GET", "/openapi.json", headers={"If-None-Match": compressed["ETag"]})
    assert status == 304 and revalidated["ETag"] == plain_headers["ETag"]
    # A body too small to gain is sent as it is.
    status, headers, body = server.request("GET", "/health", headers={"Accept-Encoding": "gzip"})
    assert status == 200 and "Content-Encoding" not in headers and body.strip() == b"ok"


def test_a_server_behind_https_asks_browsers_to_keep_to_it():
    behind = Server("--secure-cookies")
    try:
        status, headers, _ = behind.request("GET", "/")
        assert status == 200
        assert re.fullmatch(r"max-age=\d{8,}(; includeSubDomains)?", headers.get("Strict-Transport-Security", "")), headers
    finally:
        behind.stop()


def test_a_plain_http_server_sends_no_strict_transport_security(server):
    _, headers, _ = server.request("GET", "/")
    assert "Strict-Transport-Security" not in headers


def test_a_compressed_entrys_tag_still_names_its_revision():
    """A program that takes gzip reads an entry's tag of the compressed answer; sent back in
    If-Match, it names the same revision, so the update goes through."""
    import urllib.request
    server = Server()
    try:
        body = json.dumps({"text": "x" * 4000}).encode()
        status, headers, answer = server.request("POST", "/api/diary", body=body,
                                                 headers={"Content-Type": "application/json"})
        assert status == 201
        entry = json.loads(answer)["id"]
        status, headers, _ = server.request("GET", f"/api/diary/{entry}", headers={"Accept-Encoding": "gzip"})
        assert status == 200 and headers.get("Content-Encoding") == "gzip"
        tag = headers["ETag"]
        assert tag.endswith('-gzip"')
        changed = json.dumps({"text": "y" * 4000}).encode()
        status, _, _ = server.request("PUT", f"/api/diary/{entry}", body=changed,
                                      headers={"Content-Type": "application/json", "If-Match": tag})
        assert status == 200
        status, _, _ = server.request("PUT", f"/api/diary/{entry}", body=changed,
                                      headers={"Content-Type": "application/json", "If-Match": tag})
        assert status == 412
    finally:
        server.stop()
