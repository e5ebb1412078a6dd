#!/usr/bin/env python3
"""One dispatcher per enum (STYLE.md 13): `case field_kind::...` appears only in
ecs/include/mosaic/ecs/field_kinds.hpp, whose one switch has no `default:` (that would hide a
new kind from -Wswitch). Everything else asks the kind table or visit_kind.

  check_kind_dispatch.py --root REPO   check the tree
  check_kind_dispatch.py --self-test   check that the rules catch what they should
"""
import argparse
import re
import sys
from pathlib import Path

DISPATCHER = Path("ecs/include/mosaic/ecs/field_kinds.hpp")
FOLDERS = ("ecs", "engine", "editor", "projects", "sdk", "tools", "tests")
SUFFIXES = {".cpp", ".hpp", ".h", ".cc", ".inl"}
CASE = re.compile(r"\bcase\s+(?:mosaic::)?field_kind::")
SWITCH = re.compile(r"\bswitch\s*\(")
DEFAULT = re.compile(r"\bdefault\s*:")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def problems_in(name, text, is_dispatcher):
    text = strip_comments(text)
    found = []
    if is_dispatcher:
        if len(SWITCH.findall(text)) != 1:
            found.append(f"{name}: expected exactly one switch (the dispatcher)")
        if DEFAULT.search(text):
            found.append(f"{name}: the dispatcher's switch has a default: that hides new kinds")
        return found
    for number, line in enumerate(text.splitlines(), 1):
        if CASE.search(line):
            found.append(f"{name}:{number}: a case on field_kind outside {DISPATCHER}; "
                         "use visit_kind or info_of")
    return found


def check_tree(root):
    problems = []
    dispatcher = root / DISPATCHER
    if not dispatcher.is_file():
        return [f"{DISPATCHER} is missing"]
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            rel = path.relative_to(root)
            text = path.read_text(encoding="utf-8", errors="replace")
            problems += problems_in(str(rel), text, rel == DISPATCHER)
    return problems


def self_test():
    bad = "int f(field_kind k) {\n  switch (k) {\n    case field_kind::vec2: return 1;\n  }\n}\n"
    good = "// case field_kind::vec2 in a comment\nint f(icon k) { switch (k) { case icon::a: return 1; } }\n"
    dispatcher_default = "switch (k) { case field_kind::a: return 1; default: return 0; }"
    dispatcher_ok = "switch (k) { case field_kind::a: return 1; }"
    cases = [
        (problems_in("bad", bad, False), 1),
        (problems_in("good", good, False), 0),
        (problems_in("d", dispatcher_default, True), 1),
        (problems_in("d", dispatcher_ok, True), 0),
    ]
    failed = [i for i, (found, want) in enumerate(cases) if len(found) != want]
    for i in failed:
        print(f"self-test case {i}: expected {cases[i][1]} problem(s), got {cases[i][0]}")
    return not failed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        ok = self_test()
        print("self-test " + ("passed" if ok else "FAILED"))
        return 0 if ok else 1
    problems = check_tree(args.root)
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
