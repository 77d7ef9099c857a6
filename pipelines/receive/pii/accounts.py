"""Messaging, social and service accounts named as such: QQ, WeChat, Alipay, Douyin, Telegram/Line/… handles,
and any user name or account id after a label that says so.

An account is a contact handle as personal as a phone number, but its shapes (5–11 digits,
six letters and digits) are everywhere, so it counts only next to its label. The label is read
with one grammar, whatever its wording:

    label   = service [account-word] | [qualifier] account-word     ("QQ号", "WeChat ID", "Steam ID", "游戏账号", "username")
    labels  = label (("/" | "、" | "&" | "和" | "or") label)* ["同号"]  ("微信/QQ同号")
    account = labels separator value  |  value ("是" | "is") [possessive] labels   ("lina_1990 is my WeChat")

The separator is punctuation (``:``, ``=``, ``--``, ``→``), a copula (是, is, was), a verb of
finding (搜, 叫, add, search, "me at"), an opening bracket, a space, or a comma. The weaker
the separator, the more the value must look like a handle: letters only only after an explicit
separator ("WeChat is better" is no ID); after a space, a verb or a bracket it needs a digit,
``_``, ``.`` or a leading ``@``; after a comma, a digit or ``_``.

:data:`ACCOUNTS` holds, per service, its names and the shape of its ids; a label made of an
account word (账号, 用户名, username, handle, user ID…) after any other qualifier is the generic
row, unless the qualifier announces a look-alike (an order, a meeting, a request, a device…).
Context-free shapes: a WeChat ``wxid_…`` id, and an Alipay UID (2088 and twelve digits) in a text
that names Alipay. Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipelines.receive.pii.profiles import find_profiles

# What may follow a service's name before the id: "ID", "号", "account", "handle" …
_ACCOUNT_WORD = (
    r"(?:ID|Id|id|UID|uid|userId|userid|user[ \t]?ID|hao(?:ma)?|号码?|號碼?|号|號|账号|帳號|賬號|账户|帳戶|账户名|用户名|用戶名|用户ID|用户号"
    r"|登录名|登錄名|登入名|登录账号|昵称|暱稱|handle|account(?:[ \t]+(?:name|ID|id))?|username|user[ \t]?name|name|number|no\.?"
    r"|login|screen[ \t]name|gamertag|tag|名字|名称|名稱|名)"
)
_LABEL_TAIL = rf"(?:[ \t]*,?[ \t]*(?:账号|帳號|用户|用戶|user)?[ \t]*{_ACCOUNT_WORD}(?![A-Za-z]))?"
# A change of id before the new one: "wx号改了，现在是 …", "微信换成了 …", "QQ 更新为 …".
_CHANGED = (
    r"(?:[ \t]*(?:改了|换了|換了|变了|變了|更新了|改成了?|换成了?|換成了?|变成了?|更新为|更新成)[ \t]*[,，]?"
    r"[ \t]*(?:现在|現在|目前|新的|新号|新號|最新的)?[ \t]*(?:的|号|號|也)?)"
)
_EXPLICIT = (
    rf"(?:[ \t]*(?:[吧呀啊哈呢哦嘛呗啦咯哟喔噢]|就是|也是|号是|號是|同号|同號)|{_CHANGED})?"
    r"(?:[ \t]*(?:[:：=]|--?|是|为|為|->|→|=>)[ \t]*){1,2}"
    rf"|{_CHANGED}(?:(?<=成|为|為)|(?<=成了))[ \t]*"
)
# Verbs of finding and adding between a label and the id: "微信搜 lina_1990", "WeChat me at …".
_VERB = r"(?:搜索?|查找|搜一下|叫做?|名叫|名字是|加|add(?:[ \t]+me)?|search(?:[ \t]+for)?|find[ \t]+me(?:[ \t]+as)?|me[ \t]+at|at)"
_SEPARATOR = (
    rf"(?P<sep>{_EXPLICIT}"
    rf"|[ \t]*(?:[吧呀啊哈呢哦嘛呗啦咯哟喔噢])?[ \t]*(?:is|was|-|{_VERB}|\(|（|\[)?[ \t]*"
    rf"(?:[ \t]|(?<=[\u4e00-\u9fff(（\[])(?=[A-Za-z0-9@]))"
    rf"|(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9@])"
    rf"|[ \t]*(?:[吧呀啊哈呢哦嘛呗啦咯哟喔噢])?[ \t]*[,，][ \t]*)"
)
_HANDLE = r"@?[A-Za-z0-9_][A-Za-z0-9_.-]{2,31}(?<![.-])"
_CJK_HANDLE = r"@[\u4e00-\u9fffA-Za-z0-9_-]{2,20}"
# A Chinese nickname with digits or "_" in it, after a label with an id word: "闲鱼ID 小鱼儿2021", "B站用户名 起风了_2019".
_CJK_MIXED = r"[\u4e00-\u9fff]{1,10}(?:[A-Za-z0-9]*[\d_][A-Za-z0-9_]*)"
_CASHTAG = r"\$[A-Za-z][A-Za-z0-9_-]{2,20}"  # Cash App: "$jmiller22"
_DISCORD = r"[A-Za-z0-9_.]{2,32}#\d{4}"
_SKYPE = r"live:[A-Za-z0-9_.-]{3,32}(?<![.-])"
_WECHAT_ID = r"[A-Za-z][-_A-Za-z0-9]{5,19}"
_QQ_NUMBER = r"[1-9]\d{0,4}(?:[ \t-]?\d{1,5}){0,10}"
_ALIPAY_UID = re.compile(r"(?<!\d)2088(?:[ \t-]?\d{4}){3}(?!\d)")
_ALIPAY_WORD = re.compile(r"支付宝|支付寶|alipay", re.IGNORECASE)
_WXID = re.compile(r"(?<![A-Za-z0-9_])wxid_[A-Za-z0-9]{6,24}(?![A-Za-z0-9_])")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+")
_UUID_OR_HEX = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|[0-9a-f]{7,40}|[0-9A-F]{7,40}")
# Placeholders, not anyone's account: "username: john_doe", "用户名：admin", "user_1234", "test_user".
_PLACEHOLDER = re.compile(
    r"(?:admin(?:istrator)?|root|guest|user|test|demo|example|sample|foo|bar|foobar|username|john_?doe|jane_?doe|xxx+)\d*"
    r"|(?:test|demo|example|sample|your|my|user|dummy|fake)[_.-]\w*|\w*[_.-](?:test|demo|example|sample|user|account)",
    re.IGNORECASE,
)
_CODE = re.compile(r"[A-Z]{1,6}[-_]?\d[\dA-Z-]*")  # ORD-2024-0098133, TX8847: a code in capitals, not a handle


def _latin(words: str) -> str:
    return rf"(?<![A-Za-z])(?:{words})(?![A-Za-z])"


_SOCIAL = (
    r"抖音号?|抖音ID|(?<![A-Za-z])(?:dy|DY)(?=[ \t]*(?:号|[:：]))|快手号?|小红书号?|小紅書號?|B站|b站|哔哩哔哩|嗶哩嗶哩|微博|知乎|豆瓣|闲鱼|閒魚|淘宝|淘寶|京东|京東|拼多多|美团|美團"
    r"|饿了么|钉钉|釘釘|飞书|飛書|陌陌|探探|网易|網易|百度|推特|脸书|臉書|油管|游戏|遊戲|(?<![A-Za-z])(?:dy|DY|Dy)号|"
    + _latin(
        r"TikTok|tiktok|Tiktok|douyin|Douyin|DouYin|kuaishou|Kuaishou|bilibili|Bilibili|weibo|Weibo"
        r"|xiaohongshu|Xiaohongshu|Steam|steam|STEAM|GitHub|Github|github|GitLab|Gitlab|gitlab|Reddit|reddit|Twitch|twitch"
        r"|YouTube|Youtube|youtube|Xbox|XBOX|xbox|PSN|Epic|Riot|Nintendo|Roblox|roblox"
        r"|Minecraft|LinkedIn|Linkedin|linkedin|Facebook|facebook|FB|Pinterest|Tumblr|Mastodon|Bluesky|bluesky|Douban|Taobao"
        r"|taobao|JD|Zhihu|zhihu|DingTalk|Dingtalk|Lark|Feishu|feishu|Soul|Momo|NetEase|Netease|Baidu|Apple|Google|Microsoft"
        r"|Spotify|Duolingo|Strava|Zalo|zalo|Viber|viber|Teams|Slack|slack|Venmo|venmo|VENMO|PayPal|Paypal|paypal"
        r"|Cash[ \t]?App|cash[ \t]?app|Cashapp|cashapp|Zelle|zelle|Revolut|revolut|Wise|Patreon|patreon|OnlyFans"
    )
)

#: Per service: (its name, its label words, the shape of its ids).
ACCOUNTS: tuple[tuple[str, str, str], ...] = (
    ("qq", rf"(?:{_latin('QQ|qq|Qq|qQ')}|扣扣|企鹅号?|企鵝號?|(?<![A-Za-z])[qQ](?=[ \t]*(?:号|號|[:：])))", _QQ_NUMBER),
    ("wechat", rf"(?:微[ \t]?信号?|微信账号|微信ID|[Vv]信|威信|薇信|徽信|维信|加[Vv微]|\+[Vv](?![A-Za-z])|加我[Vv]|(?<![A-Za-z])[Vv](?=[ \t]*[:：])"
               rf"|{_latin('VX|vx|Vx|wx|WX|Wx|weixin|Weixin|WeiXin|WEIXIN|WeChat|wechat|Wechat|weChat|WECHAT')})",
     rf"{_WECHAT_ID}|{_HANDLE}"),
    ("alipay", rf"(?:支付宝|支付寶|{_latin('alipay|Alipay|AliPay|ALIPAY')})", rf"2088\d{{12}}|{_HANDLE}"),
    ("social", rf"(?:{_SOCIAL})", rf"{_CJK_HANDLE}|{_CJK_MIXED}|{_CASHTAG}|{_HANDLE}"),
    ("handle", _latin("telegram|Telegram|TG|tg|line|Line|LINE|skype|Skype|discord|Discord|twitter|Twitter|X|instagram"
                      "|Instagram|insta|Insta|ins|IG|ig|Ig|snapchat|Snapchat|threads|Threads|signal|Signal|kakao|Kakao|KakaoTalk"
                      "|WhatsApp|whatsapp|Whatsapp"),
     rf"{_DISCORD}|{_SKYPE}|{_HANDLE}"),
)
# A list of labels for one id: "微信/QQ", "QQ和微信", "WeChat or WhatsApp".
_ANY_SERVICE = "|".join(f"(?:{label})" for _, label, _ in ACCOUNTS)
_MORE_LABELS = rf"(?:[ \t]*(?:[/／、&＆|]|和|或|及|or|and)[ \t]*(?:{_ANY_SERVICE}){_LABEL_TAIL})*"
_END = r"(?![-_A-Za-z0-9@#]|\.[A-Za-z0-9]|/[A-Za-z0-9_@])"  # "linkedin.com/in/…" is a site, not a handle
_PATTERNS = tuple(
    (service, re.compile(rf"(?:{label}){_LABEL_TAIL}{_MORE_LABELS}{_SEPARATOR}(?P<id>{value}){_END}"))
    for service, label, value in ACCOUNTS
)
_EXPLICIT_SEP = re.compile(_EXPLICIT)

# The generic row: an account word after any qualifier ("Steam账号", "游戏账号 ID", "my username on the forum").
_GENERIC_WORD = (
    r"(?:账号|帳號|賬號|账户名|帳戶名|用户名|用戶名|登录名|登錄名|登入名|登录账号|用户ID|用戶ID|会员名|會員名|昵称|暱稱|玩家ID"
    r"|(?<![A-Za-z])(?:user[ \t]?name|username|user[ \t]ID|userid|login(?:[ \t]name)?|handle|screen[ \t]name|gamertag"
    r"|account[ \t](?:name|ID|id)|player[ \t](?:name|ID|id)|Net[ \t]?ID|net[ \t]?id|NetId|login[ \t]ID|SSO[ \t]ID"
    r"|(?:my|My|MY|his|His|her|Her|our|their)[ \t]+(?:ID|id|Id))(?![A-Za-z])|我的(?:ID|id)|統一認證帳號|统一认证账号)"
)
_GENERIC = re.compile(
    rf"{_GENERIC_WORD}(?:[ \t]*(?:ID|id))?(?:[ \t]+(?:on|at|for|in)[ \t]+(?:the|my|this|that)?[ \t]*[A-Za-z]+)?"
    rf"{_SEPARATOR}(?P<id>{_DISCORD}|{_HANDLE}){_END}"
)
# Qualifiers that make an account word a look-alike: 订单账号? no — 对公账户, 银行账号 are cards (numbers), and these:
_GENERIC_NEGATIVE = re.compile(
    r"(?:订单|訂單|运单|快递|会议|會議|请求|請求|交易|流水|设备|設備|商品|产品|群|房间|客服|对公|公司|企业|test|demo|example|sample"
    r"|order|tracking|meeting|request|trace|session|device|transaction|product|item|model|serial|build|commit|container"
    r"|process|job|task|ticket|case|invoice|subscription|tenant|client|app|api|service|admin|root|default|database|db"
    r"|server|bot|system|guest)[ \t_-]*$",
    re.IGNORECASE,
)
# The id first: "lina_1990 是我的微信", "lina_1990 is my WeChat ID".
_VALUE_FIRST = re.compile(
    rf"(?<![A-Za-z0-9_.@-])(?P<id>{_HANDLE})[ \t]*(?:就是|是|is|=)[ \t]*(?:my|his|her|their|our|我的|我|他的|她的|他|她)?[ \t]*"
    rf"(?:{_ANY_SERVICE}|{_GENERIC_WORD})"
)


def _handle_like(value: str, strict: bool = False) -> bool:
    """A value that reads as a user name: a digit, ``_``, ``.`` or ``@`` in it (``strict``: a digit or ``_``)."""
    core = value.lstrip("@")
    if len(core) < 4 or _VERSION.fullmatch(core):
        return False
    return re.search(r"[\d_]" if strict else r"[\d_.]", core) is not None or (not strict and value.startswith("@"))


def _comma(separator: str) -> bool:
    """Whether a comma is the separator (not part of an explicit one: "改了，现在是")."""
    return ("," in separator or "，" in separator) and _EXPLICIT_SEP.fullmatch(separator) is None


def _handle_accepted(value: str, separator: str, explicit: bool) -> bool:
    """"line 2024-03-15", "signal 5": after a generic service word an id needs ":" or "@" and a letter."""
    explicit = explicit or value.startswith("@") or (
        ("is" in separator or "(" in separator or _comma(separator)) and re.search(r"[\d_#:]", value) is not None)
    return explicit and re.search(r"[A-Za-z]", value) is not None and len(value.lstrip("@")) >= 3


def _long_enough(value: str, explicit: bool) -> bool:
    """A labelled id's length rule: a ``@`` name with Chinese 3, a handle-like one 5, a bare word 6 after ``:``."""
    if value.startswith("@") and re.search(r"[\u4e00-\u9fff]", value):
        return len(value) >= 3  # 微博 @阿梅爱做饭
    if re.search(r"[\d_.]", value) or value.startswith("@"):
        return len(value.lstrip("@")) >= 5
    return explicit and len(value) >= 6


