"""Fixtures for the hostile-input suite (see casebook_server for the servers themselves)."""
import os
import resource
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server, casebook_binary  # noqa: E402,F401


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "alone: times the server, so runs with no other test beside it")


@pytest.fixture
def server():
    running = Server()
    yield running
    running.stop()


@pytest.fixture
def impatient_server():
    """A server with the shortest timeouts it takes (a second each), for slow and silent
    clients: the test that uses it waits them out with nothing beside it."""
    running = Server("--idle-timeout", "1", "--header-timeout", "1", "--body-timeout", "1")
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def enough_descriptors():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    yield
