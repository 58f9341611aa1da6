"""Schemathesis against a running server with users, from the checked-in OpenAPI description,
with every check and every phase (coverage, fuzzing, and stateful runs that follow the
description's links): every answer it provokes, from valid and from hostile data, is documented,
of its documented content type, headers and shape; schema-valid requests are accepted and
schema-violating ones refused; an undeclared method is 405; a call without the token is 401;
none is a 5xx. The seed is fixed, so a run is repeatable.

The test command generates 10 examples an operation in the fuzzing and stateful phases (the
coverage phase's are as many as the description's boundaries); `scripts/fuzz-api` runs more,
with other seeds, through $CASEBOOK_API_EXAMPLES and $CASEBOOK_API_SEED."""
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

import pytest

from casebook_server import Server, casebook_binary

CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemathesis.toml")
EXAMPLES = os.environ.get("CASEBOOK_API_EXAMPLES", "10")
SEED = os.environ.get("CASEBOOK_API_SEED", "2026")


@pytest.mark.skipif(importlib.util.find_spec("schemathesis") is None,
                    reason="schemathesis is not installed (scripts/test installs it)")
def test_every_answer_matches_the_api_description():
    server = Server(users=[("admin", "admin", "correct horse battery")])
    try:
        made = subprocess.run([casebook_binary(), "token", "create", "--user", "admin", "--data", server.data],
                              capture_output=True, text=True, check=True, env=server.environment)
        token = re.search(r"cbt_[A-Za-z0-9_-]+", made.stdout).group(0)
        check_against_description(server, token)
    finally:
        server.stop()


def check_against_description(server, token):
    # One worker: with two, schemathesis's generator for the recursive JSONValue schema
    # sometimes trips a CPython 3.11 race in compile() ("AST constructor recursion depth
    # mismatch"), an error of the tool, not of the server.
    with tempfile.TemporaryDirectory(prefix="casebook-schemathesis-") as folder:
        run = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "--config-file", CONFIG, "run",
             f"{server.url}/openapi.json", "--checks", "all", "-H", f"Authorization: Bearer {token}",
             "--seed", SEED, "--max-examples", EXAMPLES, "--generation-database", "none", "--workers", "1",
             "--no-color", "--suppress-health-check", "all"],
            # Ten minutes for the test command's run, more for a longer one of scripts/fuzz-api.
            capture_output=True, text=True, timeout=max(600, 6 * int(EXAMPLES)), start_new_session=True,
            cwd=folder)  # its cache stays out of the tree
    summary = run.stdout[-4000:]
    assert run.returncode == 0, summary
    assert "generated" in summary and "passed" in summary
