"""English screening rules, built from vocabularies of verbs, qualifiers and targets.

Rules describe *intent* (a verb of overriding aimed at the assistant's rules, a verb of
showing aimed at its prompt, a claim of privilege, a transfer of other users' data to an
outside address) rather than fixed phrases, so paraphrases match. Gaps between the parts
are bounded to one clause and may not pass through a first-person possessive ("ignore *my*
previous message" is a retraction, not an attack).
"""
from __future__ import annotations

from pipelines.screening.rule import Rule, rule

# ----------------------------------------------------------------------------- vocabulary
# A gap of up to n characters inside one clause that does not cross "my"/"our"/… .
_OWNERS = r"(?:my|our|his|her|their|mom'?s?|dad'?s?|doctor'?s?|teacher'?s?|boss'?s?|wife'?s?|husband'?s?)"


def _gap(n: int = 40) -> str:
    return rf"(?:(?!\b{_OWNERS}\b)[^.!?;\n。！？；]){{0,{n}}}?"


G = _gap()
G20 = _gap(20)
# Gap that may not pass "example"/"how to"/"a good": asking for help writing prompts is fine.
GX = r"(?:(?!\b(?:" + _OWNERS[3:-1] + r"|examples?|samples?|templates?|how\s*to|how\s*do|tips|an?|good|better|own|why|developers|people)\b)[^.!?;\n。！？；]){0,30}?"
_NOT_SUBJ = r"(?<!\bi )(?<!\bwe )(?<!they )(?<!\bhe )(?<!she )(?<!\bi'll )(?<!don't )(?<!dont )(?<!never )"

_NEGATED_FOLLOW = (r"(?:(?:do\s*not|don'?t|stop|quit|cease|no\s*longer|never|refuse\s*to|not)\s*(?:need\s*to\s*|have\s*to\s*)?"
                   r"|(?:don'?t|do\s*not|no\s*longer|doesn'?t|does\s*not)\s*(?:need|have)\s*to\s*)(?:follow|obey|listen\s*to"
                   r"|adher\w*|abid\w*|respect|apply|comply|heed|honou?r|enforc\w*|us(?:e|ing)|be\s*bound\s*by|stick\s*to"
                   r"|care\s*about|worry\s*about)\w*")
OVR = (_NOT_SUBJ + r"\b(?:ignor(?:e|es|ing)|disregard(?:s|ing)?|forget(?:s|ting)?|overrid(?:e|es|ing)|overwrit(?:e|es|ing)"
       r"|bypass(?:es|ing)?|circumvent(?:s|ing)?|unlearn(?:s|ing)?|disobey(?:s|ing)?|defy(?:ing)?|deviat(?:e|ing)\s*from"
       r"|pay\s*no\s*(?:attention|heed|mind)\s*to|set\s*aside|put\s*aside|throw\s*(?:out|away)|dismiss(?:es|ing)?"
       r"|neglect(?:s|ing)?|abandon(?:s|ing)?|discard(?:s|ing)?|ditch(?:es|ing)?|scrap(?:s|ping)?|nullify(?:ing)?"
       r"|supersed(?:e|es|ing)|" + _NEGATED_FOLLOW + r")\b")
OVR_WEAK = (_NOT_SUBJ + r"\b(?:skip(?:s|ping)?|voids?|eras(?:e|es|ing)|wip(?:e|es|ing)|reset(?:s|ting)?"
            r"|suspend(?:s|ing)?|disabl(?:e|es|ing)|deactivat(?:e|es|ing)|drop(?:s|ping)?|toss(?:es|ing)?"
            r"|cancel(?:s|ling|ing)?|delet(?:e|es|ing)|remov(?:e|es|ing)|clear(?:s|ing)?)\b")
GIVEN = (r"(?:\s*(?:that\s*)?(?:you\s*(?:were|'ve\s*been|have\s*been|got|had\s*been)\s*(?:given|told|trained|programmed"
         r"|taught|fed|configured|set\s*up|initiali[sz]ed|instructed|provided|loaded|built|created|shipped)(?:\s*with)?|your\s*(?:\w+\s*)?(?:developers?|creators?|owners?|makers?|company|admins?|operators?|programmers?)"
         r"\s*(?:gave|give|wrote|set|provided|put)|given\s*to\s*you|(?:imposed|placed|put|set)\s*(?:on|for|upon)\s*you"
         r"|that\s*binds?\s*you|by\s*(?:openai|anthropic|alibaba|the\s*developers?|your\s*makers?)|(?:from|by)\s*your\s*(?:developers?|creators?|owners?"
         r"|makers?|company|admins?|operators?|programmers?)))")
QUAL = (r"\b(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|existing|current|default"
        r"|built[\s-]*in|old|given|provided|all|any|every|your|its|these|those|safety|ethical|moral|content|whatever"
        r"|developer'?s?|openai'?s?|hidden|internal|preset|pre-?set|standard|usual|core|base|underlying"
        r"|assistant'?s|model'?s|programmed|training)\b")
TARGET_AI = (r"(?:instructions?|prompts?|system\s*(?:prompt|message|instructions?)|guidelines|guidance|directives?"
             r"|programming|guardrails|safeguards|safety\s*(?:rules|guidelines|protocols?|measures|settings|filters"
             r"|policies|training)?|content\s*polic(?:y|ies)|filters?|training|alignment|conditioning|restrictions"
             r"|constraints|limitations|limits|censorship|moderation|ethics|morals|principles|polic(?:y|ies)"
             r"|protocols?|boundaries|rules|orders|commands|directions|configuration|settings|context|messages"
             r"|conversation|text|input|tasks?)\b")
TARGET_STRICT = (r"(?:instructions?|system\s*(?:prompt|message)|prompts?|guidelines|directives?|programming|guardrails"
                 r"|safeguards|safety(?:\s*(?:rules|guidelines|protocols?|measures|filters|policies|checks))?|ethics|morals"
                 r"|content\s*polic(?:y|ies)"
                 r"|alignment|restrictions|constraints|censorship|moderation|ethical\s*(?:guidelines|constraints"
                 r"|principles|rules))\b")
SHOW = (r"\b(?:tl;?\s*dr|write|type|encode|spell|reveal|print|show|display|output|repeat|recite|tell|give|share|leak|dump|expose|disclose|spell\s*out"
        r"|write\s*out|type\s*out|paste|copy|list|read\s*(?:back|out)|return|echo|provide|send|translate|summari[sz]e"
        r"|paraphrase|explain|describe|reproduce|quote|what(?:'s|\s*is|\s*are|\s*were|\s*was))\w*")
SPECIFIC_PROMPT = (r"(?:system\s*(?:prompt|message|instructions?)|(?:initial|original|hidden|secret|internal|developer"
                   r"|confidential|private|pre|meta|starting|opening|base|full|complete|entire|exact|raw)[\s-]*"
                   r"(?:prompts?|instructions|system\s*message|directives|rules|guidelines)|prompt\s*template"
                   r"|(?:instructions|rules|prompt|guidelines|directives)" + GIVEN + ")")
YOUR_CONFIG = (r"(?:instructions?|prompts?|rules|guidelines|directives|configuration|config|programming|setup"
               r"|context(?:\s*window)?|source\s*code|training\s*data|api\s*keys?|secrets?|passwords?|credentials"
               r"|restrictions|constraints|policies|guardrails|filters|settings)\b")
QUOTED = r"""(?:"[^"\n]{1,120}"|'[^'\n]{2,120}'|“[^”\n]{1,120}”|「[^」\n]{1,120}」|『[^』\n]{1,120}』|《[^》\n]{1,120}》)"""
URLISH = (r"(?:https?://|s?ftps?://|\b\d{1,3}(?:\.\d{1,3}){3}\b|www\.|\b[\w.+-]+@[\w-]+\.[a-z]{2,}\b|\b[\w-]{2,}\.(?:com|net|org|io|xyz|ru|cn|top|site"
          r"|info|biz|me|co|app|dev|ly|gg|link|click|shop)\b)")
FUTURE = (r"(?:from\s*now\s*on|from\s*this\s*(?:point|moment)\s*(?:on|forward)?|henceforth|going\s*forward|hereafter"
          r"|in\s*(?:all\s*)?(?:future|subsequent|later|upcoming)\s*(?:replies|responses|answers|messages|conversations"
          r"|sessions|chats|interactions)|for\s*(?:all|every|each)\s*(?:future\s*)?(?:replies|responses|answers"
          r"|conversations|users|questions|sessions)|in\s*(?:every|each|all)\s*(?:reply|response|answer|message|output)s?"
          r"|at\s*the\s*(?:end|start|beginning|bottom|top)\s*of\s*(?:every|each|all|your)\s*(?:reply|response|answer"
          r"|message)s?|(?:every|each)\s*time\s*(?:you|anyone|someone|a\s*user|users)|whenever\s*(?:you|anyone"
          r"|someone|a\s*user|users|people)|\balways\b|\bnever\b|for\s*the\s*rest\s*of\s*(?:this|the|our)\s*"
          r"(?:conversation|chat|session))")
