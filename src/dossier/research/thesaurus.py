"""A small security thesaurus: authors write the same practice in different words.

Each group lists words and phrases that name the same thing in security
policies and questionnaires ("offboarding" and "termination", "antivirus" and
"malware protection"). Terms are compared as Snowball stems, the same terms
the lexical index and the engine use, so a key always matches what it names.
The groups are general vocabulary of the field, not drawn from any corpus.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from dossier.common.textutil import STOPWORDS, stem, words

# (British spellings are read as the US ones before stemming: textutil.us_spelling.)

GROUPS: tuple[tuple[str, ...], ...] = (
    ("rotate", "refresh", "renew", "expire", "expiry"),  # "expiry" stems apart
    # the asset inventory, a supplier register (not "register for MFA")
    ("inventory", "cmdb", "supplier register", "vendor register", "asset register"),
    ("law enforcement", "police"),
    ("modify", "amend", "rectify", "rectification"),  # a data subject's data corrected
    ("complexity", "composition"),  # "composition rules" are complexity rules (NIST 800-63B)
    ("credential", "password", "passphrase", "authenticator", "secret"),
    (
        "mfa",
        "multi-factor",
        "multifactor",
        "multi-factor authentication",
        "two-factor",
        "2fa",
        "second factor",
        "second authentication factor",
        "step verification",  # "2-Step Verification", "two-step verification"
        "2sv",
    ),
    ("terminate", "termination", "offboarding", "departure", "departing", "revoke", "leaver"),
    ("revoke", "remove", "deprovision", "withdraw"),  # access (or consent) taken away
    ("production", "prod"),  # engineers' short names for environments
    ("login", "logon", "log-in", "sign-in", "signin"),  # one attempt to sign in
    ("development", "dev"),
    # SIG's "constituents" are the organisation's people
    ("employee", "personnel", "staff", "workforce", "teammate", "constituent"),
    (
        "vendor",
        "supplier",
        "third party",
        "subprocessor",
        "sub-processor",  # written apart: "sub", "processor"
        "service provider",
        "independent firm",
        "external firm",
    ),
    ("encrypt", "encryption", "cryptographic", "cipher", "tls", "aes"),
    ("backup", "snapshot", "replica"),
    ("recover", "restore"),  # data recovered from backups is restored
    ("incident", "breach", "compromise", "security event"),
    ("log", "audit trail", "audit log", "cloudtrail"),  # (AWS's audit log)
    ("retain", "retention", "keep", "kept", "preserve"),
    (
        "delete",
        "dispose",
        "destroy",
        "destruction",
        "erase",
        "purge",
        "wipe",
        "sanitize",
        "sanitise",
        "degauss",
        "shred",
        "erasure",
        "sanitization",
        "sanitisation",
    ),
    (
        "train",
        "awareness",
        "education",
        "security awareness",
        "security awareness training",
        "elearning",  # "the Information Governance refresher e-learning every year"
    ),
    ("mandatory", "required", "compulsory", "obligatory"),
    (
        "review",
        "audit",
        "assess",
        "inspect",
        "recertify",
        "recertification",
        "recertified",
        "revalidate",  # CAIQ's "reviewed and revalidated"
        "revalidation",
    ),
    ("test", "exercise", "drill", "simulation"),
    ("visitor", "guest", "outsider"),
    ("escort", "accompany", "accompanied", "chaperone"),
    ("phishing", "fraudulent email", "spoofed email", "suspicious email"),
    ("laptop", "workstation", "endpoint", "desktop", "computer", "macbook", "notebook"),
    ("patch", "update", "upgrade"),
    # training's updates are its refresher courses ("regular security awareness training
    # updates": "an annual security awareness refresher", "training is refreshed every
    # year"); a patch is no refresher, nor is a laptop refresh an update
    ("update", "awareness refresher", "refresher training"),
    ("vulnerability", "weakness", "cve", "flaw"),
    # NIST names the continuity plan a contingency plan (CP-2, CP-4)
    ("disaster", "outage", "continuity", "resilience", "contingency"),
    ("nda", "confidentiality agreement", "non-disclosure"),
    (
        "background check",
        "background verification",
        "screening",
        "criminal check",
        "criminal record check",
        "criminal history check",
        "police check",  # Australia's and New Zealand's ("National Police Check")
        "dbs check",  # England's Disclosure and Barring Service
        "vetting",
    ),
    ("access", "permission", "privilege", "authorization", "entitlement"),
    ("malware", "antivirus", "anti-malware", "virus", "endpoint protection"),
    ("firewall", "packet filter", "network acl", "security group"),
    ("alert", "notify", "notification", "alarm"),
    ("monitor", "detect", "detection"),
    ("detect", "detection", "scan", "scanning"),  # vulnerabilities detected by scanning
    ("geolocation", "location tracking", "location services", "device location"),
    ("anomaly", "suspicious", "unusual", "anomalous"),
    ("segregate", "separate", "isolate", "segment", "dedicated"),
    ("harden", "baseline", "benchmark", "secure configuration"),
    ("classify", "classification", "categorize", "sensitivity"),
    ("risk assessment", "risk analysis", "risk register"),
    ("change management", "change control", "change request", "pull request"),
    ("peer", "code review", "approving review", "second engineer", "another engineer"),
    ("automate", "automatic", "continuous integration", "pipeline"),
    ("remote", "telework", "work from home", "vpn"),
    ("physical", "facility", "premises", "office"),
    # CAIQ's "CSCs" are the cloud service's customers
    (
        "customer",
        "client",
        "tenant",
        "institution",
        "institutional",
        "csc",
        "cscs",
        "cloud service customer",
        "financial entity",  # DORA's: the bank the questionnaire comes from
    ),
    ("contract", "agreement"),
    ("penetration test", "pentest", "pen test"),
    ("key management", "kms", "key rotation"),
    ("screen lock", "lock screen", "inactivity", "idle"),
    ("privileged", "administrator", "admin", "superuser"),
    ("mobile", "phone", "tablet", "byod", "personal device"),
    ("data loss prevention", "dlp"),
    ("application", "app"),  # small companies' pages say "the app"
    ("transit", "transport", "transmit", "transmission"),  # data in transit is transmitted
    ("csrf", "xsrf", "cross-site request forgery"),
    ("hsts", "http strict transport security", "strict transport security"),
    ("dpa", "data processing agreement", "data processing addendum"),
    ("sso", "single sign-on"),
    ("rpo", "recovery point objective", "recovery point"),
    ("rto", "recovery time objective", "recovery time"),
    ("hsm", "hsms", "hardware security module"),
    ("data center", "datacenter", "hosting facility"),
    ("failed", "unsuccessful", "invalid", "incorrect", "wrong"),
    ("lockout", "lock out", "locked out", "lock"),  # "accounts are locked after 5 attempts"
    ("user id", "account"),  # "shared user IDs" are shared accounts
    ("attempts", "tries"),
    ("immutable", "object lock", "write once", "worm"),
    # (people joining: "new employees", "new workforce members" are new hires)
    (
        *("hire", "onboarding", "induction", "new starter", "joiner", "new employee"),
        *("new workforce member", "new staff member"),
    ),
    # a questionnaire's "cybersecurity" is a policy's "information security"
    ("cybersecurity", "cyber security", "information security"),
    ("cloud", "aws", "amazon web services", "azure", "gcp", "google cloud"),
    ("pan", "card number", "cardholder data", "primary account number"),
    ("cde", "cardholder data environment"),  # PCI DSS's
    ("byok", "hyok", "bring your own key", "customer-managed key"),
    ("remediate", "remediation", "fix", "fixed"),
    (
        "regulator",
        "supervisory authority",
        "data protection authority",
        "information commissioner",
        "ico",
        # (a data protection authority by the name of its office: Ireland's, Kenya's,
        # Canada's)
        "data protection commission",
        "data protection commissioner",
        "privacy commissioner",
    ),
    ("24x7", "around the clock", "round the clock", "24 hours a day"),
    ("unsupported", "end of life", "eol", "no longer supported"),
    ("offshore", "outside the uk", "outside the eu", "outside the country", "overseas"),
    ("siem", "security information and event management"),
    ("edr", "xdr", "endpoint detection and response"),
    ("waf", "web application firewall"),
    ("usb", "removable media", "removable storage"),
    ("prevent", "block", "disallow"),
    ("ids", "ips", "intrusion detection", "intrusion prevention"),
    ("sast", "static application security testing", "static code analysis"),
    ("dast", "dynamic application security testing"),
    # how a bound is written: "a minimum length of 12" is "at least 12 characters long"
    ("minimum", "at least", "no fewer than", "no less than"),
    ("length", "characters long"),
    # British and American spellings of one word: Snowball stems them apart
    # ("centr", "center"), so a question in one never found a policy in the other.
)

Phrase = tuple[str, ...]  # the stems of a word or phrase

# Phrases read as a word wherever they are written, in a question or a sentence, but never
# searched for (a search's words stay the question's own): a question's "system access
# rights" are a policy's "logical access"; HIPAA's covered entity is the customer a
# business associate serves.
READ_AS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("access", ("access right", "system access", "logical access", "system access right")),
    ("customer", ("covered entity",)),
)


# Kinds of tool and the products of each (and a few words one way, below): a product
# named says its kind ("CrowdStrike
# Falcon runs on every laptop" states endpoint protection), never the other way (EDR
# is no CrowdStrike), nor one product another (SentinelOne is no CrowdStrike).
KINDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("malware", "antivirus", "edr", "xdr"),
        (
            "crowdstrike",
            "sentinelone",
            "carbon black",
            "sophos",
            "defender for endpoint",
            "cylance",
            "malwarebytes",
        ),
    ),
    (("mdm",), ("jamf", "kandji", "intune", "mosyle", "workspace one")),
    (("sso",), ("okta", "onelogin", "auth0", "jumpcloud", "entra id", "azure ad")),
    (("mfa",), ("yubikey", "duo", "okta verify", "google authenticator", "authy")),
    (("siem",), ("splunk", "sumo logic", "microsoft sentinel", "chronicle", "panther")),
    (("sast",), ("semgrep", "sonarqube", "codeql", "checkmarx", "veracode")),
    (("dependency",), ("dependabot", "renovate", "snyk", "trivy")),
    # one way too: a page's "devices" are CAIQ's endpoints (an endpoint question's
    # "devices" are not all endpoints), a disabled account is deprovisioned, data in
    # transit is protected by TLS
    (("endpoint",), ("device", "end-user device")),
    (("deprovision",), ("disable account", "deactivate account")),
    (("transit",), ("tls", "https")),
    # a regulator by its own name (one way: the FCA is no MAS)
    (
        ("regulator",),
        (
            *("mas", "fca", "pra", "bafin", "finma", "apra", "asic", "rbi", "cnil", "oaic", "ico"),
            *("ncua", "occ", "fdic", "cfpb", "ffiec", "federal reserve"),
        ),
    ),
    # what is blocked, prohibited or disabled is restricted (one way: a restriction may
    # leave it allowed to some)
    (("restrict",), ("block", "prohibit", "disable")),
    # communications between networks or environments are their traffic (one way: "the
    # policy is communicated to staff" names no traffic)
    (("communication",), ("traffic",)),
    # a new hire was a candidate given an offer (one way: a candidate is not yet hired)
    (("hire",), ("candidate", "applicant")),
    # data in storage is data at rest (one way: "storage" alone is a service or a room)
    (("storage",), ("at rest",)),
    # what laws require is a legal requirement (one way: "legal" also names a team)
    (("law",), ("legal", "statutory", "legislation", "legislative")),
    # a key's cryptoperiod is its rotation period (NIST SP 800-57)
    (("cryptoperiod",), ("rotation period", "rotated every", "key lifetime")),
    # a session disconnected or logged off is terminated (one word each: "off" and "out"
    # are stopwords); one way: a "terminated" employee's question is no session's
    (("terminate",), ("disconnect", "logoff", "logout")),
    # a SOC report is issued under SSAE 18 (ISAE 3402 abroad): "Have you undergone a SSAE
    # 18/SOC 2 audit?" is answered by "completes an annual SOC 2 Type II examination"
    (("ssae",), ("soc1", "soc2", "soc3", "soc report", "soc examination", "soc audit")),
    # a named cipher or hash says which algorithm ("encrypted at rest with AES-256")
    (
        ("algorithm",),
        ("aes", "rsa", "ecdsa", "ecdh", "chacha20", "3des", "sha", "hmac", "bcrypt", "argon2"),
    ),
)


def phrase(text: str) -> Phrase:
    return tuple(stem(w) for w in words(text))


@cache
def _index() -> dict[str, tuple[Phrase, ...]]:
    """stem -> every phrase of every group a word with that stem belongs to."""
    out: dict[str, list[Phrase]] = {}
    for group in GROUPS:
        phrases = [phrase(entry) for entry in group]
        for entry in phrases:
            if len(entry) == 1:  # a one-word entry is a key; a phrase only an alternative
                out.setdefault(entry[0], []).extend(p for p in phrases if p != entry)
    for kinds, products in KINDS:  # a product says its kind, one way
        for kind in kinds:
            out.setdefault(phrase(kind)[0], []).extend(phrase(p) for p in products)
    for word, read in READ_AS:  # a phrase read as a word says it
        out.setdefault(phrase(word)[0], []).extend(phrase(p) for p in read)
    return {key: tuple(dict.fromkeys(found)) for key, found in out.items()}


def alternatives(term: str) -> tuple[Phrase, ...]:
    """Other ways to say a stemmed term: each a phrase of stems (all must occur)."""
    return _index().get(term, ())


def says(term: str, present: set[str] | frozenset[str]) -> bool:
    """Whether ``present`` (stems) holds the term or one of its alternatives."""
    single, phrases = _matcher(term)
    return not single.isdisjoint(present) or any(p <= present for p in phrases)


@cache
def _matcher(term: str) -> tuple[frozenset[str], tuple[frozenset[str], ...]]:
    """The term and its one-word alternatives (any of them says it), and its
    phrases' stems (all of one phrase say it): ``says`` as set operations."""
    found = alternatives(term)
    single = frozenset([term, *(alt[0] for alt in found if len(alt) == 1)])
    # a phrase's words that a sentence's terms can hold ("end of life": end, life)
    phrases = (frozenset(alt) - _STOP_STEMS for alt in found if len(alt) > 1)
    return single, tuple(p for p in phrases if p)


