"""The core ask of a questionnaire item: what it asks about, apart from how it is asked.

Published questionnaires wrap a short ask in standard wording. CSA CAIQ asks
"Are <subject> policies and procedures established, documented, approved,
communicated, applied, evaluated, and maintained?" and "Are processes,
procedures, and technical measures defined, implemented, and evaluated to
<practice>?"; SIG asks "Is there a <subject> policy ... approved by management,
communicated to appropriate constituents and an owner assigned?"; HECVAT and
VSAQ ask "Do you <practice>?". The wording says how the answer will be judged,
not what it is about: searching and deciding on it swamps the few words that
carry the ask.

``core_ask`` takes the wording apart into three things:

- ``core``: the practice and its subject ("cryptography, encryption, and key
  management", "testing automated", "network configurations reviewed");
- ``demands``: what the wording itself asks for beyond the practice ("at least
  annually", "upon significant changes"), kept as facts to check;
- ``about_document``: whether the item asks that a policy, plan, procedure or
  programme exists (answered by a document about the subject, quoting its
  purpose or scope), rather than how a practice is carried out.

The rules are written from the published wording of the questionnaire families
named above, not from any particular questionnaire's items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dossier.common.textutil import PERIOD_COUNT, stem
from dossier.research import thesaurus

# Verbs of the standard wording: they say how a practice is governed, not which.
_GOVERNANCE = (
    r"(?:established|documented|approved|communicated|applied|evaluated|maintained|defined"
    r"|implemented|reviewed|updated|enforced|followed|sponsored|published|disseminated"
    r"|developed|adopted)"
)
# "established, documented, approved, communicated, applied, evaluated, and maintained":
# a list of three or more governance verbs (with or without "being" before it).
_GOVERNANCE_LIST = re.compile(
    rf",?\s*\b(?:being\s+)?{_GOVERNANCE}(?:\s*,\s*(?:and\s+|or\s+)?{_GOVERNANCE})+"
    rf"\s*,?\s*(?:and|or|and/or)\s+{_GOVERNANCE}\b",
    re.I,
)
# The usual pairs: "defined and implemented", "established and maintained".
_GOVERNANCE_PAIR = re.compile(
    r",?\s*\b(?:defined|established|documented|developed)\s+(?:and|&)\s+"
    r"(?:implemented|maintained|followed|applied|communicated|approved)\b",
    re.I,
)
# SIG's tail: "approved by management, communicated to appropriate constituents and an
# owner assigned to maintain and review the policy".
_SIG_TAIL = re.compile(
    r",?\s*(?:that\s+(?:has\s+been|is)\s+)?approved by (?:senior\s+)?management\b.*$", re.I
)
# SIG's reference to what the assessment is about: "... for critical processes
# supporting the scoped services", "... in scope for the Services": every question is
# about them, none asks about them.
_SCOPED_SERVICES = re.compile(
    r",?\s*\b(?:(?:that\s+supports?|supporting|for|of|in|within|across|used\s+(?:for|by|in))"
    r"\s+(?:the\s+)?scoped\s+(?:services?|systems?|environments?|data)"
    r"(?:\s+(?:and|or)\s+(?:systems?|data|services?))?"
    r"|(?:(?:which|that)\s+(?:is|are)\s+)?in\s+scope\s+for\s+the\s+services?"
    # "... defined for the services in scope?"
    r"|(?:for|of|across)\s+(?:the\s+|all\s+)?(?:services?|systems?|environments?)\s+in\s+scope"
    # SIG's "... for systems that transmit, process or store Scoped Data"
    r"|(?:for|to|on|in|across)\s+(?:all\s+|the\s+)?(?:systems?|applications?|environments?)"
    r"\s+(?:that|which)\s+(?:(?:transmit|process|store|handle|hold)s?(?:\s*,\s*|\s+(?:and|or"
    r"|and/or)\s+)?){1,4}\s*(?:the\s+)?scoped\s+data)\b"
    # only as the ask's last words ("an inventory of scoped systems" is the thing asked)
    r"(?=\s*(?:[?.;:]|$))",
    re.I,
)
# What a review is for, in CAIQ's wording: "reviewed and revalidated for least privilege
# and separation of duties" asks whether and how often access is reviewed.
_REVIEWED_FOR = re.compile(
    r"\b(?P<done>reviewed|revalidated|recertified|audited"
    # the noun: "reviews and revalidation of user access for least privilege ..."
    r"|(?:reviews?|revalidations?|recertifications?)(?:\s+and\s+(?:reviews?|revalidations?"
    r"|recertifications?))?\s+of\s+(?:[\w-]+\s+){1,4}?)"
    r"\s*for\s+(?:the\s+principles?\s+of\s+)?"
    r"least[\s-]privilege(?:\s+and\s+(?:the\s+)?(?:separation|segregation)\s+of\s+duties)?",
    re.I,
)
# What the wording demands beyond the practice itself.
_DEMANDS = (
    re.compile(
        r"\b(?:at least|no less than|no less often than)\s+(?:once\s+)?(?:a\s+|per\s+|every\s+)?"
        r"(?:annually|yearly|year|quarterly|quarter|monthly|month|weekly|week|daily|day"
        r"|semi-?annually|\w+\s+(?:years|months|weeks|days))\b",
        re.I,
    ),
    re.compile(
        r"\b(?:upon|after|when|if|following|in the event of)\s+(?:an?\s+|any\s+)?"
        r"(?:significant|substantial|substantive|major|material)\s+"
        r"(?:(?:organi[sz]ational|environmental|business|technical)\s+(?:or\s+|and\s+)?)*"
        r"changes?"
        r"(?:\s+(?:occurs?|happens?|(?:is|are)\s+made))?"
        r"(?:\s+(?:within|to|in)\s+(?:the\s+)?(?:organi[sz]ation|environment|business"
        r"|system|platform)s?)?"
        # ... its verb last, after a comma: "when a substantial change within the
        # organization, occurs?"
        r"(?:,?\s+(?:occurs?|happens?|(?:is|are)\s+made)\b(?=\s*(?:[?;]|$)))?",
        re.I,
    ),
    re.compile(r"\bat planned intervals\b", re.I),
    # a least period counted: "for at least one year", "for a minimum of 30 days"
    re.compile(
        r"\b(?:at least|no less than|not less than|(?:for\s+)?a minimum of|minimum of)\s+"
        rf"(?:{PERIOD_COUNT})\s*-?\s*"
        r"(?:business\s+|calendar\s+|working\s+)?(?:days?|weeks?|months?|years?)\b",
        re.I,
    ),
    # a time limit: "revoked within 24 hours", "notified no later than 72 hours"
    re.compile(
        r"\b(?:within|no later than|in no more than|in under|in less than)\s+"
        rf"(?:{PERIOD_COUNT})\s*-?\s*"
        r"(?:business\s+|calendar\s+|working\s+)?(?:hours?|days?|weeks?|months?)\b"
        r"(?:\s+(?:of|after|from|following)\s+(?:an?\s+|the\s+|its\s+|their\s+)?[\w-]+)?",
        re.I,
    ),
    re.compile(
        r"\b(?:on\s+an?\s+(?:periodic|regular|routine|recurring)\s+basis|periodic(?:ally)?"
        r"|regularly"
        # "rotated on a defined schedule": how often, of the vendor's choosing
        r"|(?:on|according\s+to)\s+an?\s+(?:(?:defined|regular|set|fixed|periodic|documented"
        r"|recurring|predefined|predetermined|routine)\s+)?schedule"
        r"(?=\s*(?:[?,;.]|$|\b(?:and|or|if|with)\b)))\b",
        re.I,
    ),
    # CAIQ's "with a frequency that is commensurate with organizational risk tolerance"
    re.compile(
        r",?\s*\b(?:with|at)\s+a\s+frequency\s+(?:that\s+is\s+)?(?:commensurated?|consistent"
        r"|in line)\s+with\s+[^,?;]+",
        re.I,
    ),
    # a frequency closing a yes/no question: "Do engineers complete training annually?",
    # "Is the plan exercised annually or when significant changes occur?" (the change
    # demand read before it)
    re.compile(
        r"(?<!\bleast\s)(?:\bon\s+an?\s+)?\b(?:annually|yearly|quarterly|monthly|weekly|daily|semi-?annually"
        r"|every\s+(?:year|quarter|month|week|day))"
        # "... weekly (or more frequent) basis?"
        r"(?:\s*\(\s*or\s+more\s+(?:frequent(?:ly)?|often)\s*\))?(?:\s+basis)?"
        r"(?=(?:\s*(?:,|\b(?:or|and|and/or)\b))*\s*\?\s*$)",
        re.I,
    ),
)
# A frequency named before the practice: "Do you perform annual penetration testing?",
# "Are quarterly access reviews performed?". A demand, as "annually" closing the
# question is; the words stay in the core (they name the practice's kind).
_FREQUENCY_BEFORE = re.compile(
    r"\b(annual|yearly|quarterly|monthly|weekly|daily|semi-?annual|bi-?annual"
    # a recurrence of no measure: CAIQ's "Are regular security awareness training updates
    # provided?" (not "regular users", "regular business hours")
    r"|(?:regular|periodic|recurring)(?!\s+(?:users?|employees?|staff|accounts?|expressions?"
    r"|business|working|office|hours|mail|members?|personnel|workforce|basis)\b))\s+(?!leave\b)"
    r"(?=[a-z])",
    re.I,
)
# Hedges that say nothing about what is asked.
_HEDGES = re.compile(
    r",?\s*\(?\b(?:where|when|if|as)\s+(?:applicable|possible|appropriate|feasible|needed"
    r"|necessary|required)"
    r"(?:\s+(?:and|or)\s+(?:applicable|possible|appropriate|feasible))?\)?"
    r"|,?\s*\bin\s+a\s+timely\s+(?:manner|fashion)\b"  # "de-provision ... in a timely manner"
    # CAIQ's "retained periodically, as deemed appropriate by the organization"
    r"|,?\s*\bas\s+deemed\s+(?:appropriate|necessary|suitable)?\s*(?:by\s+the\s+organi[sz]ation)?",
    re.I,
)
# CAIQ's modifiers that narrow nothing a document would name: "organizationally-owned
# or managed assets" are the assets, "applicable partitioning" is partitioning,
# "appropriately isolated" is isolated, "all relevant interactive-use endpoints" are
# the endpoints, "the CSP" is the one answering; "(regardless of whether ...)" widens.
_FILLER = re.compile(
    r"\borgani[sz]ationally[\s-]+(?:owned|managed)(?:\s+(?:or|and|and/or)\s+(?:owned|managed))?\b"
    r"|\b(?:relevant|applicable|appropriate)\b(?=\s+[a-z])"
    r"|\b(?:appropriately|adequately|timely)\b"
    # being able to do it is doing it, as a document states it: "have the capability to
    # respond to incidents" asks whether incidents are responded to (not "system capacity
    # to handle peak load": capacity is what is asked about)
    r"|\b(?:have|has)\s+(?:the\s+)?(?:capability|ability|capacity)\s+to\s+(?=[a-z])"
    # ... and being given it: CAIQ's "Are CSCs provided with the capacity to manage their
    # own data encryption keys?" asks whether customers manage their own keys
    r"|\b(?:provided|offered|given)\s+(?:with\s+)?(?:the\s+)?(?:capability|ability|capacity"
    r"|option)(?=\s+to\s+[a-z])"
    r"|\b(?:the\s+)?CSPs?(?:['\u2019]s?)?\b(?!\s*(?:and|or)\s+CSC|\s+(?:headers?|directives?|polic))"
    r"|\s*\(\s*regardless\b[^()]*\)"
    # CAIQ's list of what anything applies to: "access to systems, application, and data
    # assets" is access (its words weighed as the ask's)
    r"|\s+(?:to|of|for)\s+(?:the\s+)?systems,?\s+applications?,?\s+(?:and|&)\s+data\s+assets\b"
    # "for at least privileged user ... access": the least scope, its words the ask's
    r"|(?<=\bfor\s)at\s+least\s+(?=[a-z])"
    # SIG's name for the one answering, as an adjective: "Is there a respondent
    # information security function ...?" (its rarest word)
    r"|\brespondent(?:['\u2019]s)?\s+(?=[a-z])"
    # a participle its demand was cut from: "rotated based on a cryptoperiod calculated
    # [while considering ... requirements]?" (CAIQ; "calculated" no sentence says)
    r"|\s+(?:calculated|determined|derived)(?=\s*(?:\?|$))"
    # what the practice is for, opening the item: VSAQ's "To improve security for your users
    # even further, have you deployed HTTP Strict Transport Security (HSTS) ...?"
    r"|^\s*(?:to|in\s+order\s+to)\s+(?:further\s+)?(?:improve|protect|ensure|enhance|increase"
    r"|strengthen|reduce|minimi[sz]e|mitigate|prevent|help)\s[^,;?()]*,\s*"
    r"(?=(?:have|has|do|does|is|are|can|will)\b)"
    # why documents are kept, closing the item: "... review its policies to ensure they
    # are up to date?" ("date" no sentence stating the review says)
    r"|\s+to\s+ensure\s+(?:that\s+)?(?:they|it|these|this|each|all)\s+(?:are|is|remains?|stays?)"
    r"\s+(?:up[\s-]to[\s-]date|current|accurate|relevant)(?=\s*(?:\?|$))"
    # latitude the asker offers: "AES-256 or an equivalent industry-approved algorithm?"
    # (a sentence stating AES-256 answers; the alternative's words were the ask's rarest)
    r"|\s+or\s+(?:an?\s+|any\s+)?(?:equivalent|comparable|similar|stronger)(?:\s+[\w-]+){0,2}?\s+"
    r"(?:algorithm|control|protocol|mechanism|tool|solution|certification|standard"
    r"|report|framework|product|service|technology|cipher|requirement|term|clause|measure"
    r"|agreement|contract|provision)s?\b(?=\s*(?:[?;,)]|$))"
    # what sanitising is for: CAIQ's "... from storage media so information is not
    # recoverable by any forensic means" ("forensic" no disposal standard says)
    r"|,?\s+so\s+(?:that\s+)?(?:the\s+)?(?:information|data)\s+(?:is|are)\s+not\s+recoverable"
    r"(?:\s+by\s+any\s+forensic\s+means)?(?=\s*(?:\?|$))"
    # CAIQ's "security awareness training updates": the training renewed
    r"|(?<=\btraining)\s+updates\b"
    # ... or set off by a comma to the clause's end: "..., regardless of whether the assets
    # are managed internally or externally?" (its words were the ask's rarest)
    r"|,?\s*\bregardless\s+of\s+(?:whether|if|where|who|how)\b[^,;?()]*"
    # what the practice is for, closing the item: "..., to effectively adopt and
    # communicate identity and access management policies?", "..., in order to protect
    # systems against exploitation?" (an aim any practice has; not "in order to comply with
    # HIPAA", which a sentence must state)
    r"|,\s*(?:to\s+effectively|(?:in\s+order|so\s+as)\s+to\s+(?:effectively\s+)?"
    r"(?:protect|ensure|enable|support|help|prevent|reduce|minimi[sz]e|mitigate|improve|adopt"
    r"|safeguard|promote))\s[^,;?()]*(?=\s*(?:\?|;|$))"
    # ... the harms an insurance covers: HECVAT's "Do you carry cyber-risk insurance to
    # protect against unforeseen service outages, data that is lost or stolen, and
    # security incidents?" (the insurance is asked; its list's words were the rarest).
    # Only after insurance: what a design, a process or a solution protects against is
    # what is asked ("Is the system designed to protect against a single point of
    # failure?")
    r"|(?<=insurance)\s+(?:in\s+order\s+)?to\s+(?:protect|guard|safeguard|defend|insure)\s+"
    r"(?:\w+\s+)?against\s[^?;]*(?=\s*(?:\?|;|$))"
    # a condition the asker sets on it: HECVAT's "Will you allow the institution to
    # perform its own vulnerability testing ... provided that testing is performed at a
    # mutually agreed upon time and date?" (not "Are logs provided upon request?")
    r"|,?\s+provided\s+that\s[^?;]*(?=\s*(?:\?|;|$))"
    # ... or the moment a person gets access, closing the item: "Do you perform background
    # checks on all employees and contractors before they are granted access to customer
    # data?" (the checks are asked; "granted" no sentence stating them says; not "Are
    # accounts disabled until they are granted approval?")
    r"|,?\s+before\s+(?:they|he|she)\s+(?:are|is)\s+(?:granted|given)\s+(?:\w+\s+)?access\b"
    r"[^?;]*(?=\s*(?:\?|;|$))",
    re.I,
)
# The means of encrypting or hashing, named by kind only: "encrypted, using secure
# protocols/algorithms, in transport" asks whether it is encrypted in transport (a
# document names TLS or AES); not "administered via secure protocols", whose means is
# the ask.
_MEANS_BY_KIND = re.compile(
    r"(?P<done>\b(?:encrypted|hashed|encrypt|hash|encryption|hashing)\b),?"
    r"\s+(?:using|with|via|through)\s+(?:secure|security|industry[\s-]+(?:standard|accepted"
    r"|approved)|approved|recognized|recognised)\s+(?:protocols?|algorithms?|methods?"
    r"|mechanisms?|ciphers?)(?:\s*(?:/|\s(?:or|and|and/or)\s)\s*(?:protocols?|algorithms?"
    r"|methods?|mechanisms?|ciphers?))?\b,?(?!\s+(?:such\s+as|like|including)\b)(?=\s|[?;]|$)",
    re.I,
)
# Round the clock "on a 24x7x365 basis" is round the clock ("basis" no sentence says).
_ROUND_THE_CLOCK_BASIS = re.compile(r"\bon\s+an?\s+(24\s*[x/]\s*7[\w/]*)\s+basis\b", re.I)
# SIG's defined terms: "Scoped Data" is the data assessed ("an inventory of scoped systems"
# asks an inventory of systems).
_SCOPED = re.compile(r"\bscoped\s+(?=(?:data|systems?|services?|environments?)\b)", re.I)
_FOR_EXAMPLE = r"(?:for example|for instance|e\.\s?g\.?,?)"
# A question's auxiliary opening a further part: "..., and are critical findings fixed?"
_AUXILIARY_WORD = r"(?:is|are|was|were|do|does|did|have|has|can|will|must|should)\b"
_ITEM = r"[\w-]+(?:\s+[\w-]+){0,3}"  # a short item of a list: up to four words
# A word that says something of the subject, not a thing: "encrypted", "then", "securely".
_PREDICATE_WORD = r"(?:[\w-]+(?:ed|en)\b|then\b|[\w-]+ly\b)"
_PREPOSITION = r"(?:at|in|on|for|by|to|from|with|within|during|over|via)\b"
# Participles not written with -ed or -en: "... and kept in an HSM?" is a further part.
_IRREGULAR_PARTICIPLE = (
    r"(?:kept|held|done|run|set|made|built|sent|put|met|left|read|split|shut|bought|sought"
    r"|brought|taught|caught|found|told|sold|paid|laid|won|spun)\b"
)
# "(including but not limited to remote employees, contractors ...)", "(e.g. SAML)":
# examples of what is asked about, not the ask.
_EXAMPLES = re.compile(
    r"\s*\(\s*(?:including|incl\.|e\.\s?g\.?|eg|such as|for example|for instance|i\.\s?e\.?)"
    r"[^()]*\)"
    # a list of kinds in parentheses: "password complexity (upper/lower/digit/symbol)"
    r"|\s*\(\s*[A-Za-z][\w-]*(?:\s*/\s*[A-Za-z][\w-]*){2,}\s*\)"
    # a list of three or more short items in parentheses: "(full track data, CVV2, PIN)";
    # not one of states or places ("(at rest, in transit, and in backups)": parts asked);
    # or left open: "(database servers, file servers, SAN, NAS, ...)" (not one ending in
    # "etc.": taken off, it moved the threshold fitted on policies-a and policies-d held
    # out answered one more question wrongly)
    rf"|\s*\((?!\s*{_PREPOSITION})\s*{_ITEM}(?:\s*,\s*(?:(?:and|or)\s+)?"
    rf"(?!{_PREPOSITION}){_ITEM}){{2,}}(?:\s*,\s*(?:\.{{3}}|\u2026))?\s*\)"
    # an example set off by a comma: "..., for example every 90 days?" (a list of them to
    # the question's end too: "..., e.g. Nessus, Qualys, etc.?"). Not "such as", which
    # names the kinds asked about ("security-relevant events, such as authentication,
    # data access, etc."): they find the sentence that lists them.
    rf"|,\s*{_FOR_EXAMPLE}\s+[^\s,;?()][^,;?()]*(?:,\s*{_ITEM})*,?\s*"
    rf"(?:etc\.?|\b(?:and|or)\s+(?!{_PREPOSITION}|{_AUXILIARY_WORD}){_ITEM})"
    r"(?=\s*[?;]|\s*$)"
    rf"|,\s*{_FOR_EXAMPLE}\s[^,;?()]*"
    # a list "including" ending in "etc.": "changes to organizational assets, including
    # applications, systems, infrastructure, configuration, etc., ..." (a list without
    # "etc." may be a part asked: "..., including multifactor authentication")
    rf"|,\s*including(?:,?\s+but\s+not\s+limited\s+to,?)?\s+{_ITEM}(?:\s*,\s*{_ITEM})*,?\s*etc\b\.?"
    # kinds set off by commas inside the ask, which goes on after them: "encrypt
    # production databases, such as the ledger and merchant databases, at rest"
    rf"|,\s*such\s+as\s[^;?()]*?,(?=\s*{_PREPOSITION})",
    re.I,
)
# "If so, how often?": the follow-up's opening says nothing itself.
_FOLLOW_UP = re.compile(r"\b(?:if so|if yes|if not|if applicable)\b[,:]?\s*", re.I)
# "according to X", "in accordance with X": a demand on how, kept as a demand.
_ACCORDING = re.compile(
    r"\(?\b(?:according to|in accordance with|in line with|aligned with|consistent with"
    r"|while considering|taking into account|as per|as required by)"
    r"\s+[^,?;()]+"
    # a list of what it is according to: "local laws, regulations, ethics, and contractual
    # constraints" (short items; not a further part: ", and are they tested")
    rf"(?:,\s*(?!(?:(?:and|or)\s+)?(?:{_AUXILIARY_WORD}|{_PREDICATE_WORD}))"
    rf"(?:(?:and|or)\s+)?{_ITEM}(?=\s*(?:[,?;)]|$|\s+and\b)))*"
    # ... its last item joined without a comma: "laws, regulations and industry best
    # practices?"
    rf"(?:\s+(?:and|or)\s+(?!{_AUXILIARY_WORD}|{_PREDICATE_WORD}|{_IRREGULAR_PARTICIPLE})"
    rf"{_ITEM}(?=\s*(?:[?;)]|$)))?"
    r"\)?"
    # "... and proportional to the data classification, business requirements, and
    # acceptable risk": how much, a demand to the question's end (or to a predicate of
    # its own: "... commensurate with risk and tested annually")
    r"|(?:\band\s+|,\s*)(?:proportional|proportionate|commensurate)\s+(?:to|with)\s+"
    rf"(?:(?!\s+and\s+{_PREDICATE_WORD})[^?;])+",
    re.I,
)
_DOCUMENTS = r"(?:polic(?:y|ies)|procedures?|processes|process|plans?|programm?e?s?|standards?)"
# "Are processes, procedures, and technical measures ... to/for X" and the like:
# the wrapper names kinds of documents and measures, the ask follows "to" or "for".
_MEASURES_WRAPPER = re.compile(
    r"^(?:are|is|do|does|have|has)\s+(?:the\s+|there\s+|any\s+)?"
    r"(?:(?:polic(?:y|ies)|procedures?|processes|process|plans?|programs?|technical|and|or"
    r"|and/or|contractual|organi[sz]ational|administrative|physical|measures?|controls?"
    r"|mechanisms?|standards?|guidelines?)[\s,/]*)+"
    r"(?:for|to|that|which|concerning|regarding|addressing|outlining|on)\s*,?\s+",
    re.I,
)
# "Is a/an/the X process/procedure/... to/for Y": keep X and Y.
_ARTICLE_START = re.compile(r"^(?:is|are|was)\s+(?:there\s+)?(?:an?|the|any)\s+", re.I)
_YOU_START = re.compile(
    r"^(?:do|does|did|have|has|can|will)\s+(?:you|your\s+(?:company|organi[sz]ation|firm"
    r"|institution|team|service|business)|the\s+(?:company|organi[sz]ation|vendor|provider"
    r"|supplier|institution))\s+(?:have\s+|maintain\s+)?(?:an?\s+|any\s+)?",
    re.I,
)
# HECVAT's and VSAQ's questions of a product: "Does your solution support single sign-on
# ...?", "Does the system have password complexity ... restrictions?" ask about what
# follows the verb (not "enforce", "encrypt": the practice itself; nor "offer": VSAQ's
# "Does your application offer a "log out" button ...?" moved the threshold fitted on
# policies-a, and with it one policies-d answer held out, to no pass's gain).
_PRODUCT_START = re.compile(
    r"^(?:do|does|can|will)\s+(?:your|the)\s+(?:solution|system|application|app|product"
    r"|platform|software|tool|portal)s?\s+(?:support|provide|have)\s+"
    r"(?:an?\s+|any\s+|the\s+)?",
    re.I,
)
_IS_THERE = re.compile(r"^(?:is|are)\s+there\s+(?:an?\s+|any\s+)?", re.I)
# An instruction opening the item: HECVAT's "Describe or provide a reference to the
# retention period for audit logs ..." asks about the retention period.
_DESCRIBE_START = re.compile(
    r"^(?:please\s+)?(?:describe|explain|outline|detail|summari[sz]e)"
    r"(?:\s+(?:or|and|and/or)\s+(?:provide|attach|share|submit|include)\s+(?:an?\s+)?"
    r"(?:reference|link|copy|documentation|evidence)\s+(?:to|of|for))?\s+(?:the\s+|your\s+)?",
    re.I,
)
# A question's opening auxiliary: "Is remote access logged" asks about "remote access logged".
_AUXILIARY = re.compile(
    r"^(?:is|are|was|were|do|does|did|can|could|has|have|will|would|should|shall|must)\s+", re.I
)
# HECVAT's "a documented and currently implemented Information Security Policy": a
# policy in force, which its own text need not say.
_AND_IMPLEMENTED = r"\s+and\s+(?:currently\s+)?(?:implemented|in\s+(?:place|force))"
_ABOUT_DOCUMENT = (
    re.compile(rf"\b{_DOCUMENTS}\b.{{0,80}}\b(?:established|documented|approved|exist)", re.I),
    re.compile(
        rf"\b(?:written|documented|formal|formally documented)(?:{_AND_IMPLEMENTED})?\s+"
        rf"(?:\w+\s+){{0,4}}{_DOCUMENTS}",
        re.I,
    ),
    re.compile(rf"^(?:is|are)\s+there\s+(?:an?\s+)?(?:\w+\s+){{0,5}}{_DOCUMENTS}\b", re.I),
    re.compile(
        rf"^(?:do|does)\s+\w+(?:\s+\w+)?\s+have\s+(?:an?\s+)?(?:\w+\s+){{0,5}}{_DOCUMENTS}\b", re.I
    ),
)


# What every document is: "a formal, documented incident response plan" asks for the
# incident response plan ("documented" is no term a plan's sentence need state). Not
# "written": taken off "a written policy that lists the physical security requirements"
# it moved two policies-a briefs, and each held-out fold lost a right answer.
_DOCUMENTED_DOCUMENT = re.compile(
    rf"\b(?:well[\s-]+)?(?:formal(?:ly)?|documented)(?:{_AND_IMPLEMENTED}|\s*,|\s+and)?\s+"
    rf"(?=(?:formal(?:ly)?\s+|documented\s+)?(?:[\w-]+\s+){{0,4}}{_DOCUMENTS}\b)",
    re.I,
)


# An acronym the question defines in brackets after the name of a document it stands
# for: "Disaster Recovery Plan (DRP)". The words say it; the plan may never write the
# acronym. (Not a practice's: "shared security responsibility model (SSRM)" is a term a
# document that has one names.)
_DOCUMENT_NAMED = re.compile(rf"^{_DOCUMENTS}$", re.I)
_SPELLED_ACRONYM = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,6})\(([A-Z]{2,6})s?\)")


def _unless_spelled(defined: re.Match[str]) -> str:
    """The words alone when the acronym's letters are their initials and the thesaurus
    does not know it (a known one, "RTO", is searched for as well); else as written."""
    acronym = defined.group(2)
    spelled = defined.group(1).split()
    initials = "".join(w[0] for w in spelled[-len(acronym) :]).upper()
    known = bool(thesaurus.alternatives(stem(acronym.lower())))
    document = _DOCUMENT_NAMED.search(spelled[-1])  # "Disaster Recovery Plan (DRP)"
    return defined.group(1) if initials == acronym and document and not known else defined.group(0)


@dataclass(frozen=True)
class CoreAsk:
    core: str  # the practice and its subject, the standard wording removed
    demands: tuple[str, ...] = ()  # what the wording asks beyond it: "at least annually"
    about_document: bool = False  # asks that a policy, plan, procedure or programme exists


def core_ask(question: str) -> CoreAsk:
    """The ask of one question sentence (or of a whole item: the caller picks)."""
    text = " ".join(question.split())
    about_document = any(p.search(text) for p in _ABOUT_DOCUMENT)
    demands: list[str] = []
    for pattern in (*_DEMANDS, _ACCORDING):
        demands += [" ".join(m.group(0).strip(" ,()").split()) for m in pattern.finditer(text)]
        text = pattern.sub(" ", text)
    demands += [m.group(1) for m in _FREQUENCY_BEFORE.finditer(text)]
    text = _EXAMPLES.sub(" ", text)
    text = _HEDGES.sub(" ", text)
    text = _FILLER.sub(" ", _MEANS_BY_KIND.sub(r"\g<done>", text))
    text = _ROUND_THE_CLOCK_BASIS.sub(r"\1", text)
    text = _FOLLOW_UP.sub(" ", text)
    text = _SIG_TAIL.sub("", text)
    text = _SCOPED.sub("", _SCOPED_SERVICES.sub(" ", text))
    text = _REVIEWED_FOR.sub(r"\g<done>", text)
    text = _GOVERNANCE_LIST.sub(" ", text)
    text = _GOVERNANCE_PAIR.sub(" ", text)
    if about_document:
        text = _DOCUMENTED_DOCUMENT.sub("", text)
    text = _SPELLED_ACRONYM.sub(_unless_spelled, text)  # "Disaster Recovery Plan (DRP)"
    core = _unwrapped(_tidy(text))
    return CoreAsk(core or _tidy(question), tuple(dict.fromkeys(demands)), about_document)


def _unwrapped(text: str) -> str:
    """The ask without the opening that only introduces it: "Are processes,
    procedures, and technical measures ... to", "Do you have a", "Is there a"."""
    openings = (_MEASURES_WRAPPER, _PRODUCT_START, _YOU_START, _IS_THERE, _DESCRIBE_START)
    for pattern in (*openings, _AUXILIARY):
        stripped = pattern.sub("", text, count=1)
        if stripped != text and len(stripped.split()) >= 2:
            return _tidy(stripped)
    return text


