"""A plain Aho-Corasick automaton, used only to measure whether a multi-pattern
pass (all quotes against all chunks at once) would pay; see
benchmarks/test_verifier_speed.py. Nothing in the package uses it."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Automaton:
    goto: list[dict[str, int]]
    fail: list[int]
    out: list[tuple[int, ...]]  # the patterns that end in each state


def build_automaton(patterns: list[str]) -> Automaton:
    goto: list[dict[str, int]] = [{}]
    fail: list[int] = [0]
    out: list[tuple[int, ...]] = [()]
    for number, pattern in enumerate(patterns):
        state = 0
        for ch in pattern:
            following = goto[state].get(ch)
            if following is None:
                following = goto[state][ch] = len(goto)
                goto.append({})
                fail.append(0)
                out.append(())
            state = following
        out[state] = (*out[state], number)
    queue = deque(goto[0].values())
    while queue:
        state = queue.popleft()
        for ch, following in goto[state].items():
            queue.append(following)
            back = fail[state]
            while back and ch not in goto[back]:
                back = fail[back]
            fail[following] = goto[back].get(ch, 0)
            out[following] = out[following] + out[fail[following]]
    return Automaton(goto, fail, out)


def scan(automaton: Automaton, text: str) -> list[tuple[int, int]]:
    """(end offset, pattern number) of every occurrence in ``text``."""
    goto, fail, out = automaton.goto, automaton.fail, automaton.out
    state = 0
    found: list[tuple[int, int]] = []
    for i, ch in enumerate(text):
        while True:
            following = goto[state].get(ch)
            if following is not None:
                state = following
                break
            if state == 0:
                break
            state = fail[state]
        if out[state]:
            found.extend((i + 1, number) for number in out[state])
    return found
