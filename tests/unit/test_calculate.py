"""The calculator: named operations, operands only from verified quotes, no eval."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dossier.evidence.calculate import CalculatorRefusal, PlannedCall, appears, calculate, plan
from dossier.evidence.compose import ComposeContext, compose_answer
from dossier.evidence.short_answer import short_answer
from dossier.records import Answer, Chunk, Claim, Evidence, Question, Quote, Selection
from dossier.research.brief import make_brief
from dossier.research.values import holds_value

QUOTE = "The in-scope population consisted of 180 personnel, 12 of whom were contractors."


def test_subtract_over_quoted_figures() -> None:
    result = calculate("subtract", ["180", "12"], [QUOTE])
    assert (result.result, result.expression) == ("168", "180 − 12 = 168")


def test_operand_absent_from_quotes_is_refused() -> None:
    with pytest.raises(CalculatorRefusal, match="'999' does not appear"):
        calculate("subtract", ["999", "12"], [QUOTE])


def test_a_figure_inside_a_longer_number_is_not_an_operand() -> None:
    assert appears("12", "12 of whom")
    assert not appears("12", "120 people")
    assert not appears("12", "since 2012.")
    with pytest.raises(CalculatorRefusal):
        calculate("add", ["20", "1"], ["In 2012 we had 120 staff"])


def test_unknown_operation_is_refused_with_the_known_ones() -> None:
    with pytest.raises(CalculatorRefusal, match=r"unknown operation '__import__'.*subtract"):
        calculate("__import__", ["1"], ["1"])


@pytest.mark.parametrize(
    ("operation", "operands", "quote", "expected"),
    [
        ("add", ["2", "3"], "2 and 3", "5"),
        ("multiply", ["4", "$1,500"], "4 seats at $1,500", "6,000"),
        ("divide", ["10", "4"], "10 over 4", "2.5"),
        ("percent_change", ["500", "750"], "from $500 to $750", "50%"),
        ("percentage_of", ["12", "180"], "12 of 180", "6.67%"),
        ("sum", ["1", "2", "3"], "1, 2 and 3", "6"),
        ("average", ["2", "4"], "2 or 4", "3"),
        ("min", ["7", "3"], "7 then 3", "3"),
        ("max", ["7", "3"], "7 then 3", "7"),
        ("date_difference", ["2025-01-01", "2025-03-01"], "2025-01-01 to 2025-03-01", "59 days"),
        ("convert", ["2 weeks", "day"], "kept 2 weeks", "14"),
        ("convert", ["2 GB", "mb"], "up to 2 GB", "2,000"),
    ],
)
def test_each_operation(operation: str, operands: list[str], quote: str, expected: str) -> None:
    assert calculate(operation, operands, [quote]).result == expected


def test_division_by_zero_is_a_refusal_not_a_crash() -> None:
    with pytest.raises(CalculatorRefusal, match="division by zero"):
        calculate("divide", ["1", "0"], ["1 and 0"])


def test_convert_refuses_mixed_families() -> None:
    with pytest.raises(CalculatorRefusal, match="cannot convert"):
        calculate("convert", ["2 weeks", "gb"], ["2 weeks"])


def test_plan_reads_a_part_of_a_whole_question() -> None:
    question = "How many of the personnel in scope were not contractors?"
    planned = plan(question, [QUOTE])
    assert planned is not None
    assert (planned.operation, planned.operands) == ("subtract", ("180", "12"))
    share = plan("What percentage of personnel were contractors?", [QUOTE])
    assert share is not None and share.operation == "percentage_of"


def test_plan_asks_nothing_of_a_plain_question() -> None:
    assert plan("How many personnel were in scope?", [QUOTE]) is None
    assert plan("How many were not contractors?", ["No figures here."]) is None


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_add_of_any_two_quoted_integers(a: int, b: int) -> None:
    result = calculate("add", [str(a), str(b)], [f"first {a}; second {b}."])
    assert int(result.result.replace(",", "")) == a + b


def test_a_total_adds_only_the_figures_that_count_what_is_asked() -> None:
    from dossier.evidence.calculate import plan

    planned = plan(
        "How many people work in engineering and support in total?",
        ["Engineering has 180 people.", "Support has 12 people.", "Our SOC 2 report is from 2024."],
    )
    assert planned is not None
    assert planned.operation == "sum" and planned.operands == ("180", "12")


HEADCOUNT = (
    "The company has 200 employees. 150 employees are based in the United States and 50 "
    "employees are based in the European Union."
)


def test_a_total_stated_beside_its_parts_is_not_added_to_them() -> None:
    """200 = 150 + 50: the 200 is the whole, the total asked, not a third figure to
    add (the plan gave sum(200, 150, 50) = 400)."""
    assert plan("How many employees are there in total?", [HEADCOUNT]) is None
    teams = "Engineering has 120 employees, support 35 employees and sales 40 employees."
    summed = plan("How many employees are in engineering, support and sales in total?", [teams])
    assert summed is not None and summed.operands == ("120", "35", "40")


def test_the_short_answer_to_a_total_is_the_whole_its_lead_states() -> None:
    parts_first = (
        "150 employees are based in the United States and 50 employees in the European "
        "Union, 200 employees in all."
    )
    assert _short("How many employees are there in total?", HEADCOUNT) == ("200 employees", None)
    assert _short("How many employees are there in total?", parts_first) == (
        "200 employees",
        None,
    )


def _short(question: str, lead: str) -> tuple[str, str | None]:
    brief = make_brief(Question("Q", question))
    quote = Quote(lead, "p.md", "c1", 0, len(lead))
    answer, finding = short_answer(brief, "grounded", (Claim(lead, (quote,)),))
    return answer, finding.detail if finding else None


def _composed(question: str, text: str) -> tuple[str, str, tuple[str, ...]]:
    """The verdict, short answer and calculations of an answer quoting ``text`` whole."""
    answer = _answer(question, text)
    expressions = tuple(c.expression for c in answer.calculations)
    return answer.verdict, answer.short_answer, expressions


def _answer(question: str, text: str) -> Answer:
    chunk = Chunk("c1", "it.md", 0, len(text), text, "")
    context = ComposeContext({"c1": chunk}.get, {"it.md": "IT Standard"})
    brief = make_brief(Question("Q", question))
    evidence = Evidence(brief, (), (Selection("c1", (text,), 0, 1.0),), (), ())
    return compose_answer(Question("Q", question), evidence, context)


def test_how_many_are_not_in_a_group_is_the_whole_less_the_group() -> None:
    """200 employees, 150 of them in the United States: 200 − 150 = 50 are not (the
    answer was the 150 of the group itself)."""
    question = "How many employees are not based in the United States?"
    assert _composed(question, HEADCOUNT) == ("grounded", "50", ("200 − 150 = 50",))
    edr = "The company manages 400 laptops, 380 of which run the EDR agent."
    assert _composed("How many laptops don't run the EDR agent?", edr)[1] == "20"


def test_how_many_are_not_gives_no_figure_of_the_group_or_of_all() -> None:
    """Without the whole, 150 (the group) is no answer; 90 staff members (all of them)
    is none either, and 380 laptops count laptops, not staff."""
    parts = (
        "150 employees are based in the United States and 50 employees are based in the "
        "European Union."
    )
    question = "How many employees are not based in the United States?"
    assert plan(question, [parts]) is None
    verdict, short, calculations = _composed(question, parts)
    assert (verdict, short, calculations) == ("escalate", "Needs review", ())
    staff = "The company manages 400 laptops, 380 of which run the EDR agent. The company "
    staff += "employs 90 staff members."
    question = "How many staff members do not run the EDR agent?"
    assert plan(question, [staff]) is None
    assert _composed(question, staff)[:2] == ("escalate", "Needs review")
    answer, why = _short(question, "The company employs 90 staff members.")
    assert answer == "Needs review" and why is not None and "not in a group" in why


def test_a_stated_count_of_those_outside_the_group_answers_how_many_are_not() -> None:
    lead = "The company manages 250 laptops; 5 laptops do not have full-disk encryption."
    question = "How many laptops do not have full-disk encryption?"
    assert plan(question, [lead]) is None
    assert _short(question, lead) == ("5 laptops", None)


OPERATIONS = (
    "The company manages 250 laptops, 245 of which have full-disk encryption enabled. "
    "The engineering team has 120 employees and the support team has 35 employees."
)
TRAINED = "In 2025, 96% of employees completed security awareness training."


def test_a_share_is_of_what_the_question_counts_and_keeps_its_percent_sign() -> None:
    """245 of 250 laptops is a share of laptops: 98% answers the laptops question and
    nothing about employees (it answered "98" to both)."""
    laptops = "What percentage of laptops have full-disk encryption?"
    assert _composed(laptops, OPERATIONS) == ("grounded", "98%", ("245 as % of 250 = 98%",))
    stated = [(c.kind, c.text) for c in _answer(laptops, OPERATIONS).claims]
    assert stated[1:] == [("assessment", "98%")]  # the validator keeps the result with its sign
    employees = "What percentage of employees completed security awareness training?"
    assert plan(employees, [OPERATIONS]) is None
    verdict, short, calculations = _composed(employees, OPERATIONS)
    assert (verdict, short, calculations) == ("escalate", "Needs review", ())


def test_a_stated_percentage_wins_over_a_computed_share() -> None:
    question = "What percentage of employees completed security awareness training?"
    counted = "The company has 250 employees, 240 of whom completed security awareness training."
    assert plan(question, [counted]) == PlannedCall(
        "percentage_of", ("240", "250"), "the question asks for a share"
    )
    assert plan(question, [counted, TRAINED]) is None
    assert _short(question, TRAINED) == ("96%", None)
    assert (
        _short(question, "96 percent of employees completed security awareness training.")[0]
        == "96 percent"
    )


def test_a_share_needs_a_part_that_names_what_is_asked_and_its_whole() -> None:
    """50 of the 150 + 50 stated is no share of all employees (the whole is not
    quoted); with the 200 it is 25%. A count is never a percentage answer."""
    question = "What percentage of employees are based in the European Union?"
    parts = HEADCOUNT.split(". ", 1)[1]
    assert plan(question, [parts]) is None
    assert _composed(question, parts)[:2] == ("escalate", "Needs review")
    assert _composed(question, HEADCOUNT)[1:] == ("25%", ("50 as % of 200 = 25%",))


def test_a_stated_percentage_holds_the_value_a_share_question_asks_for() -> None:
    """Research takes "96% of employees completed ..." as holding the number asked
    (it looked for a figure followed by a noun, and chose the laptops sentence)."""
    fact = make_brief(
        Question("Q", "What percentage of employees completed security awareness training?")
    ).facts[0]
    assert holds_value(fact, TRAINED)
    count = make_brief(Question("Q", "How many employees completed training?")).facts[0]
    assert not holds_value(count, "96% of employees completed training.")


EXERCISES = "The last tabletop exercise was held on 2026-02-14 and the previous one on 2025-03-02."
DAYS_BETWEEN = "How many days passed between the last two tabletop exercises?"


def test_the_days_between_two_events_are_the_difference_of_their_quoted_dates() -> None:
    """2025-03-02 to 2026-02-14 is 349 days (it answered "3 days" from a sentence on
    notifying regulators); the later date need not come first, nor be ISO."""
    assert _composed(DAYS_BETWEEN, EXERCISES) == (
        "grounded",
        "349 days",
        ("2026-02-14 − 2025-03-02 = 349 days",),
    )
    spelled = (
        "The previous tabletop exercise was held on March 2, 2025. The last tabletop "
        "exercise was held on 14 February 2026."
    )
    assert plan(DAYS_BETWEEN, [spelled]) == PlannedCall(
        "date_difference",
        ("March 2, 2025", "14 February 2026"),
        "the question asks for the days between",
    )
    assert _composed(DAYS_BETWEEN, spelled)[1] == "349 days"


def test_a_date_is_an_operand_only_as_quoted_and_only_of_the_events_asked() -> None:
    with pytest.raises(CalculatorRefusal, match="'2025-03-02' does not appear"):
        calculate(
            "date_difference", ["2025-03-02", "2026-02-14"], ["on March 2, 2025 and 2026-02-14"]
        )
    other = (
        "The last tabletop exercise was held on 2026-02-14. The SOC 2 audit ended on 2025-03-02."
    )
    assert plan(DAYS_BETWEEN, [other]) is None


def test_a_period_of_something_else_is_no_answer_to_the_days_between_two_events() -> None:
    unrelated = "Regulators are notified of a qualifying breach within 3 days."
    assert plan(DAYS_BETWEEN, [unrelated]) is None
    assert _composed(DAYS_BETWEEN, unrelated)[:2] == ("escalate", "Needs review")


def test_a_dated_sentence_holds_the_value_a_days_between_question_asks_for() -> None:
    """Research takes the sentence dating the exercises as holding the number asked (it
    looked for a figure followed by a noun, and chose "within 3 days")."""
    fact = make_brief(Question("Q", DAYS_BETWEEN)).facts[0]
    assert holds_value(fact, EXERCISES)
