"""Retreat checkers: the pages ``/retreat/{eclipse,ti4,parsec}`` and ``POST /api/retreat/{eclipse,ti4,parsec}``.

A page is a GET form whose query string *is* the situation, so the URL after "Check" is the
share link and opening it reproduces the verdict. Each reader validates the request with its model
(``web.retreat.models``: a 400 names the field, in the request's language) and builds the engine's
situation; each answer builder turns the engine's verdict into JSON with every reason's code,
sentence and rule. The pages turn their query into the same object and go through the same
readers and builders, so page and API cannot disagree.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Sequence, cast
from urllib.parse import parse_qsl

from flask import Blueprint, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict

from engine.core.reasons import InvalidInput
from engine.eclipse import retreat as ec
from engine.parsec import retreat as ps
from engine.ti4 import retreat as ti4
from web.core.urls import query_url
from web.core.errors import ApiError, rule_refusal
from web.core.messages import one_of, path_in_words
from web.core.models import read_json, validate
from web.core.openapi import document
from web.core.rules import rule_label
from web.ti4_combat.text import FACTION_NAMES
from web.core.verdicts import citations
from web.retreat import text as words
from web.retreat.models import EclipseRetreat, EclipseRetreatAnswer, ParsecRetreat, ParsecRetreatAnswer
from web.retreat.models import Ti4Retreat, Ti4RetreatAnswer
from web.retreat.text import INPUT_MESSAGES, reason_json

bp = Blueprint("retreat", __name__)

# --- pages --------------------------------------------------------------------------------
# Each page reads its query into the API's request object; with no situation in the query it
# shows an example (the rulebook's own for Eclipse), already checked.


def _query(example: str, key: str) -> MultiDict:
    """The request's query when it describes a situation (has ``key``), else the example."""
    return request.args if key in request.args else MultiDict(parse_qsl(example))


def _page(
    template: str,
    reader: Callable,
    answer: Callable,
    args: MultiDict,
    data: dict,
    places: Places,
    decorate: Callable[[dict, dict | None], dict] | None = None,
    **context,
):
    """Render a checker page: the verdict when the situation reads, the message when not.

    ``places`` tells the page's form field behind each request path, so a refusal names the
    field as the page labels it and marks it; ``decorate(data, result)`` may add page-specific
    context (Parsec's hex picture)."""
    result, error, error_input, status = None, None, None, 200
    try:
        result = answer(reader(data))
    except ApiError as refused:
        error, error_input = _placed(refused, places)
        status = 400
    if decorate is not None:
        context.update(decorate(data, result))
    # No ``lang``: a shared link opens in its recipient's language and sets no cookie for them.
    values: dict[str, Any] = {k: v for k, v in args.to_dict(flat=False).items() if k != "lang"}
    share = request.host_url.rstrip("/") + query_url(request.path, values)
    return render_template(
        template,
        args=args,
        data=data,
        result=result,
        error=error,
        error_input=error_input,
        share_url=share,
        example=args is not request.args,
        rule_label=rule_label,
        **NAMES,
        **context,
    ), status


class Place(NamedTuple):
    """A request path's form field on a page: the input's id (None for a group of chips or
    choices), the words that name it as the page labels it, and, for a field typed as text, the
    choices in the page's words (a refused kind then lists what the player may type)."""

    input: str | None
    words: str
    choices: str | None = None


Places = dict[str, Place]


def _placed(error: ApiError, places: Places) -> tuple[str, str | None]:
    """The refusal's message naming its field as the page does, and the input to mark: the
    place of the longest path that holds the error's (``attackers[0]`` holds ``attackers[0].r``)."""
    field = error.field or ""
    held = [p for p in places if field == p or field.startswith((p + ".", p + "["))]
    if not held:
        return error.message, None
    place = places[max(held, key=len)]
    if place.choices is not None and error.code == "unknown_choice":
        return one_of(place.words, place.choices), place.input
    return path_in_words(error.message, field, place.words, error.field_at) or error.message, place.input


def _named(names: Mapping[str, Any], keys: Sequence[str]) -> str:
    """A field's choices as the page shows them (a refusal of a value from a damaged link lists
    them in the reader's words, not as the API's codes)."""
    return ", ".join(str(names[k]) for k in keys)


