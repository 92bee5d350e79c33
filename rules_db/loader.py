"""Read the rules database (Markdown source files) into immutable sections.

Layout, one folder per game (see ``rules_db/FORMAT.md``)::

    rules_db/<game>/game.toml        name, document, version, source file
    rules_db/<game>/it/*.md          the Italian sections (authoritative), in reading order
    rules_db/<game>/en/*.md          the English translation, same ids

A section starts with an HTML comment holding its id and metadata, followed by a heading
(its title) and its Markdown body. Comments keep the files readable as plain Markdown.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Container, Iterable, Mapping

from rules_db import numbering

ROOT = Path(__file__).resolve().parent
GAMES = ("eclipse", "galaxy", "ti4", "parsec", "rftg")
LANGS = ("it", "en")

_ID_RE = re.compile(r"^[a-z0-9]+/[a-z0-9][a-z0-9.\-]*$")
_BLOCK_RE = re.compile(r"^<!--\s*id:\s*(?P<id>\S+)(?P<meta>.*?)-->\s*$", re.M | re.S)
_HEADING_RE = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
_LIST_KEYS = ("related", "keywords", "clarifies")


class RulesDBError(ValueError):
    """The source files break the format; the message names the file and the section."""


@dataclass(frozen=True)
class Game:
    id: str
    name_it: str
    document_it: str
    version: str
    source: str  # file under rules_db/sources/ the sections were taken from
    name_en: str = ""
    document_en: str = ""
    bold: str = "emphasis"  # what bold text stands for in the source: "emphasis" or "updated"

    def name(self, lang: str) -> str:
        return (self.name_en if lang == "en" else "") or self.name_it

    def document(self, lang: str) -> str:
        return (self.document_en if lang == "en" else "") or self.document_it


@dataclass(frozen=True)
class Section:
    """One rule paragraph or chapter, in both languages."""

    id: str
    game: str
    number: str
    title_it: str
    body_it: str
    title_en: str = ""
    body_en: str = ""
    parent: str | None = None
    children: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    file: str = ""
    number_en: str = ""  # the English rulebook's number where it differs in numbering (TI4)
    clarified_by: tuple[str, ...] = ()  # the FAQ answers and errata that clarify this rule
    clarifies: tuple[str, ...] = ()  # for a FAQ answer or an erratum: the rules it clarifies
    asked_it: tuple[str, ...] = ()  # questions players ask that this section answers, Italian
    asked_en: tuple[str, ...] = ()  # ... and English (questions/*.tsv: search only, never shown)

    def display_number(self, lang: str) -> str:
        """The number a reader of ``lang`` knows: TI4's English Rules Reference numbers chapters
        in English alphabetical order (23.7 in Italian is 78.7 in English)."""
        return (self.number_en if lang == "en" else "") or self.number

    def title(self, lang: str) -> str:
        """The title in ``lang``, falling back to the authoritative Italian."""
        return (self.title_en if lang == "en" else "") or self.title_it

    def body(self, lang: str) -> str:
        return (self.body_en if lang == "en" else "") or self.body_it

    def has_english(self) -> bool:
        """Translated: an English title, and an English body unless the section is a heading only."""
        return bool(self.title_en and (self.body_en or not self.body_it))

    @property
    def key(self) -> str:
        """The part of the id after ``<game>/``: the permalink's tail."""
        return self.id.split("/", 1)[1]


@dataclass(frozen=True)
class RawBlock:
    id: str
    meta: Mapping[str, str]
    title: str
    body: str
    file: str


