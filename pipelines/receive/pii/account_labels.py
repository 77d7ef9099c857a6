"""The labels of messaging, social and service accounts, and the patterns that read an id after them.

The label is read with one grammar, whatever its wording:

    label   = service [account-word] | [qualifier] account-word     ("QQ号", "WeChat ID", "Steam ID", "游戏账号", "username")
    labels  = label (("/" | "、" | "&" | "和" | "or") label)* ["同号"]  ("微信/QQ同号")
    account = labels separator value  |  value ("是" | "is") [possessive] labels   ("lina_1990 is my WeChat")

The separator is punctuation (``:``, ``=``, ``--``, ``→``), a copula (是, is, was), a verb of
finding (搜, 叫, add, search, "me at"), an opening bracket, a space, or a comma.

:data:`ACCOUNTS` holds, per service, its names and the shape of its ids; a label made of an
account word (账号, 用户名, username, handle, user ID…) after any other qualifier is the generic
row (:data:`GENERIC`). Which matches are ids is decided in :mod:`pipelines.receive.pii.accounts`.
"""
from __future__ import annotations

import re

# What may follow a service's name before the id: "ID", "号", "account", "handle" …
_ACCOUNT_WORD = (
    r"(?:ID|Id|id|UID|uid|userId|userid|user[ \t]?ID|hao(?:ma)?|号码?|號碼?|号|號|账号|帳號|賬號|账户|帳戶|账户名|用户名|用戶名|用户ID|用户号"
    r"|登录名|登錄名|登入名|登录账号|昵称|暱稱|handle|account(?:[ \t]+(?:name|ID|id))?|username|user[ \t]?name|name|number|no\.?"
    r"|login|screen[ \t]name|gamertag|tag|名字|名称|名稱|名)"
)
_LABEL_TAIL = rf"(?:[ \t]*(?:,[ \t]*)?(?:(?:账号|帳號|用户|用戶|user)[ \t]*)?{_ACCOUNT_WORD}(?![A-Za-z]))?"
# A change of id before the new one: "wx号改了，现在是 …", "微信换成了 …", "QQ 更新为 …".
# Every run of blanks is read by one quantifier only (two next to each other split a run in n² ways: ReDoS); the
# blanks after the last piece are read by what follows (the copula's or the id's).
_CHANGED = (
    r"(?:[ \t]*(?:改了|换了|換了|变了|變了|更新了|改成了?|换成了?|換成了?|变成了?|更新为|更新成)(?:[ \t]*[,，])?"
    r"(?:[ \t]*(?:现在|現在|目前|新的|新号|新號|最新的))?(?:[ \t]*(?:的|号|號|也))?)"
)
_EXPLICIT = (
    rf"(?:[ \t]*(?:[吧呀啊哈呢哦嘛呗啦咯哟喔噢]|就是|也是|号是|號是|同号|同號|me(?![A-Za-z]))|{_CHANGED})?"
    r"[ \t]*(?:[:：=]|--?|是|为|為|->|→|=>)[ \t]*(?:(?:[:：=]|--?|是|为|為|->|→|=>)[ \t]*)?"
    rf"|{_CHANGED}(?:(?<=成|为|為)|(?<=成了))[ \t]*"
)
# Verbs of finding and adding between a label and the id: "微信搜 lina_1990", "WeChat me at …".
_VERB = r"(?:搜索?|查找|搜一下|叫做?|名叫|名字是|加|add(?:[ \t]+me)?|search(?:[ \t]+for)?|find[ \t]+me(?:[ \t]+as)?|me[ \t]+at|at)"
_SEPARATOR = (
    rf"(?P<sep>{_EXPLICIT}"
    # "add my wechat pls - it's …": a word of asking and a dash before the copula
    rf"|[ \t]*(?:[吧呀啊哈呢哦嘛呗啦咯哟喔噢][ \t]*)?(?:(?:is|was|['’]s|(?:(?:[?？]|(?<![A-Za-z])(?:pls|plz|please)(?![A-Za-z]))[ \t]*)?"
    rf"(?:-[ \t]*)?it(?:['’]s|[ \t]is)|-|同号|同號|{_VERB}|\(|（|\[|【)[ \t]*)?"
    rf"(?:[ \t]|(?<=[\u4e00-\u9fff(（\[【])(?=[A-Za-z0-9@「“『\"]))"
    rf"|(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9@])"
    # a bracket that names the id: "WeChat (id: penguin_tao)", "微信（号：…）"
    rf"|[ \t]*[(（][ \t]*(?:ID|id|Id|号|號|账号|帳號|handle|username)[ \t]*[:：][ \t]*"
    rf"|[ \t]*(?:[吧呀啊哈呢哦嘛呗啦咯哟喔噢][ \t]*)?[,，][ \t]*)"
)
_HANDLE = r"@?[A-Za-z0-9_][A-Za-z0-9_.-]{2,31}(?<![.-])"
_CJK_HANDLE = r"@[\u4e00-\u9fffA-Za-z0-9_-]{2,20}"
# A Chinese nickname with digits or "_" in it, after a label with an id word: "闲鱼ID 小鱼儿2021", "B站用户名 起风了_2019".
_CJK_MIXED = r"[\u4e00-\u9fff]{1,10}(?:[A-Za-z0-9]*[\d_][A-Za-z0-9_]*)"
# A nickname that starts in Latin letters and goes on in Chinese: "新浪微博ID：sunny宝宝2020".
_LATIN_CJK = r"[A-Za-z0-9_]{1,20}[\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9_]{0,20}"
#: A nickname in quotes: 「一只快乐的小胖子」, “橘子汽水”; a Chinese one without digits: 小鹿今天不加班 (accepted after an id word).
QUOTED = r"[「“『\"][^」”』\"\n]{2,24}[」”』\"]"
_CJK_NICK = r"[\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9_]{1,11}"
_CASHTAG = r"\$[A-Za-z][A-Za-z0-9_-]{2,20}"  # Cash App: "$jmiller22"
_DISCORD = r"[A-Za-z0-9_.]{2,32}#\d{4}"
_SKYPE = r"live:[A-Za-z0-9_.-]{3,32}(?<![.-])"
_WECHAT_ID = r"[A-Za-z][-_A-Za-z0-9]{5,19}"
_QQ_NUMBER = r"[1-9]\d{0,4}(?:[ \t-]?\d{1,5}){0,10}"


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
    # the names people write to get past filters too: 绿泡泡, 薇❤, v♥, 卫星号, "wei xin"
    ("wechat", rf"(?:微[ \t]?信号?|微信账号|微信ID|[Vv][ \t]?信|威信|薇信|徽信|维信|加[Vv微]|\+[Vv](?![A-Za-z])|加我[ \t]?[Vv](?![A-Za-z])"
               rf"|(?<![A-Za-z])[Vv](?=[ \t]*[:：])|(?<=[的加])薇(?=[ \t]*[:：])|(?<![A-Za-z])[Vv]我(?=[ \t]*[:：])|绿泡泡|綠泡泡|(?:[薇微威VvＶ]|(?<![A-Za-z])[Vv])[ \t]?[❤♥💚💗]\ufe0f?|卫星号|衛星號"
               rf"|{_latin('VX|vx|Vx|wx|WX|Wx|weixin|Weixin|WeiXin|WEIXIN|WeChat|wechat|Wechat|weChat|WECHAT|wei[ ]xin|Wei[ ]Xin|Wei[ ]xin')})",
     rf"{_WECHAT_ID}|{_HANDLE}"),
    ("alipay", rf"(?:支付宝|支付寶|{_latin('alipay|Alipay|AliPay|ALIPAY')})", rf"2088\d{{12}}|{_HANDLE}"),
    ("social", rf"(?:{_SOCIAL})", rf"{_CJK_HANDLE}|{_CJK_MIXED}|{QUOTED}|{_LATIN_CJK}|{_CASHTAG}|{_HANDLE}|{_CJK_NICK}"),
    ("handle", _latin("telegram|Telegram|TG|tg|line|Line|LINE|skype|Skype|discord|Discord|twitter|Twitter|X|instagram"
                      "|Instagram|insta|Insta|ins|IG|ig|Ig|snapchat|Snapchat|threads|Threads|signal|Signal|kakao|Kakao|KakaoTalk"
                      "|WhatsApp|whatsapp|Whatsapp"),
     rf"{_DISCORD}|{_SKYPE}|{_HANDLE}"),
)
# A list of labels for one id: "微信/QQ", "QQ和微信", "WeChat or WhatsApp".
_ANY_SERVICE = "|".join(f"(?:{label})" for _, label, _ in ACCOUNTS)
_MORE_LABELS = rf"(?:[ \t]*(?:[/／、&＆|]|和|或|及|or|and)[ \t]*(?:{_ANY_SERVICE}){_LABEL_TAIL})*"
_END = r"(?![-_A-Za-z0-9@#]|\.[A-Za-z0-9]|/[A-Za-z0-9_@])"  # "linkedin.com/in/…" is a site, not a handle
PATTERNS = tuple(
    (service, re.compile(rf"(?:{label}){_LABEL_TAIL}{_MORE_LABELS}{_SEPARATOR}(?P<id>{value}){_END}"))
    for service, label, value in ACCOUNTS
)
EXPLICIT_SEP = re.compile(_EXPLICIT)

