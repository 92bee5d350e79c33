"""One way every tool writes a verdict's reasons and citations as JSON.

A reason is a code, the section id of the rule it rests on and the numbers behind it; here it
becomes ``{"code", "message", "rule", "rule_label", "params"}`` with the message in the reader's
language from the tool's own table. A code without a message never reaches the reader as a raw
code or a 500: it reads "See rule …", and tests/web/core/test_verdicts.py fails for it. A cited rule is
linked as ``citations: {id: {"url", "label"}}``, its label from ``web.core.rules.rule_label`` (the reader's
numbering and title).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from flask_babel import gettext as _

from engine.core.reasons import Reason
from web.core.messages import Counted, fill
from web.core.rules import rule_label, section_url

Display = Callable[[Mapping[str, Any]], Mapping[str, Any]]


def message(
    code: str, params: Mapping[str, Any], messages: Mapping[str, Any], rule: str | None = None, display: Display = dict
) -> str:
    """The sentence for ``code`` in the request's language, its ``%(name)s`` filled from ``params``."""
    template = messages.get(code)
    if template is None:
        return _("See rule %(rule)s.", rule=rule_label(rule) if rule else code)
    if isinstance(template, Counted):  # counted on the params themselves (a list, not its display)
        template = template.text(params)
    return fill(template, display(params))


def named(key: str, names: Mapping[str, Any]) -> Display:
    """A display that shows the id in ``params[key]`` (a side, a unit) by its translated name."""

    def display(params: Mapping[str, Any]) -> dict[str, Any]:
        shown = dict(params)
        if shown.get(key) in names:
            shown[key] = str(names[shown[key]])
        return shown

    return display


def reason_json(reason: Reason, messages: Mapping[str, Any], display: Display = dict) -> dict[str, Any]:
    return {
        "code": reason.code,
        "message": message(reason.code, reason.params, messages, reason.rule, display),
        "rule": reason.rule,
        "rule_label": rule_label(reason.rule),
        "params": dict(reason.params),
    }


def citations(rules: Iterable[str]) -> dict[str, dict[str, str]]:
    """Cited sections as links, keyed by id in citing order: each one's page and what its link says."""
    return {rule: {"url": section_url(rule), "label": rule_label(rule)} for rule in rules}
