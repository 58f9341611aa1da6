"""What the Python suites share: the built `casebook` executable, and real `casebook serve`
processes on ephemeral loopback ports, each in a process group of its own that is ended on
success, failure and timeout alike (and at exit, whatever happened)."""
import atexit
import functools
import http.client
import os
import re
import shutil
import signal
import subprocess
import tempfile
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_STARTED = []


@functools.cache
def casebook_binary():
    """The built `casebook`, asked of SwiftPM once per process (or $CASEBOOK_EXECUTABLE)."""
    explicit = os.environ.get("CASEBOOK_EXECUTABLE")
    if explicit:
        return explicit
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return os.path.join(bin_path, "casebook")


def _end_group(process):
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@atexit.register
def _end_everything():
    for process in _STARTED:
        _end_group(process)


class Server:
    """A running server; `data` is its data directory (created by the server itself)."""

    def __init__(self, *arguments, users=(), password_cost=4):
        """`users`: (name, role, password) to add before the server starts. Their hashes and
        the server's checks cost `password_cost` (bcrypt's cheapest by default: these tests
        count sign-ins, they do not time them)."""
        self.root = tempfile.mkdtemp(prefix="casebook-hostile-")
        self.data = os.path.join(self.root, "data")
        self.environment = dict(os.environ, CASEBOOK_PASSWORD_COST=str(password_cost), CASEBOOK_SEAL_COST="10")
        for name, role, password in users:
            subprocess.run([casebook_binary(), "user", "add", name, "--role", role, "--data", self.data],
                           input=password + "\n", text=True, check=True, capture_output=True,
                           env=self.environment)
        self.arguments = arguments
        self._start()

    def _start(self):
        self.process = subprocess.Popen(
            [casebook_binary(), "serve", "--port", "0", "--data", self.data, *self.arguments],
            env=self.environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        _STARTED.append(self.process)
        line = self.process.stdout.readline()
        match = re.search(r"serving (http://\S+)", line)
        if not match:
            _end_group(self.process)
            raise RuntimeError(f"casebook serve did not start: {line!r}")
        self.url = match.group(1).rstrip("/")
        self.port = urllib.parse.urlsplit(self.url).port

    def restart(self):
        """Ends the server (SIGTERM to its group) and starts it again on the same data."""
        _end_group(self.process)
        self._start()

    def stop(self):
        _end_group(self.process)
        shutil.rmtree(self.root, ignore_errors=True)

    def peak_rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return None

    def request(self, method, path, body=None, headers=None, host=None):
        """(status, headers, body bytes) of one request on a fresh connection."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            all_headers = dict(headers or {})
            if host is not None:
                connection.putrequest(method, path, skip_host=True)
                connection.putheader("Host", host)
                for name, value in all_headers.items():
                    connection.putheader(name, value)
                if body is not None:
                    connection.putheader("Content-Length", str(len(body)))
                connection.endheaders(body)
            else:
                connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def csrf(self):
        """A CSRF token and its cookie, as a browser gets them from its first page."""
        _, headers, _ = self.request("GET", "/")
        token = re.search(r"casebook_csrf=([0-9a-f]{64})", headers.get("Set-Cookie", "")).group(1)
        return token

    def post_form(self, path, fields, extra_headers=None):
        token = self.csrf()
        body = urllib.parse.urlencode({"csrf": token, **fields}).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded",
                   "Cookie": f"casebook_csrf={token}", **(extra_headers or {})}
        return self.request("POST", path, body=body, headers=headers)
