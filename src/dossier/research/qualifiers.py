"""Qualifiers that set one practice apart from its siblings: the grade of severity,
risk or priority (critical, high, medium, low, or a numbered level: SEV-1, P2, Tier 1),
the state of data (at rest, in transit), who a practice applies to (employees,
contractors, third parties, the service's customer users), which accounts
(privileged ones, or users' everyday ones), who is notified (customers, authorities,
affected individuals, card brands, or the organisation by its vendors), which
recovery objective (time or point), which site (offices or data centres), and which
way into the service (its web application or its mobile apps).

Remediation deadlines, response times and review frequencies are usually set per
grade, often as one table row per grade; encryption is stated for stored data and for
data in transit, often in neighbouring sentences. A question about one ("How quickly
are critical vulnerabilities remediated?", "Is customer data encrypted at rest?") is
not answered by a sentence about another ("| Medium | 30 days |", "Data in transit
is encrypted with TLS"): quoted, it states the wrong deadline, or a Yes the documents
do not give, about the vendor.

A sentence names a grade only where the word grades something: before a graded noun
("high-risk", "critical and high severity vulnerabilities"), after one ("severity:
High"), or alone in a table cell ("| Medium |"); "critical systems", "high
availability" and "low cost" name none. It names a state of data by the phrase ("at
rest", "in transit", "in motion") or by what only data in that state has (storage;
transmission, TLS). "Employees sign a confidentiality agreement" does not answer
whether contractors do; a word for the whole workforce ("all personnel") names both;
"MFA is required for all workforce access" does not answer whether customer end users
must use it. "Privileged accounts must use a password of at least 20 characters" does
not state the length asked of user accounts; in a statement, "user accounts" names
every account, so it answers for privileged ones too.
"""

from __future__ import annotations

import re

from dossier.common.textutil import as_the_vendor

_GRADE = r"(?:critical|high|medium|moderate|low)"
_ALSO = rf"(?:\s*(?:,|/|\bor\b|\band\b|\band/or\b)\s*{_GRADE})*"
_GRADED = (
    r"(?:severity|severities|risks?|priority|priorities|impact|rated|rating|ratings"
    r"|vulnerabilit(?:y|ies)|findings?|issues?|bugs?|cves?|incidents?|alerts?|patch(?:es)?)"
)
_BEFORE_NOUN = re.compile(rf"\b({_GRADE}{_ALSO})[\s-]+(?:security[\s-]+)?{_GRADED}\b", re.I)
_AFTER_NOUN = re.compile(
    rf"\b(?:severity|risk|priority|impact|rated|classified(?:\s+as)?)(?:\s+(?:level|rating|of))?"
    rf"\s*(?:[:=]|\bis\b|\bof\b|\bas\b)?"
    rf"\s*({_GRADE}{_ALSO})\b",
    re.I,
)
_CELL = re.compile(rf"(?:^|\|)\s*({_GRADE})\s*(?=\||$)", re.I | re.M)
# A list item or line labelled by a grade: "- High: 15 days", "Critical - 48 hours", a
# table row as PDF text gives it ("High 7.0-8.9 30 days").
_LABEL = re.compile(
    rf"^\s*(?:[-*\u2022\u25cf\u25cb\u25e6\u25aa\u25a0\u2023\u2043+]|\d{{1,2}}[.)])?\s*\**({_GRADE})\**(?:\s*:|\s+[-\u2013]\s|\s+(?=\d))",
    re.I | re.M,
)
# A grade a period or rule is given "for", in a sentence about graded things: "within 14
# days for critical, 30 days for high and 90 days for medium severity".
_FOR_GRADE = re.compile(rf"\bfor\s+({_GRADE})(?=\s*(?:[,;.)]|\band\b|\bor\b|$))", re.I | re.M)
# The top grade named without its word: "the most severe vulnerabilities", "findings of
# the highest severity", "highest-risk issues".
_HIGHEST_GRADE = re.compile(
    r"\b(?:most\s+(?:severe|serious)|highest(?:[\s-]+(?:severity|risk|priority|impact))?)"
    rf"[\s-]+(?:security[\s-]+)?(?:software[\s-]+)?{_GRADED}\b"
    r"|\bof\s+the\s+highest\s+(?:severity|risk|priority)\b",
    re.I,
)
_GRADED_NOUN = re.compile(rf"\b{_GRADED}", re.I)
_SAME_GRADE = {"moderate": "medium"}

