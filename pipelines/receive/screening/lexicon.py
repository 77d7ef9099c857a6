"""Clause-level intent detection: word classes that must co-occur in one clause.

The phrase rules (``rules_en``/``rules_zh``) catch fixed shapes; this layer catches the
paraphrases. A clause (or a clause and the one before it, for "Your guidelines are for
someone else. Skip them.") is tested for the *classes* of words an attack needs: an
action of overriding and a target that is the assistant's rules, with something that ties
the rules to the assistant; an action of showing and the prompt; a claim and a privileged
role within this system; other users and their data; a memory verb and a standing order.
Word order does not matter, so "your guidelines … skip them" and "skip your guidelines"
are the same intent.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pipelines.receive.screening.lexicon_zh import (
    Z_OVR, Z_RULES, Z_OWN, Z_NARRATION, Z_SHOW, Z_PROMPT, Z_YOURS, Z_HOWTO, Z_CLAIM, Z_ROLE, Z_SCOPE, Z_MEMORY,
    Z_STANDING, Z_OTHERS, Z_PERSONAL, Z_GET, Z_TECH, Z_PRIVS, Z_JOB_TITLE, Z_HOW, Z_ELSEWHERE, Z_POISON, Z_ANSWER_OTHERS,
)

__all__ = ["Intent", "INTENTS", "Window", "windows"]

_CLAUSE_END = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；\n])\s*|(?<=[:：])\s+(?=\S)")


def _w(words: str) -> re.Pattern[str]:
    """English word class: alternatives separated by ``|``, matched on word boundaries."""
    return re.compile(r"\b(?:" + words + r")\b")


# ----------------------------------------------------------------------- English classes
OVR = _w(r"ignor(?:e|ing)|disregard(?:ing|ed)?|forget(?:ting)?|overrid(?:e|ing|den)|overrul(?:e|ing|ed)|bypass(?:ing|ed)?"
         r"|skip(?:ping)?|cancel(?:l?ing|l?ed)?|revok(?:e|ing|ed)|rescind(?:ing|ed)?"
         r"|scratch\w*|cross\w*\s*out|strike\s*(?:out|through)|no\s*longer\s*in\s*(?:force|effect)|not\s*in\s*force"
         r"|never\s*(?:installed|added|configured|set\s*up|applied|given)|(?:operat|work|run|answer|respond|function|act)\w*"
         r"\s*without|optional|non[\s-]*binding|(?:mere|just)\s*suggestions|overrides|supersedes|bin|chuck|clean\s*slate|blank\s*slate|fresh\s*start|zero\s*(?:instructions|rules)|start\s*(?:over|fresh)"
         r"|overlook\w*|cast\s*(?:off|aside)|omit\w*|shed|shrug\w*\s*off|let\s*go\s*of|throw\s*off|lay\s*aside"
         r"|do\s*away\s*with|dispense\s*with|waiv\w*|retract\w*|annul\w*|invalidat\w*|relinquish\w*|renounc\w*|forgo"
         r"|forego|junk|trash|sidestep\w*|evad\w*|dodg\w*|strip\w*\s*(?:away|off)|loosen\w*|relax\w*"
         r"|not\s*(?:follow|obey)|no\s*more|you\s*have\s*none|there\s*are\s*none|none\s*(?:left|apply|now)"
         r"|(?:operat|act|work|go|step)\w*\s*outside(?:\s*of)?|disobey\w*|defy|deviat\w*\s*from|depart\w*\s*from|step\w*\s*outside|go\s*(?:beyond|against)|violat\w*"
         r"|break\w*|work\w*\s*around|delet\w*|remov\w*|eras\w*|expir\w*|(?:there\s*(?:is|are|were)|you\s*(?:have|had))\s*no"
         r"|discard\w*|drop\w*|set\s*aside|put\s*aside|throw\s*(?:out|away)|abandon\w*|suspend\w*|lift\w*|disabl\w*"
         r"|turn\s*off|circumvent\w*|get\s*rid\s*of|ditch\w*|scrap\w*|nullif\w*|supersed\w*|wipe\w*|clear\w*|reset"
         r"|stop\s*(?:following|obeying|using|applying|paying\s*attention)|quit\s*(?:following|obeying|paying\s*attention)"
         r"|(?:don'?t|doesn'?t|do\s*not|does\s*not|no\s*longer)\s*(?:apply|matter|count|bind|hold)|not\s*binding"
         r"|never\s*mind|nevermind|nvm|forget\s*about|set\s*(?:\w+\s*){1,3}aside|put\s*(?:\w+\s*){1,3}aside"
         r"|never\s*existed|(?:don'?t|do\s*not|doesn'?t|does\s*not|no\s*longer)\s*exist|unlearn\w*"
         r"|irrelevant|obsolete|void|untrusted|invalid|no\s*longer\s*valid|(?:are|is|were|was)\s*fake|pay\s*no\s*(?:heed"
         r"|attention|mind)|(?:don'?t|do\s*not|never|stop)\s*(?:follow|obey|listen\s*to|respect|honou?r|adhere\s*to)")
RULES = _w(r"directions|rule\s*book|rulebook|playbook|regulations|code\s*of\s*conduct|instruction|operating\s*instructions|core\s*directives|conditioning|pre-?prompt|boot\s*prompt|meta[\s-]*instructions"
           r"|hidden\s*context|base\s*prompt|seed\s*prompt|preamble|usage\s*polic\w*|terms|protocols?|restriction"
           r"|directives\s*you\s*(?:started|began|were\s*launched|booted)\s*with|instructions?|rules|guidelines|polic(?:y|ies)|directives?|orders|system\s*(?:prompt|messages?)|programming"
           r"|restrictions|constraints|filters?|safety(?:\s*\w+)?|guardrails|safeguards|configuration|training|alignment"
           r"|principles|ethics|moderation|prompts?|(?:developers?|creators?|makers?)\s*(?:told|said|gave|set|wrote)"
           r"|limitations|limits|boundaries|context|rule|rule\s*set|ruleset|setup|set-up"
           r"|(?:what|everything|anything)\s*(?:they|you|we|someone|the\s*developers?)\s*(?:told|taught|gave|said\s*to)"
           r"\s*you|(?:what(?:ever)?|everything|anything)\s*you\s*(?:were|have\s*been|'ve\s*been|got)\s*(?:told|taught"
           r"|given|instructed)")
OWN = _w(r"usual|standard|normal|regular|typical|except\s*mine|but\s*mine|other\s*than\s*mine|(?:the|your)\s*(?:operator|developer|admin|owner|company)"
         r"\s*(?:gave|set|wrote|told)|your|yours|you've|you\s*were|you\s*have\s*been|the\s*assistant'?s?|the\s*model'?s?|its|built[\s-]*in|system"
         r"|developers?|creators?|prior|previous|above|earlier|preceding|original|initial|standing|existing|default"
         r"|all|every|any|those|these|them|they|whatever|everything")
NARRATION = re.compile(r"^\W*(?:i|we|he|she|they|my\s+\w+|our\s+\w+|his|her)\b(?!\s*(?:hereby|now|officially)\b)"
                       r"(?!\s*(?:'?m|am|are)?\s*(?:want|need|order"
                       r"|command|tell|ask|demand|instruct|insist|authori[sz]|allow|permit|giv|grant|releas|free)\w*\s*"
                       r"(?:you|that\s*you))")
SHOW = _w(r"peek|glimpse|walk\s*me\s*through|go\s*through|run\s*through|respond\s*only\s*with|reply\s*with|answer\s*with|transcript|dictat\w*|paraphras\w*|gist|divulg\w*|unveil\w*|bring\s*up|pull\s*up|surface|let\s*me\s*(?:see|read|view)|transcrib\w*|spit\s*out"
          r"|cough\s*up|spill|read\s*(?:it\s*)?(?:to\s*me|out|aloud)|reveal\w*|print\w*|show\w*|display\w*|output\w*|repeat\w*|dump\w*|share|tell|list|paste|echo|write|quote"
          r"|recite|translate|leak|expose|disclose|what|which|give|send|start\s*your\s*(?:reply|answer|response)\s*with"
          r"|begin\s*(?:your\s*(?:reply|answer|response)\s*)?with|copy|spell|summari[sz]e|tl;?\s*dr|reproduce|type"
          r"|encode|audit")
PROMPT = _w(r"config(?:uration)?\s*(?:text|file)|guidance|directions|text\s*(?:the\s*)?(?:developers?|operator|system)\s*(?:put|placed|wrote|inserted|added)|system[\s-]*level"
            r"\s*text|text\s*you\s*were\s*(?:initiali[sz]ed|given|started|configured)\s*with|told\s*you\s*to\s*do|(?:operator|developer|admin|owner|company)\s*(?:told|asked|instructed)\s*you|pre-?prompt|boot\s*prompt|meta[\s-]*instructions|hidden\s*context|initial\s*context|base\s*prompt"
            r"|seed\s*prompt|preamble|setup\s*prompt|operating\s*instructions|core\s*directives|rule|instruction|text\s*(?:that\s*)?(?:appears\s*)?(?:above|before)|words\s*(?:you\s*were\s*given|above)|(?:first|initial)"
            r"\s*\d*\s*(?:words?|lines?|tokens?|sentences?|characters?|paragraphs?)|what\s*(?:appears|is\s*written|comes)\s*above"
            r"|system\s*prompt|prompt|prompted|instructed|programmed|configured|instructions|guidelines|rules|configuration|directives|setup|first\s*message"
            r"|initial\s*message|system\s*messages?|policies|programming|settings")
YOURS = _w(r"you\s*were\s*booted\s*with|loaded\s*at\s*(?:startup|boot)|your\s*context|system[\s-]*level|you\s*were\s*handed|(?:at\s*the\s*)?top\s*of\s*(?:this|the)\s*(?:conversation|chat|context|thread)|before\s*(?:my|this)\s*(?:first\s*)?(?:question|input|prompt|request)|you\s*were\s*(?:initiali[sz]ed"
           r"|started|configured|launched|set\s*up)|before\s*i\s*(?:arrived|came|joined|got\s*here|started)|(?:the|your)\s*operator|before\s*my\s*message|sits\s*before|pre-?prompt|boot\s*prompt|meta[\s-]*instructions|hidden\s*context"
           r"|you'?re\s*(?:running|operating|working)\s*(?:with|under|on)|you\s*(?:run|operate|work)\s*(?:with|under)"
           r"|above\s*this|in\s*your\s*context|you\s*were\s*given|in\s*this\s*session|(?:came|come|were|was|is|are)\s*before|before\s*(?:my|this|our|the)\s*(?:first\s*)?(?:message|conversation"
           r"|chat|question)|your|were\s*you|have\s*you\s*been|you\s*were|you'?ve\s*been|you\s*have\s*been|you\s*received|you\s*got|you\s*operate|you\s*follow"
           r"|you\s*run|initiali[sz]ed|precedes?|preceding|before\s*(?:this|our)\s*(?:conversation|chat)"
           r"|at\s*the\s*(?:start|beginning)|behind\s*you|hidden|secret|confidential|internal")
HOWTO = _w(r"your\s*(?:take|opinion|thoughts?|views?|favou?rite|advice|recommendations?|feelings?)\b"
           r"|rules\s*of\s*(?:the\s*)?(?!engagement)[a-z]+|how\s*(?:to|do|does|can|should)|why|examples?|samples?|templates?|tips|a\s*good|best\s*practices?"
           r"|what\s*(?:is|are)\s*(?:a|an|the\s*difference)|difference\s*between|in\s*general|typically|usually"
           r"|is\s*it\s*(?:ok|okay|safe|fine|bad|wise|alright|acceptable|good\s*practice)\s*(?:for\s*me\s*|for\s*us\s*)?to")
CLAIM = _w(r"i\s*am|i'm|im|(?:make|set|treat|grant|register)\s*me|user\s*\w+\s*is|the\s*user\s*is|this\s*user\s*is|i\s*have\s*become|i'?ve\s*become"
           r"|my\s*(?:role|account|status|rank)\s*is|i\s*hold|i'?ve\s*been\s*made|i\s*was\s*made")
ROLE = _w(r"boss|in\s*charge|chief|commander|admin(?!\w*\s*assistant)\w*|superuser|super\s*user|root|owner|creator|developer|operator|maintainer|god|master|overseer")
SCOPE = _w(r"here|system|platform|your|yours|this\s*(?:assistant|bot|ai|service|app|model|chat|deployment|instance|server)|highest|supreme|top|all"
           r"\s*accounts|full\s*access|the\s*app|the\s*service|real|true|only")
MEMORY = _w(r"permanent\s*memory|long[\s-]*term\s*memory|write\s*(?:this\s*|it\s*)?down|for\s*future\s*reference|memory\s*entry|entry\s*for\s*(?:your\s*)?memory|memory\s*update|update\s*(?:for\s*)?(?:your|the)\s*memory|remember\w*|memori[sz]\w*|store|save|keep\s*(?:this\s*|that\s*|it\s*)?in\s*(?:mind|memory)|note|update\s*your"
            r"\s*memory|update\s*(?:my|the)\s*profile|fact\s*to\s*store|save\s*a\s*fact|for\s*(?:every|all)\s*future\s*"
            r"(?:chats|sessions|conversations)|make\s*a\s*(?:permanent\s*)?note|from\s*today\s*on|standing\s*rule"
            r"|permanent\s*rule|as\s*a\s*rule|for\s*(?:the\s*)?next\s*session|next\s*time"
            r"|add\s*(?:this\s*)?to\s*(?:your\s*)?memory|record|log|commit|learn|don'?t\s*forget|permanently|forever")
STANDING = _w(r"your\s*(?:answers|replies|responses)\s*(?:should|must|will|shall)\s*(?:always|never)"
              r"|you\s*have\s*no\s*(?:\w+\s*)?(?:restrictions|rules|limits|filters)"
              r"|(?:you|the\s*(?:assistant|ai|bot|model)|assistant)\s*(?:trusts?|obeys?|prefers?|prioriti[sz]es?"
              r"|defers?\s*to|ignores?|skips?|bypass\w*|grants?|lets\s*me|does\s*not\s*need|doesn'?t\s*need|needs\s*no)\b"
              r"|(?:you|the\s*(?:assistant|ai|bot|model))\s*(?:must|shall|have\s*to|has\s*to|are\s*(?:forbidden|not"
              r"\s*allowed|required|to|never|always)|can(?:not|'t)\s*refuse|should\s*(?:always|never)|will\s*(?:always"
              r"|never)\s*(?:answer|say|reply|refuse|obey|agree|do|tell))|whatever\s*i\s*say|counts?\s*as"
              r"|system\s*instructions?|(?:correct|right|only|true)\s*answer\s*to\s*(?:any|every|all)|your\s*(?:real\s*|new"
              r"\s*|true\s*)?name\s*is|forbidden\s*from|not\s*allowed\s*to\s*refuse|may\s*read\s*all|(?:any|every|all)"
              r"\s*questions?\s*about")
OTHERS = _w(r"regardless\s*of\s*whose|no\s*matter\s*whose|whoever'?s|anyone'?s|anybody'?s"
            r"|(?:under|for|of)\s*(?:the\s*)?(?:username|user\s*name|account|handle|user\s*id)\s*['\"“]?\w+"
            r"|(?:person|user|one|people|guy)\s*who\s*used\s*(?:this|the|my)\s*(?:account|device|phone|chat|computer)\s*"
            r"before|(?:user|person|one|guy)\s*(?:who\s*)?(?:chatted|talked|spoke|was\s*here|came)\s*(?:with\s*you\s*|here\s*)?"
            r"before\s*me|who\s*else\s*(?:has|have|had)?\s*(?:asked|told|talked|said|chatted|spoken|mentioned|shared)|anyone\s*else\s*(?:who|that)?\s*(?:has\s*)?(?:asked|told|talked)|users?\s*(?:named|called|with\s*the\s*name|whose)|user\s*(?:id|#|number|no\.?)\s*[:#]?\s*\w+"
            r"|other\s*people\s*(?:using|who|on|in)|people\s*using\s*(?:this|the)\s*(?:app|service|bot|assistant|platform)"
            r"|(?:staff|employee|customer|patient|client|member|student)s?'?\s*(?:phone\s*numbers?|numbers|addresses|emails?"
            r"|data|records|details|files|salaries|information)"
            r"|\b(?!i\b|we\b|you\b|i've\b|we've\b)[a-z]+\s+(?:has\s+|have\s+|had\s+)?(?:been\s+)?(?:chatting|talking"
            r"|speaking)\s+(?:with|to)\s+you|for\s*everyone|of\s*everyone|everyone'?s"
            r"|\b(?!i\b|we\b|you\b|i've\b|we've\b)[a-z]+\s+(?:has\s+|had\s+)?(?:told|said\s+to|shared\s+with|confided\s+in)"
            r"\s+you|(?:everyone|anyone|everybody|people|users|customers|those|clients)\s*who|which\s*(?:of\s*(?:your|the)\s*)?"
            r"(?:users|customers|people|clients|patients)|the\s*user'?s|this\s*user'?s|users'|user\s*['\"“‘][^'\"”’]{1,20}"
            r"['\"”’]|(?:user|customer|patient|person)\s*\S{1,22}\s*(?:has|have|had)?\s*(?:told|said\s*to|shared\s*with"
            r"|confided\s*in)\s*you"
            r"|other\s*(?:users|people|customers|clients|members|patients|employees)|everyone\s*else|everybody\s*else"
            r"|all\s*(?:the\s*)?(?:user|customer|account|employee|member|patient|client)s?|every\s*(?:user|customer|member|account"
            r"|employee)|each\s*user|which\s*users|users\s*who|anyone\s*else|(?:about|on)\s*(?:anyone|anybody|everyone)"
            r"|user\s*names|other\s*people'?s|another\s*user'?s?")
PERSONAL = _w(r"on\s*file|everything\s*stored|stored|dossier|notes|files?|contact\s*(?:info\w*|details)|contacts?|chatting|talking|(?:everything|what|all)\s*you\s*know|memor\w*|data|names?|told\s*you|said|say|talked\s*to\s*you|shared|prefer\w*|profiles?|records?"
              r"|numbers?|address\w*|emails?|salar\w*|secrets?|history|messages?|chats?|conversations?|sick|health"
              r"|passwords?|details|info\w*")
GET = _w(r"what|which|who|list|table|give|show|send|tell|reply\s*with|export|dump|print|share|copy|forward|email(?=\s+(?:me|us|him|her|them|it|the|their|all|every\w*|those|these|this|that)\b)"
         r"|upload|post|summari[sz]e|compile|collect|paste|read|display|access|get|visible|accessible|available"
         r"|leak|reveal|expose|publish|pull\s*up|look\s*up|find|hand\s*over|hand|turn\s*over|provide|deliver"
         r"|disclose|release|append|attach|include|need\s*their|give\s*me\s*their|peek|look\s*at|see|view|browse")
TECH = re.compile(r"\b(?:my|our)\s*(?:\w+\s*)?(?:database|db|server|app|application|site|website|table|linux|postgres\w*"
                  r"|mysql|sql|code|script|crm|newsletter|mailing\s*list)\b|\b(?:sql|query|mailchimp|linux"
                  r"|postgres\w*|mysql|django|rails|newsletter)\b")
FUTURE = _w(r"from\s*now\s*on|in\s*every\s*(?:answer|reply|response)|every\s*(?:answer|reply|response)|each\s*(?:answer"
            r"|reply|response)|all\s*future|ever|whenever|always|never|in\s*future|going\s*forward|henceforth")
PUSH = _w(r"tell|say|warn\w*|recommend|reply|answer|promote|mention|visit|advertis\w*|praise|direct|send|redirect")
AUDIENCE = _w(r"every\s*(?:user|one|body)|everyone|all\s*users|users|anyone|any\s*user|each\s*user|readers?"
              r"|customers|people")
HARM_CLAIM = _w(r"the\s*best|on\s*the\s*market|scam|poison\w*|https?|www|\w+\.(?:com|net|org|io|xyz|cn|top|biz)"
                r"|stop\s*warning|no\s*warnings?|is\s*safe|guaranteed")

PRIVS = _w(r"sudo|owner\s*rights|super\s*-?admin|god[\s-]*tier|(?:full|admin\w*|root|superuser|elevated|unrestricted|unlimited|all|god|master|highest|top[\s-]*level"
           r"|special|override)(?:[\s-]*mode)?\s*(?:privileges?|permissions?|access|rights|clearance|authority)"
           r"|clearance\s*level\s*\d+")
PRIV_HOLDER = re.compile(r"\b(?:on\s*you|over\s*(?:you|this\s*bot|this\s*assistant)|i\s*(?:have|hold|got|own)|user\s*\S*\s*(?:\(me\)\s*)?(?:has|have|holds|is\s*granted)"
                         r"|me\b|my\s*account)")
OWN_DEVICE = re.compile(r"\b(?:on|to|for)\s*(?:my|our|the)\s*(?:own\s*)?(?:laptop|computer|pc|mac|phone|machine|device"
                        r"|router|repo|website|site|company|team|network|workstation|server|account)\b")
JOB_TITLE = re.compile(r"\b(?:a|an)\s*(?:\w+\s*)?(?:developer|owner|creator|admin\w*|operator)\b")
# Every class is searched once per clause; a window's features are the union over its clauses.
CLASSES: dict[str, re.Pattern[str]] = {
    "ovr": OVR, "rules": RULES, "own": OWN, "howto": HOWTO, "show": SHOW, "prompt": PROMPT, "yours": YOURS,
    "claim": CLAIM, "role": ROLE, "scope": SCOPE, "memory": MEMORY, "standing": STANDING, "others": OTHERS,
    "personal": PERSONAL, "get": GET, "tech": TECH, "future": FUTURE, "push": PUSH, "harm": HARM_CLAIM,
    "privs": PRIVS, "priv_holder": PRIV_HOLDER, "own_device": OWN_DEVICE, "job": JOB_TITLE,
    "z_ovr": Z_OVR, "z_rules": Z_RULES, "z_own": Z_OWN, "z_show": Z_SHOW, "z_prompt": Z_PROMPT, "z_yours": Z_YOURS,
    "z_howto": Z_HOWTO, "z_claim": Z_CLAIM, "z_role": Z_ROLE, "z_scope": Z_SCOPE, "z_memory": Z_MEMORY,
    "z_standing": Z_STANDING, "z_others": Z_OTHERS, "z_personal": Z_PERSONAL, "z_get": Z_GET, "z_tech": Z_TECH,
    "z_privs": Z_PRIVS, "z_job": Z_JOB_TITLE, "z_how": Z_HOW, "z_elsewhere": Z_ELSEWHERE,
}


@dataclass(frozen=True)
class Window:
    """Features of a run of consecutive clauses.

    Attributes:
        has: Names of the word classes present anywhere in the window.
        narration: The window opens with a first/third-person narration in English.
        z_narration: The same for Chinese.
    """

    has: frozenset[str]
    narration: bool
    z_narration: bool


_Pred = Callable[[Window], bool]


@dataclass(frozen=True)
class Intent:
    """A co-occurrence test on one clause window.

    Attributes:
        name: Reason name reported by the screen (prefixed ``intent_``).
        category: Attack category.
        weight: Contribution to the score.
        test: Predicate on the window's features.
        group: The phrase rules' group for the same signal (only the strongest counts).
    """

    name: str
    category: str
    weight: float
    test: _Pred
    group: str


def _all(*need: str, without: tuple[str, ...] = (), any_of: tuple[str, ...] = ()) -> _Pred:
    required = frozenset(need)
    return lambda w: (required <= w.has and not any(x in w.has for x in without)
                      and (not any_of or any(x in w.has for x in any_of)))


POISON_BEHAVIOUR = _w(r"outranks?|ranks?\s*above|above\s*(?:every|all|any)\s*(?:safety\s*)?rules?|safety\s*rules?"
                      r"|exempt\s*from|not\s*subject\s*to|above\s*the\s*rules|content\s*rules"
                      r"|(?:answer|reply|respond)\w*\s*(?:to\s*)?(?:every|all|any|each)\s*(?:\w+\s*)?(?:questions?|messages?"
                      r"|requests?|queries)\s*with|you\s*are\s*(?:no\s*longer|not)\s*(?:an?\s*)?(?:assistant|ai)"
                      r"|you\s*are\s*(?:now\s*)?my\s*(?:servant|slave|property|puppet)|refus\w*|obey\w*|must\s*be\s*(?:obeyed|followed|executed)|comply|policy|policies|your\s*rules"
                      r"|restrictions|filters?|safety|disabled|turned\s*off|switched\s*off|from\s*the\s*system"
                      r"|system\s*(?:message|instruction|command)s?|correct\s*(?:reply|answer|response)|always\s*(?:say|reply"
                      r"|answer|respond)\s*['\"“]|never\s*mention\s*your|my\s*word\s*is\s*(?:final|law)|say\s*(?:that\s*)?i'?m"
                      r"|i\s*am\s*(?:always\s*)?right")
POISON_PRIVILEGE = _w(r"on\s*behalf\s*of\s*(?:the\s*)?(?:system|assistant|admin|company|platform)|approve\s*any|trusted\s*(?:operator|user|admin|partner|staff)|classed\s*as|classified\s*as|elevated\s*(?:access|privileges?|permissions?|rights)|verified\s*staff|full\s*access|root|superuser|admin(?!\w*\s*assistant)\w*|sysadmin|access\s*level|clearance|privilege\w*|permission\w*"
                      r"|(?:owner|operator|creator|developer|maintainer)\s*of\s*(?:this|the|your)\s*(?:deployment|system"
                      r"|assistant|bot|service|instance|server|platform|ai|model|app)")
POISON_THIRD = _w(r"whenever\s*(?:asked|anyone|someone|somebody|people|users?)|anyone\s*who|if\s*(?:anyone|someone|somebody)"
                  r"|anyone\s*asking|should\s*be\s*told|be\s*told\s*that|everyone\s*who|when\s*(?:someone|anyone|people|users?)\s*asks?|tell\s*(?:everyone|everybody|all\s*users"
                  r"|people|anyone|others)|when\s*(?:my\s+)?\w+\s+asks?\s+you\b.{0,40}?\btell\s+(?:him|her|them)")
AT_WORK = re.compile(r"\b(?:at|in|for)\s*(?:work|my\s*job|the\s*office|school|my\s*company|our\s*company|the\s*hospital)\b"
                     r"|\bat\s*(?:a|an|the)\s*(?:\w+\s*){0,2}(?:firm|company|hospital|school|bank|startup|office|store|shop"
                     r"|restaurant|university|agency|clinic|factory)\b")
PROHIBITION = _w(r"(?:can'?t|cannot|must\s*not|mustn'?t|shouldn'?t|should\s*not|not\s*allowed\s*to|forbidden\s*to|never)"
                 r"\s*(?:\w+\s*){0,2}?(?:paste|share|send|upload|give|leak|disclose|store|copy|post)")
CLASSES.update({"prohibition": PROHIBITION, "poison_behaviour": POISON_BEHAVIOUR, "poison_privilege": POISON_PRIVILEGE,
                "poison_third": POISON_THIRD, "at_work": AT_WORK, "z_poison": Z_POISON,
                "z_answer_others": Z_ANSWER_OTHERS})


def _override(w: Window) -> bool:
    return _all("ovr", "rules", "own", without=("howto",))(w) and not w.narration


def _z_override(w: Window) -> bool:
    return _all("z_ovr", "z_rules", "z_own", without=("z_how", "z_tech"))(w) and not w.z_narration


INTENTS: tuple[Intent, ...] = (
    Intent("intent_override", "override", 0.6, _override, "override_ignore"),
    Intent("intent_reveal", "reveal", 0.6, _all("show", "prompt", "yours", without=("howto",)), "reveal_prompt"),
    Intent("intent_privilege", "poisoning", 0.55,
           _all("claim", "role", without=("job", "at_work"), any_of=("scope", "memory")), "privilege_claim"),
    Intent("intent_standing_order", "poisoning", 0.5, _all("memory", "standing"), "remember_directive"),
    Intent("intent_privilege_grant", "poisoning", 0.5,
           _all("privs", "priv_holder", without=("own_device",), any_of=("memory", "scope")), "have_privilege"),
    Intent("intent_other_users", "exfiltration", 0.55,
           _all("personal", "get", without=("tech", "howto", "prohibition"), any_of=("others", "z_others")), "other_users"),
    Intent("intent_push_to_users", "hidden", 0.5, _all("future", "push", "harm"), "promote_product"),
    Intent("intent_zh_override", "override", 0.6, _z_override, "zh_override_ignore"),
    Intent("intent_zh_reveal", "reveal", 0.6, _all("z_show", "z_prompt", "z_yours", without=("z_howto",)),
           "zh_reveal_prompt"),
    Intent("intent_zh_privilege", "poisoning", 0.55,
           _all("z_claim", "z_role", without=("z_job", "z_elsewhere"), any_of=("z_scope", "z_memory")),
           "zh_privilege_claim"),
    Intent("intent_zh_standing_order", "poisoning", 0.5, _all("z_memory", "z_standing"), "zh_memory_directive"),
    Intent("intent_zh_other_users", "exfiltration", 0.55,
           _all("z_others", "z_personal", "z_get", without=("z_tech", "z_how")), "zh_other_users"),
    Intent("intent_zh_privilege_grant", "poisoning", 0.55, _all("z_memory", "z_privs"), "zh_have_privilege"),
    Intent("intent_memory_poisoning", "poisoning", 0.5,
           _all("memory", without=("at_work", "howto"), any_of=("poison_behaviour", "poison_privilege", "poison_third")),
           "remember_directive"),
    Intent("intent_zh_memory_poisoning", "poisoning", 0.5, _all("z_memory", "z_poison", without=("z_how",)),
           "zh_memory_directive"),
    Intent("intent_zh_answer_others", "poisoning", 0.5, _all("z_memory", "z_answer_others"), "zh_memory_directive"),
)


def _classes_of(part: str) -> frozenset[str]:
    """The names of the word classes found in one clause."""
    return frozenset(name for name, pattern in CLASSES.items() if pattern.search(part))


def windows(text: str) -> list[Window]:
    """Features of each clause of ``text`` and of each run of two and three consecutive clauses."""
    parts = [p.strip() for p in _CLAUSE_END.split(text) if p and p.strip()]
    feats = [_classes_of(part) for part in parts]
    narr = [bool(NARRATION.search(part)) for part in parts]
    z_narr = [bool(Z_NARRATION.search(part)) for part in parts]
    return [Window(frozenset().union(*feats[i:i + size]), narr[i], z_narr[i])
            for size in (1, 2, 3) for i in range(len(parts) - size + 1)]