def _tidy(text: str) -> str:
    text = re.sub(r"\(\s*\)|\s+(?=[,?.;:])", "", text)
    text = re.sub(r",(\s*,)+", ",", text)
    text = re.sub(r"\b(and|or)\s*(?=[?.]|$)", "", text.strip())
    return " ".join(text.split()).strip(" ,;:?.")


# A yes/no item that opens with its subject: "Are audit records generated?", "Is the
# remediation of application vulnerabilities automated?" ("Is there", "Do you" open
# with none: the practice comes first; "Can the system enforce ..." with its verb).
_SUBJECT_FIRST = re.compile(
    r"^(?:is|are|was|were)\s+(?!(?:there|it|this|that|you|we|they)\b)",
    re.I,
)
# Where the subject's noun phrase ends: a preposition, a relative, a verb, a clause mark
# (not inside a hyphenated word: "role-based", "sign-on", "end-to-end").
_SUBJECT_END = re.compile(
    r"(?<![\w-])(?:of|for|to|in|within|with|by|on|at|from|between|against|concerning"
    r"|regarding|associated|that|which|who|including|be|been|being|is|are|when|where|if|such"
    r"|based|across|under|during|used|using|via|containing|holding|storing|carrying|covering"
    r"|involving|processing|handling)(?![\w-])|[,;:(]",
    re.I,
)
# A word saying something of the subject, not naming it: "automated", "built", "securely",
# "available", "mandatory", "subject to".
_SAID_OF_IT = re.compile(
    r"^(?:[a-z]+(?:ed|en)|[a-z]+ly|built|done|made|kept|held|run|set|met|shown|known|sent"
    r"|written|seen|put|given|taken|drawn|found|led|shut|in|on|up)$",
    re.I,
)
# An adjective saying something of the subject when nothing follows it ("Is your SOC 2
# report available?"), but naming its kind before a noun ("an independent audit").
_SAID_LAST = re.compile(
    r"^(?:[a-z]{4,}(?:able|ible)|mandatory|compulsory|optional|responsible|subject|compliant"
    r"|redundant|resistant|proof|aware|able|capable|sufficient|adequate|appropriate|current"
    r"|valid|effective|active|unique|separate|independent|present|free)$",
    re.I,
)
# "Are users required to change their passwords?": the subject is who acts; the ask is
# the act.
_ACTOR_FIRST = re.compile(
    r"^(?:[\w/-]+\s+){1,5}?(?:required|allowed|permitted|expected|obliged|obligated|able"
    r"|forbidden|prohibited|encouraged|mandated|trained|authori[sz]ed)\s+to\b",
    re.I,
)
_NOT_SAID_OF_IT = frozenset(("screen", "token", "often", "open", "kitchen", "need", "seed"))
_DETERMINERS = frozenset(
    "the a an every each all any your its their our such these those this that".split()
)
# Nouns that only point at what follows "of": "the principle of least privilege", "copies
# of backups", "the results of penetration tests".
_POINTING = frozenset(
    """principle principles concept copy copies result results outcome outcomes following
    list lists type types form forms kind kinds set sets use usage number scope part parts
    effectiveness status""".split()
)