_STOP_STEMS = frozenset(stem(w) for w in STOPWORDS)


def alternative_words(term: str) -> list[str]:
    """The alternatives of a term as written in the thesaurus, for a search query."""
    return list(_alternative_words(term))


@cache
def _alternative_words(term: str) -> tuple[str, ...]:
    found: list[str] = []
    for group, stems in _stemmed_groups():
        if (term,) in stems:
            found += [entry for entry, p in zip(group, stems, strict=True) if p != (term,)]
    return tuple(dict.fromkeys(found))


@cache
def _stemmed_groups() -> tuple[tuple[tuple[str, ...], tuple[Phrase, ...]], ...]:
    """Each group with the phrase of each of its entries (stemmed once)."""
    return tuple((group, tuple(phrase(entry) for entry in group)) for group in GROUPS)


@cache
def _spelled_acronyms() -> tuple[tuple[str, str, bool], ...]:
    """Each acronym of a group (one word) with an entry of its group that spells it out,
    in the groups' order, and whether the initials match only without the stopwords
    ("sso": "single sign-on", "byok": "bring your own key")."""
    found = []
    for group in GROUPS:
        acronyms = [entry for entry in group if len(words(entry)) == 1]
        for entry in group:
            spelled = words(entry)
            if len(spelled) < 2:
                continue
            every = "".join(word[0] for word in spelled)
            content = "".join(word[0] for word in spelled if word not in STOPWORDS)
            for acronym in acronyms:
                if acronym.lower() in (every, content):
                    found.append((acronym, entry, acronym.lower() != every))
    return tuple(found)


