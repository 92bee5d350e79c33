"""The 'nothing is lost' measure itself: it must notice a dropped line and ignore mere markup."""

from __future__ import annotations

from rules_db.coverage import measure, normalise
from rules_db.loader import load
from tests.rules_db.test_loader import write_game


def test_normalise_drops_markup_bullets_and_spacing():
    assert normalise("- **PASSO 1.** Il  giocatore *tira*\n  un dado") == "PASSO 1. Il giocatore tira un dado"


def test_measure_counts_long_lines_and_reports_the_missing_one(tmp_path):
    root = write_game(tmp_path)
    (root / "sources").mkdir()
    kept = "Body of one." + " padding words to pass forty characters"
    (root / "sources" / "g.txt").write_text(
        "- 1.1 " + kept + "\nshort line\nA line that no section contains at all, long enough.\n"
    )
    (root / "g" / "it" / "a.md").write_text("<!-- id: g/one -->\n# ONE\n\n" + kept + "\n", encoding="utf-8")
    result = measure(load(root, games=["g"]), "g", root=root)
    assert (result.total, result.kept) == (2, 1)
    assert result.missing == ("A line that no section contains at all, long enough.",)