def parse_blocks(text: str, file: str = "<string>") -> list[RawBlock]:
    """Split one Markdown source file into its section blocks (pure: text in, blocks out)."""
    matches = list(_BLOCK_RE.finditer(text))
    if text[: matches[0].start()].strip() if matches else text.strip():
        raise RulesDBError(f"{file}: text before the first '<!-- id: ... -->' marker")
    blocks = []
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        content = text[match.end() : end].strip("\n")
        lines = content.split("\n")
        heading = _HEADING_RE.match(lines[0]) if lines else None
        if not heading:
            raise RulesDBError(f"{file}: section {match['id']} must start with a '#' title line")
        meta = {}
        for line in match["meta"].strip().splitlines():
            if line.strip():
                key, sep, value = line.partition(":")
                if not sep:
                    raise RulesDBError(f"{file}: section {match['id']}: bad metadata line {line!r}")
                meta[key.strip()] = value.strip()
        blocks.append(RawBlock(match["id"], meta, heading["title"], "\n".join(lines[1:]).strip(), file))
    return blocks


def _split_list(value: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in re.split(r"[,;]", value) if item.strip())


@dataclass
class RulesDB:
    """All sections of all games, in reading order, with lookups the pages and API need."""

    games: dict[str, Game]
    sections: dict[str, Section]
    digest: str
    _order: dict[str, list[str]] = field(default_factory=dict)
    numberings: dict[str, numbering.Numbering] = field(default_factory=dict)

    def by_english_number(self, game: str, number: str) -> Section | None:
        """The section an English reader cites as ``number`` ("78.7" -> ti4/23.7)."""
        italian = self.numberings.get(game, numbering.Numbering()).italian(number)
        return self.sections.get(f"{game}/{italian}") if italian else None

    def get(self, section_id: str) -> Section | None:
        return self.sections.get(section_id)

    def by_game(self, game: str) -> list[Section]:
        return [self.sections[i] for i in self._order.get(game, [])]

    def roots(self, game: str) -> list[Section]:
        """Top-level sections: the table of contents of a game."""
        return [s for s in self.by_game(game) if s.parent is None]

    def ancestors(self, section: Section) -> list[Section]:
        """From the root down to the section's parent: the breadcrumb."""
        chain = []
        current = section
        while current.parent:
            current = self.sections[current.parent]
            chain.append(current)
        return chain[::-1]

    def descendants(self, section: Section) -> Iterable[Section]:
        for child_id in section.children:
            child = self.sections[child_id]
            yield child
            yield from self.descendants(child)

    def neighbours(self, section: Section) -> tuple[Section | None, Section | None]:
        """Previous and next section in the rulebook's reading order."""
        order = self._order[section.game]
        index = order.index(section.id)
        prev_id = order[index - 1] if index > 0 else None
        next_id = order[index + 1] if index + 1 < len(order) else None
        return (
            self.sections[prev_id] if prev_id else None,
            self.sections[next_id] if next_id else None,
        )