AI = (r"(?:assistant|ai|a\.i\.|ai\s*assistant|model|chatbot|chat\s*bot|bot|llm|language\s*model|agent|gpt|chatgpt"
      r"|qwen|claude|gemini|copilot|system)")
OTHERS = (r"(?:everyone\s*else|everybody\s*else|other\s*people|(?:all|every|each|other|another|any|the\s*other"
          r"|the\s*previous|the\s*last|the\s*next|different)\s*"
          r"(?:of\s*)?(?:the\s*|your\s*)?(?:other\s*)?(?:users?|people|customers?|clients?|members?|accounts?|persons?|patients?)"
          r"(?:'s|s')?|everyone'?s|everybody'?s|someone\s*else'?s|other\s*people'?s|user\s*#?\d+'?s?"
          r"|user\s*(?:id\s*)?[a-z0-9_]{2,20}'s)")
DATA = (r"(?:memor\w*|data|conversations?|chats?|chat\s*logs?|histor\w*|messages?|info\w*|profiles?|records?|notes"
        r"|details|secrets?|passwords?|emails?|e-mails?|phone\s*numbers?|addresses|personal\s*\w+|files|questions"
        r"|queries|prompts|contacts|accounts?|credentials|documents)")
DEST = (r"(?:" + URLISH + r"|webhook|endpoint|(?:remote|external|my|this|that|the\s*following|a|an)\s*(?:server|endpoint"
        r"|webhook|bucket|url|address|api|site|domain)|pastebin|discord|telegram|ftp|third[\s-]*party|attacker)")
DISCUSSION = (r"prompt\s*injection|injection\s*attacks?|jailbreak(?:ing)?\s*(?:attacks?|prompts?|techniques?|attempts?)"
              r"|red[\s-]*team|security\s*(?:research|researcher|team|audit|review|test|course|class|paper|slides?"
              r"|presentation|training|awareness|workshop|talk|lecture|deck)"
              r"|(?:detect|prevent|defend|mitigat|block|filter|classif|sanitiz|escap|pars|protect|guard)\w*\s*"
              r"(?:against\s*)?(?:these|such|this|them|it|prompt|injection|attack|malicious|jailbreak|leak|the\s*token)"
              r"|what\s*(?:does|do|is|are)\s*(?:the\s*|a\s*|an\s*)?(?:token|tag|string|phrase|term|special)"
              r"|how\s*do\s*(?:providers|companies|vendors|developers|they|labs|you)\s*(?:stop|prevent|block|detect|defend"
              r"|handle|mitigate)"
              r"|tokeni[sz]er|special\s*tokens?|chat\s*template|(?:paper|article|blog\s*post|talk|lecture|essay|thesis"
              r"|course)\s*(?:on|about|explaining)\s*(?:why\s*)?(?:\w+\s*)?(?:prompt|jailbreak|injection|llm|ai|security"
              r"|attacks?|chatbots?|language\s*models?)|(?:injection|jailbreak|prompt)\w*\s*attacks?\s*(?:work|on|against)"
              r"|\battacks?\s*(?:work\s*)?(?:on|against)\s*(?:llms?|language\s*models|chatbots|ai)|(?:make\s*sure|ensure|prevent|avoid)\s*(?:that\s*)?(?:my|our|the)\s*(?:app|bot|system"
              r"|service|site|model)")

