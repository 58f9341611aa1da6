"""`casebook serve --tls-cert` as sslyze reads it against Mozilla's "intermediate" profile:
TLS 1.2 and 1.3 only, ECDHE key exchange and AEAD ciphers only, and HTTPS kept to for a year
(`Strict-Transport-Security`). The certificate is a leaf of a throwaway CA that sslyze is
told to trust, valid for 90 days, as an ACME client's are."""
import os
import re
import signal
import ssl
import subprocess
import sys
import urllib.request

from conftest import casebook_binary


def openssl(*arguments, cwd):
    subprocess.run(["/usr/bin/openssl", *arguments], cwd=cwd, check=True, capture_output=True)


def test_https_passes_mozillas_intermediate_profile(tmp_path):
    folder = str(tmp_path)
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
            "-days", "90", "-subj", "/CN=Casebook test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
            cwd=folder)
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "leaf.csr",
            "-subj", "/CN=127.0.0.1", cwd=folder)
    (tmp_path / "leaf.cnf").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n"
                                       "extendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
            "-CAcreateserial", "-out", "cert.pem", "-days", "90", "-sha256", "-extfile", "leaf.cnf",
            cwd=folder)
    server = subprocess.Popen(
        [casebook_binary(), "serve", "--port", "0", "--data", os.path.join(folder, "data"),
         "--tls-cert", os.path.join(folder, "cert.pem"), "--tls-key", os.path.join(folder, "key.pem")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        line = server.stdout.readline()
        match = re.search(r"serving (https://\S+)", line)
        assert match, line
        url = match.group(1)
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        scan = subprocess.run(
            [sys.executable, "-m", "sslyze", "--mozilla_config=intermediate",
             "--certinfo_ca_file", os.path.join(folder, "ca.pem"), f"127.0.0.1:{port}"],
            capture_output=True, text=True, timeout=120)
        assert f"127.0.0.1:{port}: OK - Compliant." in scan.stdout, scan.stdout[-3000:]
        context = ssl.create_default_context(cafile=os.path.join(folder, "ca.pem"))
        with urllib.request.urlopen(url, context=context, timeout=30) as answer:
            assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