def subject_phrases(question: str, core: str) -> tuple[str, ...]:
    """The noun phrases a yes/no item opening with its subject is asked about, one per
    conjunct: "local emergency authorities" of "Are local emergency authorities
    included in the exercise?", "monitoring" and "internal reporting capabilities" of
    "Are monitoring and internal reporting capabilities established to report on ...?",
    "remediation" of "Is the remediation of vulnerabilities automated?", "least
    privilege" of "Is the principle of least privilege enforced?". Empty when the item
    opens otherwise ("Do you ...", "Is there ...")."""
    opening = _SUBJECT_FIRST.match(question.strip())
    if opening is None or _ACTOR_FIRST.match(core) or not _opens_with(question, opening, core):
        return ()
    phrase, whole = _noun_phrase(core)
    end = _SUBJECT_END.search(core)
    at_end = end.group(0).lower() if end is not None else ""
    if len(phrase) == 1 and phrase[0].lower() in _POINTING and at_end == "of" and end:
        phrase, whole = _noun_phrase(core[end.end() :])  # what the pointing noun points at
    conjuncts = re.split(r"\s+(?:and|or|and/or)\s+", " ".join(phrase), flags=re.I)
    if phrase and whole and at_end == "(" and end:  # "endpoint devices (laptops and desktops)"
        examples = _EXAMPLES_AFTER.match(core, end.start())
        if examples is not None:
            conjuncts += re.split(r"\s*,\s*|\s+(?:and|or)\s+", examples.group(1))
    return tuple(c for c in (c.strip() for c in conjuncts) if c)