_CJK_START = re.compile(r"[\u4e00-\u9fff]")
_ID_WORD = re.compile(r"ID|id|Id|UID|uid|号|號|名|账号|帳號|昵称|暱稱|handle|user", re.ASCII | re.IGNORECASE)


def _accepted(service: str, match: re.Match[str]) -> bool:
    value, separator = str(match.group("id")), str(match.group("sep"))
    explicit = _EXPLICIT_SEP.fullmatch(separator) is not None
    if service == "qq":
        return 5 <= sum(c.isdigit() for c in value) <= 11
    if _VERSION.fullmatch(value):
        return False  # 微信 8.0.47 is a version
    if _comma(separator) and not _handle_like(value, strict=True):
        return False  # "微信，是我常用的" — after a comma only a handle with a digit or "_" is an id
    if service == "handle":
        return _handle_accepted(value, separator, explicit)
    if _CJK_START.match(value):  # "微博 热搜2024" is a topic; "微博名是 吃货小王2020" a nickname
        label = match.group(0)[:match.start("id") - match.start()]
        return (explicit or _ID_WORD.search(label) is not None) and len(value) >= 4
    return _long_enough(value, explicit)


def _generic_accepted(text: str, match: re.Match[str]) -> bool:
    value, separator = str(match.group("id")), str(match.group("sep"))
    qualifier = text[max(0, match.start() - 16):match.start()]
    if (_GENERIC_NEGATIVE.search(qualifier) or _UUID_OR_HEX.fullmatch(value) or _CODE.fullmatch(value)
            or _PLACEHOLDER.fullmatch(value.lstrip("@"))):
        return False
    explicit = _EXPLICIT_SEP.fullmatch(separator) is not None
    if _handle_like(value, strict=_comma(separator)):
        return True
    return explicit and value.isalpha() and len(value) >= 5 and not value.isupper()


