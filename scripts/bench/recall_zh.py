"""Chinese retrieval quality: the product vs BM25 (bigrams), dense and hybrid baselines.

Data: ``scripts/bench/data/zh_recall.json`` (written for this project): three users'
multi-session dialogue with preferences, places, dates and changes of mind, 60 questions
with gold turn keys. Every turn is a memory (time = ``days_ago`` before the run, so decay
is the same whenever it runs); ``--filler N`` adds N everyday-chat memories per user,
spread over the same sessions, so the gold turns are found among ~200 memories.

Run::

    python scripts/bench/recall_zh.py
"""
from __future__ import annotations

import argparse
import asyncio
import json
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import common
from embed_cache import DEFAULT_CACHE
from harness import Doc, Probe, RunLog, product, run_user
from report import render, summarise, verdict
from settings_args import add_recall_args

from memory.lexical import lexical_tokens
from memory.types import MemoryType
from pipelines.context.tokens import TokenCounter

DATA = Path(__file__).resolve().parent / "data" / "zh_recall.json"
DIALOGUE = Path(__file__).resolve().parent / "data" / "zh_recall_dialogue.json"
_FACT_FILLER = [
    "用户今天中午吃了{0}。", "用户说{0}的天气有点冷。", "用户在网上看了关于{0}的视频。", "用户提到同事推荐了{0}。",
    "用户周末去逛了{0}。", "用户觉得{0}最近涨价了。", "用户打算有空研究一下{0}。", "用户和朋友聊起了{0}。",
]
_TOPICS = ["兰州拉面", "楼下的商场", "新出的手机", "一部纪录片", "菜市场", "小区花园", "羽毛球", "家里的空调", "共享单车",
           "一家烘焙店", "股票基金", "电动牙刷", "冬天的衣服", "城市公园", "地铁新线路", "一档综艺", "折叠自行车", "高铁票价"]
ORDER = ["preference", "place", "fact", "date", "time", "change", "multi", "overall"]
_WHEN = ["今天", "昨天", "刚才", "周末", "晚上", "上午", "中午"]
_CHAT = [
    "和同事去楼下吃了碗牛肉面", "看了一部科幻电影，特效不错", "外面下雨了，没带伞", "超市的水果打折，买了些苹果",
    "开了一下午的会，有点累", "朋友推荐了一家咖啡店，还没去", "地铁上人特别多", "在网上买了一双运动鞋",
    "家里的网络有点慢", "读了几页小说就困了", "收拾了一下房间", "给爸妈打了个电话",
    "楼下新开了一家面包店", "手机快没电了", "把衣服洗了晾在阳台", "晚饭做了番茄炒蛋",
    "看了会儿新闻", "路上堵车堵了半小时", "同事过生日，大家一起吃了蛋糕", "想换个新的键盘",
    "听了一下午的音乐", "公园里的桂花开了", "排队买奶茶排了很久", "电脑更新系统花了好久",
    "天气预报说明天降温", "给朋友寄了个快递", "小区在修路，有点吵", "午休睡过头了",
]


def load_users(filler: int) -> list[tuple[str, list[Doc], list[Probe]]]:
    """(user id, memories, questions) per user of the data file."""
    data = json.loads(DATA.read_text())
    now = datetime.now(timezone.utc).replace(microsecond=0)
    out = []
    for u in data["users"]:
        docs: list[Doc] = []
        keys: dict[str, str] = {}
        for s_index, session in enumerate(u["sessions"], start=1):
            when = now - timedelta(days=session["days_ago"])
            for t_index, turn in enumerate(session["turns"], start=1):
                tid = f"S{s_index}:{t_index}"
                docs.append(Doc(tid, f"{turn[0]}: {turn[1]}", when + timedelta(minutes=t_index),
                                {"speaker": turn[0], "turn": tid}, f"S{s_index}"))
                if len(turn) > 2:
                    keys[turn[2]] = tid
        sessions = len(u["sessions"])
        for i in range(filler):
            s_index = i % sessions + 1
            when = now - timedelta(days=u["sessions"][s_index - 1]["days_ago"], minutes=-(60 + i))
            text = f"{u['user']}: {_WHEN[i % len(_WHEN)]}{_CHAT[(i // len(_WHEN) + i) % len(_CHAT)]}。"
            docs.append(Doc(f"F{i}", text, when, {"speaker": u["user"], "filler": True}, f"S{s_index}"))
        probes = [Probe(q["q"], q["category"], frozenset(keys[g] for g in q["gold"])) for q in u["questions"]]
        out.append((f"zh-{u['user']}", docs, probes))
    return out


def load_dialogue_users(filler: int) -> list[tuple[str, list[Doc], list[Probe]]]:
    """The second set: extracted-statement memories, dialogue-context queries (see the file's ``about``)."""
    data = json.loads(DIALOGUE.read_text())
    now = datetime.now(timezone.utc).replace(microsecond=0)
    out = []
    for u in data["users"]:
        docs = [Doc(m["key"], m["text"], now - timedelta(days=m["days_ago"]), {}, m["session"],
                    MemoryType.FACT) for m in u["memories"]]
        sessions = sorted({m["session"] for m in u["memories"]})
        for i in range(filler):
            text = _FACT_FILLER[i % len(_FACT_FILLER)].format(_TOPICS[(i // len(_FACT_FILLER) + i) % len(_TOPICS)])
            docs.append(Doc(f"F{i}", f"{text[:-1]}（{i % 28 + 1}日）。", now - timedelta(days=3 + (i * 7) % 220),
                            {"filler": True}, sessions[i % len(sessions)], MemoryType.FACT))
        probes = [Probe(q["q"], q["category"], frozenset(q["gold"])) for q in u["questions"]]
        out.append((f"zhd-{u['user']}", docs, probes))
    return out


async def main(args: argparse.Namespace) -> dict:
    users = load_dialogue_users(args.filler) if args.set == "dialogue" else load_users(args.filler)
    counter = TokenCounter()
    log = RunLog()
    started = time.perf_counter()
    async with product(args) as prod:
        for user_id, docs, probes in users:
            await run_user(user_id, docs, probes, prod.store, prod.embeddings, prod.recaller, counter, log,
                           bm25_tokenize=lexical_tokens)
            print(f"{user_id}: {len(docs)} memories, {len(probes)} questions", flush=True)
    config = prod.config
    categories = {p.category for _, _, probes in users for p in probes}
    summary = summarise(log, categories)
    summary["verdict"] = verdict(summary)
    summary["run"] = {"questions": len(log.scored["product"]), "filler_per_user": args.filler,
                      "seconds": round(time.perf_counter() - started, 1), "recall_config": repr(config)}
    print()
    print(render(summary, ORDER))
    print(f"\nverdict: {summary['verdict']}")
    return summary


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--filler", type=int, default=150, help="everyday-chat memories added per user")
    p.add_argument("--set", choices=("turns", "dialogue"), default="turns",
                   help="turns: zh_recall.json (dialogue turns, short questions); dialogue: "
                        "zh_recall_dialogue.json (extracted statements, dialogue-context queries)")
    p.add_argument("--cache", default=str(DEFAULT_CACHE))
    p.add_argument("--cache-queries", action="store_true")
    p.add_argument("--out", default="bench-results/recall_zh.json")
    add_recall_args(p)
    return p.parse_args(argv)


if __name__ == "__main__":
    arguments = parse()
    common.write_json(Path(arguments.out), asyncio.run(main(arguments)))
