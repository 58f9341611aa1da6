"""The hostile-input suite: one test per class of attack on a real `casebook serve` (and the
real `casebook` command), each as an attacker would send it, byte for byte."""
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import pytest

from conftest import casebook_binary

# The "billion laughs": 600 bytes that expand to a billion strings. It lives in the fuzz corpus,
# which the Swift tests read too.
with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                       "Fuzz", "Corpus", "respondent-yaml", "billion-laughs.yaml")) as _bomb:
    BILLION_LAUGHS = _bomb.read()
JSON = {"Content-Type": "application/json"}


def error_of(body):
    return json.loads(body)["detail"]


def listen_overflows():
    """Connections the kernel has dropped from full accept queues since it started: a client
    dropped so waits a second or more for its connection to be retried."""
    with open("/proc/net/netstat") as netstat:
        names, values = [line.split() for line in netstat if line.startswith("TcpExt:")][:2]
    return int(values[names.index("ListenOverflows")])


def diary_count(server):
    status, _, body = server.request("GET", "/api/diary?limit=1000")
    assert status == 200
    return len(json.loads(body)["entries"])


def respondents_folder(server):
    folder = os.path.join(server.data, "Respondents")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "ok.yaml"), "w") as file:
        file.write("id: ok\nname: Ada\n")
    return folder


