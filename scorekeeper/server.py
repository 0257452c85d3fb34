"""Running the table app on a production WSGI server (waitress)."""

from __future__ import annotations

from waitress import serve as waitress_serve

from .app import create_app


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    app = create_app()
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"Scorekeeper is running: open http://{shown}:{port}/ on this machine", flush=True)
    if host == "127.0.0.1":
        print("(phones at the table need --host 0.0.0.0 and this machine's address)", flush=True)
    waitress_serve(app, host=host, port=port, threads=8)
