// memory-agent inspector: plain JS over the same HTTP API a program uses (docs/API.md).
"use strict";

const $ = (sel) => document.querySelector(sel);
const state = { user: null, agentId: null, sessionId: null };

// The credential field takes an API key (`python -m app keys create --user ID`) or a JWT,
// sent as a bearer token; anything else is a user id, which the server honours only with
// AUTH_MODE=off (local development) or from a trusted gateway.
const isToken = (v) => v.startsWith("mak_") || v.split(".").length === 3;
const credentialHeaders = (v) => (isToken(v) ? { Authorization: `Bearer ${v}` } : { "X-User-ID": v });
const shown = (v) => (isToken(v) ? `${v.slice(0, 20)}…` : v);

async function api(method, path, body) {
  const init = { method, headers: credentialHeaders(state.user) };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const detail = data && data.detail ? (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)) : res.statusText;
    throw new Error(`${method} ${path}: ${res.status} ${detail}`);
  }
  return data;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else if (k.startsWith("data-")) node.setAttribute(k, v); else node[k] = v;
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(c == null ? "" : String(c)));
  return node;
}

const fmt = (x, d = 3) => (typeof x === "number" ? x.toFixed(d) : "");
const when = (iso) => (iso ? new Date(iso).toLocaleString() : "never");

// One credential (the server's model), one agent and its session per user, through the
// Agent Service's own routes; ids are cached per user in localStorage.
async function connect(user) {
  state.user = user;
  const key = `memory-agent:${shown(user)}`;
  const cached = JSON.parse(localStorage.getItem(key) || "null");
  if (cached) {
    try {
      await api("GET", `/sessions/${cached.sessionId}/status?agent_id=${cached.agentId}`);
      Object.assign(state, cached);
    } catch (e) { localStorage.removeItem(key); }
  }
  if (!state.sessionId) {
    const cred = await api("POST", "/credential/", { data: { type: "memory_agent_credential", name: "server model" } });
    const agent = await api("POST", "/agent/", { name: "assistant" });
    const session = await api("POST", "/sessions/", {
      agent_id: agent.agent_id,
      chat_model_config: { type: "memory_agent_credential", credential_id: cred.credential_id, model: "memory-agent", parameters: {} },
    });
    state.agentId = agent.agent_id;
    state.sessionId = session.session_id;
    localStorage.setItem(key, JSON.stringify({ agentId: state.agentId, sessionId: state.sessionId }));
  }
  $("#status").textContent = `connected as ${shown(user)} · session ${state.sessionId.slice(0, 8)}`;
  $("#message").disabled = false;
  $("#send").disabled = false;
  await Promise.all([loadMessages(), loadMemories(), loadTasks(), loadExplain(), loadHealth()]);
}

function addMessage(role, text) {
  const node = el("div", { class: `msg ${role}` }, text);
  $("#chat").append(node);
  $("#chat").scrollTop = $("#chat").scrollHeight;
  return node;
}

const textOf = (msg) => (msg.content || []).filter((b) => b.type === "text").map((b) => b.text).join("");

async function listMessages() {
  const data = await api("GET", `/sessions/${state.sessionId}/messages?agent_id=${state.agentId}&limit=100`);
  return data.messages || [];
}

async function loadMessages() {
  $("#chat").replaceChildren();
  for (const m of await listMessages()) addMessage(m.role, textOf(m));
}

async function send(text) {
  const id = crypto.randomUUID().replace(/-/g, "");
  addMessage("user", text);
  const pending = addMessage("assistant", "…");
  await api("POST", "/chat/", {
    agent_id: state.agentId, session_id: state.sessionId,
    input: { id, role: "user", name: "user", content: [{ type: "text", text }] },
  });
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 150));
    const msgs = await listMessages();
    const at = msgs.findIndex((m) => m.id === id);
    const reply = at >= 0 ? msgs.slice(at + 1).find((m) => m.role === "assistant" && m.finished_at) : null;
    if (reply) {
      pending.textContent = textOf(reply);
      pending.dataset.trace = (reply.metadata && reply.metadata.memory && reply.metadata.memory.trace_id) || "";
      await Promise.all([loadMemories(), loadTasks(), loadExplain(), loadHealth()]);
      return;
    }
  }
  pending.textContent = "(no reply within 60 s; see the server log)";
  pending.classList.add("error");
}

