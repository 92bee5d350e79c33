"""Interface language: choice of locale, and the gettext catalogues compiled at start-up.

The language comes from ``?lang=it|en``, then the ``lang`` cookie, then Accept-Language, and
defaults to Italian. Every feature keeps its strings in its own catalogue
(``translations/<lang>/LC_MESSAGES/<domain>.po``); they are compiled into the instance folder
when missing or stale, so a fresh clone needs no build step and no .mo file is committed.
"""

from __future__ import annotations

import os
import tempfile
from decimal import ROUND_HALF_UP, Decimal
from typing import Callable
from pathlib import Path

from babel import numbers
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, has_request_context, request, url_for
from flask_babel import Babel, format_percent, get_locale, get_translations
from flask_babel.speaklater import LazyString

from web.core.errors import framed
from web.core.messages import one_of
from web.core.urls import query_url

LANGS = ("it", "en")
DEFAULT_LANG = "it"
COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600
SOURCE_DIR = Path(__file__).resolve().parents[2] / "translations"


def select_locale() -> str:
    """?lang= beats the cookie, which beats the browser's Accept-Language; Italian otherwise
    (and outside a request: a lazy text printed by a script or a test)."""
    if not has_request_context():
        return DEFAULT_LANG
    for candidate in (request.args.get("lang"), request.cookies.get(COOKIE)):
        if candidate in LANGS:
            return candidate
    return request.accept_languages.best_match(LANGS) or DEFAULT_LANG


def current_lang() -> str:
    return str(get_locale() or DEFAULT_LANG)


def compile_catalogues(source: Path, target: Path) -> list[str]:
    """Compile every .po under ``source`` into ``target`` when stale; return the domains."""
    domains = set()
    for po_path in sorted(source.glob("*/LC_MESSAGES/*.po")):
        domains.add(po_path.stem)
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=po_path.parts[-3])
        # Write beside, then rename: several server workers may compile at once.
        fd, tmp = tempfile.mkstemp(dir=mo_path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            write_mo(out, catalog)
        os.replace(tmp, mo_path)
    return sorted(domains)


def init_i18n(app: Flask) -> None:
    compiled = Path(app.instance_path) / "translations"
    domains = compile_catalogues(SOURCE_DIR, compiled) or ["messages"]
    app.config["BABEL_DEFAULT_LOCALE"] = DEFAULT_LANG
    # One directory per domain: Flask-Babel merges all of them into one set of translations.
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join([str(compiled)] * len(domains))
    app.config["BABEL_DOMAIN"] = ";".join(domains)
    Babel(app, locale_selector=select_locale)

    @app.before_request
    def refuse_unknown_language() -> None:
        # Pages fall back to the cookie or the browser; the API documents ?lang= as it|en. A
        # route that does not exist or a method it does not allow answers 404 / 405 first (Flask
        # raises those after the before-request hooks), whatever the language asked.
        chosen = request.args.get("lang")
        if request.routing_exception is not None:
            return
        if chosen is not None and chosen not in LANGS and request.path.startswith("/api/"):
            raise framed("unknown_choice", lambda f: one_of(f, ", ".join(LANGS)), "lang")

    @app.after_request
    def remember_choice(response):
        chosen = request.args.get("lang")
        # Only a page the reader opens remembers the choice: the API's ?lang= is a script's
        # request for one answer (a shared link's page asks in its reader's language).
        if chosen in LANGS and request.cookies.get(COOKIE) != chosen and not request.path.startswith("/api/"):
            response.set_cookie(COOKIE, chosen, max_age=COOKIE_MAX_AGE, samesite="Lax")
        response.vary.add("Cookie")
        response.vary.add("Accept-Language")
        return response

    app.add_template_filter(probability)

    @app.context_processor
    def language_context():
        lang = current_lang()
        return {
            "lang": lang,
            "other_lang": "en" if lang == "it" else "it",
            "lang_switch_url": lang_switch_url,
        }


def lang_switch_url(lang: str) -> str:
    """The page the reader is on, in the other language (the choice is then kept in a cookie)."""
    if request.url_rule is None or request.method != "GET":
        return query_url(url_for("reference.home"), {"lang": [lang]})
    args = {k: v for k, v in request.args.to_dict(flat=False).items() if k != "lang"}
    return query_url(request.path, {**args, "lang": [lang]})


def ungettext(singular: str, plural: str, n: int) -> str:
    """The catalogue's form of a message for the count ``n``, placeholders left unfilled
    (Flask-Babel's ngettext fills them at once). Named like gettext's own function so that
    extraction collects both forms into the catalogue with the default keywords."""
    return str(get_translations().ungettext(singular, plural, n))


def plural_forms(forms: Callable[[int], str]) -> dict[str, str]:
    """A counted message for a page script, keyed by ``Intl.PluralRules`` category (the script
    picks with Astrolabio.plural). Italian and English have exactly two forms, one for 1
    ("one") and one for every other count ("other"); ``forms`` is an ``ungettext`` call."""
    return {"one": forms(1), "other": forms(2)}


def probability(p: float) -> str:
    """A chance in the reader's language with one decimal, as the pages' script prints it
    (Astrolabio.percent): one neither nil nor certain never reads 0.0% or 100.0%. Rounded as the
    browser's Intl.NumberFormat rounds (the float's shortest decimal form, a half up), not as
    Babel would (a half to even): 0.4545 reads 45.5%, as on every other page."""
    if 0 < p < 0.0005:
        return "< " + format_percent(0.001, "#,##0.0%")
    if 0.9995 < p < 1:
        return "> " + format_percent(0.999, "#,##0.0%")
    return format_percent(Decimal(repr(float(p))).quantize(Decimal("0.001"), ROUND_HALF_UP), "#,##0.0%")


def lazy_number(n: int) -> LazyString:
    """``n`` in the reader's digits (1.100.000, 1,100,000), written when shown, so that a text
    declared once at import (``_l``) can carry it; outside an app in English, like the text."""
    return LazyString(lambda: numbers.format_decimal(n, locale=get_locale() or "en"))
