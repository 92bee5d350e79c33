"""Property-based fuzzing of the pages (schemathesis covers the API): no query string gives a 5xx."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import create_app

NASTY_STRINGS = st.sampled_from(
    [
        "",
        " ",
        "<script>alert(1)</script>",
        '"unclosed',
        "title:",
        "AND OR",
        "é" * 300,
        "\u202e\u0000x",
        "../../etc/passwd",
        "x" * 3000,
        "ti4/23.7",
        "NaN",
        "-1",
        "1e309",
        "🚀",
        "{{7*7}}",
        "%(x)s",
    ]
)
PAGES = [
    "/",
    "/tools",
    "/search",
    "/glossary",
    "/glossary/ti4",
    "/rules/ti4",
    "/rules/ti4/23.7",
    "/rules/eclipse/ritirata",
    "/scoring",
    "/scoring/eclipse",
    "/scoring/galaxy",
    "/retreat/eclipse",
    "/retreat/ti4",
    "/retreat/parsec",
    "/tools/combat/ti4",
    "/tools/combat/galaxy",
    "/tools/combat/parsec",
    "/tools/conquest/rftg",
    "/tools/combat/eclipse",
    "/tools/combat/eclipse/hex",
    "/api/docs",
]


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path_factory.mktemp("fuzz")),
            "COMPUTE_BUDGET_SECONDS": 0.25,
            "SEARCH_ENCODER": None,
        }
    )
    return app.test_client()


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(
    path=st.sampled_from(PAGES),
    query=st.dictionaries(
        st.sampled_from(
            [
                "q",
                "lang",
                "game",
                "page",
                "hl",
                "compare",
                "s",
                "b",
                "sheet",
                "player",
                "role",
                "vessel",
                "hex",
                "x",
                "limit",
                "att",
                "to",
                "blocked",
                "n0",
                "a0",
                "o0",
                "h0",
            ]
        )
        | st.text(max_size=6),
        NASTY_STRINGS | st.text(max_size=12),
        max_size=5,
    ),
)
def test_fuzz_pages_never_fail(fuzz_client, path, query):
    response = fuzz_client.get(path, query_string=query)
    assert response.status_code < 500, (path, query, response.get_data(as_text=True)[:300])