def _label(text: str, item: str | None = None) -> str:
    """A field's label as a refusal quotes it, with the list item it is about."""
    return f"“{text}”" + (f" ({item})" if item else "")


MAX_CARD_INDEX = 99  # a card key's number in a query (h0..h99): past the limits, for the model to refuse


def _card_indices(args: MultiDict, key: str) -> list[int]:
    """The query's card numbers for ``key`` (``h0 h2 h7``), in order: every card, even past the
    game's limit, so a query with one card too many is refused as the API refuses it."""
    found = {name[len(key) :] for name in args if name.startswith(key)}
    return sorted({int(n) for n in found if n.isdecimal() and int(n) <= MAX_CARD_INDEX})  # not "²"


def _cards(args: MultiDict, key: str) -> range:
    """The candidate cards the query holds, as the reader counts them and the page numbers them
    (a card the query skips, ``h0 h2``, leaves no gap)."""
    return range(len(_card_indices(args, key)))


# Translated names the pages show for engine values (colours, anomalies, vessels...).
NAMES = {
    "colour_names": words.COLOUR_NAMES,
    "ship_type_names": words.SHIP_TYPE_NAMES,
    "wormhole_sides": words.WORMHOLE_SIDES,
    "anomaly_names": words.ANOMALY_NAMES,
    "adjacency_names": words.ADJACENCY_NAMES,
    "vessel_names": words.VESSEL_NAMES,
    "vessel_words": words.VESSEL_WORDS,
    "token_source_names": words.TOKEN_SOURCE_NAMES,
    "unit_names": words.TI4_UNIT_NAMES,
    "role_names": words.ROLE_NAMES,
}


def _flag(args: MultiDict, key: str) -> bool:
    return args.get(key) == "1"


def _int_or_text(text: str) -> Any:
    """A whole number when it reads as one; otherwise the text, for the reader to refuse."""
    try:
        return int(text)
    except ValueError:
        return text


# The rulebook's ESEMPIO DI RITIRATA: green's disc in B, a green ship in C, D empty, red in E.
ECLIPSE_EXAMPLE = "player=green&h0=B&d0=green&h1=C&s1=green&h2=D&h3=E&s3=red"


def eclipse_request(args: MultiDict) -> dict[str, Any]:
    """Query ``player, wg, ship, all`` and per card ``h<i>`` (hex), ``d<i>`` (disc owner),
    ``s<i>`` (ship owners, repeated), ``w<i>`` (wormhole) as the API's request object."""
    candidates = [
        {
            "hex": args.get(f"h{i}", ""),
            "influence": args.get(f"d{i}") or None,
            "ships": args.getlist(f"s{i}"),
            "wormhole": args.get(f"w{i}") or "full",
        }
        for i in _card_indices(args, "h")
    ]
    return {
        "player": args.get("player", ""),
        "wormhole_generator": _flag(args, "wg"),
        "ship_type": args.get("ship") or None,
        "all_ships_retreat": {"1": True, "0": False}.get(args.get("all", "")),
        "candidates": candidates,
    }


def eclipse_places(args: MultiDict) -> Places:
    places: Places = {
        "player": Place("player", _label(_("Your colour")), _named(words.COLOUR_NAMES, ec.COLOURS)),
        "ship_type": Place("ship", _label(_("Ship type retreating")), _named(words.SHIP_TYPE_NAMES, ec.SHIP_TYPES)),
        "all_ships_retreat": Place("all", _label(_("Do all your remaining ships retreat?"))),
        "candidates": Place(None, _label(_("Neighbouring hexes"))),
    }
    for k in _cards(args, "h"):
        card, number = f"candidates[{k}]", _("no. %(n)s", n=k + 1)
        places[f"{card}.hex"] = Place(f"h{k}", _label(_("Hex name"), number))
        places[f"{card}.influence"] = Place(
            f"d{k}", _label(_("Influence disc"), number), _named(words.COLOUR_NAMES, ec.COLOURS)
        )
        places[f"{card}.ships"] = Place(
            None, _label(_("Ships in this hex"), number), _named(words.COLOUR_NAMES, ec.SHIP_OWNERS)
        )
        places[f"{card}.wormhole"] = Place(
            None, _label(_("Wormholes on the shared edge"), number), _named(words.WORMHOLE_SIDES, ec.WORMHOLES)
        )
    return places


