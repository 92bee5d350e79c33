"""The games and their tools, declared once: what the /tools page lists, what each rule page links
back to, and which sections each tool may cite.

The tools page shows ``TOOLS`` in this order, a rule page links every tool whose ``cites`` holds it
(or one of its sub-rules), a tool's page links the rules it cites, and the score sheets take their
names from ``GAMES``. ``cites`` is data, checked against the engines' sources by
tests/web/core/test_registry.py, so nothing reads source files while serving.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext as _l

from engine.eclipse import scoring as eclipse_sheet
from engine.galaxy import scoring as galaxy_sheet
from engine.parsec import scoring as parsec_sheet
from engine.rftg import scoring as rftg_sheet
from engine.ti4 import scoring as ti4_sheet
from rules_db.loader import GAMES as GAME_IDS


@dataclass(frozen=True)
class Tool:
    """One tool page: its endpoint (and url arguments), what the tools page says, what it cites."""

    endpoint: str
    title: Any = None  # a lazy string; None: reached from another page, not listed by itself
    blurb: Any = None
    cites: tuple[str, ...] = ()
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Game:
    """A game as its score sheet shows it: its name, what the sheet covers, the rule it opens with."""

    id: str
    name: str
    sheet_blurb: Any
    sheet_rule: str


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Game(
            "eclipse",
            "Eclipse",
            _l(
                "Reputation, ambassadors, hexes, discoveries, monoliths, technology tracks, "
                "Traitor and species bonuses."
            ),
            eclipse_sheet.RULE_END,
        ),
        Game(
            "galaxy",
            "Galaxy: The Dark Ages",
            _l("Influence of bases on surviving worlds, secret bases, hand value and last-player tie-breaks."),
            galaxy_sheet.RULE_WIN,
        ),
        Game(
            "ti4",
            "Twilight Imperium 4",
            _l("Victory point track, game end and simultaneous winners, and the objective claim checker."),
            ti4_sheet.RULE_VP,
        ),
        Game(
            "parsec",
            "Parsec",
            _l("Timed-variant points and the economic and military victory checks."),
            parsec_sheet.RULE_TIMED,
        ),
        Game(
            "rftg",
            "Race for the Galaxy: The Gathering Storm",
            _l("VP chips, cards, 6-cost development bonuses, first and most goals, the solitaire robot."),
            rftg_sheet.RULE_GOALS,
        ),
    )
}
assert tuple(GAMES) == GAME_IDS  # one list of games: the rules database's

TOOLS: tuple[Tool, ...] = (
    Tool(
        "eclipse_combat.page",
        _l("Eclipse combat odds"),
        _l(
            "Exact chances of an Eclipse battle, with optimal targeting, missiles, Ancients, retreat plans "
            "and reputation."
        ),
        cites=(
            "eclipse/colpire",
            "eclipse/combattere-contro-gli-antichi-e-il-sdcg",
            "eclipse/concetti-generali",
            "eclipse/costruzione",
            "eclipse/danni",
            "eclipse/discendenti-di-draco",
            "eclipse/egemonia-di-origine",
            "eclipse/esplorazione",
            "eclipse/fase-combattimento",
            "eclipse/fazioni-terran",
            "eclipse/impero-eridani",
            "eclipse/mechanema",
            "eclipse/missili",
            "eclipse/navi",
            "eclipse/navi-degli-antichi",
            "eclipse/penalita-di-ritirata",
            "eclipse/planta",
            "eclipse/progresso-idra",
            "eclipse/riparare-danni",
            "eclipse/ritirata",
            "eclipse/round-di-ingaggio",
            "eclipse/segnalini-reputazione",
            "eclipse/segnalini-scoperta",
            "eclipse/sistema-di-difesa-del-centro-galattico",
            "eclipse/specie-aliene",
            "eclipse/stallo",
            "eclipse/sviluppo",
            "eclipse/svolgimento-della-battaglia",
        ),
    ),
    Tool(
        "eclipse_combat.hex_page",
        _l("Eclipse: more than two factions in a hex"),
        _l(
            "Who holds a hex that three, four or five factions fight over, battle after battle in the rulebook's order."
        ),
        cites=(
            "eclipse/costruzione",
            "eclipse/esplorazione",
            "eclipse/riparare-danni",
        ),
    ),
    Tool(
        "ti4_combat.page",
        _l("Twilight Imperium 4: combat odds"),
        _l("Exact space and ground combat: space cannon, barrage, sustain damage, nebula, bombardment, retreat plans."),
        cites=(
            "ti4/12.1",
            "ti4/12.2",
            "ti4/15.2",
            "ti4/15.3",
            "ti4/15.5",
            "ti4/15.6",
            "ti4/15.7",
            "ti4/15.8",
            "ti4/17.3",
            "ti4/22.1",
            "ti4/22.2",
            "ti4/23",
            "ti4/23.10",
            "ti4/23.2",
            "ti4/23.3",
            "ti4/23.4",
            "ti4/23.5",
            "ti4/23.6",
            "ti4/23.7",
            "ti4/23.8",
            "ti4/23.9",
            "ti4/24",
            "ti4/24.1",
            "ti4/24.2",
            "ti4/24.3",
            "ti4/24.4",
            "ti4/43",
            "ti4/43.1",
            "ti4/43.3",
            "ti4/43.4",
            "ti4/43.5",
            "ti4/48.1",
            "ti4/49.2",
            "ti4/50.3",
            "ti4/54.3",
            "ti4/68.1",
            "ti4/68.2",
            "ti4/70",
            "ti4/70.1",
            "ti4/70.3",
            "ti4/71.3",
            "ti4/77",
            "ti4/77.1",
            "ti4/77.4",
            "ti4/87.2",
            "ti4/faq-generale-1",
            "ti4/faq-generale-2",
            "ti4/faq-generale-4",
            "ti4/faq-generale-5",
            "ti4/16.21",
            "ti4/18.4",
            "ti4/18.6",
            "ti4/77.3",
            "ti4/errata-colpo-diretto",
            "ti4/faq-carte-azione-12",
            "ti4/faq-carte-azione-4",
            "ti4/faq-virus-nekro-3",
            "ti4/77.6",
            "ti4/81.11",
            "ti4/errata-bombardamento-chirurgico",
            "ti4/63.2",
            "ti4/81.16",
        ),
    ),
    Tool(
        "small_combat.galaxy_page",
        _l("Galaxy: combat odds"),
        _l("Attack opportunities, ship and base attacks, counterattacks, Sensors."),
        cites=(
            "galaxy/12-usare-il-potere-delle-astronavi-azione-c",
            "galaxy/15-potere-dei-governatori-fase-2",
            "galaxy/combattimento-astronave-contro-astronave",
            "galaxy/combattimento-astronave-contro-base",
            "galaxy/contrattacco",
            "galaxy/controllare-un-astronave",
            "galaxy/copertura",
            "galaxy/fleet-ship-6-10",
            "galaxy/imperiali",
            "galaxy/kha-farjimmn",
            "galaxy/nova-0",
            "galaxy/opportunita-di-combattere",
            "galaxy/phases-banks",
            "galaxy/screens",
            "galaxy/sensors",
            "galaxy/unione",
        ),
    ),
    Tool(
        "small_combat.parsec_page",
        _l("Parsec: combat odds"),
        _l("Opposed d8 rolls, coordinated and long-range attacks, the whole exchange."),
        cites=(
            "parsec/attacco-a-lungo-raggio",
            "parsec/attacco-coordinato",
            "parsec/attacco-difesa",
            "parsec/caratteristiche-e-costi-delle-unita",
            "parsec/cargo",
            "parsec/colonia",
            "parsec/combattimento",
            "parsec/contrattacco",
            "parsec/manovra-evasiva",
            "parsec/manovre-evasive-di-piu-vascelli-in-uno-scontro",
        ),
    ),
    Tool(
        "small_combat.rftg_page",
        _l("Race for the Galaxy: conquest check"),
        _l("Can this military world be conquered this phase, and at what cost?"),
        cites=("rftg/iii-colonizzazione", "rftg/obiettivi-piu"),
    ),
    Tool(
        "retreat.eclipse_page",
        _l("Eclipse: where can my ships retreat?"),
        _l("A verdict for each neighbouring hex, with the rule behind it."),
        cites=(
            "eclipse/esempio-di-ritirata",
            "eclipse/generatore-di-tunnel-interspaziali-3",
            "eclipse/movimento",
            "eclipse/penalita-di-ritirata",
            "eclipse/ritirata",
        ),
    ),
    Tool(
        "retreat.ti4_page",
        _l("Twilight Imperium 4: retreat check"),
        _l("Who may announce, which systems are legal, what is lost for lack of capacity."),
        cites=(
            "ti4/14.1",
            "ti4/17.3",
            "ti4/2",
            "ti4/23.4",
            "ti4/23.7",
            "ti4/39.2",
            "ti4/54.1",
            "ti4/65.5",
            "ti4/73.3",
            "ti4/73.6",
            "ti4/79.1",
            "ti4/89",
            "ti4/faq-carte-azione-1",
            "ti4/faq-generale-2",
        ),
    ),
    Tool(
        "retreat.parsec_page",
        _l("Parsec: evasive maneuver"),
        _l("Can the vessel evade, and does it get out of every attacker's range?"),
        cites=(
            "parsec/attacco-a-lungo-raggio",
            "parsec/azioni-e-movimento-dei-vascelli",
            "parsec/colonia",
            "parsec/fine-della-fase-di-combattimento",
            "parsec/manovra-evasiva",
        ),
    ),
    Tool(
        "scoring.index",
        _l("Score sheets"),
        _l("End-of-game scoring with each line's rule, the winner and the tie-break."),
    ),
    Tool(
        "scoring.sheet",
        args={"game": "eclipse"},
        cites=(
            "eclipse/costruzione",
            "eclipse/diplomazia",
            "eclipse/discendenti-di-draco",
            "eclipse/fine-della-partita",
            "eclipse/impero-eridani",
            "eclipse/interrompere-i-rapporti-diplomatici",
            "eclipse/materiali-del-giocatore",
            "eclipse/planta",
            "eclipse/rapporti-diplomatici",
            "eclipse/segnalini",
            "eclipse/segnalini-reputazione",
            "eclipse/settori-esterni",
            "eclipse/specie-aliene",
        ),
    ),
    Tool(
        "scoring.sheet",
        args={"game": "galaxy"},
        cites=(
            "galaxy/1-introduzione",
            "galaxy/16-resa-dei-mondi-fase-3",
            "galaxy/2-componenti-del-gioco",
            "galaxy/3-come-vincere",
            "galaxy/basi-segrete-azione-a3",
            "galaxy/influenza",
            "galaxy/rivelazione",
            "galaxy/sensors",
        ),
    ),
    Tool(
        "scoring.sheet",
        args={"game": "ti4"},
        cites=(
            "ti4/20",
            "ti4/20.1",
            "ti4/20.15",
            "ti4/20.16",
            "ti4/20.19",
            "ti4/20.21",
            "ti4/20.3",
            "ti4/20.5",
            "ti4/20.6",
            "ti4/20.7",
            "ti4/20.8",
            "ti4/21.5",
            "ti4/32",
            "ti4/32.6",
            "ti4/32.8",
            "ti4/41.1",
            "ti4/41.2",
            "ti4/55",
            "ti4/61",
            "ti4/61.2",
            "ti4/61.4",
            "ti4/61.7",
            "ti4/61.8",
            "ti4/preparazione-completa-passo-6",
        ),
    ),
    Tool(
        "scoring.sheet",
        args={"game": "parsec"},
        cites=(
            "parsec/modalita-di-vittoria",
            "parsec/preparazione-del-tabellone",
            "parsec/variante-a-tempo",
            "parsec/variante-vittoria-assoluta",
            "parsec/vittoria-economica",
            "parsec/vittoria-militare",
        ),
    ),
    Tool(
        "scoring.sheet",
        args={"game": "rftg"},
        cites=(
            "rftg/contenuto",
            "rftg/fine-del-gioco",
            "rftg/galactic-genome-project",
            "rftg/gioco-in-solitario",
            "rftg/imperium-lords",
            "rftg/obiettivi",
            "rftg/obiettivi-piu",
            "rftg/obiettivi-primo",
            "rftg/pesca-delle-carte-e-tracce",
            "rftg/poteri-degli-sviluppi-di-prezzo-6",
            "rftg/punteggio",
            "rftg/terraforming-guild",
        ),
    ),
)


def tool(endpoint: str, **args: Any) -> Tool:
    """The registered tool at ``endpoint`` (a score sheet: with its ``game``)."""
    return next(t for t in TOOLS if t.endpoint == endpoint and t.args == args)
