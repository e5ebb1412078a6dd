#!/usr/bin/env python3
"""Enforce the one-way dependencies editor -> engine -> ecs by grepping #include lines.

    ecs/     may not include engine, editor, OpenGL (GL/, glad/, KHR/, ...), GLFW, ImGui
             or cereal headers: the ECS depends on the standard library only.
    engine/  may not include editor or ImGui headers.
    editor/core/  (the editor's model, tested headless) may not include ImGui, GLFW, OpenGL or
             editor/ui headers: the window builds on the model, never the other way.
    engine/src/  includes another engine folder's private header from engine/src
             ("serialization/json_support.hpp"), never through "../": the folders' shared
             headers are a known set, not a hidden library reached by relative paths.
    editor/ui/ panels (*_panel.hpp/.cpp) and the files only panels use may not include
             core/editor_state.hpp, directly or through another editor header, nor name
             editor_state: a panel gets the model's parts and verbs (ui/panel.hpp's
             panel_context), not the whole model.

Usage:
    check_include_boundaries.py [--root REPO]      exit 1 and print file:line for each violation
    check_include_boundaries.py --self-test DIR    run the check on the fixture tree DIR and
                                                   exit 0 only if it reports exactly the lines
                                                   marked "expect-violation" there

Fixture files are stored as NAME.fixture (e.g. ecs/world.hpp.fixture) so that no build or
lint glob mistakes them for real sources; --self-test copies them to a temporary tree
without that suffix and checks it exactly as it checks the repository.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable, Iterator

SOURCE_SUFFIXES = {".h", ".hh", ".hpp", ".hxx", ".inl", ".ipp", ".tpp", ".c", ".cc", ".cpp", ".cxx"}
FIXTURE_SUFFIX = ".fixture"
EXPECT_MARKER = "expect-violation"

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


# --------------------------------------------------------------------------------------
# What counts as which kind of header
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Include:
    path: Path  # the file containing the #include, absolute
    line: int
    text: str  # the include as written, e.g. <GL/gl.h>
    target: PurePosixPath  # the path inside the brackets or quotes
    quoted: bool


def first_component(include: Include) -> str:
    """First directory of the include path ("" for ../ paths, which lands_in() resolves)."""
    parts = [p for p in include.target.parts if p != "."]
    return parts[0] if parts and parts[0] != ".." else ""


def lands_in(include: Include, root: Path, folder: str) -> bool:
    """True when a quoted include, resolved from the including file, is under ROOT/folder/."""
    if not include.quoted:
        return False
    resolved = (include.path.parent / include.target).resolve()
    return resolved.is_relative_to((root / folder).resolve())


@dataclass(frozen=True)
class Rule:
    description: str
    matches: Callable[[Include, Path], bool]


def layer(folder: str) -> Rule:
    """Headers of one of our layers: mosaic/<folder>/..., <folder>/..., or a path into it."""

    def matches(include: Include, root: Path) -> bool:
        return (
            include.target.as_posix().startswith(f"mosaic/{folder}/")
            or first_component(include) == folder
            or lands_in(include, root, folder)
        )

    return Rule(f"an {folder} header" if folder[0] in "aeiou" else f"a {folder} header", matches)


def directories(description: str, *names: str) -> Rule:
    return Rule(description, lambda include, _root: first_component(include) in names)


def is_imgui(include: Include, _root: Path) -> bool:
    name = include.target.name
    return (
        (name.startswith("imgui") and name.endswith(".h"))
        or name == "imconfig.h"
        or first_component(include) in ("imgui", "backends")
    )


ENGINE = layer("engine")
EDITOR = layer("editor")
OPENGL = directories("an OpenGL header", "GL", "glad", "KHR", "GLES", "GLES2", "GLES3", "EGL")
GLFW = directories("a GLFW header", "GLFW")
IMGUI = Rule("an ImGui header", is_imgui)
CEREAL = directories("a cereal header", "cereal")
EDITOR_UI = Rule(
    "an editor/ui header",
    lambda include, root: first_component(include) == "ui" or lands_in(include, root, "editor/ui"),
)

SIBLING_FOLDER = Rule(
    'a "../" path into another engine/src folder',
    lambda include, root: include.quoted
    and include.target.parts[:1] == ("..",)
    and lands_in(include, root, "engine/src"),
)

# folder -> (what files under it must not include, why)
BOUNDARIES: dict[str, tuple[list[Rule], str]] = {
    "ecs": (
        [ENGINE, EDITOR, OPENGL, GLFW, IMGUI, CEREAL],
        "the ECS depends on the standard library only",
    ),
    "engine": (
        [EDITOR, IMGUI],
        "dependencies point editor -> engine -> ecs, never back",
    ),
    "engine/src": (
        [SIBLING_FOLDER],
        'shared private headers are included from engine/src, e.g. "serialization/'
        'json_support.hpp" (engine/CMakeLists.txt)',
    ),
    "editor/core": (
        [IMGUI, GLFW, OPENGL, EDITOR_UI],
        "the editor's model runs headless; editor/ui builds on it, never the other way",
    ),
}


# --------------------------------------------------------------------------------------
# Scanning
# --------------------------------------------------------------------------------------


def strip_comments(source: str) -> str:
    """Blank out // and /* */ comments (keeping newlines) so commented-out includes don't count.

    String and character literals are skipped so that "/*" inside them opens nothing.
    """
    out = []
    i, n = 0, len(source)
    while i < n:
        two = source[i : i + 2]
        if two == "//":
            end = source.find("\n", i)
            end = n if end == -1 else end
            out.append(" " * (end - i))
            i = end
        elif two == "/*":
            end = source.find("*/", i + 2)
            end = n if end == -1 else end + 2
            out.append(re.sub(r"[^\n]", " ", source[i:end]))
            i = end
        elif source[i] in "\"'":
            quote, j = source[i], i + 1
            while j < n and source[j] != quote and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append(source[i : j + 1])
            i = j + 1
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def includes_in(path: Path) -> Iterator[Include]:
    text = strip_comments(path.read_text(encoding="utf-8", errors="replace"))
    for number, line in enumerate(text.splitlines(), start=1):
        match = INCLUDE.match(line)
        if match:
            bracket, target = match.groups()
            written = f"<{target}>" if bracket == "<" else f'"{target}"'
            yield Include(path, number, written, PurePosixPath(target), bracket == '"')


def source_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in SOURCE_SUFFIXES)


def find_violations(root: Path) -> tuple[list[str], int]:
    """Returns (one "file:line: message" per violation, number of files scanned)."""
    violations, scanned = [], 0
    for folder, (forbidden, reason) in BOUNDARIES.items():
        for path in source_files(root / folder):
            scanned += 1
            for include in includes_in(path):
                for rule in forbidden:
                    if rule.matches(include, root):
                        where = f"{path.relative_to(root).as_posix()}:{include.line}"
                        violations.append(
                            f"{where}: #include {include.text} is {rule.description}, "
                            f"which {folder}/ must not include ({reason})"
                        )
                        break
    return violations, scanned


# --------------------------------------------------------------------------------------
# Panels see parts of the model, not editor_state
# --------------------------------------------------------------------------------------

THE_MODEL = "editor/core/editor_state.hpp"
PANEL_NAME = re.compile(r"_panel\.(hpp|cpp)$")
MODEL_NAME = re.compile(r"\beditor_state\b")
# Panel files allowed to reach editor_state.hpp anyway: path -> why. Keep it empty; a panel
# that needs something of the model gets it through core/model_parts.hpp or ui/edits.hpp.
PANEL_EXCEPTIONS: dict[str, str] = {}


def editor_header(include: Include, root: Path) -> Path | None:
    """The editor file a quoted include names ("core/x.hpp", "ui/x.hpp" or next to the
    including file), or None for anything else (the engine's, the standard library's)."""
    if not include.quoted:
        return None
    for base in (root / "editor", include.path.parent):
        candidate = (base / include.target).resolve()
        if candidate.is_file() and candidate.is_relative_to((root / "editor").resolve()):
            return candidate
    return None


def reaches_model(path: Path, root: Path, memo: dict[Path, list[str] | None],
                  visiting: set[Path]) -> list[str] | None:
    """The chain of editor headers from `path` to editor_state.hpp, or None."""
    if path in memo:
        return memo[path]
    if path in visiting:  # an include cycle: #pragma once ends it, and so do we
        return None
    visiting.add(path)
    found = None
    for include in includes_in(path):
        header = editor_header(include, root)
        if header is None:
            continue
        if header == (root / THE_MODEL).resolve():
            found = [include.text]
            break
        chain = reaches_model(header, root, memo, visiting)
        if chain is not None:
            found = [include.text] + chain
            break
    visiting.discard(path)
    memo[path] = found
    return found


def panel_files(root: Path) -> list[Path]:
    """The panels of editor/ui and the files only they use: a header (with its .cpp) that
    panels include and no other file of editor/ does, repeated until nothing is added."""
    ui = root / "editor" / "ui"
    if not ui.is_dir():
        return []
    files = [p for p in source_files(root / "editor")]
    users: dict[Path, set[Path]] = {}
    for path in files:
        for include in includes_in(path):
            header = editor_header(include, root)
            if header is not None:
                users.setdefault(header, set()).add(path.resolve())
    panels = {p.resolve() for p in source_files(ui) if PANEL_NAME.search(p.name)}
    while True:
        added = set()
        for header, by in users.items():
            if header in panels or header.parent != ui.resolve() or header.suffix != ".hpp":
                continue
            own = header.with_suffix(".cpp")
            others = by - {own}
            if others and others <= panels:
                added.add(header)
                if own.is_file():
                    added.add(own)
        if not added - panels:
            break
        panels |= added
    return sorted(panels)


def find_panel_violations(root: Path) -> tuple[list[str], int]:
    violations = []
    memo: dict[Path, list[str] | None] = {}
    panels = panel_files(root)
    for path in panels:
        relative = path.relative_to(root.resolve()).as_posix()
        if relative in PANEL_EXCEPTIONS:
            continue
        for include in includes_in(path):
            header = editor_header(include, root)
            if header is None:
                continue
            if header == (root / THE_MODEL).resolve():
                chain = [include.text]
            else:
                rest = reaches_model(header, root, memo, set())
                if rest is None:
                    continue
                chain = [include.text] + rest
            what = ("is core/editor_state.hpp" if len(chain) == 1 else
                    "reaches core/editor_state.hpp through " + " -> ".join(chain[1:]))
            violations.append(
                f"{relative}:{include.line}: #include {include.text} {what}, "
                f"which a panel (or a file only panels use) "
                f"must not include (a panel gets the model's parts: ui/panel.hpp's "
                f"panel_context, core/model_parts.hpp, ui/edits.hpp)"
            )
        # Nor name it: a declared editor_state& handed around is the whole model all the same.
        text = strip_comments(path.read_text(encoding="utf-8", errors="replace"))
        for number, line in enumerate(text.splitlines(), start=1):
            if not INCLUDE.match(line) and MODEL_NAME.search(line):
                violations.append(
                    f"{relative}:{number}: names editor_state, which a panel (or a file only "
                    f"panels use) must not: it gets the model's parts and verbs "
                    f"(core/model_parts.hpp, ui/edits.hpp)"
                )
    return violations, len(panels)


# --------------------------------------------------------------------------------------
# Modes
# --------------------------------------------------------------------------------------


def check_repository(root: Path) -> int:
    if not (root / "ecs").is_dir():
        print(f"error: {root} has no ecs/ folder; pass the repository root with --root",
              file=sys.stderr)
        return 2
    violations, scanned = find_violations(root)
    if scanned == 0:
        print(f"error: no source files under {root}/ecs or {root}/engine", file=sys.stderr)
        return 2
    panel_violations, panels = find_panel_violations(root)
    if panels == 0:
        print(f"error: no panels under {root}/editor/ui", file=sys.stderr)
        return 2
    violations += panel_violations
    for violation in violations:
        print(violation)
    if violations:
        print(f"{len(violations)} include boundary violation(s) in {scanned + panels} files")
        return 1
    print(f"include boundaries hold: {scanned} files under ecs/, engine/ and editor/core/ checked;"
          f" {panels} panel files of editor/ui/ reach no core/editor_state.hpp")
    return 0


def self_test(fixtures: Path) -> int:
    """The checker must report exactly the lines marked EXPECT_MARKER in the fixtures."""
    with tempfile.TemporaryDirectory(prefix="include_boundaries_") as temp:
        tree = Path(temp)
        expected = set()
        for stored in sorted(fixtures.rglob(f"*{FIXTURE_SUFFIX}")):
            relative = stored.relative_to(fixtures).as_posix()[: -len(FIXTURE_SUFFIX)]
            (tree / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(stored, tree / relative)
            for number, line in enumerate(stored.read_text().splitlines(), start=1):
                if EXPECT_MARKER in line:
                    expected.add(f"{relative}:{number}")
        if not expected:
            print(f"error: no '{EXPECT_MARKER}' lines in {fixtures}", file=sys.stderr)
            return 2

        violations, _ = find_violations(tree)
        violations += find_panel_violations(tree)[0]
        reported = {v.split(": ", 1)[0] for v in violations}
        for violation in violations:
            print(f"reported as expected: {violation}" if violation.split(": ", 1)[0] in expected
                  else f"FALSE POSITIVE: {violation}")
        missed = sorted(expected - reported)
        for where in missed:
            print(f"MISSED: {where} is marked {EXPECT_MARKER} but was not reported")
        if missed or reported - expected:
            return 1
        print(f"self-test passed: all {len(expected)} marked violations reported, nothing else")
        return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                        help="repository root (default: two levels above this script)")
    parser.add_argument("--self-test", type=Path, metavar="FIXTURES",
                        help="check the fixture tree instead of the repository")
    args = parser.parse_args()
    if args.self_test is not None:
        return self_test(args.self_test.resolve())
    return check_repository(args.root.resolve())


if __name__ == "__main__":
    sys.exit(main())
