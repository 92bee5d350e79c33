"""What a reader sees of a page, for the tests that look for strings left in the other language."""

import re


def visible_text(html: str) -> set[str]:
    """Text pieces and attribute texts a reader sees (scripts and JSON data blocks left out)."""
    html = re.sub(r"<script.*?</script>", "", html, flags=re.S)
    pieces = re.split(r"<[^>]*>", html) + re.findall(r'(?:aria-label|placeholder|title)="([^"]*)"', html)
    return {piece.strip() for piece in pieces if piece.strip()}
