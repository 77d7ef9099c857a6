"""What a label says its number is: a person's identifier, a non-personal code, or nothing known.

A label is read with one grammar in both languages: a *head* that says "this is a number"
(号, 号码, 编号, 账号, 码, ID, number, no., #, code) after a *qualifier* that says whose or what
number it is (工 in 工号, 会员 in 会员号, 订单 in 订单号; "staff" in "staff no.", "order" in
"order number"). The qualifier is classified by the longest entry of :data:`QUALIFIERS` it ends
with — one table of stems, not a pattern per phrase — so 员工编号, 我的工号 and 公司工号 all
read as an employee's number and 快递单号 as a parcel's. A possessive before the label ("my",
我的, 本人) is recorded too: an unknown qualifier after it still names the speaker's own number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: The class of a non-personal code: its number stays as written.
CONTROL = "control"
#: A label of a kind other detectors read (a phone, a room, a postcode): this reading neither masks nor keeps it.
OTHER = "other"
#: A qualifier that is in no table: the number is the speaker's only after a possessive.
UNKNOWN = "unknown"

# Stems of qualifiers: the kind of personal number they name, or CONTROL. Matched against the
# END of the qualifier (lower case), longest stem first.
_PERSONAL_ZH = {
    "employee_id": "工 员工 职工 職工 雇员 僱員 工作证 工作證 工牌 员工卡 胸卡 人事 职员 職員",
    "student_id": "学 學 学生 學生 校园卡 一卡通 考生 准考证 学籍 學籍",
    "member_id": "会员 會員 客户 客戶 用户 用戶 顾客 常旅客 积分卡 读者 借书证 借書證 图书证 圖書證 乘客 vip",
    "insurance": "社保 医保 醫保 公积金 公積金 保单 保單 保险单 保險單 参保 參保 保险 保險 养老 健保 劳保 勞保",
    "medical_record": "患者 病人 病患 就诊 就診 病历 病歷 病案 门诊 門診 住院 体检 體檢",
    "vin": "车架 車架 车辆识别 車輛識別 识别 識別",
    "bank_card": "银行 銀行 储蓄 儲蓄 信用 借记 借記 工资卡 工資卡 工行 建行 农行 農行 中行 招行 交行 邮储 郵儲 银联 銀聯 开户 開戶",
    "personal_number": "个人 個人 本人 证件 證件 档案 檔案 居住证 签证 簽證 工资 工資 账户 帳戶 军官证 士兵证",
    "driver_licence": "驾驶证 駕駛證 驾照 駕照 驾驶执照 駕駛執照 驾驶证档案 駕駛證檔案",
    "passport": "护照 護照",
}
_CONTROL_ZH = (
    "订单 訂單 单 單 快递 快遞 运单 運單 物流 取件 取货 取貨 提货 提貨 取餐 验证 驗證 发票 發票 航班 车次 車次 型 货 貨 商品 产品 產品"
    " 批次 序列 版本 座位 座 股票 证券 错误 錯誤 故障 工单 工單 流水 交易 会议 會議 群 零件 料 物料"
    " 条形 條形 条 條 书 書 期刊 合同 案 专利 專利 报告 報告 证书 證書 设备 設備 柜 櫃 格口 桌 台 排 预约 預約 挂号 掛號 彩票 中奖 密 尾"
    " 页 頁 版 项目 項目 任务 任務 票 凭证 憑證 收据 收據 账单 賬單 帳單 端口 序 编码 編碼 代 型号 型號"
)
_OTHER_ZH = "房间 房間 房 楼 樓 门牌 邮编 郵編 邮政 郵政 机 機 手机 手機 电话 電話 座机 座機 热线 熱線"
_OTHER_EN = "room apartment apt suite unit flat floor zip postal postcode phone mobile cell telephone line fax port"
_PERSONAL_EN = {
    "employee_id": "employee staff badge personnel payroll worker work employer-issued clock",
    "student_id": "student stu matriculation matric enrolment enrollment learner pupil netid uni university college campus candidate examinee",
    "member_id": "member membership customer client loyalty subscriber account frequent_flyer frequent_flier rewards"
                 " library_card passenger user vip",
    # gjj / gongjijin: the housing fund (公积金) in pinyin
    "insurance": "insurance policy social_insurance pension provident_fund housing_fund medicare medicaid nhs gjj gongjijin hpf"
                 " shebao yibao sozialversicherung",
    "medical_record": "patient inpatient outpatient medical_record hospital mrn chart",
    "vin": "vin chassis vehicle_identification",
    "bank_card": "bank debit credit visa mastercard amex unionpay maestro cardholder",
    "personal_number": "personal identity identification tax voter national",
    # a driving licence in the languages people paste forms from: "permis de conduire n°", "Führerschein-Nr."
    "driver_licence": "licence license driver's driver driving driver_licence führerschein fuehrerschein permis_de_conduire permis"
                      " conduire conducir licencia patente",
    "passport": "passport reisepass passeport pasaporte passaporto paspoort",
}
_CONTROL_EN = (
    "order tracking track parcel package shipment waybill pickup pick-up collection isbn issn sku upc ean barcode"
    " version build release invoice bill receipt flight train gate seat table model part serial product item"
    " batch lot error status http case ticket reference ref confirmation booking reservation transaction meeting"
    " conference zoom stock route bus platform page chapter section commit issue bug pr pull"
    " request job task process thread session device server host container lottery otp verification pin promo coupon voucher discount"
    " catalogue catalog business_licence business_license software_licence software_license product licence_key license_key"
    " software product"
)

QUALIFIERS: dict[str, str] = {
    **{stem: CONTROL for stem in _CONTROL_ZH.split()},
    **{stem: OTHER for stem in _OTHER_ZH.split() + _OTHER_EN.split()},
    **{stem: kind for kind, stems in _PERSONAL_ZH.items() for stem in stems.split()},
    **{stem.replace("_", " "): CONTROL for stem in _CONTROL_EN.split()},
    # "_" joins the words of a stem of several ("frequent_flyer"): a qualifier ending with "flyer" alone is unknown
    **{stem.replace("_", " "): kind for kind, stems in _PERSONAL_EN.items() for stem in stems.split()},
}
_GENITIVE = re.compile(r"['’]s?$")
_NEAREST = 3  # how many characters (Chinese) or words (Latin) nearer the head may go unclassified
# What may stand between a stem and the head: one Chinese character (社保电脑号), or a Latin filler word
# ("student ID card number"); any other Latin word is the qualifier ("worker process id" is a process's).
_SHORTER = re.compile(r"(?:[ \t]*(?<![A-Za-z])(?:id|card|account|file|registration|reg|own|personal)|[^A-Za-z \t])[ \t]*$")
_SIZES = sorted({len(stem) for stem in QUALIFIERS}, reverse=True)  # longest stem first
_POSSESSIVE = re.compile(r"(?:(?<![A-Za-z])(?:my|our|his|her|their|mine)(?![A-Za-z])|我的|我们的|他的|她的|本人的?|我|自己的)[ \t]*$",
                         re.IGNORECASE)
# A possessive among the label's own words: "my ID number", "我的社保个人编号".
_POSSESSIVE_WORD = re.compile(r"(?<![A-Za-z])(?:my|our|his|her|their)(?![A-Za-z])|我的|我们的|他的|她的|本人", re.IGNORECASE)
# Latin words may carry diacritics ("Führerschein-", "numéro"); a word may end with the dash that joins it to the head
_WORD_BEFORE = re.compile(
    r"(?:[\u4e00-\u9fff]{1,6}[ \t]*)?(?:[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'-]*[ \t]+){0,3}[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'-]*[ \t]*$"
    r"|[\u4e00-\u9fff]{1,6}[ \t]*$")


@dataclass(frozen=True)
class Label:
    """What a label says: the class of its qualifier and whether a possessive came before it.

    Attributes:
        kind: A personal kind (``employee_id``, ``member_id``…), :data:`CONTROL` or :data:`UNKNOWN`.
        possessive: "my", 我的… right before the qualifier.
        weak_head: The head says "code" or "card" (码, code, card, #), which codes and gift cards share: an
            unknown qualifier with it names nobody's identifier, even after a possessive.
        document: The label is a document's name without a number word (社保, 驾照, Reisepass): what follows it
            may be an amount or a year ("社保 2024 年"), so only a longer number is its identifier.
    """

    kind: str
    possessive: bool
    weak_head: bool = False
    document: bool = False


def classify_qualifier(qualifier: str) -> str:
    """The class of a qualifier: the kind of the longest stem it ends with, else :data:`UNKNOWN`.

    Args:
        qualifier: The words before a head ("员工", "我的工", "social insurance", "order").

    Returns:
        A personal kind, :data:`CONTROL` or :data:`UNKNOWN`.
    """
    folded = _GENITIVE.sub("", qualifier.lower().rstrip())
    # the stem nearest the head decides: "社保电脑号" is the social insurance's, "我妈在协和的病案号" a record's
    for cut in range(_NEAREST):
        kind = _ending(folded, 1 if cut == 0 else 2)  # past a word, a one-character stem (工, 学) is too weak
        if kind != UNKNOWN or not folded:
            return kind
        shorter = _SHORTER.sub("", folded)
        if shorter == folded:
            return UNKNOWN
        folded = shorter
    return UNKNOWN


def _ending(folded: str, shortest: int = 1) -> str:
    """The class of the longest stem ``folded`` ends with (a Latin stem as a whole word, at least ``shortest``
    characters), else :data:`UNKNOWN`."""
    for size in (size for size in _SIZES if size >= shortest):
        stem = folded[-size:]
        if len(stem) == size and stem in QUALIFIERS and (
                not stem[0].isascii() or len(folded) == size or not folded[-size - 1].isalpha()):
            return QUALIFIERS[stem]
    return UNKNOWN


def read_label(text: str, head_start: int) -> Label:
    """The label that ends just before a head at ``head_start``: its qualifier's class and possessive.

    Args:
        text: The normalised text.
        head_start: Where the head (号, number, ID…) begins.

    Returns:
        The :class:`Label`; a head with no qualifier before it is :data:`UNKNOWN`.
    """
    window = text[max(0, head_start - 32):head_start]
    words = _WORD_BEFORE.search(window)
    qualifier = words.group(0) if words else ""
    kind = UNKNOWN
    if qualifier.strip():
        # the longest tail of the words that has a class: "my staff" → "staff"; "social insurance" whole
        kind = classify_qualifier(qualifier)
    rest = window[:len(window) - len(qualifier)] if qualifier else window
    latin = re.search(r"[A-Za-z]", qualifier)
    chinese = qualifier[:latin.start()] if latin else ""  # "我 staff no.": the Chinese words before a Latin label
    own = (_POSSESSIVE.search(rest) is not None or _POSSESSIVE_WORD.search(qualifier) is not None
           or _POSSESSIVE.search(chinese) is not None)
    if kind == UNKNOWN and qualifier.strip():
        bare = _POSSESSIVE.sub("", qualifier.rstrip()).strip()
        kind = classify_qualifier(bare) if bare else UNKNOWN
    return Label(kind, own)
