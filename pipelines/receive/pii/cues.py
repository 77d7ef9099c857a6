"""Words just before a number that say what it is: personal data, or a look-alike."""
from __future__ import annotations

import re

WINDOW = 24
NEAR = 12  # a look-alike word counts only this close to the number

# Words that announce a number that is NOT personal data (order, tracking, version…).
_NEGATIVE = (
    "订单", "单号", "编号", "流水", "运单", "快递", "物流", "货号", "条码", "条形码", "型号", "序列号",
    "批次", "批号", "meeting id", "会议号", "会议id", "zoom", "腾讯会议", "p/n", "pn", "料号", "零件号", "物料", "彩票", "双色球", "大乐透", "lottery", "lotto", "开奖", "中奖号码", "客服电话", "客服热线", "服务热线", "热线", "客服", "hotline", "customer service", "toll-free", "toll free", "helpline", "support line", "电话会议", "电话费", "话费", "手机壳", "手机型号", "conference call", "call at", "call on", "会员卡号", "会员卡", "购物卡", "礼品卡", "gift card", "loyalty card", "library card", "发票", "工单", "合同", "版本", "工号", "学号", "会员", "验证码", "邮编", "邮政编码",
    "发票号码", "发票号", "订单号码", "运单号码", "快递单号", "取件码", "取货码", "提货码", "取餐码", "取件号", "柜号", "格口", "pickup code", "pick-up code", "collection code",
    # Parcel stations and lockers: the dashed numbers there are pick-up codes (菜鸟驿站 18-2-6637), not rooms.
    "驿站", "驛站", "丰巢", "豐巢", "快递柜", "快遞櫃", "自提柜", "自提点", "代收点", "速递易", "兔喜",
    "时间戳", "航班", "车次", "车牌", "交易号", "账单", "收据", "案号", "专利", "报告", "证书", "商品",
    "产品", "群号", "端口", "坐标", "价格", "金额", "余额", "积分", "密码", "尾号", "楼盘", "估值",
    "isbn", "issn", "ean", "upc", "gtin", "sku", "barcode", "bar code", "order", "tracking", "track",
    "invoice", "serial", "ref", "reference", "ticket", "confirmation", "transaction", "txn", "model",
    "part", "batch", "lot", "build", "version", "ver", "timestamp", "epoch", "ip", "commit", "hash",
    "uuid", "qq", "bill", "receipt", "case", "patent", "report", "certificate", "pid", "port", "item",
    "product", "shipment", "parcel", "package", "waybill", "awb", "booking", "reservation", "code",
    "pin", "otp", "price", "total", "amount", "balance", "flight", "isin", "cusip", "doi", "arxiv",
    # carriers name their tracking numbers: "UPS 1Z 999 AA1 01 2345 6784", "顺丰 SF…", "中通 7543…"
    "ups", "fedex", "dhl", "usps", "顺丰", "順豐", "中通", "圆通", "圓通", "韵达", "韻達", "申通", "极兔", "極兔", "百世",
    # order and invoice words of other languages
    "pedido", "factura", "commande", "facture", "bestellung", "bestellnummer", "rechnung", "auftrag", "ordine", "fattura",
    "encomenda",
)
# Words that announce personal data; nearer than a negative word, they win.
_POSITIVE = (
    "手机", "电话", "联系", "致电", "打给", "拨打", "找我", "座机", "固话", "传真", "微信", "身份证", "证件", "证号",
    "身份号", "身分证", "身分证号", "统一编号", "身分证统一编号", "证件编号", "居留证", "卡号", "银行卡", "信用卡", "储蓄卡", "借记卡", "工资卡", "账号", "账户", "帐号", "护照",
    "社保", "身份证编号", "证件编号", "身份证号码", "银行卡号", "信用卡号", "手机号码", "电话号码",
    "phone", "mobile", "cell", "tel", "call", "text me", "contact", "reach", "fax", "whatsapp",
    "wechat", "card", "account", "acct", "visa", "mastercard", "amex", "passport", "ssn",
    "social security", "id", "id no", "id number", "identity", "landline", "ext", "extension",
)
_PHONE_WORDS = (
    "手提", "联络", "联络电话", "whatsapp", "signal", "telegram", "手机", "电话", "联系", "致电", "打给", "座机", "固话", "传真", "phone", "mobile", "cell", "tel",
    "call", "fax", "landline", "contact", "whatsapp", "my mobile", "my cell", "reach me", "text me", "my number", "number is", "号码",
    # The courier calls a person: "快递员到了打…" is a phone, although 快递 announces tracking numbers.
    "快递员", "快递小哥", "配送员", "送货员", "外卖员", "骑手", "短信", "发短信", "sms", "拨",
    # other languages' phone words: "mi móvil es …", "mon portable", "il mio cellulare", "meu telefone"
    "móvil", "movil", "teléfono", "telefono", "celular", "cellulare", "telefone", "telemóvel", "portable", "handy",
    "handynummer", "telefonnummer", "手機", "電話", "手提電話", "聯絡電話", "聯繫電話",
)
_CARD_WORDS = (
    "卡号", "银行卡", "信用卡", "储蓄卡", "借记卡", "工资卡", "账号", "账户", "帐号", "card", "account",
    "acct", "visa", "mastercard", "amex", "unionpay", "银联", "maestro", "charge", "pay", "payment", "deposit",
    "转账", "打到", "汇款", "付款", "收款", "还款",
)
# Cards that hold a shop's credit, not a bank account: their numbers may pass Luhn and are nobody's card.
_STORED_VALUE_WORDS = (
    "gift card", "giftcard", "e-gift", "egift", "gift voucher", "store card", "prepaid card", "voucher", "礼品卡", "禮品卡", "购物卡",
    "購物卡", "储值卡", "儲值卡", "充值卡", "点卡", "點卡", "代金券", "礼券", "禮券", "提货卡", "提貨卡",
)
_SSN_WORDS = ("ssn", "social security", "社会安全号", "社安号", "社安號", "社會安全號")
_ITIN_WORDS = ("itin", "tax id", "taxpayer", "tin", "individual taxpayer", "纳税人识别号", "税号")