@bp.get("/retreat/eclipse")
def eclipse_page():
    args = _query(ECLIPSE_EXAMPLE, "player")
    return _page(
        "retreat/eclipse.html",
        read_eclipse,
        eclipse_answer,
        args,
        eclipse_request(args),
        eclipse_places(args),
        colours=ec.COLOURS,
        owners=ec.SHIP_OWNERS,
        ship_types=ec.SHIP_TYPES,
        wormholes=ec.WORMHOLES,
        max_cards=ec.MAX_NEIGHBOURS,
    )


TI4_EXAMPLE = (
    "role=defender&carriers=1&dreadnoughts=1&fighters=4&infantry=3"
    "&n0=A&a0=edge&p0=1&n1=B&a1=wormhole&u1=1&n2=C&a2=edge&u2=1&x2=1"
    "&n3=D&a3=edge&u3=1&an3=nebula"
)


def ti4_request(args: MultiDict) -> dict[str, Any]:
    """Query ``role, opp, tokens, antimass, in, pool``, the unit fields, and per card ``n<i>`` (system),
    ``a<i>`` (adjacency), ``p<i> u<i> x<i> t<i>`` (planet, units, other ships, token),
    ``an<i>`` (anomaly), ``o<i>`` (own ships there) as the API's request object."""
    candidates = [
        {
            "system": args.get(f"n{i}", ""),
            "adjacent": args.get(f"a{i}") or "edge",
            "controls_planet": _flag(args, f"p{i}"),
            "own_units": _flag(args, f"u{i}"),
            "other_players_ships": _flag(args, f"x{i}"),
            "command_token": _flag(args, f"t{i}"),
            "anomaly": args.get(f"an{i}") or None,
            "own_ships": _int_or_text(args.get(f"o{i}", "").strip() or "0"),
        }
        for i in _card_indices(args, "n")
    ]
    units: dict[str, Any] = {name: _int_or_text(args.get(name, "").strip() or "0") for name in ti4.FLEET_INT_FIELDS}
    units.update({name: _flag(args, name) for name in ti4.FLEET_BOOL_FIELDS})
    units["faction"] = args.get("faction") or None
    pool = args.get("pool", "").strip()
    return {
        "role": args.get("role", ""),
        "opponent_announced_retreat": _flag(args, "opp"),
        "tokens_in_reinforcements": args.get("tokens") != "0",
        "antimass_deflectors": args.get("antimass") == "1",
        "active_anomaly": args.get("in") or None,
        "units": units,
        "candidates": candidates,
        "fleet_pool": _int_or_text(pool) if pool else None,
    }


def ti4_places(args: MultiDict) -> Places:
    places: Places = {
        "role": Place(None, _label(_("You are")), _named(words.ROLE_NAMES, ti4.ROLES)),
        "fleet_pool": Place("pool", _label(_("Command tokens in my fleet pool (leave empty to skip this check)"))),
        "active_anomaly": Place(
            "in", _label(_("The combat's own system is")), _named(words.ANOMALY_NAMES, ti4.COMBAT_ANOMALIES)
        ),
        "candidates": Place(None, _label(_("Systems you might retreat to"))),
    }
    for name in ti4.FLEET_INT_FIELDS:
        places[f"units.{name}"] = Place(f"u-{name}", _label(str(words.TI4_UNIT_NAMES[name])))
    places["units.faction"] = Place(
        "faction",
        _label(_("Your faction (Sol's carriers and L1Z1X's dreadnoughts carry more)")),
        _named(FACTION_NAMES, tuple(FACTION_NAMES)),
    )
    for k in _cards(args, "n"):
        card, number = f"candidates[{k}]", _("no. %(n)s", n=k + 1)
        places[f"{card}.system"] = Place(f"n{k}", _label(_("System name"), number))
        places[f"{card}.anomaly"] = Place(
            f"an{k}", _label(_("Anomaly"), number), _named(words.ANOMALY_NAMES, ti4.ANOMALIES)
        )
        places[f"{card}.adjacent"] = Place(
            None, _label(_("How it touches the active system"), number), _named(words.ADJACENCY_NAMES, ti4.ADJACENCIES)
        )
        places[f"{card}.own_ships"] = Place(f"o{k}", _label(_("My ships already there (not fighters)"), number))
    return places