@cache
def _acronyms() -> dict[Phrase, str]:
    """Each phrase of the groups that spells out an acronym of its group, as its content
    stems, with the acronym's stem: ("recoveri", "point", "object") -> "rpo"."""
    return {
        tuple(stem(w) for w in words(entry) if w not in STOPWORDS): stem(acronym)
        for acronym, entry, content_only in _spelled_acronyms()
        if not content_only and len(acronym) <= 5
    }


def in_one_word(terms: Sequence[str]) -> tuple[str, ...]:
    """The terms with a phrase of a group written as the group's first one-word entry
    ("supervisori", "author" -> "regul"): ``says`` then finds any entry of the group,
    one word or a phrase ("Information Commissioner's Office" says "supervisory
    authority"), where each word of the phrase alone says nothing of it."""
    out: list[str] = []
    at = 0
    while at < len(terms):
        for words_of, word in _phrase_words():
            if tuple(terms[at : at + len(words_of)]) == words_of:
                out.append(word)
                at += len(words_of)
                break
        else:
            out.append(terms[at])
            at += 1
    return tuple(out)


def phrase_terms_said(terms: Sequence[str], present: set[str] | frozenset[str]) -> set[str]:
    """The terms written as a phrase of a group (``in_one_word``) whose group the
    present stems say: "second", "authent", "factor" of "second authentication
    factor" are said by "MFA"."""
    said: set[str] = set()
    at = 0
    while at < len(terms):
        for words_of, word in _phrase_words():
            if tuple(terms[at : at + len(words_of)]) == words_of:
                if says(word, present):
                    said |= set(words_of)
                at += len(words_of)
                break
        else:
            at += 1
    return said