def _longest_first(word: str) -> tuple[int, str]:
    """Longer words first (a longer cue wins over its prefix), then alphabetical: never a set's
    order, so every process builds the same pattern (and finds it in ``core.regex_cache``)."""
    return -len(word), word


def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for word in sorted(set(words), key=_longest_first):
        escaped = re.escape(word)
        parts.append(rf"(?<![a-z]){escaped}(?![a-z])" if word.isascii() else escaped)
    return re.compile("|".join(parts))


_NEG = _pattern(_NEGATIVE)
_POS = _pattern(_POSITIVE + _PHONE_WORDS + _CARD_WORDS + _SSN_WORDS + _ITIN_WORDS)
_PHONE = _pattern(_PHONE_WORDS)
_CARD = _pattern(_CARD_WORDS)
_STORED_VALUE = _pattern(_STORED_VALUE_WORDS)
_SSN = _pattern(_SSN_WORDS)
_ITIN = _pattern(_ITIN_WORDS)


def _last_end(pattern: re.Pattern[str], window: str) -> tuple[int, int]:
    best = (-1, 0)
    for match in pattern.finditer(window):
        best = max(best, (match.end(), match.end() - match.start()))
    return best


_OTHER_NUMBER = re.compile(r"(?<![a-z\d])(?<![a-z]-)\d+")
_CLAUSE_END = re.compile(r"[\n。！？!?；;，,、\u25a0]")


def before(text: str, start: int) -> str:
    """The lower-cased words just before offset ``start``, within the same clause."""
    window = text[max(0, start - WINDOW):start]
    ends = [m.end() for m in _CLAUSE_END.finditer(window)]
    return (window[ends[-1]:] if ends else window).lower()


def _after(text: str, end: int) -> str:
    window = text[end:end + WINDOW]
    cut = _CLAUSE_END.search(window)
    return (window[:cut.start()] if cut else window).lower()


def _own_words(text: str, start: int, floor: int = 0) -> str:
    """The clause before ``start``, after ``floor`` and after the last other number in it."""
    window = before(text, start)[max(0, floor - max(0, start - WINDOW)):]
    # Digits joined to a word ("isbn-10", "sha256") are part of that word, not another number.
    digits = [m.end() for m in _OTHER_NUMBER.finditer(window)]
    return window[digits[-1]:] if digits else window  # "价格 ¥99 打138…": 价格 is the price's word


def says_not_pii(text: str, start: int, floor: int = 0) -> bool:
    """Whether the nearest keyword before ``start`` (not before ``floor``) announces a look-alike."""
    window = _own_words(text, start, floor)
    negative = _last_end(_NEG, window)
    if negative[0] < 0 or len(window) - negative[0] > NEAR:
        return False  # no look-alike word, or one too far back to be this number's ("版本 and …")
    return negative > _last_end(_POS, window)


def introduces_pii(text: str, start: int) -> bool:
    """Whether a personal-data word introduces the number at ``start`` (身份证号是…, card: …)."""
    return _POS.search(_own_words(text, start)) is not None


def says_phone(text: str, start: int) -> bool:
    """Whether a phone word (手机, tel, call…) comes just before ``start``."""
    return _PHONE.search(before(text, start)) is not None


def says_card(text: str, start: int) -> bool:
    """Whether a card or account word comes just before ``start``."""
    return _CARD.search(before(text, start)) is not None


def says_stored_value_card(text: str, start: int) -> bool:
    """Whether the nearest card word before ``start`` names a gift, store or prepaid card (礼品卡, "gift card")."""
    window = before(text, start)
    stored = list(_STORED_VALUE.finditer(window))
    if not stored:
        return False
    # a card word right after it is its own label (礼品卡卡号, "gift card number"), one later another card's
    return not any(card.start() > stored[-1].end() + 1 for card in _CARD.finditer(window))


def says_ssn(text: str, start: int) -> bool:
    """Whether an SSN word comes before ``start`` in the same sentence ("SSN, mine is …")."""
    window = text[max(0, start - 2 * WINDOW):start]
    ends = [m.end() for m in re.finditer(r"[\n。！？!?]|\.[ \t]", window)]
    return _SSN.search((window[ends[-1]:] if ends else window).lower()) is not None


def says_itin(text: str, start: int) -> bool:
    """Whether an ITIN or taxpayer-number word comes just before ``start``."""
    return _ITIN.search(before(text, start)) is not None


def says_pii(text: str, start: int) -> bool:
    """Whether a personal-data word (phone, card, ID…) introduces ``start``, nearer than a look-alike word."""
    return introduces_pii(text, start) and not says_not_pii(text, start)


def says_pii_after(text: str, end: int) -> bool:
    """Whether a personal-data word follows ``end`` closely ("… is my mobile", "…（手机）")."""
    return _POS.search(_after(text, end)) is not None


def says_phone_after(text: str, end: int) -> bool:
    """Whether a phone word follows ``end`` closely ("… is my mobile")."""
    return _PHONE.search(_after(text, end)) is not None


def says_card_after(text: str, end: int) -> bool:
    """Whether a card or payment word follows ``end`` closely ("… for the deposit")."""
    return _CARD.search(_after(text, end)) is not None


def says_ssn_after(text: str, end: int) -> bool:
    """Whether an SSN word follows ``end`` closely ("… is my SSN")."""
    return _SSN.search(_after(text, end)) is not None
