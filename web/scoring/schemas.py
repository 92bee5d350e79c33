"""OpenAPI response schemas of the score sheet endpoints (documented by ``web.scoring.api``).

The request schemas and examples come from the request models (``web.scoring.models``).
"""

from __future__ import annotations

from web.core.openapi import BOOLEAN, CITATIONS, RULES, STRING, array, integer, obj, ref

NULLABLE_STRING = {"type": ["string", "null"]}

LINE = {"allOf": [ref("Reason"), obj({"points": integer()}, ("points",))]}
REASON = ref("Reason")

STANDING = obj(
    {
        "game": STRING,
        "players": array(obj({"name": STRING, "total": integer(), "breakdown": array(LINE)}, ("name", "total", "breakdown"))),
        "winner": NULLABLE_STRING,
        "co_winners": array(STRING),
        "tie_break": {"anyOf": [REASON, {"type": "null"}]},
        "verdicts": array(REASON),
        "game_over": BOOLEAN,
        "rules": RULES,
        "citations": CITATIONS,
    },
    ("game", "players", "winner", "co_winners", "tie_break", "verdicts", "game_over", "rules", "citations"),
)
CLAIM_VERDICT = obj(
    {"allowed": BOOLEAN, "reasons": array(REASON), "rules": RULES, "citations": CITATIONS},
    ("allowed", "reasons", "rules", "citations"),
)


SUMMARIES = {
    "eclipse": "Eclipse end-of-game VP: breakdown per player, winner after the resources tie-break.",
    "ti4": "TI4 victory point track: game over at 10 or 14 or with no objective left, winner by initiative.",
    "galaxy": "Galaxy final influence: visible and secret bases, winner after hand value and last-player tie-breaks.",
    "rftg": "Race for the Galaxy + The Gathering Storm final VP: goals, 6-cost developments, solitaire robot.",
    "parsec": "Parsec: timed-variant points and the economic and military victory checks.",
}
LIMITS = "players within each game's range; counts bounded as in each schema (docs/scoring.md)"
