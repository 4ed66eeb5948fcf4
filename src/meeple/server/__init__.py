"""The game server: play in the browser against friends and bots (``meeple serve``).

Needs the ``server`` extra: ``pip install 'meeple[server]'``.
"""

from .app import create_app

__all__ = ["create_app"]
