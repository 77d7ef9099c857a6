"""``serve`` with a store down: it starts, says so on ``/health``, answers what it can, recovers.

Real parts: a ``redis-server`` of the test's own, the shared MariaDB reached through a TCP
forwarder the test stops and starts (a MariaDB outage as the service sees it: connections
refused, open ones cut), the embedded PostgreSQL + pgvector.
"""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import jwt

from tests.faults.servers import OwnRedis
from tests.service.conftest import JWT_SECRET, ServiceUser, new_user, serve


class Forwarder:
    """A TCP forwarder ``127.0.0.1:port`` → ``target``, that can be stopped (refuse + cut) and restarted."""

    def __init__(self, target_port: int) -> None:
        self.target = ("127.0.0.1", target_port)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.listener: socket.socket | None = None
        self.conns: list[socket.socket] = []

    def start(self) -> Forwarder:
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", self.port))
        self.listener.listen(64)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()
        return self

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def stop(self) -> None:
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        for c in self.conns:
            try:
                c.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            c.close()
        self.conns.clear()


def _revoke_all(mysql_url: str, user_id: str) -> None:
    """``python -m app keys revoke`` run against the real MariaDB (not through the replica's path)."""
    import asyncio

    from memory.working.key_store import SqlKeyStore

    async def revoke() -> None:
        store = SqlKeyStore.for_mysql(mysql_url)
        try:
            for key in await store.list(user_id):
                await store.revoke(key.key_id)
        finally:
            await store.close()

    asyncio.run(revoke())