# The generic row: an account word after any qualifier ("Steam账号", "游戏账号 ID", "my username on the forum").
_GENERIC_WORD = (
    r"(?:账号|帳號|賬號|账户名|帳戶名|用户名|用戶名|登录名|登錄名|登入名|登录账号|用户ID|用戶ID|会员名|會員名|昵称|暱稱|玩家ID"
    r"|(?<![A-Za-z])(?:user[ \t]?name|username|user[ \t]ID|userid|login(?:[ \t]name)?|handle|screen[ \t]name|gamertag"
    r"|account[ \t](?:name|ID|id)|player[ \t](?:name|ID|id)|Net[ \t]?ID|net[ \t]?id|NetId|login[ \t]ID|SSO[ \t]ID"
    r"|(?:my|My|MY|his|His|her|Her|our|their)[ \t]+(?:ID|id|Id))(?![A-Za-z])|我的(?:ID|id)|統一認證帳號|统一认证账号)"
)
GENERIC = re.compile(
    rf"{_GENERIC_WORD}(?:[ \t]*(?:ID|id))?(?:[ \t]+(?:on|at|for|in)[ \t]+(?:(?:the|my|this|that)[ \t]*)?[A-Za-z]+)?"
    rf"{_SEPARATOR}(?P<id>{_DISCORD}|{_HANDLE}){_END}"
)
# Qualifiers that make an account word a look-alike: 订单账号? no — 对公账户, 银行账号 are cards (numbers), and these:
GENERIC_NEGATIVE = re.compile(
    r"(?:订单|訂單|运单|快递|会议|會議|请求|請求|交易|流水|设备|設備|商品|产品|群|房间|客服|对公|公司|企业|test|demo|example|sample"
    r"|order|tracking|meeting|request|trace|session|device|transaction|product|item|model|serial|build|commit|container"
    r"|process|job|task|ticket|case|invoice|subscription|tenant|client|app|api|service|admin|root|default|database|db"
    r"|server|bot|system|guest)[ \t_-]*$",
    re.IGNORECASE,
)
# The id first: "lina_1990 是我的微信", "lina_1990 is my WeChat ID".
VALUE_FIRST = re.compile(
    rf"(?<![A-Za-z0-9_.@-])(?P<id>{_HANDLE})[ \t]*(?:就是|是|is|=)[ \t]*(?:my|his|her|their|our|我的|我|他的|她的|他|她)?[ \t]*"
    rf"(?:{_ANY_SERVICE}|{_GENERIC_WORD})"
)
# An id word in a label: a Chinese value after "微博名是" is a nickname, after "微博" a topic.
ID_WORD = re.compile(r"ID|id|Id|UID|uid|号|號|名|账号|帳號|昵称|暱稱|handle|user", re.ASCII | re.IGNORECASE)