@bp.get("/retreat/ti4")
def ti4_page():
    args = _query(TI4_EXAMPLE, "role")
    return _page(
        "retreat/ti4.html",
        read_ti4,
        ti4_answer,
        args,
        ti4_request(args),
        ti4_places(args),
        roles=ti4.ROLES,
        adjacencies=ti4.ADJACENCIES,
        anomalies=ti4.ANOMALIES,
        combat_anomalies=ti4.COMBAT_ANOMALIES,
        int_fields=ti4.FLEET_INT_FIELDS,
        bool_fields=ti4.FLEET_BOOL_FIELDS,
        factions=tuple(FACTION_NAMES),
        faction_names=FACTION_NAMES,
        limits={n: ti4.fleet_limit(n) for n in ti4.FLEET_INT_FIELDS},
        max_cards=ti4.MAX_CANDIDATES,
        max_pool=ti4.MAX_FLEET_POOL,
        max_ships_there=ti4.MAX_SHIPS_THERE,
    )


def _hexes(text: str) -> list[dict[str, Any]]:
    """``"2,0 -1,1"`` as ``[{"q": 2, "r": 0}, ...]``; bad pieces pass on for the reader."""
    cells = []
    for piece in text.split():
        q, _, r = piece.partition(",")
        cells.append({"q": _int_or_text(q), "r": _int_or_text(r)})
    return cells


PARSEC_EXAMPLE = "vessel=fighter&att=cruiser@2,0+fighter@1,-1&blocked=-1,1"
PICTURE_RADIUS = 3  # the clickable hex picture shows the vessel and three rings around it


def parsec_request(args: MultiDict) -> dict[str, Any]:
    """Query ``vessel, move, card``, ``att`` (``cruiser@2,0^3 ...``: kind, hex, range),
    ``blocked`` and ``pass`` (``0,1 ...``) and ``to`` (``q,r``) as the API's request object."""
    attackers, kinds = [], words.typed_kinds()
    for token in args.get("att", "").split():
        kind, _, where = token.partition("@")
        at, _, rng = where.partition("^")
        cell = (_hexes(at) or [{"q": "", "r": ""}])[0]
        attackers.append(
            {"kind": kinds.get(kind.casefold(), kind), **cell, "range": _int_or_text(rng) if rng else None}
        )
    move = args.get("move", "").strip()
    destination = _hexes(args.get("to", ""))
    return {
        "vessel": args.get("vessel", ""),
        "movement": _int_or_text(move) if move else None,
        "escape_card": _flag(args, "card"),
        "attackers": attackers,
        "blocked": _hexes(args.get("blocked", "")),
        "passable": _hexes(args.get("pass", "")),
        "destination": destination[0] if destination else None,
    }


def parsec_places(args: MultiDict) -> Places:
    """The text fields' items are named by what the player typed and the part of it refused
    (``cruiser@2: r``); a refused kind lists the words the page's language types."""
    kinds = words.attacker_words()
    parts = {"kind": _("kind"), "q": "q", "r": "r", "range": _("range (^N)")}
    lists = {
        "attackers": ("att", _("Attackers")),
        "blocked": ("blocked", _("Other players' vessels")),
        "passable": ("pass", _("Hexes to cross, not to stop on")),
    }
    places: Places = {
        "vessel": Place("vessel", _label(_("Vessel type")), _named(words.VESSEL_NAMES, ps.EVADERS)),
        "movement": Place("move", _label(_("Movement, if an event card changes it"))),
        "destination": Place("to", _label(_("Destination"))),
    }
    for key, (field, label) in lists.items():
        places[key] = Place(field, _label(label))
        for k, token in enumerate(args.get(field, "").split()):
            places[f"{key}[{k}]"] = Place(field, _label(label, token))
            for part, said in parts.items():
                choices = kinds if part == "kind" else None
                places[f"{key}[{k}].{part}"] = Place(field, _label(label, f"{token}: {said}"), choices)
    return places


