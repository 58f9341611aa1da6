"""The QR code a restaurant prints for its tables, as a phone's camera would see it: the SVG
`/menu/qr.svg` serves, drawn by Chromium at its own size, photographed (a screenshot) and read
by a real decoder, zbarimg, gives the menu's address."""
import os
import subprocess

from casebook_server import Server


def test_the_tables_qr_code_reads_as_the_menus_address(browser, tmp_path):
    server = Server()
    try:
        browser.set_window_size(800, 800)
        browser.get(server.url + "/menu/qr.svg")
        shot = tmp_path / "qr.png"
        browser.save_screenshot(str(shot))
        read = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True,
                              timeout=60)
        assert read.returncode == 0, read.stderr
        assert read.stdout.strip() == server.url + "/menu"
    finally:
        server.stop()
