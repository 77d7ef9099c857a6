"""Where ``serve`` may listen: the loopback check, and the refusal of an open bind without auth.

Standard library only: ``serve`` checks this before it imports the service.
"""
from __future__ import annotations

import ipaddress

from memory.errors import ConfigError


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) is the loopback interface."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_bind(auth_mode: str, host: str) -> None:
    """Refuse a non-loopback bind with authentication off.

    Raises:
        ConfigError: ``AUTH_MODE=off`` and ``host`` is not a loopback address.
    """
    if auth_mode == "off" and not is_loopback(host):
        raise ConfigError(
            f"Refusing to listen on {host} with AUTH_MODE=off (anyone could act as any user); "
            "set AUTH_MODE=keys and create keys with `python -m app keys create --user ID`, or bind 127.0.0.1."
        )