HEX_SIZE = 26  # px from centre to corner: a hex is 45 px wide and 52 px tall, a fair tap target


def _cell(item: Mapping) -> tuple[int, int] | None:
    q, r = item.get("q"), item.get("r")
    if isinstance(q, int) and isinstance(r, int) and not isinstance(q, bool) and not isinstance(r, bool):
        return (q, r)
    return None


def hex_picture(data: dict, result: dict | None) -> dict[str, Any]:
    """The clickable picture: every hex within PICTURE_RADIUS with what is on it, and shading
    for hexes some attacker reaches and for the safe hexes the answer found."""
    attackers: list[tuple[tuple[int, int], str, int]] = []  # two small vessels may share a hex
    for a in data["attackers"]:
        at, kind = _cell(a), a.get("kind")
        if at is not None and kind in ps.ATTACKER_KINDS:
            rng = a.get("range") if isinstance(a.get("range"), int) else ps.UNITS[kind].range
            attackers.append((at, kind, rng))
    pictured: dict[tuple[int, int], str] = {}
    for at, kind, _rng in attackers:
        pictured.setdefault(at, kind)  # a shared hex shows the first attacker typed on it
    blocked = {c for c in map(_cell, data["blocked"]) if c is not None}
    crossed = {c for c in map(_cell, data["passable"]) if c is not None}
    destination = _cell(data["destination"]) if data["destination"] else None
    safe = {(h["q"], h["r"]) for h in result["safe_hexes"]} if result else set()
    radius, size, root3 = PICTURE_RADIUS, HEX_SIZE, 3**0.5
    cells = []
    for r in range(-radius, radius + 1):
        for q in range(-radius, radius + 1):
            if abs(q + r) > radius:
                continue
            x, y = size * root3 * (q + r / 2), size * 1.5 * r
            corners = [
                (x + size * cos, y + size * sin)
                for cos, sin in (
                    (0, -1),
                    (root3 / 2, -0.5),
                    (root3 / 2, 0.5),
                    (0, 1),
                    (-root3 / 2, 0.5),
                    (-root3 / 2, -0.5),
                )
            ]
            here = (q, r)
            cells.append(
                {
                    "q": q,
                    "r": r,
                    "x": round(x, 1),
                    "y": round(y, 1),
                    "points": " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in corners),
                    "piece": "vessel"
                    if here == ps.ORIGIN
                    else pictured[here]
                    if here in pictured
                    else "blocked"
                    if here in blocked
                    else "pass"
                    if here in crossed
                    else "",
                    "destination": here == destination,
                    "safe": here in safe,
                    "in_range": any(ps.distance(at, here) <= rng for at, _kind, rng in attackers),
                }
            )
    half_w, half_h = size * root3 * (radius + 0.5) + 2, size * (1.5 * radius + 1) + 2
    return {"cells": cells, "view_box": f"{-half_w:.0f} {-half_h:.0f} {2 * half_w:.0f} {2 * half_h:.0f}"}


@bp.get("/retreat/parsec")
def parsec_page():
    args = _query(PARSEC_EXAMPLE, "att")
    return _page(
        "retreat/parsec.html",
        read_parsec,
        parsec_answer,
        args,
        parsec_request(args),
        parsec_places(args),
        decorate=hex_picture,
        vessels=ps.EVADERS,
        attacker_kinds=ps.ATTACKER_KINDS,
        attacker_words=words.attacker_words(),
        units=ps.UNITS,
    )


# --- JSON API -----------------------------------------------------------------------------

api_bp = Blueprint("retreat_api", __name__)


def _engine(build: Callable[[], Any]) -> Any:
    """Run an engine constructor, turning its refusal into a translated 400."""
    try:
        return build()
    except InvalidInput as error:
        raise rule_refusal(error, INPUT_MESSAGES) from None


# --- Eclipse ------------------------------------------------------------------------------