def _health(url: str) -> dict:
    r = httpx.get(f"{url}/health", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def _wait_for(what: str, check: Callable[[], bool], timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.3)
    raise AssertionError(f"not {what} within {timeout_s} s")


def test_mariadb_down_at_start_and_under_a_running_service(create_database: Callable[[], str], tmp_path: Path) -> None:
    proxy = Forwarder(3306)  # not listening yet: MariaDB is "down" when the replica starts
    redis_server = OwnRedis().start()
    try:
        from tests.service import conftest

        real_mysql = conftest.fresh_mysql_database  # the database is created on the real server ...
        url = real_mysql()
        through_proxy = url.replace(":3306/", f":{proxy.port}/")  # ... and reached through the proxy
        conftest.fresh_mysql_database = lambda: through_proxy
        try:
            env = {"REDIS_URL": redis_server.url}
            with serve(create_database, tmp_path, extra_env=env) as server:
                health = _health(server.url)
                assert health["readiness"] == "degraded" and health["stores"]["working"] != "ok", health
                uid = new_user("jwtuser")  # no key can be checked: a signed token still identifies
                token = jwt.encode({"sub": uid, "exp": int(time.time()) + 600}, JWT_SECRET, algorithm="HS256")
                user = ServiceUser(server.url, uid, token).bootstrap()
                assert user.chat("I prefer window seats on trains.")["role"] == "assistant"
                unknown = httpx.get(f"{server.url}/memory/items", headers={"Authorization": "Bearer mak_" + "x" * 40})
                assert unknown.status_code in (401, 503), unknown.text  # never let in, never a 500

                proxy.start()  # MariaDB is back: the service migrates it and says ready
                _wait_for("ready", lambda: _health(server.url)["readiness"] == "ready")
                keyed = server.user("keyed").bootstrap()
                keyed.chat("My name is Dana.")  # the key verified once ...
                proxy.stop()  # ... MariaDB goes away under the running service ...
                time.sleep(1.5)  # past AUTH_KEY_CACHE_SECONDS=1: the key store is asked again
                reply = keyed.chat("I live in Lisbon.")  # ... and the user keeps chatting
                assert reply["role"] == "assistant"
                assert keyed.http.get("/memory/items").status_code == 200
                _revoke_all(url, keyed.user_id)  # revoked on MariaDB while this replica cannot reach it:
                assert keyed.http.get("/memory/items").status_code == 200  # it cannot know yet (docs/API.md)
                proxy.start()  # the key store is back: the revoked key stops at the next check
                _wait_for("the revoked key refused", lambda: keyed.http.get("/memory/items").status_code == 401)
                assert "Traceback" not in server.log_text()
        finally:
            conftest.fresh_mysql_database = real_mysql
            conftest.drop_mysql_database(url)
    finally:
        proxy.stop()
        redis_server.kill()


def test_redis_down_at_start_then_back_and_restarted_with_aof(create_database: Callable[[], str],
                                                               tmp_path: Path) -> None:
    """Down at start: degraded, 503s on the service's routes; back: ready. docs/SCALING.md: the
    service's records live in Redis, so Redis runs with AOF; with it, a SIGKILLed and restarted
    Redis keeps the agents, sessions and messages, and turns go on in the same session."""
    (tmp_path / "aof").mkdir()
    redis_server = OwnRedis(aof_dir=tmp_path / "aof")  # a port nobody listens on yet
    try:
        with serve(create_database, tmp_path, extra_env={"REDIS_URL": redis_server.url}) as server:
            health = _health(server.url)
            assert health["readiness"] == "degraded" and health["stores"]["short-term"] != "ok", health
            assert health["redis_persistence"] == "unchecked"
            user = server.user("noredis")
            r = user.http.post("/agent/", json={"name": "assistant"})
            assert r.status_code == 503 and r.headers.get("retry-after"), r.text  # docs/API.md: a store is unreachable
            redis_server.start()
            _wait_for("ready", lambda: _health(server.url)["readiness"] == "ready")
            user.bootstrap()
            assert user.chat("I am allergic to peanuts.")["role"] == "assistant"
            _wait_for("persistence checked", lambda: _health(server.url)["redis_persistence"] == "aof")
            before = user.messages()
            redis_server.kill()
            redis_server.start()  # same port, same AOF
            _wait_for("ready", lambda: _health(server.url)["readiness"] == "ready")
            assert [m["id"] for m in user.messages()] == [m["id"] for m in before]
            assert user.chat("I also keep hens.")["role"] == "assistant"  # the same session goes on
            assert "runs without persistence" not in server.log_text()
    finally:
        if redis_server.proc is not None and redis_server.proc.poll() is None:
            redis_server.kill()


def test_a_redis_without_aof_is_flagged_with_what_a_restart_loses(tmp_path: Path) -> None:
    """What ``serve`` logs at start and ``/health``/``doctor`` say, on a redis-server of the test's own."""
    import asyncio

    from redis.asyncio import Redis

    from app.service.persistence import redis_persistence, warning_for

    bare, aof = OwnRedis().start(), OwnRedis(aof_dir=tmp_path).start()

    async def check(url: str) -> str:
        client = Redis.from_url(url)
        try:
            return await redis_persistence(client)
        finally:
            await client.aclose()

    try:
        assert asyncio.run(check(bare.url)) == "none"
        assert asyncio.run(check(aof.url)) == "aof"
        warning = warning_for("none", bare.url) or ""
        assert "runs without persistence" in warning and "sessions, messages" in warning and "appendonly yes" in warning
        assert warning_for("aof", aof.url) is None
    finally:
        bare.kill()
        aof.kill()


def test_rate_limit_fails_open_to_a_local_bucket_while_redis_is_down() -> None:
    import asyncio

    from redis.asyncio import Redis

    from app.service.ratelimit import RateLimiter

    own = OwnRedis().start()

    async def scenario() -> tuple[list[float], list[float]]:
        client = Redis.from_url(own.url, socket_connect_timeout=0.5, socket_timeout=0.5)
        limiter = RateLimiter(client, "rltest", per_minute=60, burst=3)
        shared = [await limiter.take("u1", write=True) for _ in range(2)]
        own.kill()  # the limiter's store goes away: requests are not refused for it ...
        local = [await limiter.take("u1", write=True) for _ in range(4)]  # ... but a flood still is
        await client.aclose()
        return shared, local

    shared, local = asyncio.run(scenario())
    assert shared == [0.0, 0.0]
    assert local[:3] == [0.0, 0.0, 0.0] and local[3] >= 1.0, local

