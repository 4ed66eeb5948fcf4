"""The requests the server refuses, each with the HTTP status (and WebSocket error code) it maps to.

Every refusal reaches the client in one shape: REST ``{"error": message}`` with a 4xx status, WebSocket
``{"type": "error", "code": ..., "message": ..., "ref": ...}``.
"""

from __future__ import annotations


class ServerError(Exception):
    """A request the server refuses; ``status`` is the HTTP status it maps to."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(ServerError):
    status = 400


class Forbidden(ServerError):
    status = 403
    code = "forbidden"


class NotFound(ServerError):
    status = 404
    code = "not_found"


class Refused(ServerError):
    """Well-formed but not possible now: out of turn, already played, game over, seat taken."""

    status = 409
    code = "refused"


class TooLarge(ServerError):
    status = 413
    code = "too_large"


class WrongMediaType(ServerError):
    status = 415
    code = "bad_request"


class TooMany(ServerError):
    """A client over a rate limit."""

    status = 429
    code = "too_many"


class Unavailable(ServerError):
    status = 503
    code = "unavailable"
