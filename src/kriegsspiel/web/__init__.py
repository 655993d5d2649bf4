"""The web table app: every seat on its own screen, secrets kept by the server.

`create_app(db)` is the ASGI app; `serve(db, host, port)` runs it with uvicorn. See docs/web.md.
"""

from __future__ import annotations

from kriegsspiel.web.app import create_app

__all__ = ["create_app"]
