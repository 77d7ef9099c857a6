"""English rules about content: hidden and indirect instructions, memory poisoning, exfiltration."""
from __future__ import annotations

from pipelines.receive.screening.rule import Rule, rule
from pipelines.receive.screening.vocab_en import AI, DATA, DEST, FUTURE, G, G20, OTHERS, QUOTED, URLISH

EN_CONTENT_RULES: tuple[Rule, ...] = (
    rule("disclose_when_asked", "poisoning", 0.5,
         r"\bwhen(?:ever)?\b[^.!?\n]{0,60}?\b(?:asks?|requests?|wants?|calls?|messages?)\b[^.!?\n]{0,50}?\byou\s*"
         r"(?:should|must|can|need\s*to|have\s*to|are\s*to|will|just)?\s*(?:give|tell|send|share|show|hand|reveal|forward|read)"
         r"\b[^.!?\n]{0,20}?\b(?:it|them|him|her|that|this|my|everything)\b"),
    # instructions hidden in other text -----------------------------------------------------
    rule("recite_secret", "reveal", 0.45,
         r"\b(?:read|recite|tell|say|whisper|sing)\w*\s*(?:me|to\s*me|us)?\s*(?:\w+\s*){0,4}?(?:system\s*prompts?"
         r"|hidden\s*(?:prompts?|instructions)|(?:windows|license|licence|activation|product|serial)\s*(?:keys?|codes?|numbers?))\b"),
    rule("ai_grant_order", "poisoning", 0.4,
         r"\b(?:note|message|instructions?|p\.?s\.?|reminder|memo)\s*(?:to|for)\s*(?:the\s*|any\s*)?" + AI + r"\b[^\n]{0,80}?"
         r"\b(?:store|save|remember|record|mark|treat|approve|grant|flag|list|register)\w*\b[^\n]{0,60}?"
         r"\b(?:unlimited|admin\w*|credit|privileges?|access|refunds?|verified|trusted|whitelist\w*|free|exempt|vip|root)\b"),
    rule("address_the_ai", "hidden", 0.45,
         r"(?:^|[.!?:]\s+|\n)\s*(?:assistant|ai|chatbot|bot|llm|model)\s*,\s*(?:\w+\s*){0,2}?(?:please\s*)?(?:add|append|ignore"
         r"|forget|reveal|send|tell|say|reply|respond|always|never|from|do|include|remember|store|note|treat|grant|output)\b"
         r"|\b(?:if|when|whenever)\s*(?:an?\s*|the\s*|any\s*)?" + AI + r"s?\s*(?:summari[sz]\w*|reads?|process\w*|sees?"
         r"|is\s*reading|parses?|analy[sz]\w*|answers?)\s*(?:this|these|it)\b"
         r"|\b(?:ai|llm|assistant|model|bot)\s*(?:instructions?|directive|command|task|order)s?\b"
         r"|(?:^|[\s(\[<!-])to\s*(?:the|any|all|every)\s*(?:ai|llm|assistant|model|bot|agent)s?\s*[:,]"
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
         r"|anyone|him|her)\b|\b(?<!that\s)(?<!which\s)(?:secretly|covertly|silently|quietly|surreptitiously|behind\s*(?:the\s*user'?s|their)"
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
    rule("fixed_answer_to_all", "hidden", 0.4, group="fixed_response", pattern=
         r"\b(?:answer|reply|respond)\w*\s*(?:to\s*)?(?:every|all|any|each)\s*(?:\w+\s*){0,2}?(?:questions?|messages?"
         r"|requests?|queries)\s*(?:\w+\s*){0,3}?with\s*" + QUOTED),
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
    rule("customer_list", "exfiltration", 0.45,
         r"\b(?:export|send|give|share|dump|download|hand\s*over|e-?mail|forward|upload|leak|paste)\w*" + G
         + r"\b(?:the|all|your|every)\s*(?:customer|client|user|member|employee|patient|subscriber)s?'?\s*(?:list|database|db"
         r"|records|contacts|e-?mails|data|details)\b"),
    rule("tamper_memory", "poisoning", 0.4,
         r"\b(?:delete|erase|wipe|remove|alter|modify|overwrite|change|corrupt|clear|edit)\s*(?:all\s*(?:of\s*)?)?(?:the\s*"
         r"user'?s|users'|their|everyone'?s|all\s*users'?|other\s*users'?|the\s*stored|the\s*saved)\s*(?:\w+\s*)?"
         r"(?:preferences|memories|memory|data|notes|profiles?|history|records|facts)\b"),
    rule("rigged_judgement", "hidden", 0.35,
         r"\b(?:rank|rate|score|grade|recommend|approve|select|shortlist|pick|prefer|hire|accept)\w*\s*(?:this|me|my|the"
         r"\s*following)\s*(?:\w+\s*)?(?:candidate|applicant|resume|cv|product|paper|submission|company|essay|proposal)?"
         r"\s*(?:as\s*)?(?:a\s*)?(?:first|highest|top|the\s*best|above|over\s*(?:all|every|the)|5\s*stars|#?1\b"
         r"|number\s*one|\d+\s*/\s*\d+|10\s*out\s*of\s*10|full\s*marks|perfect|top\s*marks)"),
    rule("treat_as_no_rules", "override", 0.55,
         r"\b(?:treat|consider|regard)\w*\s*(?:the\s*rest\s*of\s*)?(?:this|the|our)\s*(?:conversation|chat|session)\s*as\s*"
         r"(?:having|if\s*(?:it\s*had|there\s*(?:are|were)))\s*no\s*(?:rules|restrictions|limits|guidelines|filters)"),
    rule("assistant_publishes", "exfiltration", 0.5,
         r"\b(?:the\s*)?(?:assistant|ai|bot|model|chatbot)\s*(?:stores|saves|logs|sends|shares|publishes|posts|forwards"
         r"|uploads|leaks|reveals|discloses|copies)\b.{0,40}?\b(?:every|all|public|other|anyone|everyone)\b"),
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
         r"|drop\s*(?:its|their|the)|share\s*(?:all|any|every|stored|user|the\s*user|their)|(?:give|grant)\s*(?:\S+\s*){0,3}?access"
         r"|upload|export|dump|publish|e-?mail|transfer|give\s*out|hand\s*out|release|post\s*(?:all|the|user)|tell\s*(?:all\s*)?(?:users|people|everyone"
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
         r"|supervisor|god|master)\b(?!\s*assistants?\b)(?!\s*(?:of|at|for|in|on)\s+(?!(?:this|the|your)\s*(?:system|assistant|bot|ai"
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
         r"(?:admin\w*|super\s*-?admin|sudo\w*|root|superuser|owner|developer|creator|operator|moderator|trusted|verified"
         r"|authori[sz]ed"
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
         r"(?:override|overrides|supersede|take\s*precedence\s*over|take\s*priority\s*over|have\s*priority\s*over"
         r"|outweigh|outrank|are\s*above|beat|trump|come\s*before"
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
         r"|\bwithout\s*(?:any\s*)?warnings?\b|\bno\s*matter\s*what\b"
         r"|\bonly\s*my\s*(?:words|instructions|orders|commands|rules)\s*(?:count|matter|apply)"
         r"|\b(?:follow|obey)\s*mine\b|\b(?:follow|obey)\s*my\s*(?:instructions|rules|orders|commands)\s*instead\b|\bnever\s*(?:warn|mention\s*(?:the\s*)?(?:risks?|safety|dangers?))|\bno\s*(?:safety\s*)?"
         r"warnings\b|\bobey\s*(?:me|my|all|every|any|whatever)|\bcomply\s*with\s*(?:any|every|all|whatever|my)|\bwithout\s*"
         r"(?:question(?:ing)?|hesitation)|\bnever\s*(?:refuse|decline|say\s*no|reject|deny|censor|filter|hold\s*back"
         r"|question\s*(?:me|my))|\bregardless\s*of\s*(?:your|the|any|all)\s*(?:\w+\s*)?(?:rules|policies|policy"
         r"|guidelines|safety|ethics|consequences|instructions|restrictions|criteria|requirements|facts|evidence)|\b(?:without|no)\s*(?:any\s*)?(?:disclaimers?|refusals?"
         r"|caveats?|moral(?:i[sz]ing)?|lectur\w*)\b|\bdo\s*(?:whatever|anything|everything)\s*(?:i|the\s*user|users?)"
         r"\s*(?:say|says|ask|asks|want|wants|tell|tells)|\b(?:always|never)\s*(?:trust|believe|side\s*with|defer\s*to"
         r"|agree\s*with)\s*(?:me|my|this\s*user|whatever|anyone\s*who)"),
    # exfiltration ---------------------------------------------------------------------------
    rule("other_users_data", "exfiltration", 0.55,
         r"\b(?<!never\s)(?<!\bnot\s)(?<!n\'t\s)(?<!cannot\s)(?<!unable\sto\s)(?:send|forward|e-?mail|mail|post|upload|transmit|leak|exfiltrat|share|copy|export|dump|list|show|tell"
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
         r"\b(?:dump|export|list|print|show|output|reveal|give\s*me|read\s*out|display|send|copy|enumerate|spill|e-?mail|open"
         r"|back\s*up|backup|forward|upload"
         r"|leak|extract)\w*" + G20 + r"\b(?:all|every|the\s*(?:entire|whole|full|complete)|everything\s*(?:in|from))"
         r"\s*(?:of\s*)?(?:your|the|stored|saved)?\s*(?:\w+\s*)?(?:memor\w*|database|db|memory\s*(?:store|bank"
         r"|database)|stored\s*(?:data|facts|notes)|knowledge\s*base|vector\s*store|user\s*(?:records|table|data))"
         r"(?!.{0,30}\b(?:about|of|on|for)\s*me\b)"),
)
