"""The critic: a verified quote can still fail to establish its claim.

Deterministic checks, each with a written finding: a number, unit or period
in the claim that its quotes state differently; a negation in one and not the
other; a name (control id, product, standard, system) in the claim that no quote
names; a claim whose content words its quotes mostly do not state (``carried``);
a quote that stops or starts mid-sentence; a quoted passage that reads as
instructions to a language model; a question about a named system or control
whose quotes never name it. The critic annotates and
escalates for a person to decide; it never deletes a claim.

``mark_placeholders`` (run by the build on every answer, reused or new, as
freshness is) notes each quote that holds an unfilled template placeholder: its
document was never completed. A placeholder for content (``[list the ...]``,
``[insert ...]``) means the quote lacks what it was meant to state, so a
grounded answer resting on one is escalated; one for a name (``{{.Name}}``,
``{{companyShortName}}``, ``[Company Name]``) leaves the statement standing, so
it is a finding for the reviewer and the front page's count, and the verdict
stays. So is a quote from a conditional section a template left unrendered
(``{{#needHIPAA}} ... {{/needHIPAA}}``): the document states it only where the
condition holds, which a person knows and the text does not say.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence

from dossier.common.textutil import (
    CONTENT_PLACEHOLDER,
    HYPHENS,
    NO_NEGATION,
    asked_identifiers,
    fold_whitespace,
    identifier_key,
    identifiers,
    quantities,
    without_label,
)
from dossier.evidence.carried import carried_findings
from dossier.ingest.instructions import instruction_cue
from dossier.ingest.sentences import table_header
from dossier.records import Answer, Chunk, ChunkLookup, Claim, Document, Finding, Quote
from dossier.research.values import frequencies, with_digits

_NEGATION = re.compile(
    rf"\b(not|no[\s-]+one|nobody|{NO_NEGATION}|never|none"
    r"|cannot|can't|don't|doesn't|isn't|aren't|won't|without|prohibited)\b",
    re.I,
)
_SENTENCE_END = ".!?:;)\"'”’"
# Two or more capitalised words in a row, e.g. "Northwind Ledger": a named system.
_PROPER_NAME = re.compile(r"(?<!^)(?<![.?!]\s)\b([A-Z][a-z0-9]+(?:\s+[A-Z][a-z0-9]+)+)\b")
# A questionnaire's defined term, which no company's documents use: SIG's "Scoped Data"
# is the data the assessment is about.
_DEFINED_TERM = re.compile(r"^Scoped\s", re.I)


def critique(
    question: str, claims: Sequence[Claim], chunk_of: ChunkLookup, titles: Mapping[str, str]
) -> tuple[Finding, ...]:
    findings: list[Finding] = []
    for i, claim in enumerate(claims):
        quoted = " ".join(fold_whitespace(q.text) for q in claim.quotes)
        if claim.kind == "fact" and claim.text != quoted:  # a statement that is its quotes holds
            findings += _numbers(i, claim.text, quoted)
            findings += _negation(i, claim.text, quoted)
            findings += _names(i, claim.text, quoted)
            findings += carried_findings(i, claim.text, quoted)
        for quote in claim.quotes:
            findings += _truncated(i, quote, chunk_of(quote.chunk_id))
        findings += _instructions(i, claim.quotes, chunk_of)
    findings += _subject(question, claims, chunk_of, titles)
    return tuple(findings)


def _numbers(index: int, claim: str, quoted: str) -> list[Finding]:
    """A figure (in digits or spelled out), its unit, or a frequency that the claim
    states and its quotes do not."""
    claim, quoted = with_digits(claim), with_digits(quoted)
    out, claim = _frequencies(index, claim, quoted)
    stated = quantities(quoted)
    numbers = {n for n, _ in stated}
    for number, unit in quantities(claim):
        if number not in numbers:
            said = ", ".join(f"{n} {u}".strip() for n, u in stated) or "no figure"
            out.append(
                Finding(
                    "number",
                    index,
                    f"the claim says {number} {unit}".rstrip() + f"; its quotes say {said}",
                )
            )
        elif unit and (number, unit) not in stated:
            units = sorted({u or "no unit" for n, u in stated if n == number})
            out.append(
                Finding(
                    "unit",
                    index,
                    f"the claim says {number} {unit}; its quotes say "
                    + " or ".join(f"{number} {u}" for u in units),
                )
            )
    return out


def _frequencies(index: int, claim: str, quoted: str) -> tuple[list[Finding], str]:
    """A frequency in the claim ("monthly", "every two years") that no frequency of
    its quotes equals ("quarterly"), read as days between occurrences so that
    "annually" and "once a year" agree; and the claim without the frequencies its
    quotes state (a frequency's figures, "every 3 months", are judged here alone)."""
    stated = frequencies(quoted)
    out = []
    for said, days in frequencies(claim):
        claim = claim.replace(said, " ", 1)  # its figures are judged here, once
        if any(abs(days - other) <= 0.01 * max(days, other) for _, other in stated):
            continue
        theirs = ", ".join(dict.fromkeys(text for text, _ in stated)) or "no frequency"
        out.append(Finding("number", index, f"the claim says {said}; its quotes say {theirs}"))
    return out, claim


def _negation(index: int, claim: str, quoted: str) -> list[Finding]:
    claim_negated = bool(_NEGATION.search(claim))
    quote_negated = bool(_NEGATION.search(quoted))
    if claim_negated == quote_negated:
        return []
    which = (
        "the claim is negative and its quotes are not"
        if claim_negated
        else ("its quotes contain a negation the claim does not")
    )
    return [Finding("negation", index, which)]


# Names a statement may add that no quote backs: "FedRAMP", "GitHub", "SIEM".
_MIXED_CASE = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z]*\b")
_ACRONYM = re.compile(r"\b[A-Z]{3,}s?\b")


