"""Where the user of a request comes from: keys (revocable), JWTs, a trusted gateway, and the
refusal to serve the network with authentication off."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import jwt
import pytest
from starlette.requests import Request

from app.service.auth import Authenticator, AuthError
from app.settings import load_settings
from memory.working.key_store import SqlKeyStore
from tests.service.conftest import JWT_SECRET, ROOT, Server, new_user


def _token(sub: str, secret: str = JWT_SECRET, ttl: int = 300, **extra: object) -> str:
    return jwt.encode({"sub": sub, "exp": int(time.time()) + ttl, **extra}, secret, algorithm="HS256")


def test_a_signed_jwt_names_the_user_and_a_bad_one_is_refused(server: Server) -> None:
    user_id = new_user("jwt")
    ok = httpx.get(f"{server.url}/memory/items", headers={"Authorization": f"Bearer {_token(user_id)}"})
    assert ok.status_code == 200 and ok.json()["user_id"] == user_id
    forged = jwt.encode({"sub": user_id, "exp": int(time.time()) + 300}, "another-secret-of-32-bytes-at-least!",
                        algorithm="HS256")
    unsigned = jwt.encode({"sub": user_id, "exp": int(time.time()) + 300}, None, algorithm="none")
    for bad in (_token(user_id, ttl=-10), forged, unsigned, _token("", ttl=300), "not.a.token"):
        r = httpx.get(f"{server.url}/memory/items", headers={"Authorization": f"Bearer {bad}"})
        assert r.status_code == 401 and user_id not in r.text, bad


def test_a_revoked_key_stops_working(server: Server) -> None:
    user_id = new_user("revoke")
    key = server.key(user_id)
    headers = {"Authorization": f"Bearer {key}"}
    assert httpx.get(f"{server.url}/memory/items", headers=headers).status_code == 200
    env = {**os.environ, **server.env, "PYTHONPATH": str(ROOT)}
    _, key_id, secret = key.split("_", 2)  # mak_<key_id>_<secret>; the secret may hold "_" itself
    done = subprocess.run([sys.executable, "-m", "app", "keys", "revoke", key_id, "--user", user_id],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    listed = subprocess.run([sys.executable, "-m", "app", "keys", "list", "--user", user_id],
                            env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "revoked" in listed.stdout and key not in listed.stdout and secret not in listed.stdout
    time.sleep(1.2)  # AUTH_KEY_CACHE_SECONDS=1 on this deployment
    assert httpx.get(f"{server.url}/memory/items", headers=headers).status_code == 401


def _request(host: str, headers: dict[str, str]) -> Request:
    raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    return Request({"type": "http", "method": "GET", "path": "/", "headers": raw, "client": (host, 5000)})


async def test_gateway_mode_trusts_x_user_id_only_from_listed_proxies(tmp_path: Path) -> None:
    keys = SqlKeyStore.for_sqlite(tmp_path / "working.sqlite3")
    await keys.migrate()
    try:
        gateway = Authenticator(load_settings(auth_mode="gateway", trusted_proxies="10.1.0.0/16").auth, keys)
        assert (await gateway.identify(_request("10.1.2.3", {"X-User-ID": "alice"}))).user_id == "alice"
        assert (await gateway.identify(_request("127.0.0.1", {"X-User-ID": "alice"}))).user_id == "alice"
        with pytest.raises(AuthError) as refused:
            await gateway.identify(_request("192.168.1.9", {"X-User-ID": "alice"}))
        assert refused.value.status == 401 and "TRUSTED_PROXIES" in refused.value.message
        strict = Authenticator(load_settings(auth_mode="keys").auth, keys)
        with pytest.raises(AuthError):
            await strict.identify(_request("127.0.0.1", {"X-User-ID": "alice"}))
        key = (await keys.create("bob")).secret
        assert (await strict.identify(_request("192.168.1.9", {"X-User-ID": key}))).user_id == "bob"
    finally:
        await keys.close()


def test_serving_the_network_with_auth_off_is_refused_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "MEMORY_AGENT_HOME": str(tmp_path), "AUTH_MODE": "off", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "app", "serve", "--host", "0.0.0.0", "--port", "1"],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert "AUTH_MODE=keys" in lines[0] and "keys create" in lines[0]


async def test_a_jwt_signed_with_the_identity_providers_private_key_is_verified_with_its_public_key(
    tmp_path: Path,
) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public_pem = private.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
    key_file = tmp_path / "idp.pem"
    key_file.write_text(public_pem)
    keys = SqlKeyStore.for_sqlite(tmp_path / "working.sqlite3")
    await keys.migrate()
    try:
        auth = Authenticator(load_settings(auth_jwt_public_key=str(key_file), auth_jwt_user_claim="uid",
                                           auth_jwt_audience="memory-agent").auth, keys)
        claims = {"uid": "alice", "aud": "memory-agent", "exp": int(time.time()) + 60}
        good = jwt.encode(claims, private, algorithm="RS256")
        assert (await auth.identify(_request("10.0.0.1", {"Authorization": f"Bearer {good}"}))).user_id == "alice"
        wrong_audience = jwt.encode({**claims, "aud": "other"}, private, algorithm="RS256")
        # An HS256 token "signed" with the public key must not pass (algorithm confusion).
        confused = jwt.encode(claims, "x" * 40, algorithm="HS256")
        for bad in (wrong_audience, confused):
            with pytest.raises(AuthError):
                await auth.identify(_request("10.0.0.1", {"Authorization": f"Bearer {bad}"}))
    finally:
        await keys.close()
