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


def test_every_guess_is_counted_whatever_the_concurrency():
    """Forty wrong passwords for one name at once from one address: five reach the password
    check, the rest are refused (429, with Retry-After) before it."""
    server = Server(users=[ADMIN])
    try:
        sign_in = sign_in_form(server)
        with concurrent.futures.ThreadPoolExecutor(max_workers=40) as pool:
            answers = list(pool.map(lambda n: sign_in("admin", f"wrong {n}", "127.0.0.2"), range(40)))
        statuses = [status for status, _ in answers]
        assert statuses.count(401) == 5 and statuses.count(429) == 35, statuses
        assert all(headers.get("Retry-After", "").isdigit() for status, headers in answers if status == 429)
    finally:
        server.stop()


def test_nobody_who_knows_a_name_can_lock_its_owner_out():
    """Five wrong passwords for maria blocked her for 15 minutes from every address, her own
    password included. Now 1,000 wrong guesses from 50 addresses refuse those 50 (for her), and
    slow them, while maria signs in at once from an address that has not failed."""
    server = Server(users=[("maria", "manager", "pizza oven 2026")])
    try:
        sign_in = sign_in_form(server)

        def guess_from(address):
            return [sign_in("maria", f"guess {n}", address)[0] for n in range(20)]

        addresses = [f"127.0.3.{n + 1}" for n in range(50)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
            statuses = [status for answers in pool.map(guess_from, addresses) for status in answers]
        # At most five checked a name from an address; slowed attempts wait their turn, and
        # those that would wait long are refused too.
        assert statuses.count(401) <= 250 and statuses.count(401) + statuses.count(429) == 1000, statuses
        # From a new address, at once (the name's delay is only for addresses that failed,
        # which the throttle's own tests check).
        assert sign_in("maria", "pizza oven 2026", "127.0.4.1")[0] == 303
        assert sign_in("maria", "pizza oven 2026", addresses[0])[0] == 429
    finally:
        server.stop()


def test_a_flood_of_failures_for_unknown_names_locks_nobody_else_out():
    """105 failed sign-ins for names nobody has, 15 from each of 7 addresses (under the limit per
    address, so every one is checked): a limit for everybody (it was 100) would now refuse the
    admin's correct password from elsewhere."""
    server = Server(users=[ADMIN])
    try:
        sign_in = sign_in_form(server)
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            answers = list(pool.map(
                lambda n: sign_in(f"nobody{n}", "wrong password", f"127.0.1.{n % 7 + 1}")[0], range(105)))
        assert answers.count(401) == 105, answers
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
    # A request that names no host at all is a bad one (RFC 9112, 3.2), not a misdirected one.
    status, body = raw_request(server, "GET /api/diary HTTP/1.1\r\nConnection: close\r\n\r\n")
    assert status == 400 and b"names no host" in body


def signed_in(server, name, password):
    """Headers of a browser signed in as `name` (its session and CSRF cookies), and the token."""
    _, headers, _ = server.request("GET", "/login")
    token = re.search(r"casebook_csrf=([0-9a-f]{64})", headers.get("Set-Cookie", "")).group(1)
    body = urllib.parse.urlencode({"csrf": token, "username": name, "password": password}).encode()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        connection.request("POST", "/login", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"casebook_csrf={token}"})
        response = connection.getresponse()
        response.read()
        assert response.status == 303, response.status
        cookies = " ".join(response.msg.get_all("Set-Cookie"))
    finally:
        connection.close()
    session = re.search(r"casebook_session=([^;]+)", cookies).group(1)
    return {"Cookie": f"casebook_csrf={token}; casebook_session={session}"}, token


ROLES = [("ada", "admin", "admin password"), ("dee", "diarist", "diary password"),
         ("sam", "surveyor", "survey password")]