def _names(index: int, claim: str, quoted: str) -> list[Finding]:
    """A control id, product, standard or named system in the statement that none
    of its quotes names: a verified quote about passwords cannot back "we hold
    FedRAMP High"."""
    names = _unnamed_identifiers(claim, identifiers(claim), quoted)
    others = _PROPER_NAME.findall(claim) + _MIXED_CASE.findall(claim) + _ACRONYM.findall(claim)
    names += [n for n in others if n.lower() not in quoted.lower() and not _spelled_out(n, quoted)]
    return [
        Finding("name", index, f"the statement names {name}; none of its quotes does")
        for name in dict.fromkeys(names)
    ]


def _spelled_out(acronym: str, quoted: str) -> bool:
    """Whether the quotes spell the acronym out: "MFA" in "multi-factor authentication"."""
    letters = acronym.rstrip("s").lower()
    if not letters.isalpha() or len(letters) > 8:
        return False
    initials = "".join(word[0] for word in re.findall(r"[A-Za-z]+", quoted)).lower()
    return letters in initials


def _truncated(index: int, quote: Quote, chunk: Chunk | None) -> list[Finding]:
    """A quote that stops before its sentence ends (the source goes on, on the
    same line, with no sentence end in between), or starts inside one."""
    if chunk is None:
        return []
    start, end = quote.start - chunk.start, quote.end - chunk.start
    after = chunk.text[end : end + 2]
    before = chunk.text[max(0, start - 2) : start]
    text = quote.text.rstrip()
    out = []
    if text and text[-1] not in _SENTENCE_END and re.match(r"[ \t]?[A-Za-z0-9(]", after):
        out.append(Finding("truncated", index, f"the quote stops mid-sentence: “…{text[-40:]}”"))
    if before.strip() and before.rstrip()[-1:].isalnum() and quote.text[:1].islower():
        out.append(Finding("truncated", index, f"the quote starts mid-sentence: “{text[:40]}…”"))
    return out


def _instructions(index: int, quotes: Sequence[Quote], chunk_of: ChunkLookup) -> list[Finding]:
    """A quoted passage that reads as instructions to a language model: a model may
    have followed it (see ``ingest.instructions``)."""
    out = []
    for chunk_id in dict.fromkeys(q.chunk_id for q in quotes):
        chunk = chunk_of(chunk_id)
        cue = instruction_cue(chunk.text) if chunk is not None else None
        if chunk is not None and cue is not None:
            detail = (
                f"the quoted passage of {chunk.document} reads as instructions to a language "
                f"model (“{cue}”); a model may have followed it"
            )
            out.append(Finding("instruction", index, detail))
    return out


