"""Redaction of secrets in connection strings, for messages and logs."""
from __future__ import annotations

from urllib.parse import urlsplit


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return parts._replace(netloc=netloc).geturl()
    return url
