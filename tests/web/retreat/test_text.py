"""Every code the retreat engines can emit has a sentence, in English and in Italian."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale

from engine.core.reasons import Reason
from engine.eclipse import retreat as eclipse
from engine.parsec import retreat as parsec
from engine.ti4 import retreat as ti4
from web.core.messages import Counted
from web.retreat.text import INPUT_MESSAGES, MESSAGES, VESSEL_WORDS, reason_json, typed_kinds

ENGINE_CODES = {
    "eclipse": eclipse.REASON_CODES + eclipse.NOTE_CODES,
    "ti4": ti4.ANNOUNCE_CODES + ti4.REASON_CODES + ti4.NOTE_CODES,
    "parsec": parsec.EVADE_CODES + parsec.EXCHANGE_CODES + parsec.DESTINATION_CODES + parsec.NOTE_CODES,
}
# Parameters each code is emitted with (the engines' own shapes), to render every sentence.
PARAMS = {
    "hex": "B",
    "owners": ["red", "ancient"],
    "system": "Mecatol",
    "excess": 2,
    "attackers": [[2, 0], [1, -1]],
    "movement": 2,
    "ships": 3,
    "owner": None,
}
ENGINE_FILES = [Path("engine") / game / "retreat.py" for game in ("eclipse", "ti4", "parsec")] + [
    Path("engine/ti4/capacity.py")
]


def catalogue():
    with open("translations/it/LC_MESSAGES/retreat.po", "rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale="it") if m.id}


@pytest.mark.parametrize("game", sorted(ENGINE_CODES))
def test_every_engine_code_has_a_message_and_no_message_is_orphaned(game):
    assert set(MESSAGES[game]) == set(ENGINE_CODES[game])


def test_every_validation_code_the_engines_raise_has_a_message():
    raised = set()
    for path in ENGINE_FILES:
        text = path.read_text()
        raised |= set(re.findall(r'InvalidInput\(\s*"(\w+)"', text)) | set(re.findall(r'\bcode="(\w+)"', text))
    assert raised and raised <= set(INPUT_MESSAGES)


@pytest.mark.parametrize("game", sorted(ENGINE_CODES))
def test_every_message_renders_in_both_languages_and_differs(app, game):
    italian = catalogue()
    known = {part for key in italian for part in (key if isinstance(key, tuple) else (key,))}  # plural forms too
    with app.test_request_context():
        for code in ENGINE_CODES[game]:
            reason = Reason(code, "x/y", PARAMS)
            with force_locale("en"):
                english = reason_json(game, reason)["message"]
            with force_locale("it"):
                translated = reason_json(game, reason)["message"]
            template = MESSAGES[game][code]
            with force_locale("en"):  # the msgid is catalogued (both forms of a counted one)
                msgids = (
                    [template.forms(1), template.forms(2)]
                    if isinstance(template, Counted)
                    else [str(template._args[0])]
                )
            assert all(msgid in known for msgid in msgids), code
            assert english and translated and english != translated, code
            assert "%(" not in english and "%(" not in translated


def test_owner_names_are_translated(app):
    with app.test_request_context(), force_locale("it"):
        text = reason_json(
            "eclipse", Reason("enemy_ships", "eclipse/ritirata", {"hex": "E", "owners": ["red", "gcds"]})
        )["message"]
    assert "rosso" in text and "SDCG" in text


@pytest.mark.parametrize("kind", list(VESSEL_WORDS))
def test_a_typed_kind_reads_in_either_language(app, kind):
    with app.test_request_context():
        kinds = typed_kinds()
        for lang in ("it", "en"):
            with force_locale(lang):
                assert kinds[str(VESSEL_WORDS[kind]).casefold()] == kind
        assert kinds[kind] == kind  # the API's code is the English word


def test_the_typed_kinds_are_one_word_each_in_italian(app):
    with app.test_request_context():
        with force_locale("it"):
            words = [str(w) for w in VESSEL_WORDS.values()]
        assert words == ["caccia", "incrociatore", "trasporto", "cargo", "colonia"]  # the field splits on spaces
        assert len(typed_kinds()) == 9  # cargo is the same word in both languages