def read_eclipse(data: Mapping | EclipseRetreat) -> ec.Situation:
    """The request (the API's body or a page's query) as the engine's situation."""
    body = data if isinstance(data, EclipseRetreat) else validate(EclipseRetreat, data)
    neighbours = tuple(
        ec.Neighbour(
            hex=c.hex.strip(),
            influence=c.influence,
            ships=frozenset(c.ships),
            wormhole=cast(ec.Wormhole, c.wormhole),
            adjacent=c.adjacent,
        )
        for c in body.candidates
    )
    return _engine(
        lambda: ec.situation(
            body.player,
            neighbours,
            wormhole_generator=body.wormhole_generator,
            ship_type=body.ship_type,
            all_ships_retreat=body.all_ships_retreat,
        )
    )


def eclipse_answer(s: ec.Situation) -> dict[str, Any]:
    return {
        "player": s.player,
        "legal": list(ec.legal_destinations(s)),
        "verdicts": [
            {"hex": v.destination, "legal": v.legal, "reasons": [reason_json("eclipse", r) for r in v.reasons]}
            for v in ec.verdicts(s)
        ],
        "notes": [reason_json("eclipse", n) for n in ec.notes(s)],
        "rules": list(ec.rules(s)),
        "citations": citations(ec.rules(s)),
    }


@api_bp.post("/api/retreat/eclipse")
def eclipse_api():
    return jsonify(eclipse_answer(read_eclipse(read_json(EclipseRetreat))))


# --- Twilight Imperium 4 ------------------------------------------------------------------


def read_ti4(data: Mapping | Ti4Retreat) -> ti4.Combat:
    body = data if isinstance(data, Ti4Retreat) else validate(Ti4Retreat, data)
    systems = tuple(
        ti4.System(
            name=c.system.strip(),
            adjacency=cast(ti4.Adjacency, c.adjacent or "edge"),
            controls_planet=c.controls_planet,
            own_units=c.own_units,
            other_players_ships=c.other_players_ships,
            anomaly=c.anomaly,
            own_command_token=c.command_token,
            own_ships=c.own_ships,
        )
        for c in body.candidates
    )
    fleet = None if body.units is None else ti4.Fleet(**body.units.model_dump())
    return _engine(
        lambda: ti4.combat(
            body.role,
            systems,
            fleet,
            opponent_announced=body.opponent_announced_retreat,
            tokens_in_reinforcements=body.tokens_in_reinforcements,
            active_anomaly=body.active_anomaly,
            fleet_pool=body.fleet_pool,
            antimass_deflectors=body.antimass_deflectors,
        )
    )


def capacity_json(c: ti4.Combat) -> dict[str, Any] | None:
    """What a retreat leaves behind; None without a fleet, or when no retreat can be announced."""
    if c.fleet is None or not ti4.can_announce(c):
        return None
    loss = ti4.capacity_loss(c.fleet)
    return {
        "capacity": loss.capacity,
        "fighters": loss.fighters,
        "infantry": loss.infantry,
        "destroyed": loss.excess,
        "fighters_destroyed": {"min": loss.fighters_range[0], "max": loss.fighters_range[1]},
        "infantry_destroyed": {"min": loss.infantry_range[0], "max": loss.infantry_range[1]},
        "rules": ["ti4/23.7", ti4.RULE_CAPACITY],
    }


def ti4_answer(c: ti4.Combat, player: str = "") -> dict[str, Any]:
    return {
        "player": player,
        "role": c.role,
        "can_announce": ti4.can_announce(c),
        "announce_reasons": [reason_json("ti4", r) for r in ti4.announcement_reasons(c)],
        "legal": list(ti4.legal_destinations(c)),
        "verdicts": [
            {
                "system": v.destination,
                "legal": v.legal,
                "reasons": [reason_json("ti4", r) for r in v.reasons],
                "notes": [reason_json("ti4", n) for n in v.notes],
                "command_token": v.details["command_token"],
                "fleet_pool_excess": v.details["fleet_pool_excess"],
            }
            for v in ti4.verdicts(c)
        ],
        "destroyed_for_capacity": capacity_json(c),
        "notes": [reason_json("ti4", n) for n in ti4.notes(c)],
        "rules": list(ti4.rules(c)),
        "citations": citations(ti4.rules(c)),
    }


