"""Access, as an attacker probes it: every spelling of a path gets one permission, no file a
store owns is opened behind its store's back, every guess at a password is counted, a changed
password ends the old sessions, redirects stay on this server, and one request names one host."""
import json
import os
import subprocess

from conftest import casebook_binary

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