# The rest of a number written in groups ("账号 0123 4567 8901 23"): the id pattern reads one group.
_MORE_GROUPS = re.compile(r"(?:[ \t-]\d{2,6})+(?![A-Za-z0-9])")


def _id_span(text: str, match: re.Match[str], keep_at: bool = False) -> tuple[int, int]:
    start, end = match.span("id")
    if text[start:end].isdigit():
        more = _MORE_GROUPS.match(text, end)
        end = more.end() if more is not None else end
    return (start + 1 if text[start] == "@" and not keep_at else start), end


# Every labelled account holds one of these pieces of a label (lower case): one search of plain words
# decides cheaply whether the patterns run at all.
_LABEL_PIECES = tuple(
    "qq|扣扣|企鹅|企鵝|微信|微 信|v信|威信|薇信|徽信|维信|加v|加微|+v|vx|wx|weixin|wechat|支付宝|支付寶|alipay|抖音|快手|小红书|小紅書"
    "|b站|哔哩|嗶哩|微博|知乎|豆瓣|闲鱼|閒魚|淘宝|淘寶|京东|京東|拼多多|美团|美團|饿了么|钉钉|釘釘|飞书|飛書|陌陌|探探|网易|網易|百度|推特"
    "|脸书|臉書|油管|游戏|遊戲|venmo|paypal|cash app|cashapp|zelle|revolut|wise|patreon|onlyfans|dy号|dy:|dy：|dy :|tiktok|douyin|kuaishou|bilibili|weibo|xiaohongshu|steam|github|gitlab|reddit|twitch|youtube"
    "|xbox|psn|epic|riot|nintendo|roblox|minecraft|linkedin|facebook|fb|pinterest|tumblr|mastodon|bluesky|douban|taobao|jd"
    "|zhihu|dingtalk|lark|feishu|soul|momo|netease|baidu|apple|google|microsoft|spotify|duolingo|strava|zalo|viber|teams|slack"
    "|telegram|tg|line|skype|discord|twitter|instagram|insta|ins|ig|snapchat|threads|signal|kakao|whatsapp|x @"
    "|账号|帳號|賬號|账户|用户|用戶|登录|登錄|登入|会员名|會員名|昵称|暱稱|玩家|统一认证|統一認證|我的id"
    "|user|login|handle|screen name|gamertag|account|player|netid|net id|sso id|my id|his id|her id|our id|their id".split("|")
)
_SHORT_LABEL = re.compile(r"(?<![A-Za-z])[qQvVxX][ \t]*[号號:：]")