def test_a_path_spelled_another_way_gets_no_other_permission():
    """The router ignores empty segments; the access check once read the raw text, so a diarist
    read every respondent through //api/respondents, planted one and overwrote an admin's
    preference. Now every spelling gets the canonical route's permission, or none."""
    server = Server(users=ROLES)
    try:
        admin, _ = signed_in(server, "ada", "admin password")
        body = json.dumps([{"id": "secret", "phone": "555-0199"}]).encode()
        assert server.request("POST", "/api/respondents", body=body, headers={**admin, **JSON})[0] == 200
        diarist, csrf = signed_in(server, "dee", "diary password")
        for method, path in [("GET", "//api/respondents"), ("GET", "/api//respondents/secret"),
                             ("GET", "/api/respondents/"), ("GET", "//metrics"), ("GET", "/metrics/"),
                             ("GET", "//api/preferences/ada"), ("GET", "//survey"), ("GET", "//documents"),
                             ("GET", "/./api/respondents"), ("GET", "/api/respondents/./secret")]:
            status, headers, answer = server.request(method, path, headers=diarist)
            assert b"555-0199" not in answer, path
            assert status in (308, 404), (path, status)
            if status == 308:
                followed = server.request("GET", headers["Location"], headers=diarist)
                assert followed[0] == 403 and b"555-0199" not in followed[2], path
        planted = json.dumps([{"id": "planted"}]).encode()
        preference = json.dumps({"choice": "never"}).encode()
        for method, path, payload in [("POST", "//api/respondents", planted),
                                      ("POST", "/api/respondents/", planted),
                                      ("PUT", "//api/preferences/ada", preference),
                                      ("PUT", "/api//preferences/ada", preference)]:
            assert server.request(method, path, body=payload, headers={**diarist, **JSON})[0] == 404, path
        status, _, listed = server.request("GET", "/api/respondents", headers=admin)
        assert status == 200 and b"planted" not in listed
        assert server.request("GET", "/api/preferences/ada", headers=admin)[0] == 404
        surveyor, _ = signed_in(server, "sam", "survey password")
        status, _, page = server.request("GET", "/survey", headers=surveyor)
        assert status == 200 and b"555-0199" not in page
    finally:
        server.stop()


def test_a_new_password_ends_the_old_sessions_at_once():
    # Credentials kept for five minutes: only the server's watch of its users' database ends
    # them at once.
    server = Server("--credential-cache", "300", users=ROLES)
    try:
        diarist, _ = signed_in(server, "dee", "diary password")
        assert server.request("GET", "/api/diary", headers=diarist)[0] == 200
        changed = subprocess.run([casebook_binary(), "user", "passwd", "dee", "--data", server.data],
                                 input=b"a new password\n", capture_output=True, timeout=60)
        assert changed.returncode == 0 and b"sessions have ended" in changed.stdout
        assert server.request("GET", "/api/diary", headers=diarist)[0] == 401
        assert server.request("GET", "/diary", headers=diarist)[0] == 303
    finally:
        server.stop()


def test_sign_in_never_sends_a_browser_to_another_site():
    server = Server(users=ROLES)
    try:
        for next_path in ["/%09/evil.example", "/%0a/evil.example", "//evil.example", "/%5Cevil.example",
                          "https://evil.example", "/%20/evil.example"]:
            _, _, page = server.request("GET", "/login?next=" + next_path)
            assert b"evil.example" not in page, next_path
            _, headers, _ = server.request("GET", "/login")
            token = re.search(r"casebook_csrf=([0-9a-f]{64})", headers["Set-Cookie"]).group(1)
            body = (f"csrf={token}&username=dee&password=diary+password&next=" + next_path).encode()
            status, headers, _ = server.request("POST", "/login", body=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"casebook_csrf={token}"})
            assert status == 303 and "evil.example" not in headers["Location"], (next_path, headers["Location"])
        status, headers, _ = server.request("GET", "/x/..//\\evil.example")
        assert status == 404 and "Location" not in headers
    finally:
        server.stop()


def test_a_stale_delete_is_refused_like_a_stale_update(server):
    status, headers, body = server.request("POST", "/api/diary", body=b'{"text": "first"}', headers=JSON)
    entry, opened = json.loads(body)["id"], headers["ETag"]
    assert server.request("PUT", f"/api/diary/{entry}", body=b'{"text": "mine"}', headers=JSON)[0] == 200
    status, headers, _ = server.request("DELETE", f"/api/diary/{entry}", headers={"If-Match": opened})
    assert status == 412 and headers["ETag"] != opened
    assert server.request("GET", f"/api/diary/{entry}")[0] == 200


def test_verify_repair_never_trusts_a_duplicate(server, tmp_path):
    folder = tmp_path / "Respondents"
    folder.mkdir()
    (folder / "z.yaml").write_text("id: 7\nanswer: first\n")

    def casebook(*arguments):
        return subprocess.run([casebook_binary(), "survey", *arguments, "--from", str(folder), "--to", server.url],
                              capture_output=True, timeout=60)
    assert casebook("sync").returncode == 0
    (folder / "a.yaml").write_text("id: 7\nanswer: impostor\n")
    synced = casebook("sync")
    assert b"a.yaml: id '7' is already used by z.yaml" in synced.stderr
    casebook("verify", "--repair")
    status, _, body = server.request("GET", "/api/respondents/7")
    assert json.loads(body)["answer"] == "first"


