"""API errors as types keyed by status code, translated once at the client boundary.

::

    APIError(code, reason, message)
    ├── NotFound        404
    │   └── InvalidName     no object can have that name (refused before any request)
    ├── Conflict        409 (a stale resourceVersion or an existing name)
    ├── Gone            410 (a watch from too old a resourceVersion: relist)
    │   └── Undecodable     a watch event that cannot be decoded: relist past it
    ├── Invalid         422
    └── ServerError     5xx (retry)
"""

from __future__ import annotations


class APIError(Exception):
    def __init__(self, code: int, reason: str, message: str) -> None:
        super().__init__(f"{code} {reason}: {message}")
        self.code, self.reason, self.message = code, reason, message


class NotFound(APIError):
    pass


class InvalidName(NotFound):
    def __init__(self, message: str) -> None:
        super().__init__(404, "NotFound", message)


class Conflict(APIError):
    pass


class Gone(APIError):
    pass


class Undecodable(Gone):
    def __init__(self, message: str) -> None:
        super().__init__(410, "Undecodable", message)


class Invalid(APIError):
    pass


class ServerError(APIError):
    pass


_BY_CODE: dict[int, type[APIError]] = {404: NotFound, 409: Conflict, 410: Gone, 422: Invalid}


def from_status(code: int, reason: str, message: str) -> APIError:
    cls = _BY_CODE.get(code) or (ServerError if code >= 500 else APIError)
    return cls(code, reason, message)
