"""The search page's examples: each game's examples find that game's section for them first."""

from __future__ import annotations

import pytest

from rules_db.loader import GAMES
from web.search.text import EXAMPLES, GAME_EXAMPLES

# The section each example of a game is about (its first result, searched within the game); a
# pair where the two languages ask different things.
ANSWERS = {
    "eclipse": [
        "eclipse/ritirata",
        "eclipse/segnalini-reputazione",
        ("eclipse/bancarotta", "eclipse/mantenimento-delle-civilta"),
    ],
    "galaxy": ["galaxy/10-governatori", "galaxy/11-riserve", "galaxy/3-come-vincere"],
    "ti4": ["ti4/23.7", ("ti4/77", "ti4/68"), "ti4/18.4"],
    "parsec": ["parsec/incrociatore", "parsec/scambio-con-il-porto-spaziale", "parsec/come-guadagnare-le-risorse"],
    "rftg": ["rftg/gioco-in-solitario", "rftg/fine-del-turno-2", "rftg/fine-del-gioco"],
}


def test_every_game_has_examples_in_both_languages():
    assert set(GAME_EXAMPLES) == set(GAMES)
    for examples in GAME_EXAMPLES.values():
        assert set(examples) == set(EXAMPLES) and all(len(examples[lang]) == 3 for lang in EXAMPLES)


@pytest.mark.parametrize("game", sorted(GAME_EXAMPLES))
@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_games_examples_find_its_sections(app, game, lang):
    search = app.extensions["search"].current()
    for example, answer in zip(GAME_EXAMPLES[game][lang], ANSWERS[game], strict=True):
        found = search.search(example, lang, game)
        assert found.plan.suggestion is None, example  # an example is never "corrected"
        first = found.results[0].section.id
        wanted = answer if isinstance(answer, tuple) else (answer,)
        assert any(first == w or first.startswith(w + ".") for w in wanted), (example, first)  # or a sub-rule