def test_preference_push_carries_a_token():
    server = Server(users=[("u7", "diarist", "correct horse")])
    try:
        token = subprocess.run([casebook_binary(), "token", "create", "--user", "u7", "--data", server.data],
                               capture_output=True, text=True, check=True).stdout.strip()
        data = os.path.join(server.root, "client")
        subprocess.run([casebook_binary(), "preference", "set", "never", "--data", data], check=True,
                       capture_output=True)
        pushed = subprocess.run([casebook_binary(), "preference", "push", "--user", "u7", "--to", server.url,
                                 "--data", data], capture_output=True, timeout=60,
                                env={**os.environ, "CASEBOOK_TOKEN": token})
        assert pushed.returncode == 0, pushed.stderr
        status, _, body = server.request("GET", "/api/preferences/u7", headers={"Authorization": f"Bearer {token}"})
        assert status == 200 and json.loads(body)["choice"] == "never"
    finally:
        server.stop()


def test_behind_a_trusted_proxy_each_client_counts_alone():
    """Behind a proxy every client has the proxy's address; with --trusted-proxy the client its
    X-Forwarded-For names is counted instead, so one client's failures block that client only.
    A client that is not a trusted proxy cannot choose the address it is counted under."""
    server = Server("--trusted-proxy", "127.0.0.1", users=[ADMIN])
    try:
        _, headers, _ = server.request("GET", "/login")
        token = re.search(r"casebook_csrf=([0-9a-f]{64})", headers["Set-Cookie"]).group(1)

        def sign_in(name, password, forwarded_for, source="127.0.0.1"):
            body = urllib.parse.urlencode({"csrf": token, "username": name, "password": password}).encode()
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60,
                                                    source_address=(source, 0))
            try:
                connection.request("POST", "/login", body=body, headers={
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": f"casebook_csrf={token}", "X-Forwarded-For": forwarded_for})
                response = connection.getresponse()
                response.read()
                return response.status
            finally:
                connection.close()
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(lambda n: sign_in(f"nobody{n}", "wrong password", "203.0.113.1"), range(20)))
        assert sign_in("nobody", "wrong password", "203.0.113.1") == 429
        assert sign_in("admin", "correct horse battery", "203.0.113.2") == 303
        # From another loopback address, which is no trusted proxy, the header is not believed.
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(lambda n: sign_in(f"other{n}", "wrong password", f"198.51.100.{n}", "127.0.0.9"),
                          range(20)))
        assert sign_in("admin", "correct horse battery", "198.51.100.99", "127.0.0.9") == 429
    finally:
        server.stop()


def token_of(server, name):
    return subprocess.run([casebook_binary(), "token", "create", "--user", name, "--data", server.data],
                          capture_output=True, text=True, check=True).stdout.strip()


def test_a_respondent_id_has_one_spelling():
    """`josé` composed (NFC) and decomposed (NFD) look the same and were one respondent to the
    store and two to the review: an id must be in Unicode's composed form (NFC), and one that is
    not is refused naming it, through the API and in a synced file."""
    server = Server()
    try:
        composed, decomposed = "jos\u00e9", "jose\u0301"
        body = json.dumps([{"id": composed, "answer": 1}]).encode()
        assert server.request("POST", "/api/respondents", body=body, headers=JSON)[0] == 200
        body = json.dumps([{"id": decomposed, "answer": 2}]).encode()
        status, _, answer = server.request("POST", "/api/respondents", body=body, headers=JSON)
        assert status == 400, answer
        assert "NFC" in json.loads(answer)["detail"], answer
        folder = os.path.join(server.root, "Respondents")
        os.makedirs(folder)
        with open(os.path.join(folder, "d.yaml"), "w", encoding="utf-8") as file:
            file.write(f"id: {decomposed}\nanswer: 3\n")
        synced = subprocess.run([casebook_binary(), "survey", "sync", "--from", folder, "--to", server.url],
                                capture_output=True, text=True, timeout=60)
        assert synced.returncode == 1 and "NFC" in synced.stderr, synced.stderr
        status, _, listed = server.request("GET", "/api/respondents?limit=100")
        ids = [respondent["id"] for respondent in json.loads(listed)["respondents"]]
        assert ids == [composed], ids
    finally:
        server.stop()