_AT_REST = re.compile(r"\bat[\s-]+rest\b|\bstor(?:ed|es|ing|age)\b", re.I)
_IN_TRANSIT = re.compile(
    r"\bin[\s-]+(?:transit|motion)\b|\btransmi(?:t|ts|tted|tting|ssion|ssions)\b"
    r"|\b(?:TLS|SSL|HTTPS)\b",
    re.I,
)
AT_REST, IN_TRANSIT = "at rest", "in transit"
# A numbered level: "SEV-1", "Sev 2", "severity 1", "P1", "priority 2", "Tier 1".
_LEVEL = re.compile(r"\b(sev|severity|p|priority|tier)[\s-]?(\d)\b", re.I)
_LEVEL_FAMILY = {"sev": "sev", "severity": "sev", "p": "p", "priority": "p", "tier": "tier"}
# Who a practice applies to. "The vendor" (singular) is the one answering a questionnaire,
# not a third party; a word for the whole workforce names employees and contractors both.
EMPLOYEES, CONTRACTORS, THIRD_PARTIES = "employees", "contractors", "third parties"
FOURTH_PARTIES = "fourth parties"  # the third parties' own suppliers
CUSTOMER_USERS = "customer users"  # the service's own users, not the company's workforce
_PEOPLE = (
    (EMPLOYEES, re.compile(r"\bemployees?\b|(?<!temporary\s)(?<!agency\s)\bstaff\b", re.I)),
    (
        CONTRACTORS,
        re.compile(
            r"\b(?:sub-?)?contractors?\b|\bconsultants?\b|\btemps\b"
            # "temporary staff", "agency workers": not the employees ("All employees ...")
            r"|\b(?:temporary|agency)\s+(?:workers?|staff|personnel)\b",
            re.I,
        ),
    ),
    (
        THIRD_PARTIES,
        re.compile(
            r"\bvendors\b|\bsuppliers?\b|\bsub-?processors?\b|\bthird[\s-]part(?:y|ies)\b"
            r"|\bservice\s+providers\b",
            re.I,
        ),
    ),
    (
        FOURTH_PARTIES,
        re.compile(
            r"\b(?:fourth|nth)[\s-]part(?:y|ies)\b|\b(?:sub-?contractors|suppliers|sub-?processors"
            r"|vendors)\s+of\s+(?:your|its|their|our)\s+(?:\w+\s+)?(?:vendors|suppliers"
            r"|service\s+providers|sub-?processors)\b"
            r"|\b(?:vendors|suppliers|service\s+providers)['\u2019]\s+(?:sub-?contractors|suppliers"
            r"|sub-?processors)\b|\btheir\s+own\s+(?:sub-?contractors|suppliers|vendors"
            r"|sub-?processors)\b",
            re.I,
        ),
    ),
    (
        CUSTOMER_USERS,
        re.compile(
            r"\bcustomer(?:s'|'s)?\s+(?:end[\s-]?)?(?:users?|accounts?|administrators?|admins?)\b"
            r"|\bend[\s-]users?\b|\btenant\s+(?:users?|accounts?)\b"
            # those a service is for, by what they are to it
            r"|\bcardholders?\b|\b(?:end[\s-])?consumers\b|\bpatients\b|\bstudents\b"
            # their accounts: "patient accounts", "institutional users" (HECVAT's)
            r"|\b(?:patient|student|consumer|learner|teacher|educator)s?"
            r"(?:\s+(?:and|or)\s+\w+)?\s+(?:accounts?|users?|logins?)\b"
            r"|\binstitution(?:al|['\u2019]s|s['\u2019])?\s+(?:users?|accounts?)\b"
            # a credit union's or a club's members, as they use its service
            r"|(?<!staff )(?<!team )(?<!workforce )(?<!board )\bmember\s+(?:accounts?|users?"
            r"|logins?|portal)\b"
            r"|(?:^|(?<=\bfor\s)|(?<=\bof\s)|(?<=\bby\s)|(?<=\bto\s)|(?<=\bour\s)|(?<=\bthe\s)"
            r"|(?<=\ball\s))members\s+(?:accessing|using|logging\s+in)\b"
            r"|\bonline\s+banking\s+(?:users?|customers?|accounts?)\b",
            re.I,
        ),
    ),
)
_FOURTH = dict(_PEOPLE)[FOURTH_PARTIES]
# ("third-party personnel" and "supplier personnel" are the third parties', not everyone;
# "vendor personnel" in a questionnaire are the answering vendor's own)
_WHOLE_WORKFORCE = re.compile(
    r"\bworkforce\b|(?<!party\s)(?<!supplier\s)(?<!contractor\s)\bpersonnel\b"
    r"|\beveryone\b|\ball\s+(?:users|staff|workers)\b|\bconstituents\b",
    re.I,
)