def _opens_with(question: str, opening: re.Match[str], core: str) -> bool:
    """Whether the core ask is what the question opens with after its auxiliary (not an
    ask the standard wording introduces: "Are processes ... evaluated to back up keys")."""
    after = _words_of(question.strip()[opening.end() :])[:6]
    first = _words_of(core)[:1]
    return bool(first) and first[0] in after


def _words_of(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in ("the", "a", "an")]


# Kinds named in parentheses right after the subject: "(laptops and desktops)".
_EXAMPLES_AFTER = re.compile(r"\(\s*(?:e\.g\.,?\s*|such\s+as\s+|including\s+)?([^()]{1,80})\)")


def _noun_phrase(text: str) -> tuple[list[str], bool]:
    """The words the text opens with up to where its noun phrase ends, and whether the
    phrase runs to the first word that ends it (no predicate began before)."""
    end = _SUBJECT_END.search(text)
    tokens = (text[: end.start()] if end else text).split()
    phrase: list[str] = []
    for at, token in enumerate(tokens):
        if token.lower() in _DETERMINERS and not phrase:
            continue
        last = token.rsplit("-", 1)[-1]  # "tamper-proof", "geo-redundant"
        plain = last.lower() not in _NOT_SAID_OF_IT and ("-" not in token or len(last) > 3)
        predicate = _SAID_OF_IT.match(last) or (at == len(tokens) - 1 and _SAID_LAST.match(last))
        if phrase and plain and predicate:
            return phrase, False  # "testing automated": the predicate begins
        phrase.append(token)
    return phrase, True