def test_a_sort_key_another_surveyor_owns_starts_no_page():
    """`sorted_after=` named another surveyor's respondent, and the page started after its
    value: the first row told that value. An id the viewer may not read is one they do not
    know, and the page starts at the beginning."""
    server = Server(users=[("sam", "surveyor", "survey password"), ("sue", "surveyor", "survey password")])
    try:
        sue = {"Authorization": f"Bearer {token_of(server, 'sue')}", **JSON}
        sam = {"Authorization": f"Bearer {token_of(server, 'sam')}", **JSON}
        body = json.dumps([{"id": "s1", "age": 77}]).encode()
        assert server.request("POST", "/api/respondents", body=body, headers=sue)[0] == 200
        body = json.dumps([{"id": f"m{n}", "age": age} for n, age in enumerate([10, 30, 50, 70, 90])]).encode()
        assert server.request("POST", "/api/respondents", body=body, headers=sam)[0] == 200
        cookie, _ = signed_in(server, "sam", "survey password")

        def first_rows(after):
            status, _, page = server.request("GET", f"/survey?sort=age&sorted_after={after}", headers=cookie)
            assert status == 200
            return re.findall(r'<th scope="row">(?:<a [^>]*>)?(m\d)<', page.decode())

        assert first_rows("m2")[0] == "m3"
        assert first_rows("s1") == first_rows("nobody")
        assert first_rows("s1")[0] == "m0"
    finally:
        server.stop()


def test_a_surveyor_reads_no_digest_of_anothers_answers(tmp_path):
    """The digests a sync reads are SHA-256 of a respondent's answers: another surveyor's
    would confirm a guess at them offline (a probe recovered an age and a smoker answer). A
    surveyor reads the digests of what they sent alone; an admin reads every one; and a
    surveyor's own sync still sends only what changed."""
    import hashlib
    server = Server(users=[("ada", "admin", "admin password"), ("sam", "surveyor", "survey password"),
                           ("sue", "surveyor", "survey password")])
    try:
        sue = {"Authorization": f"Bearer {token_of(server, 'sue')}", **JSON}
        sam_token = token_of(server, "sam")
        sam = {"Authorization": f"Bearer {sam_token}", **JSON}
        admin = {"Authorization": f"Bearer {token_of(server, 'ada')}", **JSON}
        body = json.dumps([{"id": "s1", "age": 77, "smoker": True}]).encode()
        assert server.request("POST", "/api/respondents", body=body, headers=sue)[0] == 200
        bucket = hashlib.sha256(b"s1").digest()[0]
        lookup = json.dumps({"ids": ["s1"]}).encode()
        for headers, sees in [(sam, False), (admin, True), (sue, True)]:
            status, _, answer = server.request("GET", f"/api/respondent-store/digests/{bucket}", headers=headers)
            assert status == 200
            assert ("s1" in [r["id"] for r in json.loads(answer)["respondents"]]) == sees
            status, _, answer = server.request("POST", "/api/respondent-store/lookup", body=lookup, headers=headers)
            assert status == 200 and ("s1" in json.loads(answer)["digests"]) == sees
        status, _, answer = server.request("GET", "/api/respondent-store/digests", headers=sam)
        assert status == 200 and set(json.loads(answer)["buckets"]) == {"0" * 64}
        folder = tmp_path / "Respondents"
        folder.mkdir()
        for number in range(5):
            (folder / f"m{number}.yaml").write_text(f"id: m{number}\nage: {20 + number}\n")
        environment = {**os.environ, "CASEBOOK_TOKEN": sam_token}
        for expected in ["synced 5, unchanged 0, failed 0", "synced 0, unchanged 5, failed 0"]:
            synced = subprocess.run([casebook_binary(), "survey", "sync", "--from", str(folder), "--to", server.url],
                                    capture_output=True, text=True, timeout=60, env=environment)
            assert synced.returncode == 0 and expected in synced.stdout, synced.stdout + synced.stderr
        status, _, answer = server.request("GET", "/api/respondent-store/digests", headers=sam)
        assert len(set(json.loads(answer)["buckets"]) - {"0" * 64}) >= 1
    finally:
        server.stop()
