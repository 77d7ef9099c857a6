"""The knowledge routes this service answers itself, ahead of AgentScope's same paths.

AgentScope's ``/knowledge_bases/*`` routes run as they are (on the verified user, see
``app.serve``), except these two, included ahead of them:

* ``POST /knowledge_bases/`` — the ``-keep-pii`` chunkers (a base whose chunks keep personal
  data) may be pinned by an admin key only; a shared team base is created by an admin key
  acting for the team owner (``X-User-ID: team``);
* ``GET /knowledge_bases/{kb}/documents/{doc}`` — AgentScope's handler takes the user from
  the raw ``X-User-ID`` header; here it is the verified user, like every other route.
"""
from __future__ import annotations

from urllib.parse import quote

from agentscope.app._router._schema import CreateKnowledgeBaseRequest, CreateKnowledgeBaseResponse
from agentscope.app._router import _knowledge_base as agentscope_kb
from agentscope.app.deps import get_knowledge_base_service
from fastapi import APIRouter, Depends, HTTPException, Query, Request, status
from fastapi.responses import StreamingResponse

from app.service.auth import verified_user

TEAM_OWNER = "team"
"""The owner id of shared team knowledge bases (an admin key acting as ``X-User-ID: team``)."""

ADMIN_ONLY_SUFFIX = "-keep-pii"

knowledge_router = APIRouter(tags=["knowledge_bases"])
# Ahead of ours, so the document route below never takes ``status`` for a document id.
knowledge_router.add_api_route("/knowledge_bases/{knowledge_base_id}/documents/status",
                               agentscope_kb.list_knowledge_document_status, methods=["GET"],
                               response_model=agentscope_kb.ListKnowledgeDocumentStatusResponse,
                               summary="Lifecycle state of a batch of documents (AgentScope's handler)")


@knowledge_router.post("/knowledge_bases/", response_model=CreateKnowledgeBaseResponse, status_code=201,
                       summary="Create a knowledge base (keep-pii chunkers and team bases: admin only)")
async def create_knowledge_base(body: CreateKnowledgeBaseRequest, request: Request,
                                user_id: str = Depends(verified_user),
                                service: object = Depends(get_knowledge_base_service)) -> CreateKnowledgeBaseResponse:
    """Create one of the caller's knowledge bases (or, for an admin acting as ``team``, a shared one)."""
    identity = request.state.identity
    chunker = body.chunker_config.type if body.chunker_config else ""
    if chunker.endswith(ADMIN_ONLY_SUFFIX) and identity.role != "admin":
        raise HTTPException(status.HTTP_403_FORBIDDEN,
                            f"The chunker {chunker!r} keeps personal data unmasked; only an admin key may choose it.")
    if user_id == TEAM_OWNER and identity.role != "admin":
        raise HTTPException(status.HTTP_403_FORBIDDEN, "Shared team knowledge bases are created by an admin key.")
    record = await service.create_knowledge_base(  # type: ignore[attr-defined]
        user_id=user_id, name=body.name, description=body.description,
        embedding_model_config=body.embedding_model_config, chunker_config=body.chunker_config)
    return CreateKnowledgeBaseResponse(knowledge_base_id=record.id)


_INLINE = frozenset({"text/plain", "text/markdown", "application/pdf"})


@knowledge_router.get("/knowledge_bases/{knowledge_base_id}/documents/{document_id}",
                      summary="The original file of one of the caller's documents")
async def read_document(knowledge_base_id: str, document_id: str, download: bool = Query(False),
                        user_id: str = Depends(verified_user),
                        service: object = Depends(get_knowledge_base_service)) -> StreamingResponse:
    """Stream the uploaded file back (404 for anything not the caller's or shared with them)."""
    record, size, content = await service.stream_document_content(  # type: ignore[attr-defined]
        user_id=user_id, knowledge_base_id=knowledge_base_id, document_id=document_id)
    media = (record.data.content_type or "").split(";")[0].strip().lower() or "application/octet-stream"
    disposition = "inline" if not download and media in _INLINE else "attachment"
    headers = {"Content-Disposition": f"{disposition}; filename*=UTF-8''{quote(record.data.filename or 'download')}",
               "Cache-Control": "private, max-age=60", "X-Content-Type-Options": "nosniff"}
    if size is not None:
        headers["Content-Length"] = str(size)
    return StreamingResponse(content, media_type=media, headers=headers)