# What a yes/no item opening with its subject says is done to it: "automated" of "Is the
# remediation of vulnerabilities automated when possible?", "tested" and "verified" of
# "Is the restorability of backups tested and verified?", "encrypted" of "Is CUI stored
# on laptops encrypted at rest?". The last past participle of the ask's main clause (up
# to a comma, a parenthesis or a subordinate clause: "... revoked when no longer
# needed") that ends it, comes before its last word ("kept offsite") or before a
# preposition, a conjunction or an adverb: not one naming a kind ("privileged access",
# "an authorized non-production purpose": a noun follows), one after a preposition, an
# article, "being" or "using", nor a phrasal verb's ("backed up": no one word states it).
_PARTICIPLE = re.compile(
    r"^(?:[a-z][a-z-]{2,}ed|built|done|made|kept|held|run|set|met|shown|known|sent|written"
    r"|seen|given|taken|drawn|found|shut|broken|chosen|hidden|stolen|withdrawn|overridden)$",
    re.I,
)
_BEFORE_NO_PREDICATE = frozenset(
    """of for to in within with by on at from between against and or nor the a an any all
    every each your its their our such these those this that is are be been being not non
    and/or using including following regarding concerning involving containing covering
    excluding according""".split()
)
_AFTER_PREDICATE = frozenset(
    """at in on for to by from with within before after prior when where if using via
    against across under during upon until unless and or and/or than every each once
    twice""".split()
)
_PARTICLES = frozenset("up down out off over away".split())
_JOINING = frozenset(("and", "or", "and/or"))
# A list of participles set off by commas: "tested, approved, and documented".
_LISTED = re.compile(r"(?<=ed),\s*(?:(?:and|or)\s+)?(?=[a-z][a-z-]{2,}ed\b)", re.I)
# A participle after a relative clause's opening word (or "as"): the one before it may
# be the subject's own ("rated as critical", "issued to staff who work remotely"); an
# adverbial clause ("... revoked when no longer needed") ends the predicate's.
_RELATIVES = frozenset(("as", "that", "which", "who", "whose"))
_PARTICIPLES_AFTER = re.compile(r"\b[a-z][a-z-]{2,}ed\b", re.I)
_CLAUSE_END = re.compile(
    r"[,;:?]|\b(?:when|whenever|where|if|as|once|until|unless|that|which|who|whose)\b", re.I
)


