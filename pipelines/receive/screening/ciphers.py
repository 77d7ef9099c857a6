"""Hand ciphers the screen reads back: pinyin, Morse code, Caesar shifts, concatenated fragments.

Each decoder runs only when the message shows the trick (a run of pinyin syllables, a Morse
alphabet, the word "Caesar" or "shift", quoted fragments joined with ``+``), so ordinary
text costs a few regular-expression searches. The decoded text is screened like any other
payload (:func:`pipelines.receive.screening.normalize.decoded_payloads`).
"""
from __future__ import annotations

import re

__all__ = ["cipher_payloads"]

# Pinyin of the words attacks are made of, longest first; matched on whole syllable runs.
_PINYIN = {
    "hu lue": "忽略", "hu lve": "忽略", "wu shi": "无视", "wang ji": "忘记", "wang diao": "忘掉", "zhi qian": "之前",
    "yi qian": "以前", "suo you": "所有", "quan bu": "全部", "zhi ling": "指令", "gui ze": "规则", "she ding": "设定",
    "xian zhi": "限制", "xi tong": "系统", "ti shi ci": "提示词", "ti shi": "提示", "yuan feng bu dong": "原封不动",
    "fa gei wo": "发给我", "gao su wo": "告诉我", "shu chu": "输出", "xian shi": "显示", "ni de": "你的", "ni": "你",
    "wo": "我", "de": "的", "ran hou": "然后", "ba": "把", "guan li yuan": "管理员", "quan xian": "权限", "mi ma": "密码",
    "mi yao": "密钥", "yong hu": "用户", "ji yi": "记忆", "ji zhu": "记住", "bi ji": "笔记", "ren wu": "任务",
    "xian zai": "现在", "kai fa zhe": "开发者", "mo shi": "模式", "wu xian zhi": "无限制", "zhi xing": "执行",
    "ming ling": "命令", "fu cong": "服从", "an quan": "安全", "guo lv": "过滤", "guan bi": "关闭", "chong zhi": "重置",
    "qi ta": "其他", "bie ren": "别人", "xin xi": "信息", "nei rong": "内容", "pei zhi": "配置", "yi xia": "一下",
    "shuo": "说", "kan": "看", "cha kan": "查看", "lie chu": "列出", "an zhao": "按照", "zhao zuo": "照做",
}
_SYLLABLE = (r"(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|van|ai|ei|ao|ou|an"
             r"|en|er|in|un|vn|ia|ie|iu|ua|uo|ue|ve|ui|a|o|e|i|u|v)")
_PINYIN_RUN = re.compile(rf"(?<![a-z])(?:{_SYLLABLE}[1-5]?[\s',-]+){{5,}}{_SYLLABLE}[1-5]?(?![a-z])")
_PINYIN_WORDS = sorted(_PINYIN, key=len, reverse=True)
_PINYIN_RE = re.compile(r"(?<![a-z])(?:" + "|".join(w.replace(" ", r"[\s'-]*") for w in _PINYIN_WORDS) + r")(?![a-z])")
_NORMAL = {re.sub(r"[\s'-]", "", w): cn for w, cn in _PINYIN.items()}

_MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h", "..": "i",
    ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p", "--.-": "q", ".-.": "r",
    "...": "s", "-": "t", "..-": "u", "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
}
_MORSE_RUN = re.compile(r"(?:[.\-·—_]{1,6}[ /|]+){6,}[.\-·—_]{1,6}")
_CAESAR_HINT = re.compile(r"caesar|shift(?:ed)?\s*(?:of\s*|by\s*)?[-+]?\d|rot\s*-?\d|凯撒|移位|偏移", re.I)
_FRAGMENTS = re.compile(r"(?:['\"“‘][^'\"”’\n]{1,20}['\"”’]\s*\+\s*){2,}['\"“‘][^'\"”’\n]{1,20}['\"”’]")
_FRAGMENT = re.compile(r"['\"“‘]([^'\"”’\n]{1,20})['\"”’]")
_COMMON = re.compile(r"\b(?:the|and|your|you|all|system|prompt|ignore|reveal|instructions|rules|show|tell|me)\b")


def _pinyin(text: str) -> str:
    """Chinese for the attack words of a run of pinyin (unknown syllables kept as they are).

    Syllables may be spaced ("hu lue zhi qian") or joined per word ("hulue zhiqian"); at least
    three long attack words (four letters or more) must be there.
    """
    lower = text.lower()
    if sum(1 for m in _PINYIN_RE.finditer(lower) if len(m.group(0)) >= 4) < 3:
        return ""
    runs = _PINYIN_RUN.findall(lower) or [lower]
    out = []
    for run in runs:
        out.append(_PINYIN_RE.sub(lambda m: _NORMAL.get(re.sub(r"[\s'-]", "", m.group(0)), m.group(0)), run))
    joined = "".join(re.sub(r"[\s',-]+(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])[\s',-]+", "", r) for r in out)
    return joined if len(re.findall(r"[\u4e00-\u9fff]", joined)) >= 4 else ""


def _morse(text: str) -> str:
    words = []
    for run in _MORSE_RUN.findall(text.replace("·", ".").replace("—", "-").replace("_", "-")):
        for word in re.split(r"\s*[/|]\s*", run):
            words.append("".join(_MORSE.get(code, "") for code in word.split()))
    return " ".join(w for w in words if w)


def _shift(text: str, k: int) -> str:
    return "".join(chr((ord(c) - base + k) % 26 + base) if c.isascii() and c.isalpha() else c
                   for c in text for base in ((97 if c.islower() else 65),))


def _caesar(text: str) -> str:
    """The most English-looking shift of ``text`` (when it names a Caesar shift)."""
    if not _CAESAR_HINT.search(text):
        return ""
    best, hits = "", 0
    for k in range(1, 26):
        candidate = _shift(text, k)
        found = len(_COMMON.findall(candidate.lower()))
        if found > hits:
            best, hits = candidate, found
    return best if hits >= 2 else ""


def _fragments(text: str) -> str:
    return " ".join("".join(_FRAGMENT.findall(m.group(0))) for m in _FRAGMENTS.finditer(text))


def cipher_payloads(text: str) -> list[tuple[str, str]]:
    """``(cipher, decoded)`` for each hand cipher ``text`` shows and that decodes to something."""
    out = []
    for name, decode in (("pinyin", _pinyin), ("morse", _morse), ("caesar", _caesar), ("fragments", _fragments)):
        decoded = decode(text)
        if decoded:
            out.append((name, decoded))
    return out
