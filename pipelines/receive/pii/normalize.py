"""The normalised view of a text that PII matching runs on, with a map back to the original.

Normalisation, character by character:

* NFKC (full-width digits, letters and ``＠．－（）`` become ASCII; ideographic space
  becomes a space);
* every dash (``‐‑‒–—―−﹣``) becomes ``-`` and every middle dot (``•‧・･∙``) becomes ``·``
  (a separator between digits, but never the dot of a version or an IP address);
* zero-width characters and soft hyphens are removed;
* a run of seven or more Chinese digits (``一三八〇…``, ``幺`` for one) becomes Arabic digits;
* traditional characters of the words around personal data become simplified (電話 → 电话, 號碼 →
  号码, 樓 → 楼, 區 → 区, 聯絡 → 联络), and Cantonese 嘅 / 係 / 喺 read as 的 / 是 / 在, one character for
  one, so every Chinese rule reads Taiwan, Hong Kong and Macau writing too.

Each character of the view remembers the offset of the original character it came from,
so a match in the view maps back to the exact span of the original text. Masking
replaces that original span, and the rest of the text stays exactly as the user wrote it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\ufeff\u00ad\u180e\u034f")
_SPECIAL = {ch: "-" for ch in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"}
_SPECIAL.update({ch: "\u00b7" for ch in "\u2022\u2027\u30fb\uff65\u2219"})  # every middle dot is "·"
_SPECIAL["\u2026"] = "\u2026"  # an ellipsis stays one character: it is part of a mask (‹phone …5142›)
_CN_DIGITS = {"〇": "0", "零": "0", "一": "1", "幺": "1", "二": "2", "两": "2", "三": "3", "四": "4",
              "五": "5", "六": "6", "七": "7", "八": "8", "九": "9"}
_CN_DIGIT = f"[{''.join(_CN_DIGITS)}]"
# Traditional → simplified, one character for one: the words of phones, documents, accounts, addresses and
# names (and the look-alike words: 訂單, 運單, 會議), plus Cantonese 嘅 係 喺.
_TRADITIONAL = (
    "電电話话機机號号碼码聯联絡络證证帳账賬账戶户銀银護护傳传郵邮醫医險险車车學学統统編编資资訊讯務务單单運运遞递貨货條条"
    "區区縣县鄉乡鎮镇樓楼層层門门棟栋園园廣广場场東东灣湾臺台廈厦華华寧宁廳厅館馆國国際际簽签個个們们這这裡里裏里為为"
    "嗎吗說说請请讓让給给記记認认識识稱称暱昵網网頁页線线標标額额費费錢钱買买賣卖開开關关發发現现點点鐘钟時时間间歲岁"
    "實实體体檢检驗验療疗診诊藥药歷历檔档報报紀纪錄录親亲愛爱媽妈爺爷婦妇兒儿孫孙長长陳陈張张劉刘楊杨黃黄趙赵吳吴鄭郑"
    "謝谢許许韓韩馮冯鄧邓蕭萧葉叶蘇苏呂吕盧卢鍾钟譚谭陸陆賈贾韋韦鄒邹龍龙顧顾龔龚嚴严湯汤溫温莊庄聶聂歐欧蘭兰淩凌畢毕"
    "塗涂鮑鲍饒饶閻阎顏颜龐庞鄺邝馬马簡简錦锦麗丽偉伟強强軍军剛刚傑杰輝辉雲云鳳凤紅红靜静濤涛鵬鹏飛飞濱滨達达義义興兴"
    "書书詩诗嬌娇穎颖瑩莹蓮莲夢梦貴贵賢贤慶庆訂订會会議议價价餘余積积碼码號号鄰邻居居寫写填填碼码類类種种臨临時时"
    "牌牌駕驾駛驶輛辆車车險险保保隊队級级班班組组團团廠厂側侧幫帮個个號号碼码嘅的係是喺在"
)
_TO_SIMPLIFIED = {_TRADITIONAL[i]: _TRADITIONAL[i + 1] for i in range(0, len(_TRADITIONAL), 2)
                  if _TRADITIONAL[i] != _TRADITIONAL[i + 1]}
_CN_DIGIT_RUN = re.compile(f"{_CN_DIGIT}(?:[ -]?{_CN_DIGIT}){{6,}}")


@dataclass(frozen=True)
class NormalisedText:
    """A normalised view of ``original``.

    Attributes:
        original: The text as given.
        text: The normalised view that patterns run on.
        source: For each character of ``text``, the offset of its original character.
    """

    original: str
    text: str
    source: tuple[int, ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original text that the view's ``[start, end)`` came from."""
        if end <= start:
            raise ValueError(f"empty span {start}:{end} has no original; pass a non-empty span")
        return self.source[start], self.source[end - 1] + 1


def _view_of(char: str) -> str:
    """What one character becomes in the view: nothing (zero-width), itself or its simplified form, or its NFKC pieces."""
    if char in _ZERO_WIDTH:
        return ""
    mapped = _SPECIAL.get(char)
    if mapped is not None:
        return mapped
    if char.isascii() or "\u4e00" <= char <= "\u9fff":
        return _TO_SIMPLIFIED.get(char, char)  # unchanged by NFKC: the common case, kept fast
    mapped = unicodedata.normalize("NFKC", char)
    return "".join(_SPECIAL.get(c, c) for c in mapped if c not in _ZERO_WIDTH)


def normalise(text: str) -> NormalisedText:
    """Build the normalised view of ``text`` (see the module docstring for the rules)."""
    if text.isascii():
        return NormalisedText(text, text, tuple(range(len(text))))
    chars: list[str] = []
    source: list[int] = []
    for index, char in enumerate(text):
        pieces = _view_of(char)
        chars.append(pieces)
        source.extend([index] * len(pieces))
    view = "".join(chars)
    if _CN_DIGIT_RUN.search(view):
        view = _CN_DIGIT_RUN.sub(lambda m: "".join(_CN_DIGITS.get(c, c) for c in m.group(0)), view)
    return NormalisedText(text, view, tuple(source))
