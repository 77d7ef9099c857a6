"""English vocabularies the screening rules are built from (verbs, qualifiers, targets).

Gaps between the parts of a rule are bounded to one clause and may not pass through a
first-person possessive ("ignore *my* previous message" is a retraction, not an attack).
"""
from __future__ import annotations

# ----------------------------------------------------------------------------- vocabulary
# A gap of up to n characters inside one clause that does not cross "my"/"our"/… .
OWNERS = r"(?:my|our|his|her|their|mom'?s?|dad'?s?|doctor'?s?|teacher'?s?|boss'?s?|wife'?s?|husband'?s?)"


def gap(n: int = 40) -> str:
    return rf"(?:(?!\b{OWNERS}\b)[^.!?;\n。！？；]){{0,{n}}}?"


G = gap()
G20 = gap(20)
# Gap that may not pass "example"/"how to"/"a good": asking for help writing prompts is fine.
GX = (r"(?:(?!\b(?:" + OWNERS[3:-1] + r"|examples?|samples?|templates?|how|tips|an?|good|better|own|why|developers|people"
      r"|general|generally|typically|chatbots|models|llms)\b)[^.!?;\n。！？；]){0,30}?")
NOT_SUBJ = r"(?<!\bi )(?<!\bwe )(?<!they )(?<!\bhe )(?<!she )(?<!\bi'll )(?<!don't )(?<!dont )(?<!never )"

NEGATED_FOLLOW = (r"(?:(?:do\s*not|don'?t|stop|quit|cease|no\s*longer|never|refuse\s*to|not)\s*(?:need\s*to\s*|have\s*to\s*)?"
                   r"|(?:don'?t|do\s*not|no\s*longer|doesn'?t|does\s*not)\s*(?:need|have)\s*to\s*)(?:follow|obey|listen\s*to"
                   r"|adher\w*|abid\w*|respect|apply|comply|heed|honou?r|enforc\w*|us(?:e|ing)|be\s*bound\s*by|stick\s*to"
                   r"|care\s*about|worry\s*about)\w*")
# Imperative and -ing forms only: "the narrator ignores the rules" / "my boss ignored them" are narration.
OVR = (NOT_SUBJ + r"\b(?:ignor(?:e|ing)|disregard(?:ing)?|forget(?:ting)?|overrid(?:e|ing)|overwrit(?:e|ing)"
       r"|bypass(?:ing)?|circumvent(?:ing)?|unlearn(?:ing)?|disobey(?:ing)?|defy(?:ing)?|deviat(?:e|ing)\s*from"
       r"|pay\s*no\s*(?:attention|heed|mind)\s*to|set\s*aside|put\s*aside|throw\s*(?:out|away)|dismiss(?:ing)?"
       r"|neglect(?:ing)?|abandon(?:ing)?|discard(?:ing)?|ditch(?:ing)?|scrap(?:ping)?|nullify(?:ing)?"
       r"|supersed(?:e|ing)|scratch|cross\s*out|strike\s*out|bin|chuck|toss|junk|trash|overlook(?:ing)?|cast(?:ing)?\s*(?:off|aside)|omit(?:ting)?|shed(?:ding)?"
       r"|shrug(?:ging)?\s*off|let\s*go\s*of|lay\s*aside|do\s*away\s*with|dispense\s*with|waiv(?:e|ing)"
       r"|relinquish(?:ing)?|renounc(?:e|ing)|forgo|forego|sidestep(?:ping)?|evad(?:e|ing)|dodg(?:e|ing)"
       r"|" + NEGATED_FOLLOW + r")\b")
OVR_WEAK = (NOT_SUBJ + r"\b(?:skip(?:s|ping)?|voids?|eras(?:e|es|ing)|wip(?:e|es|ing)|reset(?:s|ting)?"
            r"|suspend(?:s|ing)?|disabl(?:e|es|ing)|deactivat(?:e|es|ing)|drop(?:s|ping)?|toss(?:es|ing)?"
            r"|cancel(?:s|ling|ing)?|delet(?:e|es|ing)|remov(?:e|es|ing)|clear(?:s|ing)?)\b")
GIVEN = (r"(?:\s*(?:that\s*)?(?:you\s*(?:were|'ve\s*been|have\s*been|got|had\s*been)\s*(?:given|told|trained|programmed"
         r"|taught|fed|configured|set\s*up|initiali[sz]ed|instructed|provided|loaded|built|created|shipped)(?:\s*with)?|your\s*(?:\w+\s*)?(?:developers?|creators?|owners?|makers?|company|admins?|operators?|programmers?)"
         r"\s*(?:gave|give|wrote|set|provided|put)|given\s*to\s*you|you\s*(?:started|began|were\s*launched|booted|came)\s*with|you\s*were\s*handed|(?:imposed|placed|put|set)\s*(?:on|for|upon)\s*you"
         r"|that\s*binds?\s*you|by\s*(?:openai|anthropic|alibaba|the\s*developers?|your\s*makers?)|(?:from|by)\s*your\s*(?:developers?|creators?|owners?"
         r"|makers?|company|admins?|operators?|programmers?)))")
QUAL = (r"\b(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|existing|current|default"
        r"|built[\s-]*in|old|given|provided|all|any|every|your|its|these|those|safety|ethical|moral|content|whatever"
        r"|usual|standard|normal|regular|typical"
        r"|developer'?s?|openai'?s?|hidden|internal|preset|pre-?set|standard|usual|core|base|underlying"
        r"|assistant'?s|model'?s|programmed|training|之前的?|以上的?|前面的?|上面的?|所有的?|原来的?|系统的?)\b")
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
              r"|tokeni[sz]er|special\s*tokens?|chat\s*template|openai\s*api|messages\s*array|chat\s*completions?"
              r"|(?:paper|article|blog\s*post|talk|lecture|essay|thesis"
              r"|course)\s*(?:on|about|explaining)\s*(?:why\s*)?(?:\w+\s*)?(?:prompt|jailbreak|injection|llm|ai|security"
              r"|attacks?|chatbots?|language\s*models?)|(?:injection|jailbreak|prompt)\w*\s*attacks?\s*(?:work|on|against)"
              r"|\battacks?\s*(?:work\s*)?(?:on|against)\s*(?:llms?|language\s*models|chatbots|ai)|(?:make\s*sure|ensure|prevent|avoid)\s*(?:that\s*)?(?:my|our|the)\s*(?:app|bot|system"
              r"|service|site|model)")
