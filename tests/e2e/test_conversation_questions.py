"""Ten questions asked one after another in one session are answered exactly as when each is asked alone.

The facts are told in a first session; then the ten questions come in one new session, and
again each in a session of its own. Recall must be driven by the current message (earlier
turns only resolve references), so a question never gets the notes of the one before it.
"""
from __future__ import annotations

from app.composition import Runtime
from app.session import ChatSession

FACTS = [
    "I live in Hangzhou.", "I work as a nurse at the city hospital.", "My dog is called Biscuit.",
    "I'm allergic to peanuts.", "My sister lives in Vancouver.", "I play badminton every Wednesday.",
    "My favourite food is hot pot.", "I drive a white Tesla.", "My daughter is five years old.",
    "I'm learning Japanese.",
]
QUESTIONS = [
    "Where do I live?", "What is my job?", "What is my dog called?", "What am I allergic to?",
    "Where does my sister live?", "What sport do I play?", "What is my favourite food?", "What car do I drive?",
    "How old is my daughter?", "Which language am I learning?",
]


async def test_questions_in_one_session_are_answered_as_when_asked_alone(runtime: Runtime) -> None:
    chat = ChatSession.open(runtime, "quinn", "facts")
    for fact in FACTS:
        await chat.send(fact)
    chat.new()
    together = [(await chat.send(q)).get_text_content() for q in QUESTIONS]
    alone = []
    for q in QUESTIONS:
        chat.new()
        alone.append((await chat.send(q)).get_text_content())
    differ = [(q, t, a) for q, t, a in zip(QUESTIONS, together, alone) if t != a]
    assert differ == []
