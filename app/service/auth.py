"""Who is calling: the user of a request comes from a verified credential, never a bare header.

Credentials, in order:

* ``Authorization: Bearer <token>`` (or ``X-API-Key: <key>``): an API key (``mak_…``,
  created with ``python -m app keys create --user ID``) or, when a JWT secret or public
  key is configured, a signed JWT whose ``AUTH_JWT_USER_CLAIM`` claim names the user.
* ``X-User-ID: mak_…``: an API key sent in the one header the AgentScope web UI can send
  (paste the key into its "username" field). It is verified exactly like a bearer key.
* ``X-User-ID: <user>`` alone counts only with ``AUTH_MODE=gateway`` and only from a
  loopback or ``TRUSTED_PROXIES`` address (a gateway that authenticated the user), or with
  ``AUTH_MODE=off`` (development, loopback bind only).

An admin key may act for a user: send ``X-User-ID: <user>`` next to the admin bearer key.
"""
from __future__ import annotations

import hashlib
import ipaddress
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import jwt
from loguru import logger
from fastapi import HTTPException, Request

from app.service.bind import is_loopback
from app.settings import AuthSettings
from memory.errors import ConfigError
from memory.working.key_store import ApiKey, SqlKeyStore, looks_like_key

Role = Literal["user", "admin"]
MAX_USER_ID = 255
HOW_TO = "send Authorization: Bearer <API key> (create one with `python -m app keys create --user ID`)"