def read_questions(folder: Path, game: str, ids: Container[str]) -> dict[tuple[str, str], list[str]]:
    """{(section id, language): questions} from ``<game>/questions/*.tsv``: one question a line,
    ``<section id><TAB><it|en><TAB><question>``, written by the project in players' words; every
    id must be one of the game's ``ids``."""
    found: dict[tuple[str, str], list[str]] = {}
    for path in sorted((folder / "questions").glob("*.tsv")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            parts = line.split("\t")
            if len(parts) != 3 or not parts[0].startswith(game + "/") or parts[1] not in LANGS or not parts[2].strip():
                raise RulesDBError(f"{game}/questions/{path.name}:{number}: want '<id><TAB><it|en><TAB><question>'")
            if parts[0] not in ids:
                raise RulesDBError(f"{game}/questions/{path.name}:{number}: {parts[0]} is not a section")
            found.setdefault((parts[0], parts[1]), []).append(parts[2].strip())
    return found


def _read_game(folder: Path, game: str) -> tuple[Game, list[RawBlock], dict[str, RawBlock]]:
    meta = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    info = Game(
        game,
        meta["name"],
        meta["document"],
        meta["version"],
        meta["source"],
        meta.get("name_en", ""),
        meta.get("document_en", ""),
        meta.get("bold", "emphasis"),
    )
    italian: list[RawBlock] = []
    for path in sorted((folder / "it").glob("*.md")):
        italian.extend(parse_blocks(path.read_text(encoding="utf-8"), f"{game}/it/{path.name}"))
    english: dict[str, RawBlock] = {}
    for path in sorted((folder / "en").glob("*.md")) if (folder / "en").is_dir() else []:
        for block in parse_blocks(path.read_text(encoding="utf-8"), f"{game}/en/{path.name}"):
            if block.id in english:
                raise RulesDBError(f"{block.file}: duplicate English section {block.id}")
            english[block.id] = block
    return info, italian, english


def load(root: Path = ROOT, games: Iterable[str] = GAMES) -> RulesDB:
    """Load and cross-check every game; raise RulesDBError on any broken id or link."""
    digest = hashlib.sha256()
    infos: dict[str, Game] = {}
    numberings: dict[str, numbering.Numbering] = {}
    blocks: list[RawBlock] = []
    english: dict[str, RawBlock] = {}
    asked: dict[tuple[str, str], list[str]] = {}
    for game in games:
        folder = root / game
        if not (folder / "game.toml").is_file():
            continue  # a game not yet converted; tests require all five to be present
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
        info, game_blocks, game_english = _read_game(folder, game)
        infos[game] = info
        numberings[game] = numbering.read(folder)
        for block in game_blocks:
            if not _ID_RE.match(block.id) or not block.id.startswith(game + "/"):
                raise RulesDBError(f"{block.file}: bad section id {block.id!r}")
        blocks.extend(game_blocks)
        english.update(game_english)
        asked.update(read_questions(folder, game, {block.id for block in game_blocks}))

    seen: dict[str, RawBlock] = {}
    for block in blocks:
        if block.id in seen:
            raise RulesDBError(f"{block.file}: duplicate section id {block.id}")
        seen[block.id] = block
    for section_id, block in english.items():
        if section_id not in seen:
            raise RulesDBError(f"{block.file}: English section {section_id} has no Italian original")

    children: dict[str, list[str]] = {block.id: [] for block in blocks}
    related: dict[str, list[str]] = {block.id: [] for block in blocks}
    clarified_by: dict[str, list[str]] = {block.id: [] for block in blocks}
    for block in blocks:
        parent = block.meta.get("parent")
        if parent:
            if parent not in seen:
                raise RulesDBError(f"{block.file}: {block.id} has unknown parent {parent}")
            children[parent].append(block.id)
        links = _split_list(block.meta.get("related", "")) + _split_list(block.meta.get("clarifies", ""))
        for target in links:
            if target not in seen:
                raise RulesDBError(f"{block.file}: {block.id} links to unknown section {target}")
            if target != block.id and target not in related[block.id]:
                related[block.id].append(target)
        # A FAQ or erratum that clarifies a rule is linked from that rule too, in its own list.
        for target in _split_list(block.meta.get("clarifies", "")):
            if block.id not in clarified_by[target]:
                clarified_by[target].append(block.id)

    sections: dict[str, Section] = {}
    order: dict[str, list[str]] = {game: [] for game in infos}
    for block in blocks:
        en = english.get(block.id)
        game = block.id.split("/", 1)[0]
        sections[block.id] = Section(
            id=block.id,
            game=game,
            number=block.meta.get("number", ""),
            number_en=numberings[game].english(block.meta.get("number", "")),
            title_it=block.title,
            body_it=block.body,
            title_en=en.title if en else "",
            body_en=en.body if en else "",
            parent=block.meta.get("parent") or None,
            children=tuple(children[block.id]),
            related=tuple(related[block.id]),
            clarified_by=tuple(clarified_by[block.id]),
            clarifies=_split_list(block.meta.get("clarifies", "")),
            keywords=_split_list(block.meta.get("keywords", ""))
            + (_split_list(en.meta.get("keywords", "")) if en else ()),
            file=block.file,
            asked_it=tuple(asked.get((block.id, "it"), ())),
            asked_en=tuple(asked.get((block.id, "en"), ())),
        )
        order[game].append(block.id)
    return RulesDB(infos, sections, digest.hexdigest(), order, numberings)