# Runs argv[2:] and writes its peak RSS (KiB) to argv[1]. A fresh interpreter does the spawning
# because a child's peak RSS counts the memory of whatever forked it: the test process's own,
# tens of megabytes, would hide the command's.
MEASURE = """import os, sys
pid = os.posix_spawn(sys.argv[2], sys.argv[2:], os.environ)
_, status, usage = os.wait4(pid, 0)
open(sys.argv[1], "w").write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_measured(arguments):
    """Runs a command; returns (status, stdout, stderr, peak RSS in MB) of that command."""
    with tempfile.NamedTemporaryFile() as peak:
        process = subprocess.run([sys.executable, "-c", MEASURE, peak.name, *arguments],
                                 capture_output=True, text=True, timeout=120)
        return process.returncode, process.stdout, process.stderr, int(open(peak.name).read()) / 1024


def test_numbers_from_clients_are_bounded_not_trapped(server):
    for query in ["page=9223372036854775807", "page=-1", "page=1e999"]:
        status, _, body = server.request("GET", f"/survey?{query}")
        assert status == 400
        assert b"query parameter &#39;page&#39; must be a whole number" in body
    for path, name in [("/api/diary?limit=abc", "limit"), ("/api/diary?offset=99999999999999999999", "offset"),
                       ("/api/respondents?limit=0", "limit")]:
        status, _, body = server.request("GET", path)
        assert status == 400
        assert error_of(body).startswith(f"query parameter '{name}'")
    assert server.request("GET", "/health")[0] == 200
    assert server.process.poll() is None


def test_an_alias_bomb_or_a_huge_file_is_refused_cheaply(server):
    folder = respondents_folder(server)
    with open(os.path.join(folder, "bomb.yaml"), "w") as file:
        file.write(BILLION_LAUGHS)
    with open(os.path.join(folder, "huge.yaml"), "w") as file:
        file.write("id: huge\nnote: " + "x" * (21 * 1024 * 1024) + "\n")
    status, out, err, rss = run_measured(
        [casebook_binary(), "survey", "sync", "--from", folder, "--to", server.url])
    assert status == 1
    assert "bomb.yaml:2:4: anchors (&name) are not supported" in err
    assert "huge.yaml: it is larger than 1 MiB, the most read here" in err
    assert "synced 1, unchanged 0, failed 2" in out
    assert rss < 100, f"the sync peaked at {rss:.0f} MB"
    os.remove(os.path.join(folder, ".casebook-sync-ledger.json"))
    status, _, body = server.post_form("/survey/sync", {"folder": "Respondents"})
    assert status == 200
    assert b"bomb.yaml:2:4: anchors" in body
    assert server.peak_rss_mb() < 200


def test_requests_from_other_sites_change_nothing(server):
    evil = {"Origin": "http://evil.example"}
    status, _, body = server.request(
        "POST", "/api/diary", body=b'{"text": "pwned"}', headers={"Content-Type": "text/plain", **evil})
    assert status in (403, 415)
    status, _, body = server.request(
        "POST", "/api/respondents", body=b'{"id": 1, "x": "pwned"}', headers={**JSON, **evil})
    assert status == 403 and error_of(body).startswith("requests from another site are refused")
    status, _, _ = server.request(
        "POST", "/api/diary", body=b'{"text": "pwned"}', headers={**JSON, "Sec-Fetch-Site": "cross-site"})
    assert status == 403
    status, _, _ = server.post_form("/diary", {"text": "pwned"}, extra_headers=evil)
    assert status == 403
    assert diary_count(server) == 0
    assert server.request("GET", "/api/respondents")[2] == b'{"next":null,"respondents":[]}'


def test_a_request_for_another_host_is_misdirected(server):
    for host in ["evil.example", f"evil.example:{server.port}", "localhost.evil.example", "127.0.0.2"]:
        status, _, _ = server.request("GET", "/api/diary", host=host)
        assert status == 421, host
    for host in [f"127.0.0.1:{server.port}", f"localhost:{server.port}", "[::1]"]:
        assert server.request("GET", "/health", host=host)[0] == 200, host
    # A host name is ASCII: one that is not is refused without being shown altered (its bytes
    # reach the server as text with U+FFFD in their place).
    for host in [b"127.0.0.\xff", "caf\u00e9.example".encode()]:
        status, _, body = server.request("GET", "/api/diary", host=host)
        assert status == 421, host
        assert error_of(body) == (
            "this server does not answer for a host name that is not printable ASCII; "
            "host names are ASCII (IDNA for others)"), host


def test_the_server_calls_nowhere_a_visitor_names(server):
    respondents_folder(server)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    port = listener.getsockname()[1]
    try:
        for backend in [f"http://127.0.0.1:{port}/", "http://169.254.169.254/latest/meta-data"]:
            status, _, body = server.post_form("/survey/sync", {"folder": "Respondents", "backend": backend})
            assert status == 400
            assert b"is not a backend this server may sync to" in body
        with pytest.raises(BlockingIOError):
            listener.accept()
    finally:
        listener.close()
    status, _, body = server.post_form("/survey/sync", {"folder": "Respondents"})
    assert status == 200 and b"synced 1, unchanged 0, failed 0" in body


def test_links_fifos_and_folders_in_the_data_directory_lead_nowhere(server):
    folder = respondents_folder(server)
    secret = os.path.join(server.root, "secret.yaml")
    with open(secret, "w") as file:
        file.write("id: secret\npassword: hunter2\n")
    os.symlink(secret, os.path.join(folder, "linked.yaml"))
    os.mkfifo(os.path.join(folder, "pipe.yaml"))
    os.mkdir(os.path.join(folder, "nested.yaml"))
    status, _, body = server.post_form("/survey/sync", {"folder": "Respondents"})
    assert status == 200
    assert b"synced 1, unchanged 0, failed 3" in body
    assert b"linked.yaml: it is a symbolic link" in body
    assert b"pipe.yaml: it is a FIFO" in body
    status, _, body = server.request("GET", "/api/respondents/secret")
    assert status == 404
    documents = os.path.join(server.data, "Documents")
    os.makedirs(documents)
    os.symlink(secret, os.path.join(documents, "outside.txt"))
    os.mkfifo(os.path.join(documents, "pipe.txt"))
    assert server.request("GET", "/documents?path=../secret.yaml")[0] == 400
    started = time.monotonic()
    status, _, body = server.request("GET", "/documents")
    assert time.monotonic() - started < 5
    assert status == 200 and b"hunter2" not in body
    assert b"outside.txt: it is a symbolic link" in body
    assert b"pipe.txt: it is a FIFO, not a regular file" in body


@pytest.mark.alone
def test_slow_and_silent_clients_are_cut_off(impatient_server):
    server = impatient_server
    crowd = []
    overflows = listen_overflows()
    try:
        for number in range(1000):
            connection = socket.create_connection(("127.0.0.1", server.port))
            if number % 2 == 0:
                connection.sendall(b"GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            crowd.append(connection)
        gathered = time.monotonic()
        # The server's accept queue holds the crowd as it arrives: nobody is dropped to wait for
        # a retry (this test runs with nothing beside it, so no other server's queue counts).
        assert listen_overflows() == overflows, "connections of the crowd were dropped unaccepted"
        latencies = []
        for _ in range(20):
            started = time.monotonic()
            assert server.request("GET", "/health")[0] == 200
            latencies.append(time.monotonic() - started)
        # A starved server answers after the crowd's timeouts (seconds) or not at all; a busy
        # shared machine may delay one answer by a tenth of a second (the first one, as the
        # crowd's connections are accepted, took 116 ms once with a compiler running beside).
        assert statistics.median(latencies) < 0.05, \
            f"/health took {statistics.median(latencies) * 1000:.0f} ms (median) beside 1,000 slow clients"
        assert max(latencies) < 1, f"/health took {max(latencies) * 1000:.0f} ms beside 1,000 slow clients"
        # Each is closed by the server within its timeout (1 s idle, 1 s for a header): waited
        # for as it closes, up to 6 s after the crowd gathered, for a busy machine.
        deadline = gathered + 6
        for connection in crowd:
            connection.settimeout(max(0.1, deadline - time.monotonic()))
            assert connection.recv(1) == b"", "a slow or silent connection was left open"
    finally:
        for connection in crowd:
            connection.close()
    cut = socket.create_connection(("127.0.0.1", server.port))
    cut.sendall(b'POST /api/diary HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n'
                b'Content-Length: 100\r\n\r\n{"text"')
    cut.settimeout(5)
    started = time.monotonic()
    assert cut.recv(1) == b""
    assert time.monotonic() - started < 4
    cut.close()


def test_bytes_that_are_not_text_or_not_whole_are_refused_never_altered(server):
    cut = socket.create_connection(("127.0.0.1", server.port))
    cut.sendall(b'POST /api/diary HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n'
                b'Content-Length: 100\r\n\r\n{"text": "cut')
    cut.shutdown(socket.SHUT_WR)
    cut.settimeout(10)
    answer = b""
    while chunk := cut.recv(65536):
        answer += chunk
    cut.close()
    assert answer.startswith(b"HTTP/1.1 400")
    for body in [b'{"text": "before\\u0000after"}', b'{"text": "caf\xe9"}', b'{"text": "\xed\xa0\x80"}']:
        status, _, reply = server.request("POST", "/api/diary", body=body, headers=JSON)
        assert status == 400, body
    status, _, reply = server.post_form("/diary", {"text": "a\x00b"})
    assert status == 400
    assert diary_count(server) == 0
    for identifier, path in [("a/b", "a%2Fb"), ("é", "%C3%A9"), ("50% off", "50%25%20off")]:
        body = json.dumps({"id": identifier, "n": 1}).encode()
        assert server.request("POST", "/api/respondents", body=body, headers=JSON)[0] == 200
        status, _, reply = server.request("GET", f"/api/respondents/{path}")
        assert status == 200 and json.loads(reply)["id"] == identifier
    status, _, _ = server.request("GET", "/health", headers={"X-Big": "a" * 40_000})
    assert status == 400
    # Header limits, just under and just over: 8 KiB a field, 32 KiB in all.
    assert server.request("GET", "/health", headers={"X-A": "a" * 8000})[0] == 200
    assert server.request("GET", "/health", headers={"X-A": "a" * 8300})[0] == 400
    under = {f"X-{number}": "a" * 7900 for number in range(4)}
    over = {f"X-{number}": "a" * 7900 for number in range(5)}
    assert server.request("GET", "/health", headers=under)[0] == 200
    assert server.request("GET", "/health", headers=over)[0] == 400
    fields = "&".join(f"f{number}=x" for number in range(70))
    status, _, body = server.post_form("/diary", {"text": "hello", **dict(pair.split("=") for pair in fields.split("&"))})
    assert status == 400 and b"more than 64 form fields" in body
    assert server.request("GET", "/health")[0] == 200


@pytest.mark.skipif(not shutil.which("factor"), reason="GNU factor is not installed")
def test_factor_reads_any_bytes_as_gnu_factor_does():
    for data in [b"12\x00\n", b"1\x002 5\n", b"\xff\xfe 6\n", b"\x01\x7f 8\n", b"a" * 200_000 + b"\n4"]:
        ours = subprocess.run([casebook_binary(), "factor"], input=data, capture_output=True, timeout=60)
        gnu = subprocess.run(["factor"], input=data, capture_output=True, timeout=60, env={"LC_ALL": "C"})
        assert ours.stdout == gnu.stdout
        assert ours.returncode == gnu.returncode
        assert ours.stderr.replace(b"casebook factor: ", b"") == gnu.stderr.replace(b"factor: ", b"")


def test_control_characters_from_outside_never_reach_the_terminal(server, tmp_path):
    """An escape sequence in a menu file, a respondent file's name or a diary entry (a page
    sends CR LF) is refused or shown escaped: nothing `casebook` writes holds ESC, BEL or a
    stray CR, and a list stays one line an entry."""
    def casebook(*arguments):
        process = subprocess.run([casebook_binary(), *arguments], capture_output=True, timeout=60)
        for stream in (process.stdout, process.stderr):
            assert not any(byte in stream for byte in (0x1B, 0x07, 0x0D)), stream
        return process

    menu = tmp_path / "menu.yaml"
    menu.write_bytes(b'currency: EUR\npizzas:\n  - {name: "Marg\\e[2Jherita", price: 8}\n'
                     b'"\\e]0;owned\\a": 1\n')
    refused = casebook("menu", "--file", str(menu))
    assert refused.returncode == 1 and b"holds a control character (U+001B)" in refused.stderr

    folder = tmp_path / "Respondents"
    folder.mkdir()
    (folder / "r\x1b[2J.yaml").write_bytes(b"id: 7\nname: Seven\n")
    (folder / "b\x1b]0;x\x07.yaml").write_bytes(b"id: 9\nname: [unclosed\n")
    verified = casebook("survey", "verify", "--from", str(folder), "--to", server.url)
    assert b"missing 7 (r\\033[2J.yaml)" in verified.stdout
    assert b"b\\033]0;x\\007.yaml:" in verified.stderr

    body = json.dumps({"text": "line one\r\nline two \u001b[2J"}).encode()
    assert server.request("POST", "/api/diary", body=body, headers=JSON)[0] == 201
    listed = casebook("diary", "list", "--data", server.data)
    assert listed.stdout.count(b"\n") == 1 and listed.stdout.endswith(b"line one line two \\033[2J\n")


def test_the_data_is_readable_by_its_owner_only(server):
    old = os.umask(0o022)
    try:
        assert server.request("POST", "/api/diary", body=b'{"text": "private"}', headers=JSON)[0] == 201
        assert server.post_form("/account/preference", {"choice": "never"})[0] == 303
    finally:
        os.umask(old)
    assert os.stat(server.data).st_mode & 0o777 == 0o700
    for name in os.listdir(server.data):
        if ".sqlite" in name or name.startswith("preference"):
            assert os.stat(os.path.join(server.data, name)).st_mode & 0o777 == 0o600, name


def test_a_damaged_preference_key_is_explained_not_a_500(server):
    with open(os.path.join(server.data, "preference.key"), "wb") as file:
        file.write(b"not a key")
    status, _, body = server.post_form("/account/preference", {"choice": "never"})
    assert status == 503
    assert b"preference.key" in body and server.data.encode() not in body


def test_a_backend_that_is_not_a_casebook_store_stops_the_sync_naming_it(tmp_path):
    """A sync pointed at something that answers but is no Casebook store (a plain web server,
    an older Casebook) stops with a clear message naming the URL, records nothing and exits 1."""
    site = tmp_path / "site"
    (site / "api").mkdir(parents=True)
    (site / "api" / "respondent-store").write_text("<html>not a store</html>")
    folder = tmp_path / "Respondents"
    folder.mkdir()
    (folder / "a.yaml").write_text("id: a\n")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    web = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                           cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           start_new_session=True)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        result = subprocess.run(
            [casebook_binary(), "survey", "sync", "--from", str(folder), "--to", f"http://127.0.0.1:{port}",
             "--retries", "0"], capture_output=True, text=True, timeout=60)
    finally:
        os.killpg(web.pid, 9)
        web.wait()
    assert result.returncode == 1
    assert f"cannot reach the backend at http://127.0.0.1:{port}/api/respondents" in result.stderr
    assert "does not answer as a Casebook server does" in result.stderr
    assert not (folder / ".casebook-sync-ledger.json").exists() or "ack" not in (
        folder / ".casebook-sync-ledger.json").read_text()