class AuthError(Exception):
    """The request's credential is missing, invalid or not enough (status 401 or 403)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Identity:
    """The verified caller.

    Attributes:
        user_id: Whose data the request reads and writes.
        role: ``admin`` only for an admin key (or admin acting for a user).
        via: How it was verified: ``key``, ``jwt``, ``gateway`` or ``off``.
    """

    user_id: str
    role: Role
    via: str


ANONYMOUS = Identity("-", "user", "none")
"""The caller of a public route that sent no credential."""


VERIFIED_KEYS_KEPT = 10_000


def _check_user_id(user_id: str, where: str) -> str:
    if not user_id or len(user_id) > MAX_USER_ID or user_id != user_id.strip() or not user_id.isprintable():
        raise AuthError(401, f"{where} must name a user (1-{MAX_USER_ID} printable characters).")
    return user_id


def _networks(spec: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    try:
        return [ipaddress.ip_network(part.strip(), strict=False) for part in spec.split(",") if part.strip()]
    except ValueError as exc:
        raise ConfigError(f"TRUSTED_PROXIES must be a comma-separated list of addresses or networks: {exc}") from None


class Authenticator:
    """Verifies the credential of a request against the settings and the key store.

    Args:
        settings: The ``auth`` settings group: ``AUTH_MODE``, the JWT settings, ``TRUSTED_PROXIES``.
        keys: The API key store (working-state tier).
    """

    def __init__(self, settings: AuthSettings, keys: SqlKeyStore) -> None:
        self.mode = settings.mode
        self.keys = keys
        self.proxies = _networks(settings.trusted_proxies)
        self.user_claim = settings.jwt_user_claim
        self.audience = settings.jwt_audience
        self.issuer = settings.jwt_issuer
        self.cache_s = settings.key_cache_seconds
        self._cache: dict[str, tuple[float, ApiKey]] = {}
        # Keys verified lately, kept (bounded, oldest out first) for when the key store is
        # unreachable: a known key keeps authenticating through a MariaDB outage, an unknown
        # one is refused with a 503 (never let in).
        self._verified: dict[str, ApiKey] = {}
        self.jwt_key, self.jwt_algorithms = _jwt_verification(settings)

    def trusted_source(self, host: str) -> bool:
        """Whether a request from ``host`` may assert ``X-User-ID`` in gateway mode."""
        if is_loopback(host):
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in net for net in self.proxies)

    async def _key(self, presented: str) -> ApiKey:
        digest = hashlib.sha256(presented.encode("utf-8", "replace")).hexdigest()
        now = time.monotonic()
        cached = self._cache.get(digest)
        if cached is not None and cached[0] > now:
            return cached[1]
        try:
            key = await self.keys.verify(presented)
        except Exception as exc:  # noqa: BLE001 - the store failed; that is no verdict on the key
            known = self._verified.get(digest)
            if known is None:
                raise AuthError(503, "The API key store is unreachable and this key was not verified lately; "
                                "retry in a few seconds.") from None
            logger.warning("API key store unreachable; a key verified before is accepted", error=type(exc).__name__)
            return known
        if key is None:
            self._cache.pop(digest, None)
            self._verified.pop(digest, None)
            raise AuthError(401, "The API key is not valid (unknown, revoked or mistyped); " + HOW_TO + ".")
        if self.cache_s > 0:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[digest] = (now + self.cache_s, key)
        self._verified.pop(digest, None)
        self._verified[digest] = key
        if len(self._verified) > VERIFIED_KEYS_KEPT:
            self._verified.pop(next(iter(self._verified)))
        return key

    def _jwt(self, token: str) -> str:
        if self.jwt_key is None:
            raise AuthError(401, "The bearer token is not an API key and no JWT key is configured; " + HOW_TO + ".")
        try:
            claims = jwt.decode(
                token, self.jwt_key, algorithms=self.jwt_algorithms, audience=self.audience,
                issuer=self.issuer, options={"require": ["exp"]},
            )
        except jwt.PyJWTError as exc:
            raise AuthError(401, f"The bearer token was refused ({type(exc).__name__}); get a fresh token.") from None
        user = claims.get(self.user_claim)
        if not isinstance(user, str):
            raise AuthError(401, f"The token has no string claim {self.user_claim!r} (AUTH_JWT_USER_CLAIM).")
        return _check_user_id(user, f"The token's {self.user_claim!r} claim")

    def presents_credential(self, request: Request) -> bool:
        """Whether the request carries any credential (a bearer token, an API key or X-User-ID)."""
        h = request.headers
        return bool(h.get("authorization") or h.get("x-api-key") or h.get("x-user-id"))

    async def identify(self, request: Request) -> Identity:
        """The verified caller of ``request``.

        Raises:
            AuthError: 401 without a valid credential.
        """
        headers = request.headers
        asserted = headers.get("x-user-id", "").strip()
        bearer = headers.get("authorization", "")
        token = bearer[7:].strip() if bearer[:7].lower() == "bearer " else headers.get("x-api-key", "").strip()
        if not token and looks_like_key(asserted):
            token, asserted = asserted, ""
        if token:
            return await self._token(token, asserted)
        return self._asserted(asserted, request.client.host if request.client else "")

    async def _token(self, token: str, asserted: str) -> Identity:
        """An API key (an admin's may act as the ``X-User-ID`` it asserts), else a JWT."""
        if not looks_like_key(token):
            return Identity(self._jwt(token), "user", "jwt")
        key = await self._key(token)
        if key.role == "admin" and asserted:
            return Identity(_check_user_id(asserted, "X-User-ID"), "admin", "key")
        return Identity(key.user_id, key.role, "key")

    def _asserted(self, asserted: str, host: str) -> Identity:
        """No token: ``X-User-ID`` alone, taken with ``AUTH_MODE=off`` or from the trusted gateway."""
        if self.mode == "off" and asserted:
            return Identity(_check_user_id(asserted, "X-User-ID"), "user", "off")
        if self.mode == "gateway" and asserted:
            if not self.trusted_source(host):
                raise AuthError(401, "X-User-ID is only accepted from the trusted gateway (TRUSTED_PROXIES); "
                                + HOW_TO + ".")
            return Identity(_check_user_id(asserted, "X-User-ID"), "user", "gateway")
        if asserted:
            raise AuthError(401, "X-User-ID alone is not a credential here (AUTH_MODE=keys); " + HOW_TO + ".")
        raise AuthError(401, "No credential; " + HOW_TO + ".")


def _listed(value: str) -> list[str]:
    return [a.strip() for a in value.split(",") if a.strip()]


def _pem(key: str) -> str:
    """A public key given as PEM text, or as the path of a file holding it."""
    path = Path(key).expanduser()
    return path.read_text(encoding="utf-8") if "BEGIN" not in key and path.is_file() else key


def _jwt_verification(settings: AuthSettings) -> tuple[str | None, list[str]]:
    """The key JWTs are verified with and the algorithms allowed for it (``None``: no JWTs).

    A public key (PEM text, or a file holding it) allows RS*/ES*/PS*; a secret allows HS*.

    Raises:
        ConfigError: ``AUTH_JWT_ALGORITHMS`` names none for the configured key.
    """
    hmac = [a for a in _listed(settings.jwt_algorithms) if a.startswith("HS")]
    if settings.jwt_public_key:
        key = _pem(settings.jwt_public_key)
        allowed = [a for a in _listed(settings.jwt_algorithms) if a not in hmac]
    elif settings.jwt_secret:
        key, allowed = settings.jwt_secret, hmac
    else:
        return None, []
    if not allowed:
        raise ConfigError(
            "AUTH_JWT_ALGORITHMS lists no algorithm for the configured key "
            "(HS* for AUTH_JWT_SECRET, RS*/ES*/PS* for AUTH_JWT_PUBLIC_KEY)."
        )
    return key, allowed


def verified_user(request: Request) -> str:
    """FastAPI dependency: the verified user of the request (set by the guard).

    Installed over AgentScope's header-only ``get_current_user_id``, so every AgentScope
    route and every memory route gets the verified user.
    """
    identity: Identity | None = getattr(request.state, "identity", None)
    if identity is None:  # the guard classifies every route; this is a programming error
        raise HTTPException(status_code=401, detail="No credential; " + HOW_TO + ".")
    return identity.user_id
