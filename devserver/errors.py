"""The one error the server answers with: a ``Status`` object and its HTTP code."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, code: int, reason: str, message: str, *, causes: list[dict[str, str]] | None = None,
                 kind: str = "", name: str = "", group: str = "") -> None:
        super().__init__(message)
        self.code, self.reason, self.message = code, reason, message
        self.causes, self.kind, self.name, self.group = causes or [], kind, name, group

    def status(self) -> dict[str, Any]:
        details: dict[str, Any] = {"name": self.name, "group": self.group, "kind": self.kind}
        if self.causes:
            details["causes"] = self.causes
        return {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure", "message": self.message,
                "reason": self.reason, "details": details, "code": self.code}


def invalid(kind: str, group: str, name: str, errors: list[tuple[str, str, str]]) -> ApiError:
    """422 as kube-apiserver words it; ``errors`` are (field path, cause reason, message)."""
    what = f"{kind}.{group}" if group else kind
    text = "; ".join(f"{field}: {message}" if field else message for field, _, message in errors)
    causes = [{"reason": reason, "message": message, "field": field} for field, reason, message in errors]
    return ApiError(422, "Invalid", f'{what} "{name}" is invalid: {text}', causes=causes, kind=kind, name=name,
                    group=group)
