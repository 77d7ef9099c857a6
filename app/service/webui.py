"""Answers the AgentScope web UI expects from routes this server does not offer in full.

The UI asks for a session's workspace status, its MCP servers and skills. Here workspaces
are not exposed (they read the host), so these answer with the clean empty shapes the UI
renders as "nothing here" (its ``api/types.ts``: ``WorkspaceStatus``, ``MCPClientStatus[]``,
``Skill[]``). Knowledge bases are AgentScope's own routes (``app.composition.knowledge``). ``/credential/schemas`` lists only the
server-model credential, the one type the service stores (it holds no secret).
"""
from __future__ import annotations

from typing import Any

from agentscope.credential import CredentialBase
from fastapi import APIRouter, Depends, Query

from app.service.auth import verified_user

webui_router = APIRouter(tags=["web UI"])


def credential_schemas_router(credential: type[CredentialBase]) -> APIRouter:
    """``GET /credential/schemas`` listing only ``credential``."""
    router = APIRouter(tags=["credential"])

    @router.get("/credential/schemas", summary="The credential types this server stores (its own model only)")
    async def schemas(_: str = Depends(verified_user)) -> dict[str, Any]:
        return {"schemas": [credential.model_json_schema()]}

    return router


@webui_router.get("/workspace/status", summary="Workspaces are not exposed: an empty status")
async def workspace_status(
    agent_id: str = Query(""), session_id: str = Query(""), _: str = Depends(verified_user)
) -> dict[str, Any]:
    """No workdir, no git state (the host's paths are not shown)."""
    return {"workdir": "", "cwd": "", "git": None}


@webui_router.get("/workspace/mcp", summary="MCP servers are not available on this server")
async def workspace_mcps(
    agent_id: str = Query(""), session_id: str = Query(""), _: str = Depends(verified_user)
) -> list[dict[str, Any]]:
    """Always empty: adding MCP servers (processes on the host) is off."""
    return []


@webui_router.get("/workspace/skill", summary="Skills are not available on this server")
async def workspace_skills(
    agent_id: str = Query(""), session_id: str = Query(""), _: str = Depends(verified_user)
) -> list[dict[str, Any]]:
    """Always empty: installing skills is off."""
    return []