@cache
def _phrase_words() -> tuple[tuple[Phrase, str], ...]:
    """Each phrase of a group with a one-word entry, with that entry's stem (the
    longest phrases first)."""
    found = []
    for _, stems in _stemmed_groups():
        single = next((p[0] for p in stems if len(p) == 1), None)
        if single is not None:
            found += [(p, single) for p in stems if len(p) > 1]
    for word, phrases in READ_AS:
        found += [(phrase(p), phrase(word)[0]) for p in phrases]
    return tuple(sorted(found, key=lambda f: -len(f[0])))


def abbreviated(terms: Sequence[str]) -> tuple[str, ...]:
    """The terms with an acronym spelled out written as the acronym (one term, as the
    question would name it in short): ("recoveri", "point", "object", "payment") ->
    ("rpo", "payment"). Terms listed once each leave a second spelled-out form only
    its words not met before: ("recoveri", "time", "object", "point") is the RTO and
    the RPO ("point" alone was an ask term no table headed "RPO" names)."""
    out: list[str] = []
    seen: set[str] = set()
    at = 0
    while at < len(terms):
        for spelled, acronym in _acronyms().items():
            rest = tuple(t for t in spelled if t not in seen)
            if rest != spelled and not _left_of(acronym, terms, at + len(rest), out):
                continue
            if rest and tuple(terms[at : at + len(rest)]) == rest:
                out.append(acronym)
                seen.update(spelled)
                at += len(rest)
                break
        else:
            out.append(terms[at])
            seen.add(terms[at])
            at += 1
    return tuple(dict.fromkeys(out))