async function loadMemories() {
  const status = $("#show-superseded").checked ? "all" : "active";
  const data = await api("GET", `/memory/items?status=${status}`);
  const rows = data.items.map((m) =>
    el("tr", { class: m.status, "data-id": m.id },
      el("td", {}, m.id), el("td", {}, m.type), el("td", { class: "content" }, m.content),
      el("td", { class: "num" }, fmt(m.importance, 2)), el("td", {}, when(m.last_used_at)), el("td", {}, m.status),
      el("td", {},
        m.status === "active" ? el("button", { class: "link forget", type: "button", "data-id": m.id, onclick: () => forget(m.id) }, "Forget") : "",
        " ",
        el("button", { class: "link history", type: "button", "data-id": m.id, onclick: () => showHistory(m.id) }, "History"))));
  $("#memories tbody").replaceChildren(...rows);
  if (!rows.length) $("#memories tbody").append(el("tr", {}, el("td", { colSpan: 9, class: "muted" }, "Nothing remembered yet.")));
}

// The caller's tasks (working state): each planned step with its status, the findings as
// stored (personal data masked), and the version every change raises.
async function loadTasks() {
  const status = $("#show-finished").checked ? "all" : "running";
  const data = await api("GET", `/memory/tasks?status=${status}`);
  const steps = (t) => (t.plan.length
    ? el("ol", { class: "plan" }, ...t.plan.map((p) => el("li", { class: `step ${p.status}` }, `${p.step} — ${p.status.replace("_", " ")}`)))
    : el("span", { class: "muted" }, `at: ${t.step || "started"}`));
  const rows = data.tasks.map((t) =>
    el("tr", { class: `task ${t.status}`, "data-id": t.task_id },
      el("td", {}, el("strong", {}, t.task), el("div", { class: "muted small" }, `updated ${when(t.updated_at)}`)),
      el("td", {}, t.status), el("td", {}, steps(t)),
      el("td", {}, t.findings.length ? el("ul", { class: "findings" }, ...t.findings.map((f) => el("li", {}, f))) : el("span", { class: "muted" }, "none")),
      el("td", { class: "num version" }, t.version)));
  $("#tasks tbody").replaceChildren(...rows);
  if (!rows.length) $("#tasks tbody").append(el("tr", {}, el("td", { colSpan: 5, class: "muted" }, "No tasks. Tasks start in the chat: /task start NAME, or ask the agent when a model is configured.")));
}

async function forget(id) {
  await api("DELETE", `/memory/items/${id}`);
  await loadMemories();
  document.querySelectorAll(`#recall tr[data-id="${id}"]`).forEach((tr) => tr.classList.add("forgotten"));
}

async function showHistory(id) {
  const data = await api("GET", `/memory/items/${id}/history`);
  const box = $("#history");
  box.hidden = false;
  box.replaceChildren(el("strong", {}, `History of #${id} (oldest first)`),
    el("ol", {}, ...data.history.map((m) => el("li", {}, `#${m.id} [${m.status}] ${m.content} — ${when(m.created_at)}`))));
}

