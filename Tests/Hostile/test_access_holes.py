"""Access, as an attacker probes it: every spelling of a path gets one permission, no file a
store owns is opened behind its store's back, every guess at a password is counted, a changed
password ends the old sessions, redirects stay on this server, and one request names one host."""
import concurrent.futures
import http.client
import json
import os
import re
import socket
import subprocess
import urllib.parse

from conftest import Server, casebook_binary

JSON = {"Content-Type": "application/json"}


def test_acknowledged_diary_writes_survive_every_attempt_to_open_a_stores_file(server):
    """On Linux, closing any descriptor of a file drops the process's POSIX locks on it: a page
    that opened the live database let the next `casebook diary add` think it was alone, and the
    server's acknowledged writes were gone after a restart."""
    for name in ["diary.sqlite", "diary.sqlite-wal", "users.sqlite", "preference.key",
                 "../data/diary.sqlite", "Documents/../diary.sqlite"]:
        status, _, _ = server.request("GET", "/documents?path=" + name)
        assert status == 400, name
    documents = os.path.join(server.data, "Documents")
    os.makedirs(documents, exist_ok=True)
    os.symlink(os.path.join(server.data, "diary.sqlite"), os.path.join(documents, "link.txt"))
    os.link(os.path.join(server.data, "diary.sqlite"), os.path.join(documents, "hard.txt"))
    with open(os.path.join(documents, "copy.sqlite-wal"), "w") as file:
        file.write("not a document\n")
    status, _, body = server.request("GET", "/documents")
    assert status == 200
    assert b"link.txt: it is a symbolic link" in body
    assert b"hard.txt: it has other names (hard links)" in body
    assert b"copy.sqlite-wal: it is a store&#39;s file, not a document" in body
    for arguments in (["document", "show"], ["attachment", "open"]):
        shown = subprocess.run([casebook_binary(), *arguments, os.path.join(server.data, "diary.sqlite")],
                               capture_output=True, timeout=60)
        assert shown.returncode == 1 and b"it is a store's file" in shown.stderr

    added = subprocess.run([casebook_binary(), "diary", "add", "from the command line", "--data", server.data],
                           capture_output=True, timeout=60)
    assert added.returncode == 0, added.stderr
    for number in range(5):
        body = json.dumps({"text": f"acknowledged {number}"}).encode()
        assert server.request("POST", "/api/diary", body=body, headers=JSON)[0] == 201
    server.restart()
    status, _, body = server.request("GET", "/api/diary?limit=100")
    assert status == 200
    texts = {entry["text"] for entry in json.loads(body)["entries"]}
    assert texts == {"from the command line"} | {f"acknowledged {number}" for number in range(5)}


def sign_in_form(server):
    """A CSRF token from the sign-in page, and a function that posts a sign-in from an address."""
    _, headers, _ = server.request("GET", "/login")
    token = re.search(r"casebook_csrf=([0-9a-f]{64})", headers.get("Set-Cookie", "")).group(1)

    def sign_in(name, password, source="127.0.0.1"):
        body = urllib.parse.urlencode({"csrf": token, "username": name, "password": password}).encode()
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60,
                                                source_address=(source, 0))
        try:
            connection.request("POST", "/login", body=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"casebook_csrf={token}"})
            response = connection.getresponse()
            response.read()
            return response.status, dict(response.getheaders())
        finally:
            connection.close()
    return sign_in


ADMIN = ("admin", "admin", "correct horse battery")


def test_every_guess_is_counted_whatever_the_concurrency_or_the_address():
    """Forty wrong passwords for one name at once, each from its own loopback address: five
    reach the password check, the rest are refused (429, with Retry-After) before it."""
    server = Server(users=[ADMIN])
    try:
        sign_in = sign_in_form(server)
        with concurrent.futures.ThreadPoolExecutor(max_workers=40) as pool:
            answers = list(pool.map(lambda n: sign_in("admin", f"wrong {n}", f"127.0.0.{n + 2}"), range(40)))
        statuses = [status for status, _ in answers]
        assert statuses.count(401) == 5 and statuses.count(429) == 35, statuses
        assert all(headers.get("Retry-After", "").isdigit() for status, headers in answers if status == 429)
    finally:
        server.stop()


def test_a_flood_of_failures_for_unknown_names_locks_nobody_else_out():
    server = Server(users=[ADMIN])
    try:
        sign_in = sign_in_form(server)
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(lambda n: sign_in(f"nobody{n}", "wrong password", f"127.0.1.{n % 4 + 1}"), range(100)))
        status, headers = sign_in("admin", "correct horse battery", "127.0.2.1")
        assert status == 303, status
    finally:
        server.stop()


def test_a_password_bcrypt_would_cut_is_refused_not_checked_on_its_first_72_bytes():
    password = "p" * 72
    server = Server(users=[("ada", "admin", password)])
    try:
        sign_in = sign_in_form(server)
        assert sign_in("ada", password + "anything")[0] == 400
        assert sign_in("ada", password)[0] == 303
    finally:
        server.stop()


def raw_request(server, text):
    """The status line and body of one request sent byte for byte."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        connection.sendall(text.encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_a_request_names_one_host(server):
    """Two Host headers are a bad request; an absolute-form target must name the same host as
    its Host header (so a proxy and Casebook cannot read two different hosts in one request)."""
    status, body = raw_request(server, "GET /api/diary HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                       "Host: evil.example\r\nConnection: close\r\n\r\n")
    assert status == 400 and b"Host" in body
    status, body = raw_request(server, "GET http://evil.example/api/diary HTTP/1.1\r\n"
                                       "Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert status == 400 and b"evil.example" in body
    status, _ = raw_request(server, "GET http://evil.example/api/diary HTTP/1.1\r\n"
                                    "Host: evil.example\r\nConnection: close\r\n\r\n")
    assert status == 421
    status, _ = raw_request(server, f"GET http://127.0.0.1:{server.port}/api/diary HTTP/1.1\r\n"
                                    f"Host: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n")
    assert status == 200