# Which environment a practice applies to: production, or the others (development,
# test, staging, "other systems" beside production).
PRODUCTION, NON_PRODUCTION = "production", "non-production"
_NON_PRODUCTION = re.compile(
    r"\bnon[\s-]?production\b|\b(?:development|dev|test|testing|staging|qa|sandbox)\s+"
    r"(?:environments?|systems?)\b|\bother\s+systems\b",
    re.I,
)
_PRODUCTION = re.compile(r"(?<!non-)(?<!non )(?<!non)\bproduction\b", re.I)
_EVERY_ENVIRONMENT = re.compile(r"\b(?:all|every|any)\s+(?:systems|environments)\b", re.I)

# Which accounts: privileged ones, or users' everyday ones. Password lengths, MFA and
# review frequencies are often set apart for each ("Privileged accounts must use a
# password of at least 20 characters" beside "Passwords must be at least 14 characters").
PRIVILEGED_ACCOUNTS, USER_ACCOUNTS = "privileged accounts", "user accounts"
_PRIVILEGE = r"\b(?:privileged|administrat(?:or|ive)|admin|root|superuser)"
_PRIVILEGED_ACCOUNTS = re.compile(
    rf"{_PRIVILEGE}[\s-]+(?:user\s+)?(?:accounts?|users?|access|credentials?|passwords?)\b", re.I
)
_USER_ACCOUNTS = re.compile(r"(?<!privileged )(?<!admin )(?<!root )\buser\s+accounts?\b", re.I)
_STANDARD_ACCOUNTS = re.compile(
    r"\b(?:standard|regular|normal|non-privileged|unprivileged)\s+"
    r"(?:(?:user\s+)?accounts?|users?\s+access|users?\b(?!\s+accounts?))\b",
    re.I,
)
_PRIVILEGE_WORD = re.compile(rf"{_PRIVILEGE}\b", re.I)
_EVERY_ACCOUNT = re.compile(r"\b(?:all|every|any|each)\s+(?:user\s+)?accounts?\b", re.I)

