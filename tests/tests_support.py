"""Small helpers shared by tests (importable because pytest puts tests/ on sys.path)."""

import socket


def closed_port_url() -> str:
    """A URL on which nothing listens (the port was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"