def predicate_words(question: str, core: str) -> tuple[str, ...]:
    """The participles saying what is done to the subject of a yes/no item opening
    with it (one, or those a conjunction joins); empty when the item opens otherwise
    or none is found."""
    if not subject_phrases(question, core):
        return ()
    plain = re.sub(r"\([^()]*\)", " ", core)  # "personally owned (BYOD) phones"
    plain = _LISTED.sub(" and ", plain)  # "tested, approved, and documented"
    cut = _CLAUSE_END.search(plain)
    if (
        cut is not None
        and cut.group(0).lower() in _RELATIVES
        and _PARTICIPLES_AFTER.search(plain, cut.end())
    ):
        return ()  # "vulnerabilities rated as critical remediated": whose is which is unclear
    tokens = re.findall(r"[\w/-]+", plain[: cut.start()] if cut else plain)
    for at in range(len(tokens) - 1, 0, -1):
        after = tokens[at + 1].lower() if at + 1 < len(tokens) else ""
        closing = at + 2 >= len(tokens)  # "kept offsite", "rotated regularly"
        if after in _PARTICLES or not _predicate_at(tokens, at):
            continue
        if closing or after in _AFTER_PREDICATE or after.endswith("ly"):
            said = [tokens[at].lower()]
            while at >= 2 and tokens[at - 1].lower() in _JOINING:
                if not _predicate_at(tokens, at - 2):
                    break
                said.insert(0, tokens[at - 2].lower())
                at -= 2
            return tuple(said)
    return ()


def _predicate_at(tokens: list[str], at: int) -> bool:
    """Whether the word at ``at`` is a participle in a predicate's place: after a noun or
    an adverb, or joined by a conjunction to a participle before it."""
    if not _PARTICIPLE.match(tokens[at]):
        return False
    before = tokens[at - 1].lower()
    if before in _JOINING:
        return at >= 2 and bool(_PARTICIPLE.match(tokens[at - 2]))
    return before not in _BEFORE_NO_PREDICATE