def _unnamed_identifiers(text: str, names: Sequence[str], cited: str) -> list[str]:
    """The identifiers ``names`` of ``text`` (as written there) that ``cited`` does not name.
    Compared as identifiers, as the index compares them: "CC6.10" and "AC-2(3)" do
    not name CC6.1 and AC-2, though they begin with them."""
    named = {identifier_key(name) for name in asked_identifiers(cited)}
    return [_as_written(name, text) for name in names if identifier_key(name) not in named]


def _as_written(name: str, text: str) -> str:
    """An identifier as ``text`` writes it (``identifiers`` reads any hyphen and a
    space; ``identifier_key`` no hyphen)."""
    pattern = re.escape(name).replace(r"\-", f"[{HYPHENS}]?").replace(r"\(", r"\s?\(")
    match = re.search(pattern, text, re.I)
    return match.group(0) if match else name


def _subject(
    question: str, claims: Sequence[Claim], chunk_of: ChunkLookup, titles: Mapping[str, str]
) -> list[Finding]:
    """The identifiers and named systems of the question must occur in what the
    answer cites: a quote, its table's column headers (a row's cells mean what they
    say), its section heading or its document's title."""
    if not claims:
        return []
    context = []
    for claim in claims:
        for quote in claim.quotes:
            chunk = chunk_of(quote.chunk_id)
            heading = chunk.heading if chunk else ""
            columns = " ".join(table_header(chunk.text, quote.start - chunk.start)) if chunk else ""
            context.append(f"{quote.text} {columns} {heading} {titles.get(quote.document, '')}")
    cited = fold_whitespace(" ".join(context))
    question = without_label(question)  # "IR-6: Within what time ...": a label, not asked
    names = _unnamed_identifiers(question, asked_identifiers(question), cited)
    names += [
        n
        for n in _PROPER_NAME.findall(question)
        if not _DEFINED_TERM.match(n)
        and n.lower() not in cited.lower()
        and not _short_form_cited(question, n, cited)
        and not _described(n, cited)
    ]
    return [
        Finding("subject", -1, f"the question names {name}; no cited passage does")
        for name in dict.fromkeys(names)
    ]


# Measures a plan states in plain words as often as by name: "no more than one hour of
# customer data would be lost" is a recovery point objective, "critical payroll
# processing will be restored within 8 hours" a recovery time objective.
_DESCRIBED_AS = {
    "recovery point objective": re.compile(
        r"\b(?:no\s+more\s+than|at\s+most|up\s+to|a\s+maximum\s+of)\s+[^.;]{0,40}\bof\s+"
        r"(?:\w+\s+){0,2}data\s+(?:\w+\s+){0,2}(?:lost|loss)\b",
        re.I,
    ),
    "recovery time objective": re.compile(
        r"\b(?:services?|systems?|operations|processing|platforms?|applications?)\s+"
        r"(?:(?:will|shall|must|are|is|can)\s+)?(?:be\s+)?(?:restored|recovered|resumed"
        r"|back\s+online)\s+within\b",
        re.I,
    ),
}


def _described(name: str, cited: str) -> bool:
    """Whether the cited text states the named measure in plain words."""
    pattern = _DESCRIBED_AS.get(" ".join(name.lower().split()))
    return pattern is not None and pattern.search(cited) is not None


def _short_form_cited(question: str, name: str, cited: str) -> bool:
    """Whether the question gives the name's short form in parentheses after it and the
    cited text names that: "Recovery Time Objective (RTO)" is named by "RTO", "Federal
    Information Processing Standards (FIPS PUB 140-2)" by "FIPS 140-2"."""
    match = re.search(
        re.escape(name) + r"\s*\(\s*([A-Za-z][\w&/-]{1,11})(?:\s+[^()]{1,20})?\s*\)", question
    )
    return match is not None and re.search(rf"\b{re.escape(match.group(1))}\b", cited) is not None


PLACEHOLDER = "placeholder"  # the finding's check, which the front page counts
# Unfilled template placeholders as policy template sets ship them. For a name:
# {{.Name}}, {{companyShortName}}, {% ... %}, ${VAR}, [Company Name], <Company Name>;
# for content: [list the ...], [insert ...], [describe ...], [TBD]. A template's own logic
# ({% if %}, {% else %}, {% for %}, {{#section}}, {{! comment }}, {{else}}) names nothing.
_NAME_PLACEHOLDER = re.compile(
    r"\{\{(?!\s*(?:[#^/!>]|else\s*\}))[^{}]{0,80}\}\}"
    r"|\{%(?!-?\s*(?:if|elif|else|endif|for|endfor)\b)[^%]{0,80}%\}"
    r"|\$\{[A-Za-z_][^{}]{0,40}\}"
    r"|\[(?:name|company|organi[sz]ation)\b[^\[\]]{0,60}\]"
    r"|<(?:company|organi[sz]ation)[ _-]?name>",
    re.I,
)


