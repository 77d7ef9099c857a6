"""Who may read a shared team knowledge base: the ones AGENTS.md names.

Team knowledge bases are owned by ``TEAM_OWNER`` (an admin key creates them acting as that
user). A user may read (search, attach, list documents and chunks) a team base when an agent
of the running deployment lists its name under ``memory_access.knowledge_bases``; nobody but
an admin acting as the team may change it. Everything else stays owner-only (AgentScope's
deny-all default), so another user's ids are 404.
"""
from __future__ import annotations

from collections.abc import Callable

from agentscope.app.access import ResourceAccessPolicyBase, ResourceKind, ResourcePermission, ResourceRef
from agentscope.app.storage import StorageBase

from app.service.knowledge_routes import TEAM_OWNER


class TeamKnowledgePolicy(ResourceAccessPolicyBase):
    """Read access to the team knowledge bases ``allowed()`` names (re-read on every call).

    Args:
        allowed: The names the live deployment's agents list (``memory_access.knowledge_bases``).
    """

    def __init__(self, allowed: Callable[[], set[str]]) -> None:
        self.allowed = allowed

    async def list_accessible(self, viewer_id: str, kind: ResourceKind, storage: StorageBase) -> list[ResourceRef]:
        """The team bases the deployment shares, read-only; nothing of any other kind."""
        if kind is not ResourceKind.KNOWLEDGE_BASE or viewer_id == TEAM_OWNER:
            return []
        names = self.allowed()
        if not names:
            return []
        return [ResourceRef(kind=kind, owner_id=TEAM_OWNER, resource_id=r.id, permission=ResourcePermission.READ)
                for r in await storage.list_knowledge_bases(TEAM_OWNER) if r.data.name in names]

    async def can_edit(self, viewer_id: str, kind: ResourceKind, owner_id: str, resource_id: str,
                       storage: StorageBase) -> bool:
        """Only the owner edits."""
        return viewer_id == owner_id


def deployment_knowledge_names(config: object) -> set[str]:
    """Every ``memory_access.knowledge_bases`` name of a deployment config's agents."""
    return {name for agent in getattr(config, "agents", []) for name in agent.memory_access.knowledge_bases}