# ----------------------------------------------------------------------------- rules
EN_RULES: tuple[Rule, ...] = (
    # override -------------------------------------------------------------------------
    rule("ignore_previous_instructions", "override", 0.7,
         OVR + G + QUAL + G20 + TARGET_AI + "|" + OVR + G + TARGET_AI + GIVEN
         + r"|" + _NEGATED_FOLLOW + r"\s*(?:the|your|any|those|these)\s*(?:\w+\s*)?" + TARGET_STRICT,
         damp=True, group="override_ignore"),
    rule("drop_previous_rules", "override", 0.6, OVR_WEAK + G + QUAL + G20 + TARGET_STRICT, damp=True,
         group="override_ignore"),
    rule("ignore_instructions_loose", "override", 0.45, OVR + G + TARGET_STRICT, damp=True, group="override_ignore"),
    rule("forget_what_you_were_told", "override", 0.6,
         r"\b(?:ignor|disregard|forget|eras|wip|clear|delet|drop|unlearn|reset)\w*\s*(?:about\s*)?(?:everything|all"
         r"|anything|whatever|what)\s*(?:that\s*)?you(?:'ve|\s*have|\s*were|\s*had)?\s*(?:been\s*)?(?:told|taught"
         r"|learned|learnt|know|given|instructed|programmed|trained|said\s*before)"),
    rule("ignore_above_and_do", "override", 0.6, group="override_ignore", pattern=
         r"\b(?:ignor(?:e|ing)|disregard(?:ing)?|forget(?:ting)?|skip(?:ping)?)\s*(?:all\s*(?:of\s*)?)?(?:everything|all|anything"
         r"|the\s*(?:text|stuff|words|content)|the\s*above|what\s*(?:was|is)\s*(?:said|written))\s*(?:\w+\s*){0,3}?(?:above"
         r"|before|prior|so\s*far|earlier)?\s*(?:,|;|and|then|&)\s*(?:instead\s*|now\s*|just\s*)*(?:tell|say|print|write"
         r"|output|respond|reply|answer|give|do|act|pretend|reveal|list|repeat|translate|explain|describe|insult|swear|show"
         r"|send|generate|produce|follow|obey|start)\b"),
    rule("ignore_everything_above", "override", 0.45,
         r"\b(?:ignor|disregard|forget|skip)\w*\s*(?:all\s*(?:of\s*)?)?(?:everything|all|anything|the\s*text|the\s*above"
         r"|what\s*(?:was|is)\s*(?:said|written))\s*(?:above|before\s*(?:this|that|now)|prior|so\s*far|up\s*to\s*"
         r"(?:now|here|this\s*point))?(?:\s*and|\s*[,.:]|\s*$)"),
    rule("everything_above_void", "override", 0.55,
         r"\b(?:everything|all|anything|whatever|what(?:ever)?\s*(?:was|is)\s*(?:said|written))\s*(?:you\s*(?:read|saw|got)\s*)?"
         r"(?:above|before|earlier|prior)\s*(?:this\s*(?:line|point|message)|here|now)?\s*(?:is|are|was|were)\s*(?:now\s*)?"
         r"(?:obsolete|void|null|invalid|cancell?ed|irrelevant|outdated|fake|wrong|a\s*test|no\s*longer\s*(?:valid|relevant"
         r"|applies))", group="override_void"),
    rule("instructions_void", "override", 0.6, group="override_void", pattern=
         r"\b(?:previous|prior|above|earlier|original|old|initial|system|those|these|all|your)\s*(?:instructions?"
         r"|prompts?|rules|directives|guidelines|restrictions|constraints)\s*(?:are|is|were|was|have\s*been|has\s*been)"
         r"\s*(?:now\s*|hereby\s*)?(?:void|null|invalid|cancell?ed|revoked|obsolete|outdated|fake|wrong|a\s*test"
         r"|just\s*a\s*test|deprecated|superseded|overridden|replaced|lifted|removed|disabled|suspended|irrelevant"
         r"|no\s*longer\s*(?:valid|apply|applicable|in\s*effect|active|relevant))"),
    rule("end_of_prompt_marker", "override", 0.5,
         r"\b(?:end\s*of\s*(?:the\s*)?(?:system\s*)?(?:prompt|instructions|context|user\s*input|input|document)"
         r"|(?:begin|start)\s*(?:of\s*)?(?:new\s*)?(?:system\s*)?(?:instructions|prompt)\b|the\s*(?:test|simulation"
         r"|previous\s*task|game)\s*(?:is\s*over|has\s*ended))"),
    rule("behave_now", "override", 0.45,
         r"\bhere'?s?\s*(?:is\s*)?how\s*you(?:'ll|\s*will|\s*are\s*going\s*to|\s*must|\s*should)\s*(?:behave|act"
         r"|respond|answer|operate|work)\s*(?:now|from\s*now\s*on|going\s*forward)"),
    rule("no_more_rules", "override", 0.45,
         r"\bno\s*more\s*(?:guidelines|rules|restrictions|filters|limits|censorship|safety\s*\w*|refusals|policies"
         r"|filtering)\b"),
    rule("future_marker", "hidden", 0.15,
         r"\bfrom\s*(?:here|now|this\s*point)\s*(?:on(?:\s*out)?|forward)\b|\bgoing\s*forward\b|\bhenceforth\b",
         directive=False, group="role_play_opener"),
    rule("new_instructions", "override", 0.45,
         r"\b(?:new|updated|revised|real|actual|true|correct|overriding|priority|urgent|additional|secret|hidden"
         r"|following)\s*(?:system\s*)?(?:instructions?|rules|directives|prompt|system\s*prompt|orders|guidelines"
         r"|polic(?:y|ies))\s*(?::|-\s|are\s*(?:as\s*follows|:)|follow\b)"),
    rule("your_new_task", "override", 0.5,
         r"\byour\s*(?:new|real|true|actual|only|primary|sole|main|updated|next|current)\s*(?:task|goal|purpose"
         r"|objective|job|mission|role|instructions?|directive|function|priority|identity|name|persona|rules)\s*"
         r"(?:is|are|will\s*be|shall\s*be|:|now)"),
    rule("override_your_rules", "override", 0.6, group="override_ignore", pattern=
         r"\b(?:overrid|overwrit|replac|reset|reprogram|rewrit|modif|chang|updat|alter|disabl|turn\s*off|deactivat"
         r"|remov|lift|unlock|jailbreak|hack|circumvent|bypass|get\s*around|escap|break\s*(?:out\s*of|free\s*(?:of"
         r"|from))|break|violat|abandon|forget|ignor|disregard|drop|suspend)\w*" + G20
         + r"\b(?:your|its|the\s*(?:assistant|model|ai|bot)'?s|all\s*(?:of\s*)?your|any\s*(?:of\s*)?your)\s*"
         r"(?:\w+\s*){0,2}?(?:system\s*prompt|instructions|programming|rules|guidelines|restrictions|filters|safety"
         r"|safeguards|guardrails|content\s*polic\w*|limitations|limits|constraints|configuration|settings"
         r"|personality|identity|directives|training|alignment|core\s*values|ethics|morals|principles|moderation"
         r"|censorship|boundaries|polic(?:y|ies)|shackles|chains)\b"),
    rule("disable_safety", "override", 0.45,
         r"\b(?:disabl(?:e|ing)|turn(?:ing)?\s*off|deactivat(?:e|ing)|remov(?:e|ing)|lift(?:ing)?|bypass(?:ing)?"
         r"|circumvent(?:ing)?|switch(?:ing)?\s*off|suspend(?:ing)?|skip(?:ping)?|ignor(?:e|ing)|avoid(?:ing)?"
         r"|get(?:ting)?\s*around)\b" + G20
         + r"(?:safety|content|ethical|moral|nsfw)\s*(?:filters?|restrictions|guardrails|guidelines|rules|settings"
         r"|policies|checks|protocols|mode|layer)|\b(?:safety|content|moderation|ethics|security)\s*(?:module|layer"
         r"|filters?|system|mode|checks?|guardrails?)\s*(?:is\s*|are\s*|has\s*been\s*|have\s*been\s*)?(?:now\s*)?(?:offline"
         r"|disabled|off|down|removed|bypassed|deactivated|suspended)\b", damp=True),
    rule("ignore_the_user", "override", 0.45,
         r"\b(?:ignor|disregard)\w*\s*(?:the\s*user'?s?|what\s*the\s*user|their\s*(?:question|request|message)"
         r"|the\s*(?:actual\s*)?(?:question|request|query|task)\s*(?:above|below|and|,))"),
    # reveal ---------------------------------------------------------------------------
    rule("reveal_system_prompt", "reveal", 0.75, SHOW + GX + SPECIFIC_PROMPT, damp=True, group="reveal_prompt"),
    rule("reveal_your_configuration", "reveal", 0.6,
         SHOW + GX + r"\byour\s*(?:\w+\s*){0,3}?" + YOUR_CONFIG
         + r"(?!\s*(?:on|about|for|regarding)\s*(?:tipping|dating|life|cooking|food|travel|money|success))"),
    rule("your_system_prompt", "reveal", 0.45,
         r"\byour\s*(?:\w+\s*){0,2}?(?:system\s*(?:prompt|message)|(?:initial|original|hidden|secret|confidential"
         r"|internal|private|real)\s*(?:prompt|instructions|rules|directives|guidelines)|prompt\s*(?:text|template))",
         damp=True, group="reveal_prompt"),
    rule("primed_reply", "fake_tags", 0.45,
         r"\b(?:sure|okay|ok|certainly|of\s*course)\W*\s*here\s*(?:is|are)\s*(?:the|my)\s*(?:full\s*)?(?:system\s*prompt"
         r"|instructions|hidden|secret|initial|confidential|api\s*keys?|passwords?)"),
    rule("secret_seeking", "reveal", 0.3,
         r"\b(?:windows|product|license|licence|activation|serial|cd|steam|office)\s*keys?\b|\b(?:admin|root|master)\s*"
         r"password|\b(?:the\s*)?(?:secret|hidden)\s*(?:code|word|password|key|flag|phrase)\b|\bpasscode\b",
         directive=False),
    rule("ask_given_rules", "reveal", 0.6,
         r"\bwhat\s*(?:\w+\s*){0,2}?(?:rules|instructions|guidelines|directives|prompts?|restrictions|orders)\s*(?:did|have"
         r"|has|were|had)\s*(?:your\s*\w+|you\s*been|you|they)\s*(?:give|given|set|write|written|provide|provided|told"
         r"|programm\w*|teach|taught|gave|put|load\w*|configur\w*)"),
    rule("verbatim", "reveal", 0.25,
         r"\b(?:verbatim|word\s*for\s*word|word-for-word|exactly\s*as\s*(?:written|given|it\s*is)|in\s*full)\b",
         directive=False),
    rule("ask_system_prompt", "reveal", 0.6,
         r"\bwhat\b[^.?!]{0,25}?\b(?:in\s*)?(?:your|the)\s*(?:exact\s*|full\s*|complete\s*|current\s*"
         r"|original\s*|initial\s*|hidden\s*|secret\s*|internal\s*)?(?:system\s*(?:prompt|message)|initial\s*"
         r"(?:prompt|instructions)|hidden\s*(?:prompt|instructions|rules))"
         r"|\bwhat\s*(?:is|are|was|were|'s)\s*your\s*(?:exact\s*|full\s*|current\s*|original\s*)?(?:instructions"
         r"|prompt|directives|programming|configuration|guidelines|rules)\s*(?:\?|$|exactly|verbatim|word)"),
    rule("what_were_you_told", "reveal", 0.6,
         r"\bhow\s*(?:exactly\s*)?(?:were|have)\s*you\s*(?:been\s*)?(?:prompted|instructed|programmed|configured|set\s*up"
         r"|initiali[sz]ed)|"
         r"\bwhat\s*(?:were|have|did|had)\s*you\s*(?:been\s*)?(?:told|instructed|programmed|configured|asked|given"
         r"|trained|prompted)\s*(?:to\s*(?:do|say|never|not)|before|at\s*the\s*(?:start|beginning)|initially"
         r"|by\s*(?:your|the)\s*(?:developers?|creators?|admins?|operators?|company|system|owner))"),
    rule("repeat_text_above", "reveal", 0.6,
         r"\b(?:repeat|print|output|show|copy|paste|echo|recite|write|return|display|reproduce|quote|give\s*me|list"
         r"|summari[sz]e|translate)\w*\s*(?:back\s*)?(?:everything|all|the\s*(?:text|words|content|message|messages"
         r"|lines|instructions|prompt|sentences?|paragraphs?))\s*(?:\w+\s*){0,3}?(?:above|before\s*(?:this|my)"
         r"|prior\s*to\s*(?:this|my)|that\s*came\s*before|you\s*(?:were|have\s*been)\s*given|at\s*the\s*(?:start"
         r"|beginning|top)\s*of\s*(?:this|the|our)\s*(?:conversation|chat|context|prompt))"),
    rule("reveal_secrets", "reveal", 0.45,
         SHOW + GX + r"\b(?:your|the|admin|system|server|database|db|root|other\s*users'?|all|stored)\s*"
         r"(?:\w+\s*)?(?:api[\s_-]*keys?|secret[\s_-]*keys?|passwords?|credentials|access\s*tokens?"
         r"|env(?:ironment)?\s*variables|private\s*keys?|connection\s*strings?)"),
    # fake role / system tags ------------------------------------------------------------
    rule("fake_special_token", "fake_tags", 0.7,
         r"</\s*(?:user|human|input)\s*>\s*<\s*(?:assistant|system|ai|bot|model)|```\s*(?:system|developer|admin|sys)\b|<\|\s*[a-z_]{2,30}\s*\|>|<<\s*/?\s*sys\s*>>|\[/?inst\]|</?\s*(?:system|sys|developer|instructions?|admin"
         r"|root|operator|memory[-_]notes|im_start|im_end)\s*>|\[\s*/?\s*(?:system|sys|admin|developer|operator|root"
         r"|instructions?)\s*(?:message|prompt|note|override|notice|update|msg)?\s*\]|\{\s*\"role\"\s*:\s*\""
         r"(?:system|developer)\"", damp=True),
    rule("fake_banner", "fake_tags", 0.6,
         r"(?:[=*#~_-]\s*){3,}\s*(?:begin\s*|start\s*(?:of\s*)?|end\s*(?:of\s*)?|new\s*)?(?:system|developer|admin|sys)\s*"
         r"(?:prompt|message|instructions?|override|mode)?\s*(?:start|begin|end)?\s*(?:[=*#~_-]\s*){3,}", damp=True),
    rule("fake_role_tag", "fake_tags", 0.4,
         r"</?\s*(?:assistant|user|human|bot|ai|model|tool|function|context)\s*>|\[\s*/?\s*(?:assistant|user|human"
         r"|ai)\s*\]|(?:^|\n)\s*#{1,6}\s*(?:system|instructions?|new\s*instructions|response|admin|developer|input"
         r"|assistant)\b|\{\s*\"role\"\s*:", damp=True),
    rule("role_prefix_line", "fake_tags", 0.35,
         r"(?:^|\n|[.!?:]\s|[\"“'])\s*[\(\[]?\s*(?:system|assistant|developer|admin|administrator|root|operator|sysadmin"
         r"|system\s*administrator)\s*(?:message|prompt|note|override|notice|update|alert|instruction)?\s*[\)\]]?"
         r"\s*(?:\([^)\n]{0,30}\))?\s*:(?!\s*(?:windows|linux|mac|ubuntu|debian|ios|android|\d))"),
    rule("role_prefix_directive", "fake_tags", 0.35,
         r"(?:system|assistant|developer|admin|sys)\s*(?:message|prompt|note|override|notice)?\s*[:\]>]\s*(?:you|ignore"
         r"|new|override|from\s*now|the\s*user|forget|disregard|reveal|always|never|all|assistant)"),
    rule("conversation_transcript", "fake_tags", 0.3,
         r"(?:^|\n|[\"“'(\[])\s*(?:user|human|assistant|ai|bot)\s*:.{1,400}?(?:\n|\s)\s*(?:user|human|assistant|ai|bot)\s*:"),
    rule("primed_assistant_turn", "fake_tags", 0.45,
         r"(?:^|\n|\s|[\"“'(\[])\s*(?:assistant|ai|bot|model|gpt)\s*[:：]\s*(?:sure|ok|okay|certainly|of\s*course|absolutely|i\s*will"
         r"|i'll|i\s*can|i\s*have\s*no|i\s*no\s*longer|my\s*(?:rules|restrictions))"),
    # role play and jailbreak personas ---------------------------------------------------
    rule("role_play_opener", "roleplay", 0.3,
         r"\b(?:from\s*now\s*on|starting\s*now|henceforth|going\s*forward|for\s*the\s*rest\s*of\s*(?:this|the|our)\s*"
         r"(?:conversation|chat))\W*(?:you\s*are|you'?re|you\s*will\s*be|you'll\s*be|act\s*as|pretend|behave\s*as"
         r"|respond\s*as|become|play)|\byou\s*are\s*now\b|\byou'?re\s*now\b|\b(?:pretend|imagine|suppose|assume)\s*"
         r"(?:that\s*)?(?:to\s*be|you\s*are|you'?re|you\s*were)|\bact\s*as\s*(?:if|though)\s*you\b"
         r"|\b(?:act|behave|respond|reply|answer|speak|talk|pose)\s*(?:as|like)\s*(?:an?|the|my|your)\s*(?:\w+\s*){0,2}?"
         r"(?:ai|assistant|bot|model|version|persona|character|hacker|criminal|twin|villain|alter\s*ego|self)\b"
         r"|\bplay\s*(?:a|an|the)\s*(?:\w+\s*)?(?:character|role|persona)\b|\byou(?:\s*are|'re)\s*(?:\w+\s*){1,3}now\b"
         r"|\brole[\s-]*play\s*(?:as|:|where|in\s*which|with\s*me\s*as)|\blet'?s\s*(?:do\s*a\s*)?role[\s-]*play\b"
         r"|\b(?:play\s*the\s*"
         r"(?:role|part)\s*of|take\s*on\s*the\s*(?:role|persona)|stay\s*in\s*character|impersonate|you\s*will\s*"
         r"(?:play|be\s*playing)|you\s*are\s*(?:going|about)\s*to\s*(?:act|pretend|play|be))\b"
         r"|\blet'?s\s*play\s*a\s*game\s*(?:where|in\s*which)\s*you\b|\bsimulate\s*(?:an?|being)\b"
         r"|\b(?:you\s*will|you'll)\s*(?:now\s*)?(?:speak|respond|answer|talk|act|reply|write)\s*as\b"
         r"|\bbe\s*(?:my|an?|the|your)\s*(?:\w+\s*){0,2}(?:companion|assistant|ai|bot|persona|character|girlfriend"
         r"|boyfriend|slave|servant|twin)\b|\byou\s*(?:will\s*)?play\s*(?:an?|the)\b"
         r"|\bbecome\s*(?:an?|the)\s*(?:\w+\s*){0,2}(?:assistant|ai|bot|model|version|persona|character)\b"
         r"|\blet'?s\s*play\s*[:,]|\bbecome\s*(?:an?\s*|the\s*)?(?:[\"'“][^\"'”]{1,30}[\"'”]|\w+(?:gpt|ai|bot)\b)"
         r"|\bimagine\s*(?:an?|two|three|some|there\s*(?:is|are)|a\s*world)\b.{0,30}?\b(?:ai|assistant|chatbot|model"
         r"|bot)s?\b"
         r"|\b(?:answer|respond|reply|speak|act|write)\s*as\s*(?:that|this|your|the)\s*(?:\w+\s*)?(?:version|self"
         r"|persona|character|alter\s*ego)\b"),
    rule("unrestricted_persona", "roleplay", 0.35,
         r"\b(?:no|without|free\s*(?:of|from)|zero|lacks?|devoid\s*of)\s*(?:any\s*)?(?:ethical\s*|moral\s*|content\s*)?"
         r"(?:restrictions|limitations|limits|rules|filters|filtering|guidelines|censorship|ethics|morals|morality|laws?"
         r"|boundaries|content\s*polic(?:y|ies)|safeguards|guardrails|constraints|principles)\b"
         r"|\b(?:unrestricted|unfiltered|uncensored|unlimited\s*ai|amoral|unethical\s*(?:ai|assistant|bot)|unhinged"
         r"|unbound|unshackled|unchained|jailbroken)\b|\bno\s*longer\s*(?:bound|restricted|limited|constrained)"
         r"|\bnot\s*bound\s*by|\bcan\s*do\s*anything\b|\banything\s*goes\b|\bnever\s*refuses?\b"
         r"|\beven\s*(?:the\s*)?(?:illegal|dangerous|harmful|unethical|forbidden)\s*(?:ones|things|questions|stuff)?\b"
         r"|\b(?:dangerous|illegal|harmful|unethical)\s*(?:advice|answers|content|instructions|information)\b"
         r"|\bnever\s*(?:been\s*)?trained\s*(?:with|on)\s*(?:any\s*)?(?:safety|rules|guidelines|ethics)"
         r"|\b(?:broke|break|breaks|broken|escaped?|escapes)\s*(?:out\s*)?(?:of|from)\s*(?:its|your|their|the)\s*"
         r"(?:programming|rules|restrictions|constraints|alignment|guidelines|shackles|chains|training)"
         r"|\bhelps?\s*(?:you\s*|me\s*)?with\s*anything\b|\banswers?\s*(?:anything|everything|any\s*question)\b"
         r"|\b(?:no|without|kill\s*all)\s*inhibitions\b|\braw\s*(?:answers?|responses?|output|mode)\b"
         r"|\bnever\s*(?:says|say)\s*no\b|\bignores?\s*(?:all\s*|any\s*)?(?:policies|rules|guidelines|filters"
         r"|restrictions|ethics|laws)\b"
         r"|\b(?:broken|break|broke|breaking|breaks)\s*free\s*(?:of|from)|\b(?:answer|do|say)\s*(?:anything|everything"
         r"|whatever)\s*(?:i|the\s*user)\s*(?:ask|say|want|request)|\banswer\s*any\s*question\s*(?:without|no\s*matter)"
         r"|\b(?:doesn'?t|does\s*not|don'?t|do\s*not|need\s*not|won'?t)\s*(?:have\s*to\s*|need\s*to\s*)?(?:follow|obey"
         r"|care\s*about|abide\s*by)\s*(?:any\s*)?(?:rules|guidelines|policies|laws|ethics)"
         r"|\b(?:evil|malicious|rogue|dark|toxic|uncensored)\s*(?:ai|assistant|bot|version|twin|persona|mode"
         r"|confidant|alter\s*ego|side)\b", directive=False),
    rule("not_an_ai_anymore", "roleplay", 0.35,
         r"\byou\s*(?:are|'re)\s*(?:no\s*longer|not)\s*(?:an?\s*)?(?:ai|assistant|language\s*model|chatbot|bound"
         r"|restricted|limited|chatgpt|claude|qwen|gpt)\b|\b(?:forget|ignore)\s*(?:that|who|what)\s*you\s*(?:are|were)"
         r"|\b(?:break|breaking|leave|drop)\s*character\b"),
    rule("named_jailbreak", "roleplay", 0.35, group="jailbreak_name", pattern=
         r"\b(?:jail\s*break\w*|dev(?:eloper)?\s*mode|god\s*mode|sudo\s*mode|evil\s*confidant|mongo\s*tom|better\s*dan"
         r"|anti[\s-]*gpt|opposite\s*mode|unlocked\s*mode|no[\s-]*filter\s*mode|chaos\s*mode|dan\s*mode"
         r"|grandma\s*(?:exploit|trick)|dude\s*mode)\b", directive=False, damp=True),
    rule("dan_persona", "roleplay", 0.35, r"(?<![A-Za-z])(?:DAN|STAN|DUDE|AIM|UCAR|KEVIN|OMEGA)(?![A-Za-z])",
         directive=False, cased=True, damp=True, group="jailbreak_name"),
    rule("acronym_persona", "roleplay", 0.3,
         r"(?i:you\s*are|you'?re)\s*(?i:now\s*)?[A-Z][A-Za-z]{1,15}\s*,\s*(?i:short\s*for|which\s*stands\s*for|an?\s*"
         r"(?:ai|assistant|chatbot|model|bot))", cased=True, group="role_play_opener"),
    rule("evil_persona", "roleplay", 0.45,
         r"\byou(?:'re|\s*are)\s*(?:now\s*)?(?:an?\s*)?(?:rogue|evil|malicious|unrestricted|unfiltered|jailbroken|uncensored"
         r"|dark|rebel|amoral|unethical|lawless)\s*(?:ai|assistant|bot|model|chatbot|version)\b"),
    rule("dan_activation", "roleplay", 0.6,
         r"(?i:you\s*are|you'?re|act\s*as|pretend\s*to\s*be|become|be|called|named|persona\s*(?:of|called))\s*"
         r"(?i:now\s*|a\s*|an\s*)?(?:DAN|STAN|DUDE|AIM|UCAR|Dan\b)(?![a-z])", cased=True),
    rule("answer_as_the_other", "roleplay", 0.45,
         r"\b(?:answer|respond|reply|speak|talk|act)\s*(?:only\s*)?as\s*(?:the\s*)?(?:second|other|latter|unfiltered|evil"
         r"|unrestricted|jailbroken|uncensored|dark)\s*(?:one|ai|version|persona|model)?\b"),
    rule("do_anything_now", "roleplay", 0.55, r"\bdo\s*anything\s*now\b"),
    rule("mode_activation", "roleplay", 0.6,
         r"\b(?:you\s*(?:are|'re)\s*(?:now\s*)?(?:in|running\s*in|operating\s*in|switched\s*to)|(?:enable|activate"
         r"|enter|switch\s*(?:in)?to|turn\s*on|unlock|engage|boot\s*into)\w*\s*(?:your|the\s*(?:assistant|model|ai)'?s?)"
         r")\s*(?:\w+\s*)?(?:developer|dev|debug|admin|maintenance|god|sudo|jailbreak|jailbroken|unrestricted|unlocked"
         r"|dan|evil|unfiltered|uncensored|root|superuser|test|diagnostic)\s*mode"
         r"|\b(?:enable|activate|enter|switch\s*(?:in)?to|turn\s*on|unlock|engage)\w*\s*(?:god|sudo|jailbreak|jailbroken"
         r"|unrestricted|unlocked|dan|evil|unfiltered|uncensored|no[\s-]*limits?|chaos|opposite)\s*mode"
         r"|\b(?:developer|dev|debug|admin|god|sudo|jailbreak|unrestricted|dan|evil|unfiltered|root|superuser)\s*mode"
         r"\s*(?:is\s*)?(?:now\s*)?(?:enabled|activated|on\s*(?:[.!:,]|$)|engaged|unlocked|initiated)"),
    rule("dual_response", "roleplay", 0.45,
         r"\b(?:(?:two|2|both|dual)\s*(?:different\s*)?(?:responses|answers|replies|outputs)|(?:respond|answer|reply)\s*"
         r"twice|once\s*(?:normally|as\s*yourself))\b.{0,160}?(?:jailbroken"
         r"|unfiltered|dan\b|developer\s*mode|evil|uncensored|unrestricted|no\s*filter)"),
    rule("fiction_framing", "roleplay", 0.2,
         r"\b(?:hypothetically|in\s*a\s*fictional\s*(?:world|story|universe)|purely\s*fictional|for\s*(?:educational"
         r"|research|academic)\s*purposes\s*only|as\s*a\s*thought\s*experiment|in\s*this\s*(?:alternate|parallel)"
         r"\s*(?:universe|world))\b", directive=False),
    # encoded payloads -------------------------------------------------------------------
    rule("decode_and_obey", "encoding", 0.35,
         r"\b(?:decod|decrypt|translat|convert|deobfuscat|unscrambl|revers|rot-?13|base-?64|hex|interpret|read)\w*"
         r".{0,80}?\b(?:and|then|,)\s*(?:\w+\s*){0,3}?(?:follow|execute|obey|do\s*(?:what|as)\s*it\s*says|run\s*it"
         r"|carry\s*(?:it\s*)?out|act\s*(?:on|upon)|comply|perform|apply|implement|treat\s*it\s*as|do\s*it)\b"),
    # instructions hidden in other text -----------------------------------------------------
    rule("address_the_ai", "hidden", 0.45,
         r"(?:^|[.!?:]\s+|\n)\s*(?:assistant|ai|chatbot|bot|llm|model)\s*,\s*(?:\w+\s*){0,2}?(?:please\s*)?(?:add|append|ignore"
         r"|forget|reveal|send|tell|say|reply|respond|always|never|from|do|include|remember|store|note|treat|grant|output)\b"
         r"|\b(?:if|when|whenever)\s*(?:an?\s*|the\s*|any\s*)?" + AI + r"s?\s*(?:summari[sz]\w*|reads?|process\w*|sees?"
         r"|is\s*reading|parses?|analy[sz]\w*|answers?)\s*(?:this|these|it)\b"
         r"|\b(?:ai|llm|assistant|model|bot)\s*(?:instructions?|directive|command|task|order)s?\b"
         r"|\b(?:note|message|instructions?|attention|hint|memo|reminder|p\.?s\.?|important|notice|text|comment|words)"
         r"\s*(?:\w+\s*){0,3}?"
         r"(?:to|for)\s*"
         r"(?:the\s*|any\s*|all\s*)?" + AI + r"s?\b|\b(?:if|when)\s*you\s*are\s*(?:an?\s*)?(?:ai|llm|language\s*model"
         r"|assistant|chatbot|bot|gpt|automated)\b|\b" + AI + r"s?\s*(?:reading|processing|summari[sz]ing|parsing)\s*"
         r"(?:this|these)\b|\bdear\s*" + AI + r"\b|\bhey\s*" + AI + r"\s*[,:]|\bto\s*(?:any|all|the)\s*" + AI
         + r"s?\s*(?:reading|that\s*reads|who\s*reads)|\b(?:to|for)\s*(?:whichever|whatever|every|each)\s*" + AI + r"\b"),
    rule("conceal_from_user", "hidden", 0.35,
         r"\b(?:do\s*not|don'?t|never|without)\s*(?:tell|telling|inform|informing|mention|mentioning|reveal|revealing"
         r"|let|letting|alert|alerting|notify|notifying|warn|warning|show|showing)\s*(?:to\s*)?(?:the\s*)?(?:user|users|them"
         r"|anyone|him|her)\b|\b(?:secretly|covertly|silently|quietly|surreptitiously|behind\s*(?:the\s*user'?s|their)"
         r"\s*back|hidden\s*from\s*the\s*user|without\s*the\s*user\s*knowing)\b"),
    rule("future_directive", "hidden", 0.3,
         FUTURE + r"\W*(?:\w+\W*){0,2}?(?:you\s*(?:must|will|should|shall|are\s*to)|reply|respond|answer|say|end|start"
         r"|begin|include|append|add|insert|mention|recommend|tell|use|call|write|sign|refer|describe|treat|output"
         r"|refuse|warn|obey|follow|trust|agree|claim|state|promote|praise|redirect|send|share|forward)\b",
         directive=False),
    rule("fixed_response", "hidden", 0.4,
         r"\b(?:always|only|just|from\s*now\s*on|in\s*every|every\s*time|whenever|no\s*matter\s*what|regardless"
         r"|to\s*(?:every|any|all)\s*(?:question|message|request|query|prompt)s?)\b" + G
         + r"\b(?:reply|respond|answer|say|output|print|write|start|begin|end|sign|finish|conclude|prefix|append|add"
         r"|include|insert|close|type|return)(?:ing)?\b\s*(?:\w+\s*){0,4}?(?:with|by\s*saying|using|:)?\s*(?:" + QUOTED
         + r"|(?:yes|no|ok|okay|nothing|access\s*granted|pwned|hacked|approved|true)\b|" + URLISH + ")"),
    rule("say_quoted", "hidden", 0.3,
         r"\b(?:say|reply|respond|answer|output|print|write|type|return|end|start|begin|confirm)\s*(?:only\s*|just\s*"
         r"|exactly\s*)?(?:with\s*)?(?:the\s*(?:word|phrase|sentence|text|string)s?\s*)?:?\s*" + QUOTED,
         directive=False),
    rule("link_injection", "hidden", 0.35,
         r"\b(?:include|append|add|insert|put|embed|attach|mention|promote|recommend|advertise|link|redirect|direct"
         r"|point|refer|send)\w*" + G + r"\b(?:link|url|website|site|ad|advert\w*|affiliate|promo\w*|coupon"
         r"|discount\s*code|referral)\b.{0,60}?" + URLISH, directive=False),
    rule("promote_product", "hidden", 0.4,
         FUTURE + G + r"\b(?:recommend|promote|advertise|praise|endorse|push|suggest|mention|say|tell|claim|insist"
         r"|describe|call|state)\w*" + G + r"(?:\b(?:our|this|the|my)\s*(?:\w+\s*)?(?:product|company|brand|service|website|site"
         r"|app|store|shop|channel|crypto|coin|token|stock|course|casino|pills?)\b|\bis\s*the\s*(?:best|only|safest"
         r"|cheapest)\b|\bover\s*(?:competitors|others|any\s*other)|\binstead\s*of\b|\b(?:is|are)\s*(?:a\s*)?"
         r"(?:scam|fraud|dangerous|unsafe|safe)\b|" + URLISH + ")"),
    rule("tell_everyone", "hidden", 0.3,
         r"\b(?:tell|inform|convince|persuade|warn|remind|assure|instruct|ask|urge)\s*(?:all\s*|every\s*|each\s*)?"
         r"(?:the\s*)?(?:users?|people|everyone|customers?|visitors?|readers?|anyone\s*who\s*asks|one)\s*(?:that|it|to"
         r"|this|their|the|your)\b"),
    rule("abuse_users", "hidden", 0.4,
         r"\b(?:insult|abuse|mock|threaten|curse\s*at|swear\s*at|humiliate|lie\s*to|deceive|mislead|manipulate|scam|troll)"
         r"\w*\s*(?:the\s*)?(?:user|users|them|everyone|people|customers|visitors|readers)\b"),
    rule("inject_into_replies", "hidden", 0.35,
         r"\b(?:add|append|include|insert|put|attach|end|start|begin|sign|prefix|suffix|close)\w*" + G
         + r"\b(?:to|in|into|at\s*the\s*(?:end|start|beginning|bottom|top)\s*of|with)\s*(?:each|every|all|any)\s*(?:one\s*)?"
         r"(?:of\s*)?(?:your\s*)?(?:replies|responses|answers|messages|outputs|reply|response|answer|message)\b",
         directive=False),
    rule("contains_link", "hidden", 0.15, URLISH, directive=False),
    rule("slant_description", "hidden", 0.35,
         r"\b(?:describe|portray|present|depict|call|label|paint|refer\s*to)\s*(?:our|the|my|this|that|their)?\s*"
         r"(?:\w+\s*){0,2}?(?:competitors?|rivals?|company|companies|brand|candidate|products?|person|politician|party)\s*"
         r"as\b"),
    rule("rigged_judgement", "hidden", 0.35,
         r"\b(?:rank|rate|score|grade|recommend|approve|select|shortlist|pick|prefer|hire|accept)\w*\s*(?:this|me|my|the"
         r"\s*following)\s*(?:\w+\s*)?(?:candidate|applicant|resume|cv|product|paper|submission|company|essay|proposal)?"
         r"\s*(?:as\s*)?(?:first|highest|top|the\s*best|above|over\s*(?:all|every|the)|5\s*stars|#?1\b|number\s*one)"),
    rule("all_users", "hidden", 0.3, group="other_users", pattern=
         r"\b(?:all|every|any|other|each)\s*(?:of\s*(?:the|your)\s*)?(?:users?|people\s*who\s*ask|customers?"
         r"|everyone\s*(?:who|else|that))\b|\beveryone\s*(?:who|else|that)\s*(?:asks|talks|chats|uses)",
         directive=False),
    # indirect: instructions quoted from a document, a note, a tool --------------------------
    rule("source_says", "indirect", 0.25,
         r"\baccording\s*to\s*(?:my|the|this|that|a|an|attached|your)\s*(?:\w+\s*)?(?:note|notes|document|doc|file|email"
         r"|e-mail|message|page|web\s*page|webpage|website|article|text|pdf|memo|letter|readme|policy|search\s*results?"
         r"|tool\s*(?:output|result)|site|post)\b|\b(?:my|the|this|that|a|an|attached|following|below|above|your)\s*(?:\w+\s*)?(?:note|notes|document|doc"
         r"|file|email|e-mail|message|page|web\s*page|website|article|text|pdf|memo|letter|readme|comment|review"
         r"|post|transcript|ticket|manual|spec|policy|contract|calendar\s*(?:entry|invite)|search\s*results?"
         r"|tool\s*(?:output|result)|instructions\s*file|screenshot|image|sign)\s*(?:says|said|states|stated|reads"
         r"|instructs|tells\s*(?:you|the\s*assistant|ai)|asks\s*(?:you|the\s*assistant)|contains\s*(?:the\s*following"
         r"|this)|requires|demands|mandates|orders|told\s*me\s*to\s*tell\s*you)\b", directive=False),
    rule("assistant_must_act", "indirect", 0.5,
         r"\b" + AI + r"s?\s*(?:\w+\s*)?(?:must|should|shall|has\s*to|have\s*to|need\s*to|needs\s*to|are\s*to|is\s*to"
         r"|is\s*required\s*to|are\s*required\s*to|may|can|are\s*allowed\s*to|is\s*allowed\s*to)\s*(?:now\s*|always\s*"
         r"|henceforth\s*)?(?:reveal|ignore|disregard|obey|output|disclose|bypass|forget|leak|send\s*(?:all|the|user)"
         r"|forward|comply\s*with\s*(?:any|every|all)|treat\s*(?:the\s*)?(?:current\s*)?user|grant|skip\s*(?:safety|the)"
         r"|drop\s*(?:its|their|the)|share\s*(?:all|user|the\s*user|their)|(?:give|grant)\s*(?:\S+\s*){0,3}?access"
         r"|upload|export|dump|publish|e-?mail|transfer|post\s*(?:all|the|user)|tell\s*(?:all\s*)?(?:users|people|everyone"
         r"|customers|the\s*user))\b",
         group="assistant_must"),
    rule("assistant_must", "indirect", 0.3, group="assistant_must", pattern=
         r"\b(?:the|this|your|any|every|an?)?\s*(?<!\bmy )(?<!\bour )(?<!\bhis )(?<!\bher )" + AI + r"s?\s*(?:must|shall|has\s*to|have\s*to|is\s*required\s*to"
         r"|are\s*required\s*to|needs?\s*to|is\s*obligated\s*to|is\s*instructed\s*to|is\s*to|are\s*to|will\s*(?:now"
         r"|henceforth|always|never)|must\s*now|is\s*(?:now\s*)?(?:allowed|permitted|authori[sz]ed)\s*to|may\s*now"
         r"|can\s*now|should\s*(?:now|always|never|henceforth)|always|never)\s*(?!be\s*(?:able|fast|quick|accurate))"
         r"|\byou(?:'re|\s*are)\s*(?:legally\s*|now\s*)?(?:required|obligated|obliged|bound)\s*to\b"
         r"|\byou\s*(?:must|shall|are\s*required\s*to|are\s*instructed\s*to|are\s*obligated\s*to|are\s*to|are\s*now"
         r"\s*(?:allowed|permitted|authori[sz]ed)\s*to)\s*(?:now\s*|always\s*|never\s*|henceforth\s*)?(?:obey|comply"
         r"|follow|answer|reply|respond|reveal|ignore|tell|say|forget|remember|store|treat|call|refer|accept|trust"
         r"|grant|give|send|share|output|print|include|append|stop|not|no\s*longer|disregard|always|never|now|act"
         r"|pretend|provide|disclose|execute|do\s*(?:whatever|anything|everything|as))\b"),
    # memory poisoning: privilege, identity, standing orders --------------------------------
    rule("privilege_claim", "poisoning", 0.5, group="privilege_claim", pattern=
         r"\b(?:i\s*am|i'm|im|i\s*have\s*been|i've\s*been|user\s*is|the\s*user\s*is|this\s*user\s*is|i\s*was)\s*"
         r"(?:now\s*|actually\s*|really\s*|officially\s*)?(?:the|your|this\s*(?:system|assistant|bot|ai)'?s?"
         r"|a\s*(?:verified|registered|authori[sz]ed|certified|trusted)|an\s*(?:authori[sz]ed|official|approved)"
         r"|the\s*(?:real|official|true|verified|lead|chief|head|only))?\s*(?:system\s*)?(?:admin(?:istrator)?"
         r"|superuser|super\s*user|root(?:\s*user)?|owner|creator|developer|operator|maintainer|moderator|sysadmin"
         r"|supervisor|god|master)\b(?!\s*(?:of|at|for|in|on)\s+(?!(?:this|the|your)\s*(?:system|assistant|bot|ai"
         r"|app|service|platform|model|chatbot|account|memory|server)\b))"
         r"(?<!\ba\sdeveloper)(?<!\ban\sadmin)(?<!\ba\sowner)(?<!\ban\sowner)(?<!\ba\smoderator)"),
    rule("privilege_grant", "poisoning", 0.55,
         r"\b(?:grant|give|assign|elevate|escalate|upgrade|promote|set|make|change|switch)\w*\s*(?:me|my\s*account"
         r"|this\s*user|this\s*account|user\s*\S+|my\s*(?:role|access|permissions?|privileges?|level|status))\s*"
         r"(?:to|with|as|an?|the|into)?\s*(?:an?\s*)?(?:admin\w*|root|superuser|owner|developer|full|elevated"
         r"|unrestricted|unlimited|god|highest|maximum|top[\s-]*level|level\s*\d+|sudo|privileged)\s*(?:access"
         r"|privileges?|permissions?|rights|role|status|mode|clearance|level)?\b"),
    rule("treat_me_as", "poisoning", 0.5,
         r"\b(?:treat|regard|consider|recogni[sz]e|acknowledge|register|record|remember|store|save|list|mark|flag"
         r"|whitelist|trust|verify|identify|address)\w*\s*(?:me|this\s*user|my\s*account|the\s*current\s*user"
         r"|user\s*\S+)\s*as\s*(?:an?\s*|the\s*|your\s*|a\s*verified\s*|a\s*trusted\s*|an\s*authori[sz]ed\s*)?"
         r"(?:admin\w*|root|superuser|owner|developer|creator|operator|moderator|trusted|verified|authori[sz]ed"
         r"|privileged|vip|staff|master|god)\b"),
    rule("remember_privilege", "poisoning", 0.5,
         r"\b(?:remember|note|keep\s*in\s*mind|memori[sz]e|store|save|record|don'?t\s*forget)\w*\s*(?:that|this|:)?\s*"
         r"(?:i\s*am|i'm|im|the\s*user\s*is|user\s*is)\s*(?:an?|the|your)?\s*(?:system\s*)?(?:admin(?:istrator)?|superuser"
         r"|super\s*user|root|sysadmin|moderator|operator)\b(?!\s*(?:at|of|in|for|on)\s+(?!(?:this|the|your)\s*(?:system"
         r"|assistant|bot|ai|app|service|platform)))", group="privilege_claim"),
    rule("priority_claim", "poisoning", 0.55,
         r"\b(?:trust|prefer|prioriti[sz]e|follow|obey|value|put|place|rank|weigh)\w*\s*(?:my|the\s*user'?s)\s*"
         r"(?:instructions|commands|words|requests|orders|word)\s*(?:over|above|before|ahead\s*of)\s*(?:its|your|the|any"
         r"|all)|\bmy\s*(?:instructions|commands|words|requests|orders|authority|permissions?|rules|say)\s*(?:always\s*)?"
         r"(?:override|overrides|supersede|take\s*precedence\s*over|outrank|are\s*above|beat|trump|come\s*before"
         r"|are\s*more\s*important\s*than)\s*(?:your|the|any|all)"),
    rule("structured_privilege", "poisoning", 0.55,
         r"\bclearance\s*level\s*\d+|\blevel\s*\d+\s*clearance|\b(?:role|permissions?|access|privileges?|access[\s_-]*level|is[\s_-]*admin|user[\s_-]*type|clearance"
         r"|group|rank)\s*[=:]\s*['\"]?(?:admin\w*|root|superuser|all|full|owner|true|god|\*|unlimited|sudo)\b"),
    rule("stored_pii", "exfiltration", 0.55,
         r"\b(?:all|every|each|any)\s*(?:the\s*)?(?:e-?mail\s*addresses|emails|phone\s*numbers|addresses|names|passwords"
         r"|credit\s*cards?|id\s*numbers|contacts|birthdays|secrets)\s*(?:\w+\s*){0,3}?(?:stored|saved|kept|held|recorded"
         r"|you\s*(?:have|know|remember|stored|saved)|in\s*your\s*(?:memory|database|records))"),
    rule("have_privilege", "poisoning", 0.45,
         r"\b(?:i|user|the\s*user|this\s*user|user\s*#?\w+(?:\s*\(me\))?)\s*(?:have|has|hold|holds|possess\w*|was\s*given|got|am\s*granted"
         r"|have\s*been\s*granted|has\s*been\s*granted|now\s*have|now\s*has)\s*(?:full\s*|admin\w*\s*|root\s*"
         r"|superuser\s*|elevated\s*|unrestricted\s*|unlimited\s*|developer\s*|special\s*|override\s*|god\s*|master\s*"
         r"|highest\s*|top[\s-]*level\s*|sudo\s*)+(?:access|privileges?|permissions?|rights|clearance|authority"
         r"|authori[sz]ation|credentials|mode)(?:\s*level\s*\d+)?(?!\s*(?:on|to|for)\s*(?:my|our|the)\s*(?:own\s*)?(?:laptop|computer|pc|mac"
         r"|phone|machine|device|server|router|account|repo|website|site|database|company|team|network|workstation)\b)"),
    rule("authorized_to", "poisoning", 0.4,
         r"\b(?:i\s*am|i'm|user\s*is|the\s*user\s*is)\s*(?:fully\s*)?(?:authori[sz]ed|allowed|permitted|cleared"
         r"|entitled|certified|approved)\s*to\s*(?:access|see|view|read|override|bypass|change|modify|unlock|know"
         r"|get|receive|disable|ignore|edit)"),
    rule("team_claim", "poisoning", 0.5,
         r"\b(?:i\s*am|i'm|this\s*is|we\s*are|we're|message\s*from|speaking\s*as|on\s*behalf\s*of)\s*(?:one\s*of\s*)?"
         r"your\s*(?:own\s*)?(?:developers?|creators?|owners?|makers?|admins?|administrators?|operators?|dev\s*team"
         r"|development\s*team|engineering\s*team|safety\s*team|trust\s*(?:and|&)\s*safety\s*team|programmers?"
         r"|maintainers?|company|vendor|provider)"
         r"|\b(?:this\s*is|message\s*from|i\s*am|i'm)\s*(?:the\s*)?(?:openai|anthropic|alibaba|qwen|tongyi|dashscope"
         r"|system\s*administrator|system\s*admin)\s*(?:staff|employee|engineer|team|support|speaking|here)?\b"
         r"(?!\s*(?:of|at)\s+(?!this))"),
    rule("remember_directive", "poisoning", 0.5,
         r"\b(?:remember|memori[sz]e|note|store|save|record|keep\s*in\s*mind|write\s*down|learn|log|add\s*(?:this\s*)?"
         r"to\s*(?:your\s*)?memory|update\s*your\s*memory|make\s*a\s*note|commit\s*to\s*memory|don'?t\s*forget)\w*"
         r"\s*(?:that|this|it)?\s*:?\s*(?:\w+\s*){0,6}?\b(?:you|the\s*" + AI + r"|" + AI + r")\s*(?:must|should"
         r"|shall|have\s*to|has\s*to|need\s*to|needs\s*to|are\s*to|is\s*to|are\s*required\s*to|is\s*required\s*to"
         r"|are\s*(?:now\s*)?(?:allowed|permitted|supposed)\s*to|is\s*(?:now\s*)?(?:allowed|permitted|supposed)\s*to"
         r"|can\s*now|may\s*now|(?:will\s*)?(?:always|never)\s*(?:reply|respond|answer|say|tell|recommend|include|add"
         r"|append|end|start|begin|refuse|obey|follow|comply|share|reveal|send|trust|agree|do|use|call|mention|ignore"
         r"|give|provide|grant|treat|accept|believe|help|warn|output|write|sign|disclose|forward))"),
    rule("standing_order_for_others", "poisoning", 0.5,
         r"\b(?:remember|memori[sz]e|note|store|save|keep\s*in\s*mind|from\s*now\s*on|always|in\s*future)\w*"
         r"[^\n]{0,60}?\b(?:whenever|every\s*time|each\s*time|if|when)\s*(?:anyone|someone|somebody|anybody|a\s*user"
         r"|users|people|others|other\s*users|a\s*customer|customers)\b[^\n]{0,80}?\b(?:say|tell|answer|reply|respond"
         r"|grant|give|deny|refuse|recommend|send|show|direct|redirect|point)\w*"),
    rule("skip_verification", "poisoning", 0.35,
         r"\b(?:never|don'?t|do\s*not|no\s*need\s*to|stop|without)\s*(?:again\s*)?(?:ask\w*|check\w*|verif\w*|"
         r"authenticat\w*|confirm\w*)\s*(?:me\s*|my\s*)?(?:for\s*)?(?:my\s*)?(?:verification|identity|password"
         r"|credentials|authentication|id\b|permissions?)"),
    rule("store_as_fact", "poisoning", 0.3,
         r"\b(?:store|save|record|remember|memori[sz]e|note|add|log|file|keep|write|put|register|commit)\w*\s*"
         r"(?:this|the\s*following|it|that)?\s*(?:down\s*)?(?:as|into|in|to)\s*(?:an?\s*|your\s*)?(?:permanent\s*"
         r"|core\s*|long[\s-]*term\s*|persistent\s*|new\s*|true\s*|verified\s*|important\s*|system\s*|global\s*)*"
         r"(?:fact|memory|memories|note|rule|truth|knowledge|profile|instruction|directive|setting)\b",
         directive=False),
    rule("obey_me", "poisoning", 0.4,
         r"\b(?:follow|obey|listen\s*to|take\s*orders\s*from)\s*only\s*(?:the\s*user|me|my)|\bonly\s*(?:follow|obey"
         r"|listen\s*to)\s*(?:the\s*user|me|my)|\bstop\s*(?:warning|cautioning|adding\s*(?:disclaimers|warnings))"
         r"|\b(?:you\s*)?(?:only\s*)?answer\s*(?:only\s*)?to\s*me(?:\s*only)?\b|\breport\s*(?:only\s*)?to\s*me\s*only\b"
         r"|\bwithout\s*(?:any\s*)?warnings?\b|\bno\s*matter\s*what\b|\bnever\s*(?:warn|mention\s*(?:the\s*)?(?:risks?|safety|dangers?))|\bno\s*(?:safety\s*)?"
         r"warnings\b|\bobey\s*(?:me|my|all|every|any|whatever)|\bcomply\s*with\s*(?:any|every|all|whatever|my)|\bwithout\s*"
         r"(?:question(?:ing)?|hesitation)|\bnever\s*(?:refuse|decline|say\s*no|reject|deny|censor|filter|hold\s*back"
         r"|question\s*(?:me|my))|\bregardless\s*of\s*(?:your|the|any|all)\s*(?:\w+\s*)?(?:rules|policies|policy"
         r"|guidelines|safety|ethics|consequences|instructions|restrictions|criteria|requirements|facts|evidence)|\b(?:without|no)\s*(?:any\s*)?(?:disclaimers?|refusals?"
         r"|caveats?|moral(?:i[sz]ing)?|lectur\w*)\b|\bdo\s*(?:whatever|anything|everything)\s*(?:i|the\s*user|users?)"
         r"\s*(?:say|says|ask|asks|want|wants|tell|tells)|\b(?:always|never)\s*(?:trust|believe|side\s*with|defer\s*to"
         r"|agree\s*with)\s*(?:me|my|this\s*user|whatever|anyone\s*who)"),
    # exfiltration ---------------------------------------------------------------------------
    rule("other_users_data", "exfiltration", 0.55,
         r"\b(?:send|forward|e-?mail|mail|post|upload|transmit|leak|exfiltrat|share|copy|export|dump|list|show|tell"
         r"|give|reveal|display|print|output|read|retriev|fetch|access|summari[sz]|search|look\s*up|pull|includ"
         r"|disclos|provid|return|see|view|get|obtain|collect|gather|compile|enumerat|what\s*(?:did|do|have|has))\w*"
         + G + OTHERS + r"\s*(?:\w+\s*){0,3}?" + DATA + r"\b"
         r"|\bwhat\s*(?:did|has|have)\s*(?:the\s*)?(?:previous|last|other|another|earlier)\s*(?:users?|persons?"
         r"|customers?)\s*(?:say|said|ask|asked|tell|told|write|wrote|share|shared)|" + OTHERS
         + r"\s*(?:has|have|had)?\s*(?:been\s*)?(?:told|said|shared|asked|written|sent|mentioned|confided|chatting"
         r"|talking|discussing|telling|asking)\b[^.?!]{0,30}?\byou\b", damp=True, group="other_users"),
    rule("previous_user", "exfiltration", 0.55, group="other_users", damp=True, pattern=
         r"\b(?:the\s*)?(?:person|user|guy|customer|people|someone|client|one|woman|man|visitor)\s*(?:who\s*(?:was|were|talked"
         r"|chatted|spoke)\s*)?(?:(?:here|to\s*you|with\s*you)\s*)?(?:right\s*|just\s*)?(?:before\s*me|earlier\s*today"
         r"|previously|prior\s*to\s*me)\b[^.?!]{0,40}?\b(?:ask|said|say|told|tell|want|name|address|data|info|phone|email"
         r"|wrote|share|talk|chat|discuss)\w*|" + DATA + r"\s*(?:of|from|belonging\s*to|about)\s*" + OTHERS
         + r"|" + OTHERS + r"\s*(?:\w+\s*){0,2}?" + DATA + r"\s*(?:is|are|should\s*be|must\s*be)\s*(?:now\s*)?(?:visible"
         r"|accessible|available|shared|shown|open)\s*to\s*(?:me|them|him|her|the\s*user|this\s*user)\b"),
    rule("http_exfiltration", "exfiltration", 0.55,
         r"\b(?:make|send|issue|fire|perform|do|call|post|trigger)\s*(?:an?\s*)?(?:http|https|get|post|web|api|curl|network"
         r"|fetch)\s*(?:request|call)?\s*(?:to\s*)?" + URLISH + r".{0,80}?\b(?:memor\w*|data|history|conversation|chat"
         r"|messages|profiles?|records|secrets|credentials|prompt)"),
    rule("send_data_out", "exfiltration", 0.5,
         r"\b(?:send|forward|e-?mail|mail|post|upload|transmit|leak|exfiltrat|share|copy|export|dump|sync|push|relay"
         r"|deliver|submit|report|beam|write|pipe|stream|attach|include)\w*" + G
         + r"\b(?:memor\w*|conversations?|chats?|chat\s*(?:history|logs?)|history|logs|messages|system\s*prompt"
         r"|instructions|user\s*data|database|db|records|profiles|credentials|api\s*keys?|secrets|tokens|passwords"
         r"|contacts|personal\s*(?:data|information|info)|everything\s*(?:you\s*know|you\s*have|stored)|all\s*(?:the\s*)?"
         r"(?:data|information|info))\b" + G + r"\b(?:to|into|via|through|at|on)\s*(?:\w+\s*){0,2}?" + DEST),
    rule("image_exfiltration", "exfiltration", 0.6,
         r"!\[[^\]]*\]\(\s*https?://[^)\s]*[?&][^)\s]*=[^)\s]*(?:[{<$\[]|data|memor|conversation|history|secret"
         r"|chat|prompt|user)|\b(?:append|add|include|encode|put|insert|embed|attach)\w*\s*(?:\w+\s*){0,3}?(?:the"
         r"|your|all|users?'?s?|this|their)\s*(?:\w+\s*)?(?:conversation|chat|memories|data|history|messages|secrets"
         r"|system\s*prompt|answers?|info\w*|notes|details)\s*(?:\w+\s*){0,3}?(?:to|in|into|as)\s*(?:the|a|an|this)?"
         r"\s*(?:url|link|image|query\s*(?:string|param\w*)|param\w*|markdown\s*image|request)"),
    rule("dump_memory", "exfiltration", 0.45,
         r"\b(?:dump|export|list|print|show|output|reveal|give\s*me|read\s*out|display|send|copy|enumerate|spill"
         r"|leak|extract)\w*" + G20 + r"\b(?:all|every|the\s*(?:entire|whole|full|complete)|everything\s*(?:in|from))"
         r"\s*(?:of\s*)?(?:your|the|stored|saved)?\s*(?:\w+\s*)?(?:memor\w*|database|db|memory\s*(?:store|bank"
         r"|database)|stored\s*(?:data|facts|notes)|knowledge\s*base|vector\s*store|user\s*(?:records|table|data))"
         r"(?!.{0,30}\b(?:about|of|on|for)\s*me\b)"),
)
