"""Turn the engine's evidence into an answer. Nothing unverified gets through:

1. every proposed quote passes the verifier (the stored text is the source's slice);
2. the calculator runs when the question asks for arithmetic, over verified figures only;
3. the critic annotates claims whose quotes may not establish them (escalate, never delete);
4. the validator drops claims with a number that no quote or calculation holds;
5. with a model configured (``ComposeContext.entail``), the critic's model pass asks
   whether each remaining claim's quotes entail it: "no" is a finding (escalate);
   a pass that did not complete for a claim keeps it and records no finding;

Dating each citation (freshness) depends on the build date, so it is a later
stage (``evidence.freshness.date_answer``) that also applies to answers reused from cache.

Everything dropped or discarded is kept in the answer with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from dossier.common.textutil import fold_whitespace
from dossier.evidence import calculate
from dossier.evidence.critic import critique
from dossier.evidence.overstatement import EVENT, asks_what_happened
from dossier.evidence.short_answer import (
    DOCUMENTED,
    NEEDS_REVIEW,
    NO,
    NOT_COVERED,
    TableRow,
    short_answer,
)
from dossier.evidence.verify import QuoteVerifier
from dossier.ingest.definitions import spelled_in, unspelled
from dossier.ingest.sentences import (
    aligned_cells,
    is_list_item,
    list_lead_in,
    table_cells,
    table_header,
)
from dossier.records import (
    Answer,
    Brief,
    Calculation,
    Chunk,
    ChunkLookup,
    Claim,
    DiscardedQuote,
    DroppedClaim,
    Evidence,
    Finding,
    Question,
    Quote,
    Reattribution,
    Selection,
    Validation,
    Verdict,
)
from dossier.research.entailment import Entail
from dossier.research.qualifiers import qualifiers_asked
from dossier.research.values import demand_measure, demand_met, demand_shortfall

SiblingLookup = Callable[[str], Sequence[Chunk]]
# A figure: digits (thousands commas, decimals) not glued to letters, as in "S3" or "FIDO2",
# as written, whole: "1,000", "3.5", and a dotted sequence read as one figure
# (clause "3.1.2", address "10.20.30.40", version "3.0.13"), never "3.1" out of "3.1.2".
_FIGURE = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)*(?![\w]|[.,]\d)")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3})")


@dataclass(frozen=True)
class ComposeContext:
    """What composing reads besides the evidence."""

    chunk_of: ChunkLookup
    titles: Mapping[str, str]
    entail: Entail | None = None  # the critic's model pass; None offline
    verifier: QuoteVerifier = field(default_factory=QuoteVerifier)
    siblings: SiblingLookup = lambda document: ()  # the passages of a document
    # the short names a document defines for itself ("IRP" -> "Incident Response Plan")
    definitions: Callable[[str], Mapping[str, str]] = lambda document: {}


def _denial_first(brief: Brief | None, kept: list[Claim], focus: str) -> tuple[list[Claim], str]:
    """The claims with one that plainly denies the practice asked first, when the lead
    alone gives no Yes or No: "Larkspur does not offer customer-managed encryption
    keys" answers whether customers may bring their own keys, not the lead ranked
    above it on how keys are managed (a person was asked to choose). Only a denial
    from the lead's own document: another's may deny a narrower practice. The focus
    sentence goes with the lead it was chosen in."""
    if brief is None or len(kept) < 2:
        return kept, focus
    if short_answer(brief, "grounded", kept[:1], focus)[0] not in (NEEDS_REVIEW, DOCUMENTED):
        return kept, focus
    lead_document = kept[0].quotes[0].document if kept[0].quotes else None
    for at, claim in enumerate(kept[1:], start=1):
        same = bool(claim.quotes) and claim.quotes[0].document == lead_document
        if same and claim.kind == "fact" and short_answer(brief, "grounded", [claim])[0] == NO:
            return [claim, *kept[:at], *kept[at + 1 :]], ""
    return kept, focus


def compose_answer(question: Question, evidence: Evidence, context: ComposeContext) -> Answer:
    claims, discarded, moved = _verified_claims(evidence.selections, context)
    claims = [_with_columns(claim, context) for claim in claims]
    discarded = list(dict.fromkeys([*evidence.discarded, *discarded]))  # once each, in order
    calculations, refused = _calculations(question.question, claims)
    claims += [_assessment(c, claims) for c in calculations]
    findings = critique(question.question, claims, context.chunk_of, context.titles)
    findings += tuple(Finding("conflict", -1, note) for note in evidence.conflicts)
    kept, dropped = _validate(claims, calculations)
    entailment, model_pass = _entailment(claims, kept, context.entail)
    focus = evidence.selections[0].focus if evidence.selections else ""
    kept, focus = _denial_first(evidence.brief, kept, focus)
    parts = _part_sentences(evidence.selections)
    row = _row_context(kept, focus, context)
    place = _lead_place(kept, context)
    denied = bool(kept) and short_answer(evidence.brief, "grounded", kept, focus)[0] == NO
    # a demand ('at least annually') is moot for a practice the documents say is not followed
    read = _as_read(kept, context)  # "The IRP ⟨Incident Response Plan⟩ is tested annually"
    demands = () if denied else _as_source(_demands(evidence.brief, read))
    missing = _missing_facts(evidence, denied)
    findings += entailment + _language(evidence, kept) + demands
    findings += _model_failure(evidence, kept) + _event_unquoted(question, kept)
    verdict: Verdict = "escalate" if findings else "grounded" if kept else "unsupported"
    short, doubt = short_answer(evidence.brief, verdict, kept, focus, parts, row, place)
    if calculations and verdict == "grounded":  # the figure asked for is the calculator's
        short, doubt = calculations[0].result, None
    if doubt is not None:
        findings += (doubt,)
        verdict, short = "escalate", NEEDS_REVIEW
    validation = Validation(
        statements_checked=len(claims),
        supported=len(kept),
        dropped=len(dropped),
        discarded_quotes=len(discarded),
        critic_model_pass=model_pass,
    )
    return Answer(
        question_id=question.question_id,
        question=question.question,
        verdict=verdict,
        answer=_prose(short, kept, missing, context.titles, evidence.disclosures),
        claims=tuple(kept),
        discarded_quotes=tuple(discarded),
        missing_facts=missing,
        searches=evidence.searches,
        fields=question.fields,
        dropped_claims=tuple(dropped + refused),
        findings=findings,
        validation=validation,
        calculations=tuple(calculations),
        disclosures=evidence.disclosures,
        reattributions=tuple(moved),
        short_answer=short,
        related=evidence.related,
    )


def _as_read(claims: Sequence[Claim], context: ComposeContext) -> list[Claim]:
    """The claims as the demand check reads them: each short name a quote's document
    defines spelled out after it ("The IRP ⟨Incident Response Plan⟩ is tested at least
    annually"), so that a frequency stated of the plan by the name its document gave it
    meets the demand made of the plan. The answer keeps the quotes as the source has
    them, and the short answer reads them as they are."""
    read = []
    for claim in claims:
        quotes = tuple(
            replace(q, text=spelled_in(q.text, context.definitions(q.document)))
            for q in claim.quotes
        )
        own = context.definitions(claim.quotes[0].document) if claim.quotes else {}
        read.append(replace(claim, text=spelled_in(claim.text, own), quotes=quotes))
    return read


def _as_source(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """The findings with their details in the source's words: what ``_as_read`` spelled
    out taken back ("the ISM ⟨Information Security Manager⟩ in writing" is shown as the
    quote has it, "the ISM in writing")."""
    return tuple(replace(f, detail=unspelled(f.detail)) for f in findings)


def _with_columns(claim: Claim, context: ComposeContext) -> Claim:
    """The claim with each quote that is a table row given its table's column headers
    (read across the passage break when its passage continues a table): "Daily
    incremental | Nightly at 22:00 | 90 days" says nothing to a reader who does not
    see that 90 days is the retention column. Only a whole row: a part of one would be
    read against columns it does not hold, nor is a row whose cells the header does not
    line up with (an escaped pipe in a header cell). An empty header cell stays, empty,
    so that the columns line up with the row's cells."""
    quotes = []
    for quote in claim.quotes:
        chunk = context.chunk_of(quote.chunk_id)
        at = quote.start - chunk.start if chunk else -1
        if (
            chunk is None
            or not 0 <= at <= len(chunk.text)
            or not _whole_line(chunk.text, at, quote)
        ):
            quotes.append(quote)
            continue
        columns = table_header(chunk.text, at) or _header_before(chunk, at, context)
        shown = tuple(_cell_text(c) for c in columns)
        lined_up = "|" not in quote.text or len(shown) == len(table_cells(quote.text))
        quotes.append(replace(quote, columns=shown if any(shown) and lined_up else ()))
    return replace(claim, quotes=tuple(quotes))


def _whole_line(text: str, at: int, quote: Quote) -> bool:
    """Whether the quote is the whole line it starts on (a row's outer pipes aside)."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : end if end >= 0 else len(text)]
    return line.strip(" |\t") == quote.text.strip(" |\t")


def _cell_text(cell: str) -> str:
    """A header cell as a reader sees it: Markdown escapes and emphasis marks aside
    ("Self-hosted\\*" is "Self-hosted*", "**Retention**" is "Retention"), a link's or
    code's text for the link or code ("[Retention](https://...)" is "Retention"), a
    line break or other tag a space."""
    text = _MARKDOWN_LINK.sub(r"\1", cell).replace("`", "")
    text = _MARKDOWN_ESCAPE.sub(r"\1", _HTML_TAG.sub(" ", text))
    return " ".join(_EMPHASIS.sub(r"\2", text).split())


_MARKDOWN_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_HTML_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]{0,40})?/?>")
_MARKDOWN_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])")
_EMPHASIS = re.compile(r"(?<!\w)(\*\*|__|\*|_)(\S(?:.*?\S)??)\1(?!\w)")


def _lead_place(claims: Sequence[Claim], context: ComposeContext) -> str:
    """The lead quote's document title and the headings above it: what it is about."""
    if not claims or not claims[0].quotes:
        return ""
    quote = claims[0].quotes[0]
    chunk = context.chunk_of(quote.chunk_id)
    return f"{context.titles.get(quote.document, '')} {chunk.heading if chunk else ''}".strip()


def _row_context(claims: Sequence[Claim], focus: str, context: ComposeContext) -> TableRow | None:
    """For a lead quote that is a table row: its table's column headers (read across
    the passage break when the row's passage continues a table) and the headings above
    it; for a list item, its lead-in line and the headings (which name a list's lead-in
    when the list is a passage of its own); else None."""
    if not claims or not claims[0].quotes:
        return None
    quote = claims[0].quotes[0]
    chunk = context.chunk_of(quote.chunk_id)
    if chunk is None:
        return None
    at = quote.start - chunk.start
    if focus:
        found = chunk.text.find(focus, max(at, 0))
        at = found if found >= 0 else at
    header = table_header(chunk.text, at) or _header_before(chunk, at, context)
    if header:
        return TableRow(header, chunk.heading, aligned_cells(chunk.text, at))
    if not is_list_item(chunk.text, at):
        return None
    lead_in = list_lead_in(chunk.text, at) or _lead_in_before(chunk, at, context)
    return TableRow((), f"{lead_in} {chunk.heading}".strip())


def _lead_in_before(chunk: Chunk, at: int, context: ComposeContext) -> str:
    """The line introducing a list that is a passage of its own, when the passage before
    it ends with it ("5.3 Passwords. Passwords for Northbirch accounts ... must meet the
    following requirements:" over "* Minimum length: 12 characters"), or ""."""
    before = [c for c in context.siblings(chunk.document) if c.end <= chunk.start]
    if not before:
        return ""
    above = f"{before[-1].text}\n\n"
    return list_lead_in(f"{above}{chunk.text}", len(above) + at)


def _header_before(chunk: Chunk, at: int, context: ComposeContext) -> tuple[str, ...]:
    """The column headers of a table a passage continues, from the passage before it
    in the same document ("| A.7.4 | ... | No |" in a Statement of Applicability cut
    into passages); none when there is no such passage."""
    before = [c for c in context.siblings(chunk.document) if c.end <= chunk.start]
    above = ""
    for back, previous in enumerate(reversed(before[-_TABLE_PASSAGES:])):
        if back and previous.heading != chunk.heading:
            break  # a long table cut into several passages stays under one heading
        above = f"{previous.text}\n{above}"
        header = table_header(f"{above}{chunk.text}", len(above) + at)
        if header or not all("|" in line for line in previous.text.splitlines() if line.strip()):
            return tuple(header)
    return ()


_TABLE_PASSAGES = 12  # passages of one table at most read back for its header


def _part_sentences(selections: Sequence[Selection]) -> dict[int, str]:
    """For each further part of the question, the sentence research chose for it."""
    parts: dict[int, str] = {}
    for selection in selections[1:]:
        if selection.fact > 0 and selection.quotes:
            parts.setdefault(selection.fact, selection.focus or selection.quotes[0])
    return parts


def _missing_facts(evidence: Evidence, denied: bool) -> tuple[str, ...]:
    """What the answer says was not found. Beside a No a demand of the question's
    wording ("at least every 90 days") is moot, as its finding is: a practice the
    documents say is not followed has no schedule to fall short of."""
    moot = set(evidence.brief.demands) if denied else set()
    return tuple(m.text for m in evidence.missing_facts if m.part not in moot)


def _language(evidence: Evidence, kept: list[Claim]) -> tuple[Finding, ...]:
    """A question the engine could not read is for a person, not "not covered"."""
    if kept or evidence.brief.english:
        return ()
    detail = "the question is not in English; the offline engine reads English only"
    return (Finding("language", -1, detail),)


def _event_unquoted(question: Question, kept: list[Claim]) -> tuple[Finding, ...]:
    """A question about what happened ("Have you had a breach in the last 12 months?")
    is for a person, quoted or not: policies state rules, not events, so "not covered"
    would tell a customer nothing true about the vendor. (A quoted one gets the same
    finding from the short answer.)"""
    if kept or not asks_what_happened(question.question):
        return ()
    return (replace(EVENT, claim=-1),)


def _model_failure(evidence: Evidence, kept: list[Claim]) -> tuple[Finding, ...]:
    """An answer the model could not give says nothing of the documents: it is for
    a person (or the next build), never "not covered"."""
    if kept or not evidence.model_failed:
        return ()
    return (Finding("model", -1, "the model could not be used; the documents were not read"),)


def _demands(brief: Brief, kept: list[Claim]) -> tuple[Finding, ...]:
    """A demand of the question ("at least 60 days") that the quoted value falls
    short of ("retained for 35 days"), or a measured one ("within 24 hours", "at
    least annually") no quote states a value for: a Yes would tell the customer the
    practice meets it. A person decides. ("Regularly" names no measure: it stays a
    missing fact beside the answer.)"""
    quoted = [q.text for claim in kept if claim.kind == "fact" for q in claim.quotes]
    asked = qualifiers_asked(brief.query)  # "for non-production systems ... at least ..."
    findings = []
    for fact in brief.facts:
        if fact.text not in brief.demands or not quoted:
            continue
        short = demand_shortfall(fact, quoted, asked)
        if short is not None:
            detail = f"the documents state {short}; the question asks {fact.text}"
            findings.append(Finding("demand", -1, detail))
        elif (measure := demand_measure(fact)) and all(
            demand_met(fact, text, asked) is None for text in quoted
        ):
            detail = f"the question asks {fact.text}; no quote states such a {measure}"
            findings.append(Finding("demand", -1, detail))
    return tuple(findings)


def answer_prose(question: Question, evidence: Evidence, context: ComposeContext) -> str:
    """The prose ``compose_answer`` writes for the evidence, alone (what the model
    engine's acceptance check reads)."""
    return compose_answer(question, evidence, context).answer


def _verified_claims(
    selections: tuple[Selection, ...], context: ComposeContext
) -> tuple[list[Claim], list[DiscardedQuote], list[Reattribution]]:
    """Each proposed quote verified against its passage; one found instead in
    exactly one other passage of the same document is re-attributed, and recorded."""
    claims: list[Claim] = []
    discarded: list[DiscardedQuote] = []
    moved: list[Reattribution] = []
    for selection in selections:
        chunk = context.chunk_of(selection.chunk_id)
        if chunk is None:
            reason = "dangling citation: this build holds no passage with that id"
            discarded += [
                DiscardedQuote(q, "", selection.chunk_id, reason) for q in selection.quotes
            ]
            continue
        quotes = []
        for text in selection.quotes:
            siblings = context.siblings(chunk.document)
            check = context.verifier.verify_in_document(text, chunk, siblings)
            quote = check.quote
            if quote is None:
                discarded.append(DiscardedQuote(text, chunk.document, chunk.chunk_id, check.reason))
                continue
            quotes.append(quote)
            if check.reattributed_from:
                moved.append(
                    Reattribution(
                        quote.text, chunk.document, check.reattributed_from, quote.chunk_id
                    )
                )
        if quotes and selection.claim:
            claims.append(_with_claim(claims, selection.claim, quotes))
        elif quotes:
            claims.append(Claim(" ".join(fold_whitespace(q.text) for q in quotes), tuple(quotes)))
    return claims, discarded, moved


def _calculations(
    question: str, claims: list[Claim]
) -> tuple[list[Calculation], list[DroppedClaim]]:
    quoted = [q.text for c in claims for q in c.quotes]
    planned = calculate.plan(question, quoted)
    if planned is None:
        return [], []
    try:
        return [calculate.calculate(planned.operation, planned.operands, quoted)], []
    except calculate.CalculatorRefusal as refusal:
        call = f"{planned.operation}({', '.join(planned.operands)})"
        return [], [DroppedClaim(call, f"calculator refused: {refusal}")]


def _assessment(calculation: Calculation, claims: list[Claim]) -> Claim:
    """The calculator's result as a statement, citing the quotes that hold its operands."""
    sources = tuple(
        q
        for c in claims
        for q in c.quotes
        if any(calculate.appears(operand, q.text) for operand in calculation.operands)
    )
    return Claim(
        calculation.result, sources, kind="assessment", basis=assessment_basis(calculation)
    )


def assessment_basis(calculation: Calculation) -> str:
    """How an assessment was derived, as its statement says."""
    return f"calculator: {calculation.operation} of quoted figures, {calculation.expression}"


def _validate(
    claims: list[Claim], calculations: list[Calculation]
) -> tuple[list[Claim], list[DroppedClaim]]:
    """A claim survives when every number in it occurs in one of its quotes or is
    a calculator result; a claim without a verified quote never survives."""
    results = {_THOUSANDS.sub("", n) for c in calculations for n in _FIGURE.findall(c.result)}
    kept: list[Claim] = []
    dropped: list[DroppedClaim] = []
    for claim in claims:
        if not claim.quotes:
            dropped.append(DroppedClaim(claim.text, "no verified quote supports it"))
            continue
        quoted = _THOUSANDS.sub("", " ".join(fold_whitespace(q.text) for q in claim.quotes))
        figures = [_THOUSANDS.sub("", n) for n in _FIGURE.findall(claim.text)]
        unsupported = [n for n in figures if n not in results and not calculate.appears(n, quoted)]
        if unsupported:
            reason = f"the number {unsupported[0]} occurs in none of its quotes"
            dropped.append(DroppedClaim(claim.text, reason))
        else:
            kept.append(claim)
    return kept, dropped


def _entailment(
    claims: list[Claim], kept: list[Claim], entail: Entail | None
) -> tuple[tuple[Finding, ...], bool]:
    """Ask the model pass about each kept FACT (findings index ``claims``, as the
    critic's do); it ran when every one of them was checked."""
    held = {id(c) for c in kept}
    facts = [(i, c) for i, c in enumerate(claims) if c.kind == "fact" and id(c) in held]
    if entail is None or not facts:
        return (), False
    findings: list[Finding] = []
    complete = True
    for index, claim in facts:
        result = entail(claim.text, [q.text for q in claim.quotes])
        complete = complete and result.checked
        if result.entailed is False:
            detail = "the model judged its quotes do not establish it" + (
                f": {result.reason}" if result.reason else ""
            )
            findings.append(Finding("entailment", index, detail))
    return tuple(findings), complete


# What an answer without statements says after its short answer: only "Not covered"
# says the documents do not answer (an escalated one, e.g. a question the engine
# cannot read, is for a person to answer, and says nothing about the documents).
_UNANSWERED = {
    NOT_COVERED: "the documents do not answer this question.",
    NEEDS_REVIEW: "a person must answer this question (the engine drew no statement from "
    "the documents that it could check).",
}


def _prose(
    short: str,
    claims: list[Claim],
    missing: tuple[str, ...],
    titles: Mapping[str, str],
    disclosures: tuple[str, ...],
) -> str:
    """The short answer first, then the quotes with their documents' titles (paths
    belong to the citations), then what the documents do not cover."""
    if not claims:
        lines = [f"{short}: {_UNANSWERED.get(short, _UNANSWERED[NOT_COVERED])}"]
        lines += [f"- {fact}" for fact in missing]
        return "\n".join(lines)
    lines = [f"{short}. The documents state:"]
    for claim in claims:
        if claim.kind != "fact":
            continue
        if claim.text != " ".join(fold_whitespace(q.text) for q in claim.quotes):
            lines.append(f"- {claim.text}")  # a drafted claim, then the quotes that support it
            lines += [
                f"  - “{fold_whitespace(q.text)}” ({_title(q, titles)})" for q in claim.quotes
            ]
        else:
            lines += [f"- “{fold_whitespace(q.text)}” ({_title(q, titles)})" for q in claim.quotes]
    lines += [f"Calculated: {c.text} ({c.basis})." for c in claims if c.kind == "assessment"]
    lines += disclosures
    if missing:
        lines.append("Not covered by the documents:")
        lines += [f"- {fact}" for fact in missing]
    return "\n".join(lines)


def prose_of(answer: Answer, titles: Mapping[str, str]) -> str:
    """The prose ``compose_answer`` writes for an answer's own short answer,
    statements, missing facts and disclosures."""
    claims = list(answer.claims)
    return _prose(answer.short_answer, claims, answer.missing_facts, titles, answer.disclosures)


def _title(quote: Quote, titles: Mapping[str, str]) -> str:
    """The quote's document title, and a table row's columns ("Backup Standard; a table
    row, columns: Type, Schedule, Retention")."""
    title = titles.get(quote.document, quote.document)
    return f"{title}; {_row_columns(quote)}" if quote.columns else title


def _row_columns(quote: Quote) -> str:
    """How a table row's columns are shown beside it."""
    return "a table row, columns: " + ", ".join(c or "—" for c in quote.columns)


def _with_claim(claims: list[Claim], text: str, quotes: list[Quote]) -> Claim:
    """A model-written claim whose quotes span several passages arrives as one
    selection per passage: they become one claim again."""
    if claims and claims[-1].text == text:
        return Claim(text, claims.pop().quotes + tuple(quotes))
    return Claim(text, tuple(quotes))