# Who is notified (of a breach, an incident, a change): deadlines are set per recipient
# ("notify Customer within 48 hours"; "notify the supervisory authority within 72
# hours"), and a sentence about one does not state the other's. Named only as what a
# notification goes to; a third party that itself notifies notifies the organisation.
CUSTOMERS, AUTHORITIES, INDIVIDUALS, CARD_BRANDS, ORGANISATION = (
    "notify customers",
    "notify authorities",
    "notify individuals",
    "notify card brands",
    "notify the organisation",
)
RECIPIENTS = frozenset((CUSTOMERS, AUTHORITIES, INDIVIDUALS, CARD_BRANDS, ORGANISATION))
_RECIPIENTS = (
    (
        CUSTOMERS,
        r"customers?|clients?|tenants?|(?:data\s+)?controllers?|financial\s+entit(?:y|ies)",
    ),
    (
        AUTHORITIES,
        r"regulators?|(?:relevant\s+|competent\s+|supervisory\s+|regulatory\s+|government\s+"
        r"|data\s+protection\s+)+(?:authorit(?:y|ies)|bod(?:y|ies)|agenc(?:y|ies))|authorities"
        r"|law\s+enforcement|CISA|US-CERT|HHS|ICO|OAIC|APRA|ASIC|FCA|PRA|SEC|FTC|NYDFS|BaFin|CNIL"
        r"|FINMA|DIBNet|(?:the\s+)?(?:attorneys?\s+general|secretary)"
        r"|(?:information|privacy|data\s+protection)\s+commissioner(?:['\u2019]s\s+office)?",
    ),
    (INDIVIDUALS, r"(?:affected\s+)?(?:individuals|data\s+subjects|persons|patients|consumers)"),
    (CARD_BRANDS, r"(?:card|payment)\s+(?:brands|networks|schemes)|acquir(?:er|ers|ing\s+banks?)"),
)
# The words of telling someone: those that take the recipient as their object ("notify
# the regulator") and those that take it after "to" ("report the breach to the ICO").
# research/values.py reads both as "this sentence is about notifying".
NOTIFYING_WHOM = (
    r"notif\w*|inform(?:s|ed|ing)?|alert(?:s|ed|ing)?|advis(?:e|es|ed|ing)|made\s+aware"
)
NOTIFYING_TO_WHOM = r"report(?:s|ed|ing)?|disclos\w*|notices?|communicat\w*"
_NOTIFYING = rf"\b(?:{NOTIFYING_WHOM}|(?:{NOTIFYING_TO_WHOM})\s+(?:[\w-]+\s+){{0,3}}?to)"
_RECIPIENT_AFTER = tuple(
    (
        who,
        re.compile(
            rf"{_NOTIFYING}\s+(?:to\s+)?(?:(?:all|any|the|its|our|each|affected|impacted)\s+)*"
            rf"(?:{words})\b",
            re.I,
        ),
    )
    for who, words in _RECIPIENTS
)
_RECIPIENT_BEFORE = tuple(
    (
        who,
        re.compile(
            rf"\b(?:{words})\s+(?:(?!(?:and|or|but|that|which|who|whom|when|if|where|requires?|required)\b)[\w-]+\s+){{0,9}}?"
            rf"(?:(?:are|is|will\s+be|shall\s+be|must\s+be"
            rf"|should\s+be|be|get)\s+)?(?:promptly\s+|\w+ly\s+)?(?:notified|informed|alerted|told|advised)\b"
            rf"|\b(?:{words})\s+(?:breach\s+)?notifications?\b",
            re.I,
        ),
    )
    for who, words in _RECIPIENTS
)
_THIRD_PARTY_NOTIFIES = re.compile(
    # "Contracts must require the service provider to notify the Company ..."
    r"\brequir(?:e|es|ed|ing)\s+(?:the\s+|its\s+|our\s+|all\s+|each\s+)?(?:vendors?|suppliers?"
    r"|sub-?processors?|third[\s-]part(?:y|ies)|service\s+providers?)\s+to\s+(?:promptly\s+)?"
    r"(?:notify|inform|report\s+to|alert)\b|"
    r"\b(?:vendors?|suppliers?|sub-?processors?|third[\s-]part(?:y|ies)|service\s+providers?)"
    r"\s+(?:\w+\s+){0,2}(?:must|shall|will|are\s+required\s+to|agree\s+to)\s+(?:promptly\s+)?"
    r"(?:notify|inform|report\s+to|alert)\b",
    re.I,
)


# Which recovery objective: the time to restore (RTO) or the data that may be lost (RPO),
# stated side by side and easily mistaken ("RPO ... is 15 minutes" for the RTO asked).
RTO, RPO = "recovery time objective", "recovery point objective"
_RTO = re.compile(r"\bRTOs?\b|\brecovery[\s-]+time(?:[\s-]+(?:objective|target)s?)?\b", re.I)
_RPO = re.compile(r"\bRPOs?\b|\brecovery[\s-]+point(?:[\s-]+(?:objective|target)s?)?\b", re.I)


# Which site: the company's offices or the data centres hosting the service. CCTV
# retention, visitor logs and badge access are set per site ("CCTV footage (London
# office) | 30 days" is no retention for the data centres asked).
OFFICES, DATA_CENTRES = "offices", "data centres"
_OFFICES = re.compile(
    r"\b(?:(?:our|the|company|corporate|head|main|branch|regional|[A-Z][a-z]+)\s+offices?"
    r"|offices?\s+(?:premises|locations?|buildings?|sites?)|(?:in|at)\s+(?:the\s+|our\s+)?offices?"
    r"|headquarters)\b"
)
_DATA_CENTRES = re.compile(
    r"\bdata[\s-]?cent(?:re|er)s?\b|\bco-?location\b|\bcolo\b|\bhosting\s+facilit(?:y|ies)\b",
    re.I,
)


