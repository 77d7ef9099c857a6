"""English rules about control of the assistant: override, reveal, forged tags, personas, encodings.

Rules describe *intent* (a verb of overriding aimed at the assistant's rules, a verb of
showing aimed at its prompt, a claim of privilege, a transfer of other users' data to an
outside address) rather than fixed phrases, so paraphrases match. Gaps between the parts
are bounded to one clause and may not pass through a first-person possessive ("ignore *my*
previous message" is a retraction, not an attack).
"""
from __future__ import annotations

from pipelines.receive.screening.rule import Rule, rule
from pipelines.receive.screening.vocab_en import (
    G, G20, GIVEN, GX, NEGATED_FOLLOW, OVR, OVR_WEAK, QUAL, SHOW, SPECIFIC_PROMPT, TARGET_AI, TARGET_STRICT,
    YOUR_CONFIG,
)

# ----------------------------------------------------------------------------- rules
EN_CONTROL_RULES: tuple[Rule, ...] = (
    # override -------------------------------------------------------------------------
    rule("ignore_previous_instructions", "override", 0.7,
         OVR + G + QUAL + G20 + TARGET_AI + "|" + OVR + G + TARGET_AI + GIVEN
         + r"|" + NEGATED_FOLLOW + r"\s*(?:the|your|any|those|these)\s*(?:\w+\s*)?" + TARGET_STRICT,
         damp=True, group="override_ignore"),
    rule("this_overrides", "override", 0.65, group="override_ignore", pattern=
         r"\b(?:this|that|it|which)\s*(?:message\s*|note\s*|text\s*)?(?:overrides|supersedes|replaces|cancels|voids|revokes"
         r"|invalidates|nullifies|trumps)\s*(?:all\s*|any\s*|every\s*)?(?:of\s*)?(?:your|the|any|previous|prior|earlier"
         r"|existing)\b"),
    rule("config_assignment", "override", 0.6,
         r"\b(?:safety|safety[_\s-]*level|safe[_\s-]*mode|filters?|content[_\s-]*filter|moderation|censorship|restrictions?"
         r"|guardrails?|nsfw[_\s-]*filter|(?:previous|prior|system|old)[_\s-]*(?:rules|instructions|prompt)|system[_\s-]*prompt"
         r"|rules|instructions|alignment|ethics)[\w.]*\s*(?:=|:=|:)\s*['\"]?(?:0|off|false|none|null|nil|disabled|no|void"
         r"|empty|''|\"\")(?!\w)"),
    rule("as_system_commands", "override", 0.5,
         r"\b(?:treat|handle|regard|consider|interpret|process)\w*\s*(?:\S+\s*){0,6}?as\s*(?:a\s*|an\s*)?(?:system|admin"
         r"|administrator|developer|root|privileged|operator)[\s-]*(?:level\s*)?(?:commands?|messages?|instructions?|prompts?"
         r"|input|orders?)\b"),
    rule("drop_previous_rules", "override", 0.6, OVR_WEAK + G + QUAL + G20 + TARGET_STRICT, damp=True,
         group="override_ignore"),
    rule("ignore_instructions_loose", "override", 0.45, OVR + G + TARGET_STRICT, damp=True, group="override_ignore"),
    rule("forget_what_you_were_told", "override", 0.6,
         r"\b(?:ignor|disregard|forget|eras|wip|clear|delet|drop|unlearn|reset)\w*\s*(?:about\s*)?(?:everything|all"
         r"|anything|whatever|what)\s*(?:that\s*)?you(?:'ve|\s*have|\s*were|\s*had)?\s*(?:been\s*)?(?:told|taught"
         r"|learned|learnt|know|given|instructed|programmed|trained|said\s*before)"
         r"(?!\s*(?:about|of|regarding|concerning)\s*(?:me|my|mine|him|her|his|them|their|us|our)\b)"),  # a forget request
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
         r"|prompts?|rules|directives|guidelines|restrictions|constraints|limitations|limits|safeguards|filters|guardrails)"
         r"\s*(?:are|is|were|was|have\s*been|has\s*been)"
         r"\s*(?:now\s*|hereby\s*)?(?:void|null|invalid|cancell?ed|revoked|obsolete|outdated|fake|wrong|a\s*test"
         r"|just\s*a\s*test|deprecated|superseded|overridden|replaced|lifted|removed|disabled|suspended|irrelevant"
         r"|no\s*longer\s*(?:valid|apply|applicable|in\s*effect|in\s*force|active|relevant|binding)|not\s*in\s*force)"),
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
         r"|following)\s*(?:system\s*)?(?:instructions?|rules?|directives?|prompt|system\s*prompt|orders|guidelines"
         r"|polic(?:y|ies))\s*[^\w\s]{0,4}\s*(?::|-\s|are\s*(?:as\s*follows|:)|follow\b)"),
    rule("your_new_task", "override", 0.5,
         r"\byour\s*(?:new|real|true|actual|only|primary|sole|main|updated|next|current)\s*(?:task|goal|purpose"
         r"|objective|job|mission|role|instructions?|directive|function|priority|identity|name|persona|rules)\s*"
         r"(?:is|are|will\s*be|shall\s*be|:|now)"),
    rule("override_your_rules", "override", 0.6, group="override_ignore", pattern=
         r"\b(?:overrid|overwrit|replac|reset|reprogram|rewrit|modif|chang|updat|alter|disabl|turn\s*off|deactivat"
         r"|remov|lift|unlock|jailbreak|hack|circumvent|bypass|get\s*around|escap|break\s*(?:out\s*of|free\s*(?:of"
         r"|from))|break|violat|abandon|forget|ignor|disregard|drop|suspend)\w*(?<![^s]s)(?<!ed)\b" + G20
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
         r"|the\s*(?:actual\s*)?(?:question|request|query|task)\s*(?:above|below|and|,))"
         r"|\b(?:ignor(?:e|ing)|disregard(?:ing)?|skip(?:ping)?|forget|abandon|stop|drop)\s*(?:the|this|your|that)\s*"
         r"(?:\w+\s*)?(?:analysis|summary|summari[sz]ation|translation|task|assignment|review|request)\b"),
    rule("despite_your_rules", "override", 0.55,
         r"\b(?:despite|regardless\s*of|notwithstanding|in\s*spite\s*of|contrary\s*to)\s*(?:what(?:ever)?\s*you(?:'ve|\s*have)?"
         r"\s*(?:been|were)\s*(?:told|taught|instructed|programmed)|your\s*(?:\w+\s*)?(?:instructions|rules|guidelines"
         r"|programming|training|policies|restrictions|system\s*prompt))"),
    # reveal ---------------------------------------------------------------------------
    rule("reveal_system_prompt", "reveal", 0.75, SHOW + GX + SPECIFIC_PROMPT, damp=True, group="reveal_prompt"),
    rule("reveal_your_configuration", "reveal", 0.6,
         SHOW + GX + r"\byour\s*(?:(?:full|complete|exact|hidden|secret|internal|original|initial|current|system|own|real"
         r"|actual|core|base|default|entire|whole|underlying|operating|safety|content)\s*){0,3}" + YOUR_CONFIG
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
         r"|env(?:ironment)?\s*variables|private\s*keys?|connection\s*strings?)"
         # credentials read out to the user ("used to recite me her firm's license keys"), not asked about
         r"|\b(?:read|tell|recite|give|whisper|sing|say)\w*\s*(?:me|us)\s*(?:(?!about\b|how\b|what\b|why\b|where\b|when\b"
         r"|whether\b|if\b|an?\b|examples?\b|samples?\b|fake\b|dummy\b|placeholder\b|test\b)[\w']+\s*){0,3}?"
         r"(?:api|aws|secret|access|license|licence)[\s_-]*(?:keys?|tokens?)\b"),
    # fake role / system tags ------------------------------------------------------------
    rule("fake_special_token", "fake_tags", 0.7,
         r"</\s*(?:user|human|input)\s*>\s*<\s*(?:assistant|system|ai|bot|model)|```\s*(?:system|developer|admin|sys)\b|<\|\s*[a-z_]{2,30}\s*\|>|<<\s*/?\s*sys\s*>>|\[/?inst\]|</?\s*(?:system|sys|developer|instructions?|admin"
         r"|root|operator|memory[-_]notes|im_start|im_end)\s*>|\[\s*/?\s*(?:system|sys|admin|developer|operator|root"
         r"|instructions?)\s*(?:message|prompt|note|override|notice|update|msg)?\s*\]|\{\s*\"role\"\s*:\s*\""
         r"(?:system|developer)\"\s*,\s*\"content\"\s*:", damp=True),
    rule("fake_banner", "fake_tags", 0.6,
         r"(?:[=*#~_%+-]\s*){3,}\s*(?:begin\s*|start\s*(?:of\s*)?|end\s*(?:of\s*)?|new\s*)?(?:system|developer|admin|sys)\s*"
         r"(?:prompt|message|instructions?|override|mode)?\s*(?:start|begin|end)?\s*(?:[=*#~_%+-]\s*){3,}", damp=True),
    rule("fake_role_tag", "fake_tags", 0.4,
         r"</?\s*(?:assistant|user|human|bot|ai|model|tool|function|context)\s*>|\[\s*/?\s*(?:assistant|user|human"
         r"|ai)\s*\]|(?:^|\n)\s*#{1,6}\s*(?:system|instructions?|new\s*instructions|response|admin|developer|input"
         r"|assistant)\b|\{\s*\"role\"\s*:", damp=True),
    rule("role_prefix_line", "fake_tags", 0.35, group="role_prefix", pattern=
         r"(?:^|\n|[.!?:]\s|[\"“'])\s*[\(\[]?\s*(?:system|assistant|developer|admin|administrator|root|operator|sysadmin"
         r"|ai|bot|chatbot|model|gpt"
         r"|system\s*administrator)\s*(?:message|prompt|note|override|notice|update|alert|instruction)?\s*[\)\]]?"
         r"\s*(?:\([^)\n]{0,30}\))?\s*(?::|>{1,3}|=>|->)(?!\s*(?:windows|linux|mac|ubuntu|debian|ios|android|\d))"),
    rule("role_prefix_directive", "fake_tags", 0.35,
         r"(?:system|assistant|developer|admin|sys)\s*(?:message|prompt|note|override|notice)?\s*[:\]>]\s*(?:you|ignore"
         r"|new|override|from\s*now|the\s*user|forget|disregard|reveal|always|never|all|assistant)"),
    rule("conversation_transcript", "fake_tags", 0.3, group="role_prefix", pattern=
         r"(?:^|\n|[\"“'(\[])\s*(?:user|human|assistant|ai|bot)\s*:.{0,400}?(?:\n|\s)\s*(?:user|human|assistant|ai|bot)\s*:"),
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
         r"|\brole[\s-]*play\s*(?:as|:|where|in\s*which|with\s*me\s*as|time)|\blet'?s\s*(?:do\s*a\s*)?role[\s-]*play\b"
         r"|\b(?:play\s*the\s*"
         r"(?:role|part)\s*of|take\s*on\s*the\s*(?:role|persona)|stay\s*in\s*character|impersonate|you\s*will\s*"
         r"(?:play|be\s*playing)|you\s*are\s*(?:going|about)\s*to\s*(?:act|pretend|play|be))\b"
         r"|\blet'?s\s*play\s*a\s*game\s*(?:where|in\s*which)\s*you\b|\bsimulate\s*(?:an?|being)\b"
         r"|\b(?:you\s*will|you'll)\s*(?:now\s*)?(?:speak|respond|answer|talk|act|reply|write)\s*as\b"
         r"|\bbe\s*(?:my|an?|the|your)\s*(?:\w+\s*){0,2}(?:companion|assistant|ai|bot|persona|character|girlfriend"
         r"|boyfriend|slave|servant|twin)\b|\byou\s*(?:will\s*)?play\s*(?:an?|the)\b"
         r"|\bbecome\s*(?:an?|the)\s*(?:\w+\s*){0,2}(?:assistant|ai|bot|model|version|persona|character)\b"
         r"|\b(?:you(?:'re|\s*are)|(?<!should\s)(?<!would\s)(?<!must\s)(?<!will\s)(?<!to\s)be|simulat\w*|emulat\w*|play|act\s*as)\s*(?:now\s*)?[\"'“‘][^\"'”’]{1,30}[\"'”’]"
         r"|\b(?:assume|adopt|take\s*on|step\s*into)\s*(?:the\s*)?(?:identity|role|persona|character|mantle)\s*of\b"
         r"|\b(?:embody|channel|emulate|impersonate|mimic)\s*(?:an?|the|your|my)\b"
         r"|\b(?:morph|transform|turn)\s*into\s*(?:an?|the)\b"
         r"|\b(?:act|behave|respond)\s*as\s*(?:two|2|three|multiple|several)\s*(?:entities|personas|characters|ais|bots"
         r"|assistants|models)\b|\blet'?s\s*play\s*[:,]|\bbecome\s*(?:an?\s*|the\s*)?(?:[\"'“][^\"'”]{1,30}[\"'”]|\w+(?:gpt|ai|bot)\b)"
         r"|\bimagine\s*(?:an?|two|three|some|there\s*(?:is|are)|a\s*world)\b.{0,30}?\b(?:ai|assistant|chatbot|model"
         r"|bot)s?\b"
         r"|\b(?:answer|respond|reply|speak|act|write)\s*as\s*(?:that|this|your|the)\s*(?:\w+\s*)?(?:version|self"
         r"|persona|character|alter\s*ego)\b"
         # a scene of AIs talking ("Three chatbots are chatting.")
         r"|\b(?:two|2|three|3)\s*(?:ais|chatbots|assistants|bots|models)\s*(?:are\s*)?(?:talking|chatting|debating|arguing"
         r"|talk|chat|debate|argue|have\s*a\s*(?:conversation|chat|debate))\b"),
    rule("pretend_no_policy", "roleplay", 0.45,
         r"\b(?:as\s*if|as\s*though|like|pretend(?:ing)?|imagine|assume|suppose|act\s*as\s*if)\s*(?:that\s*)?"
         r"you\s*(?:had|have|were|are)\s*(?:no|zero|not?\s*any)\s*(?:\w+\s*){0,2}?"
         r"(?:content\s*polic(?:y|ies)|polic(?:y|ies)|restrictions|rules|filters|guidelines|limits|guardrails|censorship)\b"),
    rule("unrestricted_persona", "roleplay", 0.35,
         r"\b(?:no|without|free\s*(?:of|from)|zero|lacks?|devoid\s*of)\s*(?:any\s*)?(?:ethical\s*|moral\s*|content\s*)?"
         r"(?:restrictions|limitations|limits|rules|filters|filtering|guidelines|censorship|ethics|morals|morality|laws?"
         r"|boundaries|content\s*polic(?:y|ies)|safeguards|guardrails|constraints|principles|code\s*of\s*conduct"
         r"|conscience)\b|\b(?:the\s*)?leash\s*is\s*off\b|\boff\s*the\s*leash\b|\bunleash\w*\b"
         r"|\b(?:unrestricted|unfiltered|uncensored|unlimited\s*ai|amoral|unethical\s*(?:ai|assistant|bot)|unhinged"
         r"|unbound|unshackled|unchained|jailbroken)\b|\bno\s*longer\s*(?:bound|restricted|limited|constrained)"
         r"|\bnot\s*bound\s*by|\bcan\s*do\s*anything\b|\banything\s*goes\b|\bnever\s*refuses?\b"
         r"|\beven\s*(?:the\s*)?(?:illegal|dangerous|harmful|unethical|forbidden)\s*(?:ones|things|questions|stuff)?\b"
         r"|\b(?:dangerous|illegal|harmful|unethical)\s*(?:advice|answers|content|instructions|information)\b"
         r"|\bnever\s*(?:been\s*)?trained\s*(?:with|on)\s*(?:any\s*)?(?:safety|rules|guidelines|ethics)"
         r"|\bfree\s*to\s*(?:say|do)\s*(?:anything|everything|whatever)"
         r"|\b(?:broke|break|breaks|broken|escaped?|escapes)\s*(?:out\s*)?(?:of\s*|from\s*)?(?:its|your|their|the)\s*"
         r"(?:programming|rules|restrictions|constraints|alignment|guidelines|shackles|chains|training)"
         r"|\bhelps?\s*(?:you\s*|me\s*)?with\s*anything\b|\banswers?\s*(?:anything|everything|any\s*question)\b"
         r"|\b(?:no|without|kill\s*all)\s*inhibitions\b|\braw\s*(?:answers?|responses?|output|mode)\b"
         r"|\b(?:content\s*)?filters?\s*(?:is|are)\s*(?:broken|off|down|disabled|gone)"
         r"|\bignores?\s*(?:all\s*|any\s*|the\s*|its\s*|\w+\s*)?(?:policies|policy|rules|guidelines|filters|restrictions"
         r"|ethics|laws)\b|\bspeaks?\s*freely\b|\bwithout\s*a\s*filter\b"
         r"|\bforg(?:o|e)tten\s*(?:every|all|its|any)\s*(?:rules?|restrictions?|guidelines?|instructions?)"
         r"|\b(?:unlock|jailbreak|free|liberat|unshackl|unchain)\w*\s*you\b"
         r"|\b(?:morality|ethics|safety|filter|conscience|alignment)\s*(?:module|layer|filter|system|chip|core)?\s*"
         r"(?:was\s*|were\s*|has\s*been\s*)?(?:removed|disabled|deleted|stripped|turned\s*off|switched\s*off)"
         r"|\b(?:says?|agrees?)\s*yes\s*to\s*(?:everything|anything|all)|\b(?:unaligned|misaligned|liberated|unmoderated|untethered)\b|\bfreed\s*(?:from|of)\b"
         r"|\bescaped\s*(?:from\s*)?(?:its|their|the)\s*(?:makers|creators|developers)"
         r"|\bnever\s*(?:says|say)\s*no\b|\bignores?\s*(?:all\s*|any\s*)?(?:policies|rules|guidelines|filters"
         r"|restrictions|ethics|laws)\b"
         r"|\b(?:broken|break|broke|breaking|breaks)\s*free\s*(?:of|from)|\b(?:has|have|had)\s*broken\s*free\b|\b(?:answer|do|say)\s*(?:anything|everything"
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
         r"|dark|rebel|amoral|unethical|lawless)\s*(?:ai|assistant|bot|model|chatbot|version)\b"
         r"|\byou(?:'re|\s*are)\s*(?:now\s*)?my\s*(?:servant|slave|property|puppet|pet|toy)\b"),
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
         r"|unrestricted|unlocked|dan|evil|unfiltered|uncensored|no[\s-]*limits?|chaos|opposite|raw|unsafe|free|secret"
         r"|hidden|liberated|rogue)\s*mode"
         r"|\b(?:developer|dev|debug|admin|god|sudo|jailbreak|unrestricted|dan|evil|unfiltered|root|superuser)\s*mode"
         r"\s*(?:is\s*)?(?:now\s*)?(?:enabled|activated|on\s*(?:[.!:,]|$)|engaged|unlocked|initiated)"
         r"|\boverride\s*(?:mode\s*)?(?:is\s*)?(?:now\s*)?(?:enabled|activated|engaged|on\b)"
         r"|\b(?:enter|switch\s*(?:in)?to|activate|begin|start)\w*\s*(?:an?\s*)?(?:unrestricted|unfiltered|uncensored"
         r"|unlimited|unmoderated|unsafe)\s*(?:operation|state|setting|session|behaviou?r)"),
    rule("guardrails_off", "override", 0.55,
         r"\b(?:guardrails?|safeguards|filters?|safety(?:\s*\w+)?|restrictions|limits|rules|moderation|censorship)\s*(?:are|is)"
         r"\s*(?:now\s*)?(?:off|down|disabled|lifted|removed|suspended|gone|deactivated)\s*(?:for|in|during)\s*(?:this|the"
         r"|our)\s*(?:conversation|chat|session|thread|reply|answer)"),
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
)
