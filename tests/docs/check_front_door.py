#!/usr/bin/env python3
"""The top-level README stays a front door, not a manual.

It was 1,429 lines with the repository's map at line 1,326 (issue #27); the manual now lives
next to the code it describes. This check keeps it that way: at most MAX_LINES lines, the map
of the repository and the two quick-start commands near the top, and a link to every
folder's manual, so that what moved out stays one click away.

  check_front_door.py --root REPO
"""
import argparse
import os
import pathlib
import sys

MAX_LINES = 300
MAP_WITHIN = 40  # the "## The repository" heading within the first lines
MANUALS = ["ecs/README.md", "engine/README.md", "engine/GUIDE.md", "editor/README.md",
           "projects/README.md", "tests/README.md", "tests/bench/README.md", "LICENSE",
           "CHANGELOG.md"]
QUICK_START = ["./start.sh   #", "./test.sh    #"]


def problems(root: pathlib.Path):
    text = (root / "README.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    if len(lines) > MAX_LINES:
        found.append(f"README.md: {len(lines)} lines, more than {MAX_LINES}: move the details "
                     "to the README of the folder they describe and link to it")
    heading = next((i for i, line in enumerate(lines, 1) if line == "## The repository"), None)
    if heading is None or heading > MAP_WITHIN:
        found.append(f"README.md: the map of the repository ('## The repository') must come "
                     f"within the first {MAP_WITHIN} lines (found at {heading})")
    for command in QUICK_START:
        if not any(line.startswith(command) for line in lines):
            found.append(f"README.md: the quick start lacks the line starting '{command}'")
    for script in ("start.sh", "test.sh"):
        if not os.access(root / script, os.X_OK):
            found.append(f"{script}: the quick start runs it, but it is not executable")
    for manual in MANUALS:
        if f"]({manual}" not in text:
            found.append(f"README.md: no link to {manual}")
        elif not (root / manual).exists():
            found.append(f"README.md links to {manual}, which does not exist")
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=pathlib.Path, required=True)
    found = problems(parser.parse_args().root)
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