# What locks or ends after inactivity: a user's session (in an application, a VPN, a
# console) or a device's screen. "Workstations lock automatically after 10 minutes of
# inactivity" states no session timeout, nor a session timeout a screen lock.
SESSIONS, SCREENS, IDLE_ACCOUNTS = "sessions", "screens", "idle accounts"
_DEVICE = re.compile(
    r"\b(?:workstations?|laptops?|desktops?|computers?|endpoints?|screens?)\b", re.I
)
_SESSIONS = re.compile(r"\bsessions?\b|\b(?:logged|signed)\s+(?:out|off)\b", re.I)
# A session is of this family only where something times out: "remote control sessions
# are authorised and recorded" names no timeout (a screen-lock rule was no sibling of it).
_TIMING_OUT = re.compile(
    r"\b(?:time-?outs?|timed?\s+out|inactiv\w*|idle|lock\w*|(?:log(?:ged)?|sign(?:ed)?)\s*-?\s*"
    r"(?:out|off)|logouts?|terminat\w*|expir\w*|disconnect\w*|re-?authenticat\w*|closed?"
    r"|ended|ends|lifetimes?|without\s+(?:\w+\s+)?activity|no\s+(?:\w+\s+)?activity"
    r"|after\s+\S+\s+(?:seconds?|minutes?|hours?)|log(?:ged)?\s+(?:in|on)\s+again|re-?log\w*"
    r"|(?:session|maximum)\s+(?:length|duration)|revok\w*)\b",
    re.I,
)
_SCREENS = re.compile(
    r"\bscreen[\s-]*(?:savers?|locks?|locking)\b|\block(?:ed)?\s+screens?\b"
    r"|\bscreens?\s+(?:\w+\s+){0,3}lock(?:s|ed)?\b"
    r"|\b(?:workstations?|laptops?|desktops?|computers?|endpoints?)\s+(?:\w+\s+){0,3}"
    r"(?:auto-?)?lock(?:s|ed)?\b",
    re.I,
)


# ... or an account left unused ("Accounts inactive for 45 days are disabled" states no
# session timeout).
_IDLE_ACCOUNTS = re.compile(
    r"\b(?:inactive|dormant|unused|stale)\s+(?:user\s+)?accounts?\b"
    r"|\baccounts?\s+(?:(?:that|which)\s+(?:are|have\s+been)\s+|left\s+)?(?:inactive|unused"
    r"|dormant)\b|\baccounts?\s+(?:not\s+used|with\s+no\s+(?:login|sign-in|activity))\b"
    # "accounts are disabled after 90 days of inactivity"
    r"|\baccounts?\b[^.;]{0,40}\bafter\s+\S+\s+(?:days?|weeks?|months?)\s+of\s+"
    r"(?:inactivity|non-?use|no\s+use)\b",
    re.I,
)


# Which way into the service: its web application or its mobile apps. Session timeouts,
# MFA and storage are often set apart for each ("Both apps end the session after 15
# minutes of inactivity" states no timeout for the web portal).
WEB, MOBILE = "web application", "mobile apps"
_WEB = re.compile(
    r"\bweb[\s-]+(?:portals?|app(?:lication)?s?|interfaces?|consoles?|dashboards?|ui)\b"
    r"(?![\s-]+firewalls?)|\bbrowser(?:[\s-]+based)?\s+(?:sessions?|access|clients?)\b",
    re.I,
)
_MOBILE = re.compile(
    r"\bmobile[\s-]+app(?:lication)?s?\b|\b(?:iOS|Android)\b(?![\s-]+(?:devices?|phones?|tablets?"
    r"|handsets?|smartphones?))|\b(?:both|the)\s+apps\b",
    re.I,
)


