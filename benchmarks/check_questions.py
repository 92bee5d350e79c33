"""The writers' checker for a new question set (docs/search.md, "How a question set is written"):
``python benchmarks/check_questions.py NEW.json [OTHER_NEW.json ...]``.

It prints the problems of NEW.json only, never the text of another set (writers stay blind to
them): a wrong field, an unknown answer or one from another game, a question asked twice, and a
question the same as, or a near twin of, one already asked (in tests/, among the players'
questions of its game, or in the other new files named). A near twin is to be replaced by a
question on another point, not reworded: the earlier question already covers that one, and a
reworded twin would be answered from memory (tests/rules_db/test_search_quality.py refuses it).
Exit status 1 when there is a problem.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_db.loader import GAMES, load  # noqa: E402
from rules_db.search.evaluation import TESTS, folded, load_questions, near_twins  # noqa: E402

KINDS = ("question", "paraphrase", "jargon", "typo", "edge")
FIELDS = {"lang", "game", "kind", "q", "answers"}


def asked_before(checked: Path, others: list[Path]) -> dict[str, list[str]]:
    """Per game, every question already asked: the sets in tests/ (but the one checked, if it is
    there), the other new files, and the players' questions of the rules database."""
    asked: dict[str, list[str]] = {game: [] for game in GAMES}
    sets = [path for path in sorted(TESTS.glob("search_*.json")) if path.resolve() != checked.resolve()]
    for path in [*sets, *others]:
        for q in load_questions(path):
            asked[q["game"]].append(q["q"])
    for section in load().sections.values():
        asked[section.game].extend([*section.asked_it, *section.asked_en])
    return asked


def problems(questions: list[dict], asked: dict[str, list[str]], sections: dict[str, str]) -> list[str]:
    """What is wrong with each question (``sections``: section id -> its game), as one line each."""
    found = []
    seen: set[str] = set()
    for n, q in enumerate(questions):
        if set(q) != FIELDS:
            found.append(f"{n}: the fields must be {sorted(FIELDS)}, not {sorted(q)}")
            continue
        if q["lang"] not in ("it", "en") or q["game"] not in GAMES or q["kind"] not in KINDS:
            found.append(f"{n}: lang, game or kind unknown")
            continue
        if not q["answers"]:
            found.append(f"{n}: no answer")
        for answer in q["answers"]:
            if sections.get(answer) != q["game"]:
                found.append(f"{n}: {answer} is not a section of {q['game']}")
        text = folded(q["q"])[0]
        if text in seen:
            found.append(f"{n}: asked twice in this file")
        seen.add(text)
        earlier = asked[q["game"]]
        if any(folded(other)[0] == text for other in earlier):
            found.append(f"{n}: already asked, word for word; write a question on another point: {q['q']}")
        elif any(near_twins(q["q"], other) for other in earlier):
            found.append(f"{n}: nearly the same as a question already asked; write one on another point: {q['q']}")
    return found


def main(path: Path, others: list[Path]) -> int:
    questions = load_questions(path)
    db = load()
    found = problems(questions, asked_before(path, others), {i: s.game for i, s in db.sections.items()})
    print("\n".join(found))
    print(Counter((q.get("lang"), q.get("game")) for q in questions))
    print(Counter(q.get("kind") for q in questions))
    print(f"problems: {len(found)}, questions: {len(questions)}")
    return 1 if found else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(Path(sys.argv[1]), [Path(arg) for arg in sys.argv[2:]]))