_PIECES = re.compile("|".join(re.escape(piece) for piece in sorted(_LABEL_PIECES, key=len, reverse=True)))


def _may_have_label(text: str) -> bool:
    return _PIECES.search(text.lower()) is not None or _SHORT_LABEL.search(text) is not None


def _value_first_accepted(value: str) -> bool:
    """An id before its label ("lina_1990 是我的微信") is a handle with a digit or ``_``, no hex or code."""
    return _handle_like(value, strict=True) and not _UUID_OR_HEX.fullmatch(value) and not _CODE.fullmatch(value)


# Another id of the same account later in the sentence: "…现在是 Fern-ByTheSea，旧的fernlin2015不用了",
# "my Telegram is @lina_w, old one lina1990".
_FOLLOWER = re.compile(
    r"[ \t]*[,，;；、]?[ \t]*(?:旧的|舊的|旧号|舊號|以前的|之前的|原来的|原來的|老的|备用的?|備用的?|小号|小號|大号|大號|另一个|另一個"
    rf"|(?:the[ \t]+|my[ \t]+)?(?:old|previous|backup|alt|alternate|second|other)(?:[ \t]+(?:one|id|account|handle))?|or)"
    rf"[ \t]*(?:是|为|為|is|was|[:：])?[ \t]*(?:(?:是|为|為|is|was)[ \t]*)?(?P<id>{_HANDLE}){_END}",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[\n。！？!?]")
_FOLLOWER_REACH = 40


def _follower_accepted(service: str, value: str) -> bool:
    """A second id: a QQ number of 5-11 digits, or a handle with a digit or ``_`` (no hex, no code)."""
    if service == "qq" and value.isdigit():
        return 5 <= len(value) <= 11
    return _value_first_accepted(value)


def _followers(text: str, service: str, end: int) -> Iterator[tuple[int, int]]:
    """A second id of the ``service`` account ending at ``end``, later in its sentence, introduced as old, backup
    or other."""
    stop = _SENTENCE_END.search(text, end, min(len(text), end + _FOLLOWER_REACH))
    limit = stop.start() if stop else min(len(text), end + _FOLLOWER_REACH)
    for cursor in range(end, limit):
        if text[cursor] not in ",，;；、 \t":
            continue
        match = _FOLLOWER.match(text, cursor, limit)
        if match is not None and _follower_accepted(service, match.group("id")):
            yield _id_span(text, match)
            return


def _labelled(text: str) -> Iterator[tuple[int, int]]:
    if not _may_have_label(text):
        return
    for service, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if _accepted(service, match):
                yield _id_span(text, match, keep_at=service == "handle")
                yield from _followers(text, service, match.end())
    for match in _GENERIC.finditer(text):
        if _generic_accepted(text, match):
            yield _id_span(text, match)
    for match in _VALUE_FIRST.finditer(text):
        if _value_first_accepted(match.group("id")):
            yield _id_span(text, match)


def find_accounts(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the account identifiers (not their labels) in the normalised ``text``."""
    yield from find_profiles(text)
    if _ALIPAY_WORD.search(text):  # an Alipay UID: 2088 and twelve digits, wherever the text names Alipay
        for match in _ALIPAY_UID.finditer(text):
            yield match.span()
    for match in _WXID.finditer(text):
        yield match.span()
    yield from _labelled(text)