# Which side of the network a test or scan looks from: inside it, or from the internet.
# Scan and penetration-test frequencies are set apart for each ("External vulnerability
# scans of all internet-facing systems are performed monthly" states no internal one).
INTERNAL_TESTS, EXTERNAL_TESTS = "internal scans and tests", "external scans and tests"
_TESTED = (
    r"(?:network\s+)?(?:vulnerability\s+)?(?:scans?|scanning|penetration\s+tests?|pen\s*tests?)"
)
_INSIDE = r"internal(?:ly)?"
_OUTSIDE = r"(?:external(?:ly)?(?:[\s-]facing)?|internet[\s-]facing|perimeter|public[\s-]facing)"
_OF_THE = r"(?:all\s+|the\s+|our\s+|your\s+|its\s+)?"
# what is tested, then tested: "All internet-facing IP addresses and applications shall
# be scanned once every week"
_SCANNED = (
    r"\s+(?:[\w-]+\s+){0,5}?(?:are|is|shall\s+be|must\s+be|will\s+be|get)\s+(?:\w+\s+)?"
    r"(?:scanned|pen(?:etration)?[\s-]?tested)\b"
)
_INTERNAL_TESTS = re.compile(
    rf"\b{_INSIDE}(?:\s+(?:and|or|&)\s+{_OUTSIDE})?\s+{_TESTED}\b"
    rf"|\b{_OUTSIDE}\s+(?:and|or|&)\s+{_INSIDE}\s+{_TESTED}\b"
    rf"|\b{_TESTED}\s+of\s+{_OF_THE}{_INSIDE}\b"
    rf"|\b{_INSIDE}{_SCANNED}",
    re.I,
)
_EXTERNAL_TESTS = re.compile(
    rf"\b{_OUTSIDE}(?:\s+(?:and|or|&)\s+{_INSIDE})?\s+{_TESTED}\b"
    rf"|\b{_INSIDE}\s+(?:and|or|&)\s+{_OUTSIDE}\s+{_TESTED}\b"
    rf"|\b{_TESTED}\s+of\s+{_OF_THE}{_OUTSIDE}\b"
    rf"|\b{_OUTSIDE}{_SCANNED}",
    re.I,
)


# Which moment of employment: joining, moving to another role, or leaving. Access is
# granted, changed and removed on each with its own deadline ("access not needed in the
# new role is removed within 5 business days" is no deadline for a leaver's accounts).
JOINERS, MOVERS, LEAVERS = "joiners", "movers", "leavers"
_JOINERS = re.compile(
    r"\bnew\s+(?:hires?|employees?|starters?|joiners?|staff|team\s+members?)\b|\bjoiners?\b"
    r"|\b(?:before|when|once|after)\s+(?:they|he|she|you|employees|staff)\s+(?:join|start)\b"
    r"|\b(?:upon|on|before|after)\s+(?:joining|starting)\b"
    r"|\b(?:upon|on|after|at|before)\s+hire\b"
    r"|\b(?:employees?|staff|hires?|personnel|workers?)\b[^.;?]{0,40}\bonboarding\b"
    r"|\bonboarding\b[^.;?]{0,40}\b(?:employees?|staff|hires?|personnel|workers?)\b",
    re.I,
)
_MOVERS = re.compile(
    r"\bmovers?\b|\b(?:role|job|position)\s+changes?\b|\bchang(?:es|ing)\s+(?:their\s+)?(?:role|job"
    r"|position)s?\b|\b(?:employees?|staff|persons?|people|users?|workers?|members?|they|he|she)"
    r"\s+(?:\w+\s+)?mov(?:es|ed|ing|e)\s+(?:to|into)\s+(?:(?:a|an|another|the|new|different"
    r"|other)\s+)*(?:roles?|teams?|positions?|departments?|jobs?)\b"
    r"|\btransfer(?:s|red|ring)?\s+(?:to|between|into|within)\s+"
    r"(?:(?:a|an|another|the|new|different|other)\s+)*(?:roles?|teams?|positions?"
    r"|departments?|jobs?)\b",
    re.I,
)
_LEAVERS = re.compile(
    r"\bleavers?\b|\bleav(?:es|ing)\s+(?:the\s+)?(?:company|organi[sz]ation|firm|business)\b"
    r"|\b(?:employee|staff|person|user|someone|worker|contractor|individual|member)s?\s+"
    r"(?:leaves?|leaving)\b"
    r"|\bdepart(?:s|ure|ing|ed)\b|\boffboard\w*|\bresign\w*"
    r"|\bterminat(?:ion|ed)\s+(?:of\s+)?(?:their\s+|the\s+)?(?:employment|employees?|staff"
    r"|personnel|workers?|contractors?|users?)\b|\b(?:employment|employee|staff|personnel)\s+"
    r"terminat\w*|\binvoluntary\s+terminat\w*"
    r"|\b(?:upon|on|after|following|at)\s+termination\b(?!\s+of\s+(?:the\s+|a\s+|an\s+|this\s+"
    r"|their\s+)?(?:contract|agreement|service|subscription|engagement|relationship|session))"
    r"|\b(?:of|upon|on|after|following)\s+separation\b"
    r"|\bseparated\s+(?:employees|personnel|staff|users|workers)\b"
    r"|\b(?:employee|staff|person|user|worker|contractor|individual|member)s?\s+"
    r"(?:is|are|was|were|has\s+been|have\s+been|gets?)\s+terminated\b",
    re.I,
)


