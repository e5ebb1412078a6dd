#!/usr/bin/env python3
"""Every editor verb is one entry of the command table (editor/core/command_table.hpp).

What would bring back a verb written in several places:

    a menu item with its shortcut typed in   ImGui::MenuItem("Copy", "Ctrl+C")   -- menus take
                                             label and keys from the table (command_menu_item)
    a script verb tested by hand             command == "duplicate"               -- scripts
                                             find their command by verb (find_verb)
    a key tested by hand in the shortcuts    pressed(key::d)                      -- shortcuts
                                             run the table's chords

Usage:
    check_editor_commands.py [--root REPO]   exit 1 and print file:line for each
    check_editor_commands.py --self-test     the rules on small samples
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

RULES = [
    (re.compile(r'MenuItem\([^;]*?,\s*"[^"]+"'), None,
     "a menu item with its shortcut typed in: use command_menu_item (ui/command_items.hpp)"),
    (re.compile(r'\b(command|verb|words\[0\])\s*==\s*"'), "editor/core/script.cpp",
     "a script verb tested by hand: register a command with .verb (core_commands.cpp)"),
    (re.compile(r'pressed(_or_repeated)?\(key::(?!escape)'), "editor/ui/shortcuts.cpp",
     "a shortcut tested by hand: give the command .keys"),
]


def strip_comments(line: str) -> str:
    return line.split("//", 1)[0]


def problems_in(relative: str, text: str) -> list[str]:
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        code = strip_comments(line)
        for pattern, only_in, why in RULES:
            if only_in is not None and relative != only_in:
                continue
            if pattern.search(code):
                out.append(f"{relative}:{number}: {why}")
    return out


def check(root: Path) -> int:
    editor = root / "editor"
    if not editor.is_dir():
        print(f"error: no editor/ under {root}", file=sys.stderr)
        return 2
    problems = []
    for path in sorted(editor.rglob("*")):
        if path.suffix in (".cpp", ".hpp") and path.is_file():
            relative = path.relative_to(root).as_posix()
            problems += problems_in(relative, path.read_text(encoding="utf-8", errors="replace"))
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


def self_test() -> int:
    bad = {
        "editor/ui/hierarchy_panel.cpp": 'if (ImGui::MenuItem("Copy", "Ctrl+C")) command_copy(s, ui);',
        "editor/core/script.cpp": 'if (command == "duplicate") {',
        "editor/ui/shortcuts.cpp": "if (pressed(key::d)) command_duplicate(s, ui);",
    }
    good = {
        "editor/ui/main_menu.cpp": 'ImGui::MenuItem("Grid", nullptr, &ui.settings.grid);',
        "editor/ui/view.cpp": 'if (ImGui::MenuItem(entry.title.c_str(), nullptr, entry.shown))',
        "editor/core/core_commands.cpp": 'if (c.verb == "select") c.state.selection().clear();',
        "editor/ui/shortcuts.cpp": "pressed(key::escape, false)",
    }
    failed = False
    for name, text in bad.items():
        if not problems_in(name, text):
            print(f"self-test: missed {name}: {text}")
            failed = True
    for name, text in good.items():
        if problems_in(name, text):
            print(f"self-test: flagged {name}: {text}")
            failed = True
    print("self-test " + ("FAILED" if failed else "passed"))
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    return self_test() if args.self_test else check(args.root)


if __name__ == "__main__":
    sys.exit(main())