async function loadExplain() {
  let data;
  try {
    data = await api("GET", `/memory/explain?session_id=${state.sessionId}`);
  } catch (e) {
    $("#recall tbody").replaceChildren(el("tr", {}, el("td", { colSpan: 9, class: "muted" }, "No turn yet in this session.")));
    $("#budget tbody").replaceChildren();
    return;
  }
  $("#trace").textContent = `trace ${data.trace_id}`;
  $("#query").textContent = `query: ${data.query || ""}${data.cache_hit ? " (cache hit)" : ""}`;
  const rows = data.candidates.map((c) =>
    el("tr", { class: c.injected ? "injected" : "", "data-id": c.id },
      el("td", { class: "num" }, c.rank), el("td", {}, `#${c.id} [${c.type}] ${c.content}`),
      el("td", { class: "num rel", title: "hybrid relevance (scaled RRF of BM25 and cosine ranks)" },
        c.relevance == null ? "–" : fmt(c.relevance)),
      el("td", { class: "num sim" }, fmt(c.similarity)), el("td", { class: "num lex" }, fmt(c.lexical ?? 0, 2)),
      el("td", { class: "num imp" }, fmt(c.importance, 2)),
      el("td", { class: "num decay" }, fmt(c.decay, 2)), el("td", { class: "num score" }, fmt(c.score)),
      el("td", { class: "in" }, c.injected ? "✓ yes" : "no")));
  $("#recall tbody").replaceChildren(...rows);
  if (!rows.length) $("#recall tbody").append(el("tr", {}, el("td", { colSpan: 9, class: "muted" }, "Nothing recalled.")));
  const used = data.budget.used || {};
  const allowance = data.budget.allowance || {};
  $("#budget tbody").replaceChildren(...Object.keys(used).map((k) =>
    el("tr", { "data-section": k }, el("td", {}, k), el("td", { class: "num" }, used[k]), el("td", { class: "num" }, allowance[k] ?? ""))));
}

// Health at a glance (GET /admin/health, admin keys): one small chart per golden signal,
// a point per sampling interval over the last hour, drawn as inline SVG (no library).
const HEALTH = [
  ["turns", "turns", (v) => String(v)],
  ["hit_rate", "memory hit rate", (v) => `${Math.round(v * 100)} %`],
  ["p95_ms", "p95 turn latency", (v) => `${Math.round(v)} ms`],
  ["fallbacks", "fallbacks", (v) => String(v)],
  ["denials", "permission denials", (v) => String(v)],
  ["context_tokens", "context tokens / turn", (v) => String(Math.round(v))],
];

function sparkline(values) {
  const w = 160, h = 36, pad = 3;
  const known = values.filter((v) => v != null);
  const max = Math.max(1e-9, ...known), min = Math.min(0, ...known);
  const x = (i) => pad + (values.length > 1 ? (i * (w - 2 * pad)) / (values.length - 1) : (w - 2 * pad) / 2);
  const y = (v) => h - pad - ((v - min) * (h - 2 * pad)) / (max - min || 1);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "spark");
  const pts = values.map((v, i) => (v == null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", pts.join(" "));
  svg.append(line);
  values.forEach((v, i) => {
    if (v == null) return;
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", x(i).toFixed(1)); dot.setAttribute("cy", y(v).toFixed(1)); dot.setAttribute("r", "1.8");
    svg.append(dot);
  });
  return svg;
}

async function loadHealth() {
  let data;
  try {
    data = await api("GET", "/admin/health");
  } catch (e) {
    $("#health").replaceChildren(el("span", { class: "muted small" }, String(e.message).includes(" 403 ")
      ? "Health charts need an admin key (python -m app keys create --user ID --admin)." : String(e.message)));
    return;
  }
  const points = data.points || [];
  const charts = HEALTH.map(([key, title, show]) => {
    const values = points.map((p) => p[key]);
    const known = values.filter((v) => v != null);
    const last = known.length ? show(known[known.length - 1]) : "–";
    return el("figure", { class: "chart", "data-series": key, "data-points": known.length },
      el("figcaption", {}, title, el("span", { class: "last" }, last)), sparkline(values));
  });
  $("#health").replaceChildren(...charts);
}

function report(err) {
  addMessage("assistant error", String(err.message || err));
}

$("#login").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const user = $("#user").value.trim();
  if (user) connect(user).catch(report);
});
$("#composer").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("#message").value.trim();
  if (!text) return;
  $("#message").value = "";
  $("#send").disabled = true;
  send(text).catch(report).finally(() => { $("#send").disabled = false; });
});
$("#message").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); $("#composer").requestSubmit(); }
});
$("#show-superseded").addEventListener("change", () => loadMemories().catch(report));
$("#refresh").addEventListener("click", () => Promise.all([loadMemories(), loadTasks(), loadExplain()]).catch(report));
$("#show-finished").addEventListener("change", () => loadTasks().catch(report));
$("#health-refresh").addEventListener("click", () => loadHealth().catch(report));