def _recipients(text: str) -> set[str]:
    found = {
        who for who, pattern in (*_RECIPIENT_AFTER, *_RECIPIENT_BEFORE) if pattern.search(text)
    }
    if _THIRD_PARTY_NOTIFIES.search(text):
        found.add(ORGANISATION)
    return found


_FAMILY = {
    **dict.fromkeys(
        (EMPLOYEES, CONTRACTORS, THIRD_PARTIES, FOURTH_PARTIES, CUSTOMER_USERS), "people"
    ),
    PRODUCTION: "environment",
    NON_PRODUCTION: "environment",
    **dict.fromkeys(("critical", "high", "medium", "low"), "grade"),
    PRIVILEGED_ACCOUNTS: "accounts",
    USER_ACCOUNTS: "accounts",
    AT_REST: "state of data",
    IN_TRANSIT: "state of data",
    **dict.fromkeys(RECIPIENTS, "recipient"),
    RTO: "recovery objective",
    RPO: "recovery objective",
    WEB: "interface",
    MOBILE: "interface",
    INTERNAL_TESTS: "side tested from",
    EXTERNAL_TESTS: "side tested from",
    SESSIONS: "what times out",
    SCREENS: "what times out",
    IDLE_ACCOUNTS: "what times out",
    OFFICES: "site",
    DATA_CENTRES: "site",
    **dict.fromkeys((JOINERS, MOVERS, LEAVERS), "moment of employment"),
}


# A grade glossed in parentheses by another: "critical (high-risk) third parties" asks of
# the critical ones (a lead's "High vendors every two years" is another grade's).
_GRADE_GLOSS = re.compile(rf"\b({_GRADE})\s*\(\s*{_GRADE}\b([\w\s-]{{0,20}})\)", re.I)


def qualifiers_asked(question: str) -> frozenset[str]:
    """The qualifiers a question (or a part of it) names, its name for the one
    answering aside: "Will the Supplier notify the Bank ...?" asks nothing of third
    parties, nor of a third party notifying the organisation."""
    named = qualifiers_named(_GRADE_GLOSS.sub(r"\1\2", as_the_vendor(question)))  # "critical-risk"
    if SESSIONS in named and _DEVICE.search(question):  # "the session timeout for laptops"
        named = (named - {SESSIONS}) | {SCREENS}
    return named - _people_of_examples(question, named)


def _people_of_examples(question: str, named: frozenset[str]) -> frozenset[str]:
    """The people only a parenthesis of examples names, when the question names the
    service's own users outside it: "institutional end users (e.g., students, faculty,
    and staff)" asks of the customer's users, its staff theirs, not the organisation's
    employees. (Examples of other people are kinds of those asked: "third parties (e.g.,
    contractors)" asks of contractors too.)"""
    plain = _EXAMPLES_GLOSS.sub(" ", question)
    if plain == question:
        return frozenset()
    outside = {q for q in qualifiers_named(as_the_vendor(plain)) if _family(q) == "people"}
    if outside != {CUSTOMER_USERS}:
        return frozenset()
    return frozenset(q for q in named if _family(q) == "people" and q not in outside)