# Every labelled account holds one of these pieces of a label (lower case): one search of plain words
# decides cheaply whether the patterns run at all.
_LABEL_PIECES = tuple(
    "qq|扣扣|企鹅|企鵝|的薇|加薇|v我|微信|微 信|v信|威信|薇信|徽信|维信|加v|加微|+v|vx|wx|weixin|wei xin|wechat|加我v|加我 v|v 信|绿泡泡|綠泡泡|❤|♥|💚|💗|卫星号|衛星號|支付宝|支付寶|alipay|抖音|快手|小红书|小紅書"
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


def may_have_label(text: str) -> bool:
    """Whether ``text`` holds a piece of an account label, so that the label patterns may match at all.

    Args:
        text: The normalised text.

    Returns:
        ``True`` when a label piece (lower case) or a one-letter label (``Q号``, ``V:``) is in ``text``.
    """
    return _PIECES.search(text.lower()) is not None or _SHORT_LABEL.search(text) is not None


# Another id of the same account later in the sentence: "…现在是 Fern-ByTheSea，旧的fernlin2015不用了",
# "my Telegram is @lina_w, old one lina1990".
FOLLOWER = re.compile(
    r"[ \t]*(?:[,，;；、][ \t]*)?(?:旧的|舊的|旧号|舊號|以前的|之前的|原来的|原來的|老的|备用的?|備用的?|小号|小號|大号|大號|另一个|另一個"
    rf"|(?:the[ \t]+|my[ \t]+)?(?:old|previous|backup|alt|alternate|second|other)(?:[ \t]+(?:one|id|account|handle))?|or)"
    rf"[ \t]*(?:(?:是|为|為|is|was|[:：])[ \t]*)?(?:(?:是|为|為|is|was)[ \t]*)?(?P<id>{_HANDLE}){_END}",
    re.IGNORECASE,
)