@api_bp.post("/api/retreat/ti4")
def ti4_api():
    body = read_json(Ti4Retreat)
    return jsonify(ti4_answer(read_ti4(body), body.player))


# --- Parsec -------------------------------------------------------------------------------


def read_parsec(data: Mapping | ParsecRetreat) -> ps.Situation:
    body = data if isinstance(data, ParsecRetreat) else validate(ParsecRetreat, data)
    attackers = [{"kind": a.kind, "at": (a.q, a.r), "range": a.range} for a in body.attackers]
    return _engine(
        lambda: ps.situation(
            body.vessel,
            attackers,
            blocked=[(h.q, h.r) for h in body.blocked],
            passable=[(h.q, h.r) for h in body.passable],
            movement=body.movement,
            escape_card=body.escape_card,
            destination=None if body.destination is None else (body.destination.q, body.destination.r),
        )
    )


def _hex_json(h: tuple[int, int]) -> dict[str, int]:
    return {"q": h[0], "r": h[1]}


def parsec_answer(s: ps.Situation) -> dict[str, Any]:
    destination = None
    if s.destination is not None:
        reasons = ps.destination_reasons(s)
        destination = {
            **_hex_json(s.destination),
            "ends_exchange": not reasons,
            "reasons": [reason_json("parsec", r) for r in reasons],
        }
    return {
        "vessel": s.vessel,
        "movement": s.move,
        "can_evade": ps.can_evade(s),
        "reasons": [reason_json("parsec", r) for r in ps.evade_reasons(s)],
        "ends_exchange": ps.ends_exchange(s),
        "exchange_reasons": [reason_json("parsec", r) for r in ps.exchange_reasons(s)],
        "destination": destination,
        "safe_hexes": [_hex_json(h) for h in ps.safe_hexes(s)],
        "notes": [reason_json("parsec", n) for n in ps.notes(s)],
        "rules": list(ps.rules(s)),
        "citations": citations(ps.rules(s)),
    }


@api_bp.post("/api/retreat/parsec")
def parsec_api():
    return jsonify(parsec_answer(read_parsec(read_json(ParsecRetreat))))


# --- OpenAPI description ------------------------------------------------------------------

document(
    "/api/retreat/eclipse",
    "post",
    summary=_l(
        "Eclipse: which neighbouring hexes a ship type may retreat to, each with its reasons "
        "and rules, plus what the retreat still costs."
    ),
    body=EclipseRetreat,
    response=EclipseRetreatAnswer,
    limits=_l("at most %(max)s candidates (a hex has six edges).", max=ec.MAX_NEIGHBOURS),
)

document(
    "/api/retreat/ti4",
    "post",
    summary=_l(
        "Twilight Imperium 4: may this player announce a retreat (23.4), which systems are "
        "legal (23.7, anomalies), what is destroyed for lack of capacity, where the command "
        "token comes from."
    ),
    body=Ti4Retreat,
    response=Ti4RetreatAnswer,
    limits=_l(
        "at most %(max)s candidates; unit counts up to the game's component limits, fighters and "
        "infantry up to %(fighters)s.",
        max=ti4.MAX_CANDIDATES,
        fighters=ti4.fleet_limit("fighters"),
    ),
)

document(
    "/api/retreat/parsec",
    "post",
    summary=_l(
        "Parsec: can the vessel at 0,0 make an evasive maneuver, and does it get beyond every "
        "attacker's range (ending the exchange)?"
    ),
    body=ParsecRetreat,
    response=ParsecRetreatAnswer,
    limits=_l(
        "at most %(attackers)s attackers, %(blocked)s blocked hexes and as many to cross, all within %(coord)s hexes; "
        "movement 1-%(movement)s; range 1-%(range)s.",
        attackers=ps.MAX_ATTACKERS,
        blocked=ps.MAX_BLOCKED,
        coord=ps.MAX_COORD,
        movement=ps.MAX_MOVEMENT,
        range=ps.MAX_RANGE,
    ),
)