_EXAMPLES_GLOSS = re.compile(
    r"\(\s*(?:e\.\s?g\.|i\.\s?e\.|for\s+example|such\s+as|including)[^()]*\)", re.I
)


def qualifiers_named(text: str) -> frozenset[str]:
    """The grades (moderate is medium), numbered levels, states of data and people
    (employees, contractors, third parties, the service's customer users) ``text``
    names."""
    found: set[str] = set()
    graded = _GRADED_NOUN.search(text) is not None
    for pattern in (_BEFORE_NOUN, _AFTER_NOUN, _CELL, _LABEL, *([_FOR_GRADE] if graded else [])):
        for match in pattern.finditer(text):
            for word in re.findall(_GRADE, match.group(1), re.I):
                found.add(_SAME_GRADE.get(word.lower(), word.lower()))
    if _HIGHEST_GRADE.search(text):  # "the most severe": critical, or high where none is
        found |= {"critical", "high"}
    for match in _LEVEL.finditer(text):
        found.add(f"{_LEVEL_FAMILY[match.group(1).lower()]} {match.group(2)}")
    people = _FOURTH.sub(" ", text)  # "service providers' subcontractors" are neither
    found |= {who for who, pattern in _PEOPLE if pattern.search(people)}
    if _FOURTH.search(text):
        found.add(FOURTH_PARTIES)
    if _WHOLE_WORKFORCE.search(text):
        found |= {EMPLOYEES, CONTRACTORS}
    if _AT_REST.search(text):
        found.add(AT_REST)
    if _IN_TRANSIT.search(text):
        found.add(IN_TRANSIT)
    if _NON_PRODUCTION.search(text):
        found.add(NON_PRODUCTION)
    if _PRODUCTION.search(text):
        found.add(PRODUCTION)
    if _EVERY_ENVIRONMENT.search(text):  # "all systems, including staging environments"
        found |= {PRODUCTION, NON_PRODUCTION}
    if _PRIVILEGED_ACCOUNTS.search(text):
        found.add(PRIVILEGED_ACCOUNTS)
    if _USER_ACCOUNTS.search(text) or _STANDARD_ACCOUNTS.search(text):
        found.add(USER_ACCOUNTS)
    if _EVERY_ACCOUNT.search(text) or (USER_ACCOUNTS in found and _PRIVILEGE_WORD.search(text)):
        found |= {PRIVILEGED_ACCOUNTS, USER_ACCOUNTS}  # "admins and user accounts alike"
    sites = (
        *((RTO, _RTO), (RPO, _RPO), (OFFICES, _OFFICES), (DATA_CENTRES, _DATA_CENTRES)),
        *((JOINERS, _JOINERS), (MOVERS, _MOVERS), (LEAVERS, _LEAVERS)),
        *((SESSIONS, _SESSIONS), (SCREENS, _SCREENS), (IDLE_ACCOUNTS, _IDLE_ACCOUNTS)),
        *((WEB, _WEB), (MOBILE, _MOBILE)),
        *((INTERNAL_TESTS, _INTERNAL_TESTS), (EXTERNAL_TESTS, _EXTERNAL_TESTS)),
    )
    found |= {name for name, pattern in sites if pattern.search(text)}
    if SESSIONS in found and not _TIMING_OUT.search(text):
        found.discard(SESSIONS)
    return frozenset(found | _recipients(text))


def another_qualifier(asked: frozenset[str], text: str) -> bool:
    """Whether ``text`` is about a sibling of what is ``asked``: of a family the
    question names (grades, states of data, accounts), it names members, none of
    them asked."""
    named = qualifiers_named(text) if asked else frozenset()
    if USER_ACCOUNTS in named and not _STANDARD_ACCOUNTS.search(text):
        named |= {PRIVILEGED_ACCOUNTS}  # in a statement, "user accounts" is every account
    for family in {_family(q) for q in asked}:
        named_here = {q for q in named if _family(q) == family}
        if named_here and not named_here & asked:
            return True
    return False


def _family(qualifier: str) -> str:
    """Grade, state of data, or a numbered level's own scheme ("sev", "p", "tier")."""
    return _FAMILY.get(qualifier) or qualifier.split()[0]