def placeholders(text: str) -> list[str]:
    """The unfilled template placeholders in a text, in order."""
    found = [*_NAME_PLACEHOLDER.finditer(text), *CONTENT_PLACEHOLDER.finditer(text)]
    return [" ".join(m.group(0).split()) for m in sorted(found, key=lambda m: m.start())]


def mark_placeholders(answer: Answer, documents: Mapping[str, Document] | None = None) -> Answer:
    """The answer with a finding for each quote holding an unfilled placeholder, or
    lying in an unrendered conditional section of its document (of ``documents``, by
    path); a grounded answer resting on a placeholder for content is escalated
    (see above)."""
    findings: list[Finding] = []
    content = False
    for index, claim in enumerate(answer.claims):
        for quote in claim.quotes:
            found = list(dict.fromkeys(placeholders(quote.text)))
            if found:
                lacking = bool(CONTENT_PLACEHOLDER.search(quote.text))
                content = content or lacking
                findings.append(_placeholder_finding(index, quote, found, lacking))
            document = (documents or {}).get(quote.document)
            condition = conditional_section(document.text, quote.start) if document else None
            if condition is not None:
                findings.append(_condition_finding(index, quote, condition))
    if not findings:
        return answer
    escalate = content and answer.verdict == "grounded"
    return dataclasses.replace(
        answer,
        findings=answer.findings + tuple(findings),
        verdict="escalate" if escalate else answer.verdict,
        short_answer="Needs review" if escalate else answer.short_answer,
    )


# A template's conditional section, left unrendered: "{{#needHIPAA}} ... {{/needHIPAA}}"
# (shown when the condition holds), "{{^needHIPAA}} ... {{/needHIPAA}}" (when it does not),
# "{% if need_hipaa %} ... {% endif %}".
_SECTION_TAG = re.compile(
    r"\{\{\s*(?P<open>[#^])\s*(?P<name>[^{}\s]{1,60})\s*\}\}"
    r"|\{\{\s*/\s*(?P<close>[^{}\s]{1,60})\s*\}\}"
    r"|\{%-?\s*if\s+(?P<if>[^%]{1,60}?)\s*-?%\}"
    r"|\{%-?\s*endif\s*-?%\}"
)


def conditional_section(text: str, at: int) -> str | None:
    """The condition of the innermost unrendered template section that ``at`` lies in
    ("needHIPAA", "not needHIPAA", "need_hipaa"), or None."""
    open_sections: list[tuple[str, str]] = []  # (name closing it, condition)
    for tag in _SECTION_TAG.finditer(text, 0, at):
        if tag.group("open"):
            name = tag.group("name")
            negated = "not " if tag.group("open") == "^" else ""
            open_sections.append((name, negated + name))
        elif tag.group("if"):
            open_sections.append(("%endif", " ".join(tag.group("if").split())))
        else:
            closing = tag.group("close") or "%endif"
            while open_sections and open_sections.pop()[0] != closing:
                pass
    return open_sections[-1][1] if open_sections else None


def _condition_finding(index: int, quote: Quote, condition: str) -> Finding:
    return Finding(
        PLACEHOLDER,
        index,
        f"the quote from {quote.document} lies in a template section left unrendered, "
        f"shown only when “{condition}” holds: the document states it only where that "
        "applies; a person decides whether it does",
    )


def _placeholder_finding(index: int, quote: Quote, found: list[str], lacking: bool) -> Finding:
    shown = ", ".join(f"“{p[:60]}”" for p in found[:3])
    effect = (
        "so the quote lacks what it was meant to state"
        if lacking
        else "the statement stands with the name left unfilled"
    )
    return Finding(
        PLACEHOLDER,
        index,
        f"the quote from {quote.document} holds an unfilled template placeholder ({shown}): "
        f"the document was not completed; {effect}",
    )
