"""The writers' checker for a new question set (docs/search.md, "Ninth round"):
``python benchmarks/check_questions.py NEW.json [OTHER_NEW.json ...]``.

It prints the problems of NEW.json only, by position, never the text of another set (writers stay
blind to them): a wrong field, an unknown answer or one from another game, a question asked twice
or nearly (``near_twins``) within the file, and a question the same as, or a near twin of, one
already asked in its game (in tests/, among the players' questions, or in the other new files
named). A near twin is to be replaced by a question on another point, not reworded: the earlier
question already covers that one, and a twin of a players' question would be answered from
memory (tests/rules_db/test_search_quality.py refuses those). The search's encoder then looks for
rewordings and translations the lexical rule misses: a question already asked in its game, in
either language, at a cosine of ``MEANING_CUT`` or more (docs/search.md, "Eleventh round"). Exit
status 1 when there is a problem.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_db.loader import GAMES, RulesDB, load  # noqa: E402
from rules_db.search.encoder import Encoder, default_encoder  # noqa: E402
from rules_db.search.evaluation import KINDS, TESTS, folded, near_twins  # noqa: E402
from rules_db.search.query import normalise  # noqa: E402

FIELDS = {"lang", "game", "kind", "q", "answers"}
# The eighth round's line: at this cosine a question is the same one reworded, or translated.
MEANING_CUT = 0.85


def read_set(path: Path) -> list[dict]:
    """The questions of a set file, or ValueError saying (without any question's text) what is
    malformed: each must be an object with the five fields, strings where strings belong."""
    data = json.loads(path.read_text(encoding="utf-8"))
    questions = data.get("questions") if isinstance(data, dict) else None
    if not isinstance(questions, list):
        raise ValueError(f'{path.name}: expected {{"questions": [...]}}')
    for n, q in enumerate(questions):
        if not isinstance(q, dict) or set(q) != FIELDS:
            raise ValueError(f"{path.name}: question {n}: expected an object with the fields {sorted(FIELDS)}")
        answers = q["answers"]
        if not all(isinstance(q[k], str) for k in ("lang", "game", "kind", "q")) or not (
            isinstance(answers, list) and all(isinstance(a, str) for a in answers)
        ):
            raise ValueError(f"{path.name}: question {n}: lang, game, kind and q are strings, answers a list of them")
    return questions


def asked_before(checked: Path, others: list[Path], db: RulesDB) -> dict[str, list[str]]:
    """Per game, every question already asked: the sets in tests/ and the other new files (but the
    one checked), and the players' questions of the rules database."""
    asked: dict[str, list[str]] = {game: [] for game in GAMES}
    paths = {path.resolve() for path in [*TESTS.glob("search_*.json"), *others]} - {checked.resolve()}
    for path in sorted(paths):
        for q in read_set(path):
            asked.setdefault(q["game"], []).append(q["q"])
    for section in db.sections.values():
        asked[section.game].extend([*section.asked_it, *section.asked_en])
    return asked


def problems(questions: list[dict], asked: dict[str, list[str]], sections: dict[str, str]) -> list[str]:
    """What is wrong with each question of a well-formed set (read_set), one line each;
    ``sections``: section id -> its game."""
    found = []
    for n, q in enumerate(questions):
        if q["lang"] not in ("it", "en") or q["game"] not in GAMES or q["kind"] not in KINDS:
            found.append(f"{n}: lang, game or kind unknown")
            continue
        if not q["answers"]:
            found.append(f"{n}: no answer")
        for answer in q["answers"]:
            if sections.get(answer) != q["game"]:
                found.append(f"{n}: {answer} is not a section of {q['game']}")
        mine = [p["q"] for p in questions[:n] if p["game"] == q["game"]]
        if any(near_twins(q["q"], other) for other in mine):
            found.append(f"{n}: the same as, or nearly, an earlier question of this file")
            continue
        text, earlier = folded(q["q"])[0], asked[q["game"]]
        if any(folded(other)[0] == text for other in earlier):
            found.append(f"{n}: already asked, word for word; write a question on another point")
        elif any(near_twins(q["q"], other) for other in earlier):
            found.append(f"{n}: nearly the same as a question already asked; write one on another point")
    return found


def near_in_meaning(questions: list[dict], asked: dict[str, list[str]], encoder: Encoder) -> list[str]:
    """One line per question of a well-formed set that the encoder puts at ``MEANING_CUT`` or
    more to a question already asked in its game (either language): what ``near_twins``, a
    lexical rule within one language, lets through."""
    found = []
    mine = encoder.queries([normalise(q["q"]) for q in questions])
    for game in sorted({q["game"] for q in questions}):
        if not asked.get(game):
            continue
        closest = (mine @ encoder.queries([normalise(text) for text in asked[game]]).T).max(axis=1)
        found += [
            f"{n}: the same in meaning as a question already asked (or its translation); write one on another point"
            for n, q in enumerate(questions)
            if q["game"] == game and closest[n] >= MEANING_CUT
        ]
    return sorted(found, key=lambda line: int(line.split(":")[0]))


def main(path: Path, others: list[Path], encoder: Encoder | None = None) -> int:
    """The checker's report; ``encoder``: also look for questions the same in meaning (the
    command line loads the search's; the tests check the lexical rules only)."""
    db = load()
    try:
        questions = read_set(path)
        asked = asked_before(path, others, db)
    except (ValueError, json.JSONDecodeError) as error:
        print(f"problems: {error}")
        return 1
    found = problems(questions, asked, {i: s.game for i, s in db.sections.items()})
    if encoder is not None:
        found += near_in_meaning(questions, asked, encoder)
    for line in found:
        print(line)
    print(Counter((q["lang"], q["game"]) for q in questions))
    print(Counter(q["kind"] for q in questions))
    print(f"problems: {len(found)}, questions: {len(questions)}")
    return 1 if found else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(Path(sys.argv[1]), [Path(arg) for arg in sys.argv[2:]], default_encoder()))
