"""``python -m app keys create|list|revoke``: the service's API keys.

``create`` prints the key once (it is stored hashed and cannot be shown again); ``list``
shows ids, users, roles and whether revoked, never a secret; ``revoke`` stops a key at once
in new processes and within ``AUTH_KEY_CACHE_SECONDS`` in a running server.
"""
from __future__ import annotations

import argparse

from app.settings import Settings, load_settings


async def keys(args: argparse.Namespace) -> int:
    """Run one ``keys`` action."""
    from app.serve import key_store_for

    store = key_store_for(load_settings())
    try:
        await store.migrate()
        if args.keys_action == "create":
            created = await store.create(args.user, role="admin" if args.admin else "user", label=args.label)
            print(created.secret)
            print(f"key id {created.key.key_id} for user {created.key.user_id!r} ({created.key.role}); "
                  "shown once: store it now. Send it as `Authorization: Bearer <key>`.")
        elif args.keys_action == "list":
            for key in await store.list(args.user):
                state = f"revoked {key.revoked_at:%Y-%m-%d %H:%M}" if key.revoked_at else "active"
                print(f"{key.key_id}  {key.user_id}  {key.role}  {state}  {key.created_at:%Y-%m-%d %H:%M}  {key.label}")
        else:
            key = await store.revoke(args.key_id, args.user)
            print(f"revoked {key.key_id} of user {key.user_id!r}")
    finally:
        await store.close()
    return 0


async def revoke_user_keys(settings: Settings, user_id: str) -> list[str]:
    """Revoke every active API key of ``user_id`` (part of ``erase``); the ids revoked."""
    from app.serve import key_store_for

    store = key_store_for(settings)
    try:
        await store.migrate()
        active = [k.key_id for k in await store.list(user_id) if k.revoked_at is None]
        for key_id in active:
            await store.revoke(key_id, user_id)
        return active
    finally:
        await store.close()
