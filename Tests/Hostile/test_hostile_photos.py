"""Hostile photos sent to a real server as a dish's photo: a decompression bomb, a photo cut
short, a page hidden behind a JPEG, an SVG with a script, a file over 10 MB. Each is a 400
naming what is wrong, never a 500 or a crash; the server's memory stays small; nothing is
saved, and the server goes on serving."""
import json
import os
from pathlib import Path

PHOTOS = Path(__file__).resolve().parent.parent / "MenuTests" / "Photos"
BOUNDARY = "----CasebookHostilePhoto"


def post_photo(server, filename, contents, alt="A pizza"):
    server.request("GET", "/menu")  # the menu's first revision
    token = server.csrf()
    fields = {"csrf": token, "revision": "1", "section": "pizzas", "index": "0", "alt": alt}
    body = b""
    for name, value in fields.items():
        body += f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    body += (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="{filename}"\r\n'
             "Content-Type: image/jpeg\r\n\r\n").encode() + contents + f"\r\n--{BOUNDARY}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
               "Cookie": f"casebook_csrf={token}", "Origin": server.url}
    return server.request("POST", "/menu/dish/photo", body=body, headers=headers)


def test_hostile_photos_are_refused_naming_what_is_wrong(server):
    phone = (PHOTOS / "phone.jpg").read_bytes()
    cases = [
        ("bomb.png", (PHOTOS / "bomb.png").read_bytes(), "the image says it is 30000 × 30000 pixels"),
        ("cut.jpg", phone[: len(phone) // 2] + b"\xff\xd9", "the JPEG image is damaged or cut short"),
        ("polyglot.jpg", phone + b"<html><script>alert(1)</script></html>",
         "the JPEG image ends 38 bytes before the file does"),
        ("evil.svg", b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
         "the file is not a JPEG, PNG or WebP image"),
        ("huge.jpg", b"\xff\xd8\xff" + os.urandom(10 * 1024 * 1024), "more than a photo may be (10 MB)"),
        ("larger.jpg", b"\xff\xd8\xff" + os.urandom(15 * 1024 * 1024), "more than a photo may be (10 MB)"),
    ]
    for name, contents, reason in cases:
        status, _, body = post_photo(server, name, contents)
        assert status == 400, f"{name}: {status} {body[:300]}"
        assert reason in body.decode(), f"{name}: {body.decode()[:2000]}"
    # Nothing was saved: the menu is still at its first revision, with no photo.
    status, _, body = server.request("GET", "/api/menu")
    assert status == 200 and b'"photo":{' not in body
    assert server.peak_rss_mb() < 250
    # A real photo is taken, and served without what the phone put in it.
    status, headers, body = post_photo(server, "phone.jpg", phone)
    assert status == 303 and headers.get("Location", "").endswith("saved=2"), (status, body[:2000])
    status, _, body = server.request("GET", "/api/menu")
    photo = json.loads(body)["sections"][0]["items"][0]["photo"]
    assert photo["alt"] == "A pizza"
    photo_id = photo["id"]
    status, headers, served = server.request("GET", f"/menu/photos/{photo_id}.jpg")
    assert status == 200 and served.startswith(b"\xff\xd8\xff"), (status, served[:20])
    assert b"CasebookCam" not in served and b"Exif" not in served


def post_entry_photo(server, entry, filename, contents, alt="The sea"):
    token = server.csrf()
    body = (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{token}\r\n'
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n{alt}\r\n').encode()
    body += (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="{filename}"\r\n'
             "Content-Type: image/jpeg\r\n\r\n").encode() + contents + f"\r\n--{BOUNDARY}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
               "Cookie": f"casebook_csrf={token}", "Origin": server.url}
    return server.request("POST", f"/diary/{entry}/photos", body=body, headers=headers)


def test_hostile_photos_on_a_diary_entry_are_refused_naming_what_is_wrong(server):
    """The same files given to a diary entry: each a 400 on the entry's page naming what is
    wrong, nothing kept; then a real photo is kept and served without its metadata."""
    phone = (PHOTOS / "phone.jpg").read_bytes()
    status, _, body = server.request("POST", "/api/diary", json.dumps({"text": "At the sea"}).encode(),
                                     {"Content-Type": "application/json"})
    assert status == 201
    entry = json.loads(body)["id"]
    cases = [
        ("bomb.png", (PHOTOS / "bomb.png").read_bytes(), "the image says it is 30000 × 30000 pixels"),
        ("cut.jpg", phone[: len(phone) // 2] + b"\xff\xd9", "the JPEG image is damaged or cut short"),
        ("polyglot.jpg", phone + b"<html><script>alert(1)</script></html>",
         "the JPEG image ends 38 bytes before the file does"),
        ("evil.svg", b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
         "the file is not a JPEG, PNG or WebP image"),
        ("huge.jpg", b"\xff\xd8\xff" + os.urandom(10 * 1024 * 1024), "more than a photo may be (10 MB)"),
    ]
    for name, contents, reason in cases:
        status, _, body = post_entry_photo(server, entry, name, contents)
        assert status == 400, f"{name}: {status} {body[:300]}"
        assert reason in body.decode(), f"{name}: {body.decode()[:2000]}"
        assert "/diary/photos/" not in body.decode(), f"{name}: a photo was kept"
    assert server.peak_rss_mb() < 250
    status, headers, body = post_entry_photo(server, entry, "phone.jpg", phone)
    assert status == 303, (status, body[:2000])
    status, _, page = server.request("GET", f"/diary/{entry}")
    photo_id = page.decode().split('src="/diary/photos/', 1)[1].split("-small.jpg", 1)[0]
    status, headers, served = server.request("GET", f"/diary/photos/{photo_id}.jpg")
    assert status == 200 and served.startswith(b"\xff\xd8\xff"), (status, served[:20])
    assert b"CasebookCam" not in served and b"Exif" not in served
