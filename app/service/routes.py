"""Every route of the service, classified in this one place: public, user, admin or off.

``POLICY`` maps ``(METHOD, path template)`` to an ``Access``. The guard
(``app.service.guard``) looks every request up here before anything else runs; a route
missing from the table is refused like an ``off`` one (404), and a test enumerates the
app's routes and fails on any that is not listed.

What is off, and why: the AgentScope routes that manage workspaces (host files, MCP
servers and skills that spawn processes), hubs that install them, schedules, SOPs,
channels and realtime audio. The product does not use them and several
of them read the host or run commands. ``/credential/`` stays for users because the web
UI needs one credential to open a session; only the server-model credential type (no
secret) can be stored (``app.serve``).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass


class Access(str, enum.Enum):
    """Who may call a route."""

    PUBLIC = "public"
    USER = "user"
    ADMIN = "admin"
    OFF = "off"


P, U, A, X = Access.PUBLIC, Access.USER, Access.ADMIN, Access.OFF

POLICY: dict[tuple[str, str], Access] = {
    # service basics
    ("GET", "/health"): P,
    ("GET", "/"): P,
    ("GET", "/ui"): P,
    ("GET", "/ui/{path}"): P,
    ("GET", "/openapi.json"): P,
    ("GET", "/docs"): P,
    ("GET", "/docs/oauth2-redirect"): P,
    ("GET", "/redoc"): P,
    ("GET", "/metrics"): A,
    ("GET", "/admin/deployment"): A,
    ("GET", "/admin/health"): A,
    # memory API (always the caller's own memories)
    ("GET", "/memory/items"): U,
    ("GET", "/memory/items/{memory_id}/history"): U,
    ("DELETE", "/memory/items/{memory_id}"): U,
    ("GET", "/memory/explain"): U,
    ("GET", "/memory/consent"): U,
    ("PUT", "/memory/consent"): U,
    ("GET", "/memory/export"): U,
    ("DELETE", "/memory/all"): U,
    ("GET", "/memory/tasks"): U,
    ("POST", "/memory/tasks"): U,
    ("POST", "/memory/tasks/{task_id}/steps"): U,
    ("POST", "/memory/tasks/{task_id}/findings"): U,
    ("POST", "/memory/tasks/{task_id}/done"): U,
    # agents, sessions, chat: what the web UI and the inspector use
    ("GET", "/agent/"): U,
    ("POST", "/agent/"): U,
    ("PATCH", "/agent/{agent_id}"): U,
    ("DELETE", "/agent/{agent_id}"): U,
    ("GET", "/agent/schema"): U,
    ("GET", "/agent/schema/v2"): U,
    ("POST", "/chat/"): U,
    ("GET", "/sessions/"): U,
    ("POST", "/sessions/"): U,
    ("DELETE", "/sessions/{session_id}"): U,
    ("PATCH", "/sessions/{session_id}"): U,
    ("POST", "/sessions/{session_id}/interrupt"): U,
    ("GET", "/sessions/{session_id}/messages"): U,
    ("GET", "/sessions/{session_id}/status"): U,
    ("GET", "/sessions/{session_id}/stream"): U,
    ("GET", "/credential/"): U,
    ("POST", "/credential/"): U,
    ("GET", "/credential/schemas"): U,
    ("PATCH", "/credential/{credential_id}"): U,
    ("DELETE", "/credential/{credential_id}"): U,
    ("GET", "/model/"): U,
    # the web UI asks these; they answer empty/disabled (no model list needs a secret)
    ("GET", "/tts-model/"): U,
    ("GET", "/embedding-model/"): U,
    ("GET", "/workspace/status"): U,
    ("GET", "/workspace/mcp"): U,
    ("GET", "/workspace/skill"): U,
    ("GET", "/knowledge_bases/"): U,
    # workspaces: host files, MCP servers and skills that run commands
    ("POST", "/workspace/mcp"): X,
    ("POST", "/workspace/mcp/from-library"): X,
    ("DELETE", "/workspace/mcp/{mcp_name}"): X,
    ("POST", "/workspace/skill"): X,
    ("POST", "/workspace/skill/upload"): X,
    ("POST", "/workspace/skill/from-library"): X,
    ("DELETE", "/workspace/skill/{skill_name}"): X,
    ("GET", "/workspace/directories"): X,
    ("POST", "/workspace/files/download-token"): X,
    ("GET", "/workspace/files"): X,
    ("GET", "/mcp"): X,
    ("PATCH", "/mcp/{mcp_id}"): X,
    ("DELETE", "/mcp/{mcp_id}"): X,
    ("GET", "/skill"): X,
    ("GET", "/skill/{skill_id}"): X,
    ("DELETE", "/skill/{skill_id}"): X,
    ("GET", "/hub/mcp"): X,
    ("GET", "/hub/mcp/{hub_id}/cards"): X,
    ("GET", "/hub/mcp/{hub_id}/cards/{card_id}"): X,
    ("POST", "/hub/mcp/{hub_id}/cards/{card_id}/install"): X,
    ("GET", "/hub/skill"): X,
    ("GET", "/hub/skill/{hub_id}/cards"): X,
    ("POST", "/hub/skill/{hub_id}/cards/{card_id}/install"): X,
    ("GET", "/hub/skill/{hub_id}/cards/{card_id}"): X,
    # knowledge bases: the caller's own and the shared ones AGENTS.md lets them read (app.service.knowledge_routes)
    ("GET", "/knowledge_bases/embedding_models"): U,
    ("GET", "/knowledge_bases/chunkers"): U,
    ("GET", "/knowledge_bases/middleware/parameters_schema"): U,
    ("GET", "/knowledge_bases/supported_content_types"): U,
    ("POST", "/knowledge_bases/"): U,
    ("PATCH", "/knowledge_bases/{knowledge_base_id}"): U,
    ("DELETE", "/knowledge_bases/{knowledge_base_id}"): U,
    ("GET", "/knowledge_bases/{knowledge_base_id}/documents"): U,
    ("POST", "/knowledge_bases/{knowledge_base_id}/documents"): U,
    ("GET", "/knowledge_bases/{knowledge_base_id}/documents/status"): U,
    ("DELETE", "/knowledge_bases/{knowledge_base_id}/documents/{document_id}"): U,
    ("GET", "/knowledge_bases/{knowledge_base_id}/documents/{document_id}"): U,
    ("POST", "/knowledge_bases/{knowledge_base_id}/search"): U,
    ("GET", "/knowledge_bases/{knowledge_base_id}/documents/{document_id}/chunks"): U,
    ("POST", "/knowledge_bases/{knowledge_base_id}/documents/{document_id}/download_token"): U,
    # schedules, procedures, channels, realtime: agents acting on their own or on other systems
    ("GET", "/schedule/"): X,
    ("POST", "/schedule/"): X,
    ("PATCH", "/schedule/{schedule_id}"): X,
    ("DELETE", "/schedule/{schedule_id}"): X,
    ("GET", "/schedule/{schedule_id}/sessions"): X,
    ("GET", "/sop/schema"): X,
    ("GET", "/sop/"): X,
    ("POST", "/sop/"): X,
    ("GET", "/sop/runs"): X,
    ("GET", "/sop/runs/{sop_run_id}"): X,
    ("DELETE", "/sop/runs/{sop_run_id}"): X,
    ("POST", "/sop/runs/{sop_run_id}/verdict"): X,
    ("GET", "/sop/{sop_id}"): X,
    ("PATCH", "/sop/{sop_id}"): X,
    ("DELETE", "/sop/{sop_id}"): X,
    ("POST", "/sop/{sop_id}/runs"): X,
    ("GET", "/realtime/models"): X,
    ("GET", "/realtime/config"): X,
    ("POST", "/realtime/sessions/{session_id}/offer"): X,
    ("GET", "/channels/types"): X,
    ("GET", "/channels/"): X,
    ("POST", "/channels/"): X,
    ("POST", "/channels/bindings"): X,
    ("GET", "/channels/bindings/{binding_id}"): X,
    ("POST", "/channels/bindings/{binding_id}/cancel"): X,
    ("GET", "/channels/{channel_id}"): X,
    ("PATCH", "/channels/{channel_id}"): X,
    ("DELETE", "/channels/{channel_id}"): X,
    ("POST", "/channels/{channel_id}/enable"): X,
    ("POST", "/channels/{channel_id}/disable"): X,
    ("GET", "/channels/{channel_id}/status"): X,
    ("GET", "/channels/{channel_id}/sessions"): X,
    ("GET", "/channels/{channel_id}/chat_ids"): X,
}

UNTRACED = {
    ("GET", "/sessions/{session_id}/messages"),
    ("GET", "/sessions/{session_id}/status"),
    ("GET", "/sessions/{session_id}/stream"),
    ("GET", "/memory/explain"),
    ("GET", "/memory/items"),
    ("GET", "/metrics"),
    ("GET", "/health"),
    ("GET", "/ui/{path}"),
}
"""Polling and page routes: nothing they do is recorded as a trace."""


@dataclass(frozen=True)
class Match:
    """A request's route: its template, access and whether it is traced."""

    method: str
    template: str
    access: Access
    traced: bool


def _regex(template: str) -> re.Pattern[str]:
    if template == "/ui/{path}":
        return re.compile(r"^/ui/.*$")
    parts = re.split(r"(\{[^}]+\})", template)
    body = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(f"^{body}$")


_COMPILED = [(method, template, _regex(template), access) for (method, template), access in POLICY.items()]
# Literal paths first, so /agent/schema is never taken for /agent/{agent_id}.
_COMPILED.sort(key=lambda row: row[1].count("{"))


def classify(method: str, path: str) -> Match | None:
    """The policy entry of ``method path`` (``HEAD`` counts as ``GET``), or ``None`` if unlisted."""
    method = "GET" if method == "HEAD" else method
    for m, template, regex, access in _COMPILED:
        if m == method and regex.match(path):
            return Match(m, template, access, (m, template) not in UNTRACED)
    return None


def allowed_methods(path: str) -> set[str]:
    """Methods the policy lists for ``path`` (for CORS preflights and 405s)."""
    return {m for m, _, regex, access in _COMPILED if access is not Access.OFF and regex.match(path)}
