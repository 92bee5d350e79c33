"""Errors as the user should meet them: JSON under /api/, a friendly page elsewhere.

API errors always have the shape ``{"error": {"code", "message", "field"}}`` with the message in
the request's language (a refusal that rests on a rule adds its id as ``rule`` and its link as
``citations``, so a page can link it by its label); nothing a user does may produce a traceback.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from flask import Flask, jsonify, render_template, request
from flask.globals import request_ctx
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from engine.core.reasons import InvalidInput
from web.core.messages import field_offset, fill, marked_offset

HTTP_MESSAGES = {
    400: ("bad_request", _l("The request could not be understood.")),
    404: ("not_found", _l("There is nothing at this address.")),
    405: ("method_not_allowed", _l("This address does not accept this method.")),
    413: ("request_too_large", _l("The request is too large.")),
    429: ("too_many_requests", _l("Too many requests: please wait a moment.")),
    500: ("internal_error", _l("Something went wrong on our side. Please try again.")),
}


class ApiError(Exception):
    """A refusal to show as JSON: ``message`` is already in the request's language;
    ``retry_after`` (seconds) tells the client when to ask again."""

    def __init__(
        self,
        code: str,
        message: str,
        field: str | None = None,
        status: int = 400,
        retry_after: int | None = None,
        rule: str | None = None,
        field_at: int | None = None,
    ):
        super().__init__(message)
        self.code, self.message, self.field, self.status = code, str(message), field, status
        self.retry_after, self.rule, self.field_at = retry_after, rule, field_at


RULE_REFUSAL = 422  # a well-formed request that the game's rules refuse (the engine's InvalidInput)


def framed(code: str, say: Callable[[str], str], field: str, status: int = 400) -> ApiError:
    """A refusal whose message ``say(field)`` writes the field path ("The field %(field)s is
    required."), with its place in the message (``field_at``) for a page to put its label there."""
    return ApiError(code, say(field), field, status=status, field_at=marked_offset(say))


def rule_refusal(error: InvalidInput, messages: Mapping[str, Any]) -> ApiError:
    """The engine's refusal as a 422 in the request's language, from the tool's own messages.

    ``messages`` maps engine codes to lazy strings that may use the error's params, its
    ``field`` and its ``rule`` as ``%(name)s`` placeholders.
    """
    template = messages.get(error.code)
    params = {**error.params, "field": error.field or "", "rule": error.rule or ""}
    if template is None:
        message, at = _("The input is not valid (%(code)s).", code=error.code), None
    else:
        message, at = fill(template, params), field_offset(template, params) if error.field else None
    return ApiError(error.code, message, error.field, status=RULE_REFUSAL, rule=error.rule, field_at=at)


def error_response(
    code: str, message: str, field: str | None, status: int, rule: str | None = None, field_at: int | None = None
):
    return jsonify({"error": error_json(code, message, field, rule, field_at)}), status


def error_json(
    code: str, message: str, field: str | None, rule: str | None = None, field_at: int | None = None
) -> dict[str, Any]:
    """An error's body; a cited rule comes with its link (its label in the reader's words), and
    where the message writes the field, its place (``field_at``)."""
    # Imported here: the rules database's module needs i18n, which needs this module.
    from web.core.verdicts import citations

    body: dict[str, Any] = {"code": code, "message": str(message), "field": field}
    if field_at is not None:
        body["field_at"] = field_at
    if rule:
        body.update(rule=rule, citations=citations([rule]))
    return body


def wants_json() -> bool:
    """JSON under /api/, and wherever no page can be drawn: a request from a Host outside
    TRUSTED_HOSTS has no URL adapter to build a page's links with."""
    return request.path.startswith("/api/") or request_ctx.url_adapter is None


def refuse_oversized_chunked_body() -> None:
    """A body sent in chunks (no Content-Length) is cut by Werkzeug at MAX_CONTENT_LENGTH and
    the first 64 KiB handed on as if whole, which then fails as bad JSON: refuse it with 413."""
    if request.content_length is None and "chunked" in request.headers.get("Transfer-Encoding", "").lower():
        limit = request.max_content_length
        if limit is not None and len(request.get_data(cache=True)) >= limit:
            raise RequestEntityTooLarge()


def register_error_handlers(app: Flask) -> None:
    app.before_request(refuse_oversized_chunked_body)

    @app.errorhandler(ApiError)
    def api_error(error: ApiError):
        response, status = error_response(
            error.code, error.message, error.field, error.status, error.rule, error.field_at
        )
        if error.retry_after is not None:
            response.headers["Retry-After"] = str(error.retry_after)
        return response, status

    @app.errorhandler(InvalidInput)
    def invalid_input(error: InvalidInput):
        # Views translate their own codes; this is the safety net for a code they missed.
        message = _("The input is not valid (%(code)s).", code=error.code)
        if wants_json():
            return error_response(error.code, message, error.field, RULE_REFUSAL)
        return render_template("errors/error.html", status=400, message=message), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        code, message = HTTP_MESSAGES.get(status, (f"http_{status}", error.name))
        # Keep what the error says beyond its body: a 405's Allow lists the methods that work.
        headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
        if wants_json():
            body, _status = error_response(code, str(message), None, status)
            return body, status, headers
        return render_template("errors/error.html", status=status, message=message), status, headers

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Any:
        app.logger.exception("unhandled error", exc_info=error)
        code, message = HTTP_MESSAGES[500]
        if wants_json():
            return error_response(code, str(message), None, 500)
        return render_template("errors/error.html", status=500, message=message), 500
