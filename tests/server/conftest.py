"""Fixtures shared by the server's test modules: the browser tests' live server and headless Chromium."""

from .browser import browser, server  # noqa: F401