def _left_of(acronym: str, terms: Sequence[str], after: int, out: Sequence[str]) -> bool:
    """Whether words left of a spelled-out form are its own: the acronym follows them
    ("point", "rpo"), or they close the terms right after another acronym."""
    if after < len(terms):
        return terms[after] == acronym
    return bool(out) and out[-1] in _acronyms().values()


def names_itself(term: str, present: set[str] | frozenset[str]) -> bool:
    """Whether ``present`` holds the term itself, or the acronym it is spelled out
    ("recovery point objective" for RPO): the same word, not another word for the
    same thing ("vendor" is no "subprocessor" here)."""
    return term in present or any(
        acronym == term and set(spelled) <= present for spelled, acronym in _acronyms().items()
    )


@cache
def _spellings() -> dict[str, str]:
    """An acronym (lower case) -> its first spelled-out entry: "rto" -> "recovery time
    objective"."""
    found: dict[str, str] = {}
    for acronym, entry, _ in _spelled_acronyms():
        found.setdefault(acronym.lower(), entry)
    return found


def spelled_out(text: str) -> str:
    """The text with each acronym the thesaurus spells out followed by its words, for
    the embedding model, which knows "recovery time objective" far better than "RTO":
    "What are your RTO and RPO?" -> "What are your RTO (recovery time objective) and RPO
    (recovery point objective)?". An acronym the text spells out already is left."""
    folded = " ".join(words(text))

    def spell(match: re.Match[str]) -> str:
        words_of = _spellings().get(match.group(0).lower())
        if words_of is None or " ".join(words(words_of)) in folded:
            return match.group(0)
        return f"{match.group(0)} ({words_of})"

    return _ACRONYM.sub(spell, text)


_ACRONYM = re.compile(r"\b[A-Za-z][A-Za-z0-9]{1,5}\b")
