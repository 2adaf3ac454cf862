"""Candidate sentences for one question, described by the scorer's features and scored.

The candidates are the sentences of the passages the searches surfaced, from
documents that may ground current practice. Each is described by the features
``scoring.SENTENCE_FEATURES`` names, in that order, and scored by the fitted
sentence model; the question as a whole by ``scoring.ANSWER_FEATURES``.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from dossier.common.textutil import (
    LIGHT_VERBS,
    STOPWORDS,
    content_terms,
    fold_whitespace,
    stem,
    words,
)
from dossier.index.embed import Vectors
from dossier.index.hybrid import HybridIndex
from dossier.ingest.control_block import a_control_table, only_control_fields
from dossier.ingest.definitions import glossed, spelled_in
from dossier.ingest.sentences import (
    Sentence,
    a_reference,
    about_definitions,
    breadcrumb,
    byline,
    contents_entry,
    faq_question,
    in_glossary_table,
    in_revision_history,
    is_question,
    is_table_header,
    list_lead_in,
    only_links,
    points_elsewhere,
    routes_a_question,
    table_header,
    table_lead_in,
    template_guidance,
    under_a_draft_heading,
    withdraws_its_value,
)
from dossier.records import Chunk
from dossier.research import thesaurus
from dossier.research.qualifiers import another_qualifier
from dossier.research.scoring import MARKUP, NORMATIVE, PURPOSE, Scorer, log_length
from dossier.research.values import ASKS_PATTERN, KINDS_OF_DOCUMENT

# A document-control block's own title field: "Title: Incident Response Plan".
_OWN_TITLE = re.compile(r"^\s*(?:document\s+)?title\s*:\s*(.+)$", re.I | re.M)
_DOCUMENT_KINDS = KINDS_OF_DOCUMENT | {stem(w) for w in ("policy", "procedure", "document")}
KEY_TERMS = 3  # the rarest terms of the ask: what a sentence must name to answer it
# The general words published questionnaires (CAIQ above all) wrap an ask in: "risk
# management policies and procedures associated with changing assets", "the origin,
# nature, particularity, and severity of risks", "to adopt and communicate", "to enable
# scheduled and emergency responses", "an industry-recognized framework", "mandated by
# the governance program", "whenever a deviation ... occurs", "can actually be recovered",
# "all relevant interoperable endpoints", HECVAT's "well-documented": however rare in a
# corpus, a page stating the practice in its own words has no reason to use them.
QUESTIONNAIRE_WORDING = frozenset(
    stem(w)
    for w in """associated associate related relating pertaining relevant appropriate
    appropriately adopt adopted ensure ensuring practice practices
    particularity nature aspect aspects manner type types respective various overall
    regarding concerning
    enable enables enabling mandated industry recognized recognised actually really
    program programs programme programmes regardless whenever occur occurs occurring
    interoperable based
    potential potentially possible possibly corresponding strong structured approach
    everyone considering addition additionally well
    """.split()
)
# Words that name neither the practice nor its subject, however rare in a corpus: the
# kind of value asked for ("timeframe", "frequency", "a set number", "the algorithm",
# "the minimum TLS version": a value of that kind answers it, "TLS 1.2 or higher", not
# the word; "which countries or regions": a place answers it), light verbs
# (``LIGHT_VERBS``), questionnaire wording and the prefixes a hyphen leaves alone
# ("non-disclosure", "pre-employment").
# Never key terms (they stay terms of the ask): "within what time frame are they answered"
# asks a period, it names no practice; "Do you permit customers to conduct their own
# penetration tests?" asks about the tests ("as permitted by the agreement" names none).
NOT_KEY = (
    frozenset(
        stem(w)
        for w in """timeframe timeframes timescale timescales time frequency frequent period periods
    duration interval intervals number fast quickly soon often long many much algorithm non pre
    minimum maximum country countries region regions location locations geographic
    geographical frame frames answered permit permits permitted allow allows allowed
    """.split()
    )
    | LIGHT_VERBS
    | QUESTIONNAIRE_WORDING
)
# A sentence naming none of the ask's key terms still names the ask when its own words
# state this many of the ask's terms, carrying this share of their IDF weight
# (``names_the_ask``).
NAMED_TERMS = 2
NAMED_COVERAGE = 0.4
DESCRIBED_HELD = 100_000  # sentences' word features kept for reuse (about 50 MB)


class TermStats:
    """Inverse document frequency of stemmed terms over the passages."""

    def __init__(self, passage_terms: Iterable[set[str]]) -> None:
        counts: Counter[str] = Counter()
        total = 0
        for terms in passage_terms:
            counts.update(terms)
            total += 1
        self._count = total
        self._df = counts
        self._vocabulary = frozenset(counts)
        self._idf: dict[str, float] = {}
        self._weights: dict[tuple[str, ...], tuple[tuple[tuple[str, float], ...], float]] = {}

    def idf(self, term: str) -> float:
        known = self._idf.get(term)
        if known is None:
            known = self._idf[term] = math.log(
                1 + (self._count + 1) / (self._df.get(term, 0) + 0.5)
            )
        return known

    def said(self, term: str) -> bool:
        """Whether any passage of the corpus says the term or a thesaurus alternative."""
        return thesaurus.says(term, self._vocabulary)

    def coverage(self, wanted: Sequence[str], present: set[str] | frozenset[str]) -> float:
        """The IDF-weighted share of ``wanted`` that ``present`` states (or a thesaurus
        alternative of it)."""
        weighted, total = self._weighted(tuple(wanted))
        if total == 0:
            return 0.0
        return sum(w for t, w in weighted if thesaurus.says(t, present)) / total

    def _weighted(self, terms: tuple[str, ...]) -> tuple[tuple[tuple[str, float], ...], float]:
        """Each term with its IDF, and their sum (kept: an ask's terms are weighed
        against every candidate sentence)."""
        known = self._weights.get(terms)
        if known is None:
            weighted = tuple((t, self.idf(t)) for t in terms)
            known = self._weights[terms] = (weighted, sum(w for _, w in weighted))
        return known

    def rarest(self, terms: Sequence[str], count: int = KEY_TERMS) -> tuple[str, ...]:
        """The ``count`` rarest of ``terms`` that can name what is asked (``NOT_KEY``)."""
        naming = [t for t in terms if t not in NOT_KEY] or list(terms)
        return tuple(sorted(naming, key=lambda t: (-self.idf(t), t))[:count])


@dataclass(frozen=True)
class Ask:
    """What the scorer needs of a brief."""

    terms: tuple[str, ...]  # the core ask's stemmed terms
    key: tuple[str, ...]  # its rarest terms
    kind: str | None  # the kind of value asked for: frequency, duration, number, or None
    about_document: bool
    core: Vectors  # the core ask's vector
    question: Vectors  # the question's vector
    qualifiers: frozenset[str] = frozenset()  # grades, states of data it names
    wants_link: bool = False  # asks where something is published ("Provide the URL.")
    # asks who approved or owns a document, or when it is reviewed (a PDF cover's
    # document-control table then answers: ``a_control_table``)
    wants_control: bool = False
    # what a yes/no item opening with its subject asks about: each conjunct's stems, the
    # last naming it ("background", "verif" of "background verification policies")
    subject: tuple[tuple[str, ...], ...] = ()
    # what such an item says is done to its subject, as stems, any of which states it
    # ("autom" of "Is the remediation of vulnerabilities automated?"); empty when it
    # says nothing more distinctive than "performed" or "implemented"
    predicate: tuple[str, ...] = ()
    # terms the question writes beside a word of the ask that no document of the corpus
    # says ("desk" of "clean desk" where none says "clean"): naming them alone names
    # another thing ("... lock their screen when leaving their desk")
    lone: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Candidate:
    sentence: Sentence
    passage_rank: int  # 0 = the passage the searches ranked first
    features: tuple[float, ...]
    score: float

    def feature(self, name: str) -> float:
        from dossier.research.scoring import SENTENCE_FEATURES

        return self.features[SENTENCE_FEATURES.index(name)]


# The aims every security document states, as one phrase: "protects the confidentiality,
# integrity and availability of that information" names no practice of confidentiality
# (an NDA, concealing data on a desk) nor of availability (an uptime SLA).
_SECURITY_AIMS = re.compile(
    r"\b(?:confidentiality|integrity|availability)(?:,?\s+(?:and\s+|&\s+|or\s+)?"
    r"(?:confidentiality|integrity|availability)){2}\b|\bCIA\s+triad\b",
    re.I,
)


def practice_terms(text: str) -> list[str]:
    """The content terms of a sentence, the security aims it names as one phrase aside
    (``_SECURITY_AIMS``)."""
    return content_terms(_SECURITY_AIMS.sub(" ", text))


def names_the_ask(ask: Ask, candidate: Candidate, glossary: str = "") -> bool:
    """Whether a sentence (or a heading above it) names what is asked: one of the
    ask's key terms (its rarest, or a thesaurus alternative), or, in its own words,
    at least ``NAMED_TERMS`` of the ask's terms carrying at least ``NAMED_COVERAGE``
    of their IDF weight. A lead that names neither is about something near the ask,
    not the ask ("encryption keys are stored in KMS" against "can customers bring
    their own keys?"), however close in meaning: the engine does not answer on it.
    A rule, not a fitted weight: the threshold is fitted without it.

    Leave-one-corpus-out on policies-a and policies-d (built figures), the key-term
    rule raised correct abstention in both folds (a 0.861 -> 0.889, d 0.720 ->
    0.800) for one right answer on policies-d. The second way in is for plainly
    written documents, whose words are not the questionnaire's rarest ones
    ("Accounts must not be shared." of "Are shared or generic user accounts
    prohibited?", "Contractor accounts are set to expire after six months" of "Do
    third-party accounts expire automatically?"). It changed no answer on either
    public set as shipped; held out (leave-one-corpus-out) policies-a answered one
    more question wrongly, from a purpose statement. On ten corpora new users wrote
    (template packs, published guidance, policy packs, wiki exports) it turned four
    false "Not covered" into right answers and answered no uncovered question. Two
    named terms alone, without the weight, answered three uncovered questions there
    from sentences about a neighbouring subject ("Employee records are retained for
    7 years" of job applicants' records)."""
    if not ask.key:
        return True
    present = frozenset(practice_terms(f"{candidate.sentence.text} {glossary}"))
    if candidate.feature("key_coverage") > 0 and (
        not ask.lone & set(ask.key)
        or any(thesaurus.says(k, present) for k in set(ask.key) - ask.lone)
    ):
        return True
    if candidate.feature("coverage") < NAMED_COVERAGE:
        return False
    named = [t for t in ask.terms if t not in NOT_KEY | ask.lone and thesaurus.says(t, present)]
    return len(named) >= NAMED_TERMS


def lone_terms(wording: str, terms: Sequence[str], stats: TermStats) -> frozenset[str]:
    """The ask's terms written right after another of its terms that no passage of the
    corpus says (nor a thesaurus alternative of it), the word before modifying them:
    "desk" of "Is there a clean desk policy?" where no document says "clean". The head
    of a compound named alone names another thing than the compound (a word the corpus
    lacks after a term, "duties principle", is a generic head, no modifier)."""
    asked = [t for t in terms if t not in NOT_KEY]
    written = words(_EXAMPLES_GIVEN.sub(" . ", wording))
    said = [w.lower() for w in written]
    lone: set[str] = set()
    for at, (first, second) in enumerate(itertools.pairwise(stem(w) for w in said)):
        if first not in asked or second not in asked or first == second:
            continue
        if written[at][:1].isupper() and written[at + 1][:1].isupper() and at > 0:
            continue  # a name: "Payment Card Industry Data Security Standard (PCI DSS)"
        # "security and privacy training": one of two kinds of training asked; "granting
        # access", "encrypted data", "rights reviewed": a verb and its object or subject
        coordinated = at > 0 and said[at - 1] in ("and", "or")
        verb = said[at].endswith(("ing", "ed")) or said[at + 1].endswith(("ing", "ed"))
        whose = first in _WHOSE  # "user access": access, whoever's it is
        quality = first in _QUALITIES  # "complex passwords": described in other words
        if not stats.said(first) and not (coordinated or verb or whose or quality):
            lone.add(second)
    return frozenset(t for t in lone if stats.said(t))


# Words saying whose a thing is, no kind of it: "user access", "customer data".
_WHOSE = frozenset(
    stem(w)
    for w in "user employee staff personnel people workforce member individual customer client "
    "organization company data information".split()
)
# Words of a quality, which a document describes rather than names ("upper case letters,
# digits and symbols" of complex passwords; "shredded" of secure disposal).
_QUALITIES = frozenset(
    stem(w)
    for w in "secure complex strong robust effective adequate appropriate proper formal "
    "regular timely periodic comprehensive sufficient reasonable suitable safe reliable "
    "unique random minimum maximum".split()
)
# Examples a question gives of what it asks ("mobile media such as external hard drives,
# thumb drives, DVDs, etc."): no compound of the ask.
_EXAMPLES_GIVEN = re.compile(
    r"\b(?:such\s+as|e\.g\.?|for\s+example|including|like)\b[^.;:?()]*", re.I
)


def _folded(text: str) -> str:
    """A line as compared with a title: case, spacing and a closing colon aside."""
    return fold_whitespace(text).strip(" :").lower()


def _repeats_title(text: str, names: set[str]) -> bool:
    """Whether a line only repeats its document's title or its heading: a few words
    with no full stop ("Incident Response Plan" on a cover page; in capitals between
    rules, within a title made of its file's name: "SECURITY INCIDENT RESPONSE PLAN" of
    "IRP 004 Security Incident Response Plan"). A sentence a PDF's first line made the
    title ("Customer data is encrypted at rest.") still states."""
    said = _RULE_LINE.sub("", text)  # (a plain-text title between rules of "=" signs)
    folded = _folded(said)
    return (
        len(said.split()) <= _TITLE_WORDS
        and not said.rstrip().endswith(".")
        and bool(folded)
        and (folded in names or (said.strip().isupper() and any(folded in n for n in names if n)))
    )


_TITLE_WORDS = 10
# A line of one character repeated: a rule over or under a plain-text title.
_RULE_LINE = re.compile(r"^[ \t]*([=*_~#-])\1{3,}[ \t]*$", re.M)


def _page_header(text: str, names: set[str]) -> bool:
    """Whether a run of lines is a wiki page's header as its PDF export gives it, read as
    one sentence for want of a full stop: two or more of its lines are its breadcrumb
    trail, its title or its byline ("Security & Compliance / Policies & Standards /
    Incident Response Plan" / "Incident Response Plan" / "Created by ..., last updated
    ..." / "Document ID IRP-007 Version 3.2" / ...). It places and dates the page; it
    states nothing done (it led an answer on incident response plan testing)."""
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 2 or any(line.rstrip().endswith(".") for line in lines):
        return False
    furniture = [
        line for line in lines if breadcrumb(line) or byline(line) or _folded(line) in names
    ]
    return len(furniture) >= 2


class CandidateScorer:
    """Describes and scores candidate sentences against the index's corpus."""

    def __init__(self, index: HybridIndex, titles: Mapping[str, str], scorer: Scorer) -> None:
        self.index = index
        self.scorer = scorer
        self._titles = titles
        self._title_terms = {path: frozenset(content_terms(t)) for path, t in titles.items()}
        self._heading_terms = {
            c.chunk_id: frozenset(content_terms(c.heading)) for c in index.chunks
        }
        passage_terms = [
            set(content_terms(f"{titles.get(c.document, '')} {c.heading} {c.text}"))
            for c in index.chunks
        ]
        self.stats = TermStats(passage_terms)
        self.vocabulary: frozenset[str] = frozenset().union(*passage_terms)
        self._sentence_terms: dict[str, frozenset[str]] = {}
        self._read: dict[Sentence, str] = {}  # each sentence as checks read it, once
        self._header_read: dict[tuple[str, int], frozenset[str]] = {}  # per sentence, once
        self._described: dict[tuple[object, ...], tuple[float, ...]] = {}

    def vocabulary_share(self, terms: Sequence[str]) -> float:
        """The IDF-weighted share of ``terms`` found anywhere in the corpus (or a
        thesaurus alternative): a question whose key terms occur nowhere ('sudo',
        'HSTS') asks about something the documents do not discuss."""
        return self.stats.coverage(terms, self.vocabulary)

    def rank(self, ask: Ask, passages: Sequence[str]) -> list[Candidate]:
        """The sentences of ``passages`` (chunk ids, best first), best-scored first;
        none that is about a sibling of what the question names (``qualifiers``:
        another grade, data in transit for data at rest), none that asks (a FAQ's
        question line), none that only names a document's path (a map of the
        documents), none that is only links unless the question asks for one
        (``Ask.wants_link``: a link list names documents, it says nothing done),
        none that only repeats its document's title or its heading (a cover page's
        "Incident Response Plan" names the plan, it states nothing of it)
        and none of a glossary or a section of definitions (it says
        what a word means, not that the organisation does it)."""
        rows: list[tuple[Sentence, int, Vectors, float]] = []
        read = self.index.sentences_of(passages)
        for rank, (chunk_id, (sentences, vectors)) in enumerate(zip(passages, read, strict=True)):
            chunk = self.index.chunk(chunk_id)
            if about_definitions(self._titles.get(chunk.document, ""), chunk.heading):
                continue  # a glossary says what words mean, not what is done
            passage = float(self.index.similarity(ask.core, [chunk_id])[0])
            text = chunk.text
            names = {_folded(self._titles.get(chunk.document, "")), _folded(chunk.heading)}
            rows += [
                (s, rank, vectors[i], passage)
                for i, s in enumerate(sentences)
                if not another_qualifier(ask.qualifiers, s.text)
                and not is_table_header(text, s.start)
                and not is_question(s.text)
                and not points_elsewhere(s.text)
                and not a_reference(text, s.start, chunk.heading)
                and not in_revision_history(text, s.start, chunk.heading)
                and not in_glossary_table(text, s.start)
                and not under_a_draft_heading(s.text, chunk.heading)
                and not template_guidance(text, s.start)
                and not breadcrumb(s.text)
                and not contents_entry(s.text)
                and not byline(s.text)
                and not routes_a_question(s.text)
                and not _repeats_title(s.text, names)
                and not _page_header(s.text, names)
                and not only_control_fields(s.text)
                and not (ask.kind and withdraws_its_value(s.text))
                and not (a_control_table(s.text) and not self._own_control(ask, s))
                and (ask.wants_link or not only_links(s.text))
            ]
        if not rows:
            return []
        cos_core = np.array([float(v @ ask.core) for _, _, v, _ in rows])
        best = float(cos_core.max())
        features = [
            self._features(ask, s, rank, float(c), float(v @ ask.question), passage, best)
            for (s, rank, v, passage), c in zip(rows, cos_core, strict=True)
        ]
        scores = self.scorer.sentence.logit(np.asarray(features, dtype=np.float64))
        ranked = [
            Candidate(s, rank, tuple(f), round(float(score), 6))
            for (s, rank, _, _), f, score in zip(rows, features, scores, strict=True)
        ]
        return sorted(ranked, key=lambda c: (-c.score, c.passage_rank, c.sentence.start))

    def answer_features(self, ask: Ask, ranked: Sequence[Candidate]) -> tuple[float, ...]:
        lead = ranked[0]
        return (
            lead.score,
            lead.feature("key_coverage"),
            lead.feature("context_coverage"),
            lead.feature("cos_core"),
            max(c.feature("cos_core") for c in ranked),
            self.vocabulary_share(ask.terms),
        )

    def answer_probability(self, ask: Ask, ranked: Sequence[Candidate]) -> float:
        """The probability that the best candidate answers the question (its quote
        states what is asked), given the candidates."""
        if not ranked:
            return 0.0
        row = np.asarray([self.answer_features(ask, ranked)], dtype=np.float64)
        return round(float(self.scorer.answer.probability(row)[0]), 6)

    def terms_of(self, text: str) -> frozenset[str]:
        found = self._sentence_terms.get(text)
        if found is None:
            found = self._sentence_terms[text] = frozenset(practice_terms(text))
        return found

    def sentence_terms(self, sentence: Sentence) -> frozenset[str]:
        """The sentence's terms, with the full name of each short name its document
        defines that it uses ("The IRP is tested" names the incident response plan its
        document defined as "Incident Response Plan (IRP)")."""
        return self.terms_of(sentence.text) | self.terms_of(self.glossed(sentence))

    def glossed(self, sentence: Sentence) -> str:
        """The full names of the short names the sentence's document defines that it
        uses (``definitions.glossed``)."""
        return glossed(sentence.text, self.index.definitions_of(sentence.document))

    def read(self, sentence: Sentence) -> str:
        """The sentence as checks read it: each short name its document defines spelled
        out after it ("The IRP ⟨Incident Response Plan⟩ is tested ...";
        ``definitions.spelled_in``), read once (a question's checks read a candidate
        many times). Never what is quoted."""
        known = self._read.get(sentence)
        if known is None:
            defined = self.index.definitions_of(sentence.document)
            known = self._read[sentence] = spelled_in(sentence.text, defined)
        return known

    def _own_control(self, ask: Ask, sentence: Sentence) -> bool:
        """Whether a document-control block may answer: the question asks about a
        document's approval, owner or review, and the block's own document is the one
        asked about (its title names a term of the ask). An Access Control Standard's
        block naming its "Parent policy: Information Security Policy" says who approved
        the standard, not the policy. The document is named by its title, the block's own
        "Title:" field, or the title's initials ("BCP" of "Business Continuity Plan")."""
        if not ask.wants_control:
            return False
        title = self._titles.get(sentence.document, "")
        named = self._title_terms.get(sentence.document, frozenset()) | set(
            content_terms(" ".join(_OWN_TITLE.findall(sentence.text)))
        )
        initials = "".join(w[0] for w in words(title) if w.lower() not in STOPWORDS).lower()
        naming = [t for t in ask.terms if t not in _DOCUMENT_KINDS] or ask.terms  # not "plan"
        return any(thesaurus.says(t, named) or t == initials for t in naming)

    def _header_terms(self, sentence: Sentence) -> frozenset[str]:
        """A table row's column headers (and the line introducing its table), or a list
        item's lead-in line, read as a heading of it: "High | 7.0-8.9 | 30 days" under
        "Severity | CVSS score | Remediation deadline" states a remediation deadline for
        high severity, as "- High: 15 days" under "Findings must be remediated within
        the following periods:" does."""
        key = (sentence.chunk_id, sentence.start)
        known = self._header_read.get(key)
        if known is None:
            chunk = self.index.chunk(sentence.chunk_id)
            columns = table_header(chunk.text, sentence.start)
            lead_in = self._across_break(table_lead_in, chunk, sentence.start) if columns else ""
            header = " ".join([*columns, lead_in]).strip()
            header = header or list_lead_in(chunk.text, sentence.start)
            header = header or self._across_break(faq_question, chunk, sentence.start)
            known = self._header_read[key] = self.terms_of(header) if header else frozenset()
        return known

    def _across_break(self, read: Callable[[str, int], str], chunk: Chunk, start: int) -> str:
        """What ``read`` finds above the sentence at ``start`` (a table's lead-in line, a
        FAQ answer's question), read across the passage break when it opens its passage
        (the passage before ends with the line)."""
        found = read(chunk.text, start)
        if found:
            return found
        before = [c for c in self.index.passages_of(chunk.document) if c.end <= chunk.start]
        if not before:
            return ""
        previous = before[-1].text
        return read(f"{previous}\n\n{chunk.text}", len(previous) + 2 + start)

    def _features(
        self,
        ask: Ask,
        sentence: Sentence,
        rank: int,
        cos_core: float,
        cos_question: float,
        cos_passage: float,
        best: float,
    ) -> list[float]:
        words = self._words_features(ask, sentence)
        meaning = [cos_core, cos_question, cos_passage, cos_core - best]
        return [*meaning, *words[:5], 1.0 / (1 + rank), *words[5:]]

    def _words_features(self, ask: Ask, sentence: Sentence) -> tuple[float, ...]:
        """The features read from the words alone (kept: a question's research ranks
        the same sentences again after reformulating)."""
        key = (ask.terms, ask.key, ask.kind, ask.about_document, sentence)
        known = self._described.get(key)
        if known is None:
            if len(self._described) >= DESCRIBED_HELD:
                self._described.clear()
            known = self._described[key] = self._read_words(ask, sentence)
        return known

    def _read_words(self, ask: Ask, sentence: Sentence) -> tuple[float, ...]:
        own = self.sentence_terms(sentence)
        heading = self._heading_terms.get(sentence.chunk_id, frozenset()) | self._header_terms(
            sentence
        )
        title = self._title_terms.get(sentence.document, frozenset())
        coverage = self.stats.coverage
        words = len(sentence.text.split())
        pattern = ASKS_PATTERN.get(ask.kind or "")
        value = 0.0 if pattern is None else 1.0 if pattern.search(sentence.text) else -1.0
        return (
            coverage(ask.terms, own),
            coverage(ask.terms, own | heading | title),
            coverage(ask.key, own | heading),
            coverage(ask.terms, title),
            coverage(ask.terms, heading),
            1.0 if ask.about_document and PURPOSE.search(sentence.text) else 0.0,
            1.0 if NORMATIVE.search(sentence.text) else 0.0,
            1.0 if words < 5 else 0.0,
            log_length(words),
            value,
            min(1.0, len(MARKUP.findall(sentence.text)) / 3),
        )
