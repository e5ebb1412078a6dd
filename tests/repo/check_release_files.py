#!/usr/bin/env python3
"""What a release of the repository must hold, and must not: the licence and the changelog at
the root (README.md links both; the SDK installs LICENSE), and none of the logs a ctest run from
the source folder leaves (Testing/, issue #33 found Testing/Temporary/LastTest.log committed).
The tracked files are read from git; without git (an exported tarball) only the files are checked.

  check_release_files.py --root REPO   check the tree
  check_release_files.py --self-test   check that the rules catch what they should
"""
import argparse
import subprocess
import sys
from pathlib import Path

REQUIRED = ("LICENSE", "CHANGELOG.md")
GENERATED = ("Testing/",)  # folders whose files are never committed


def problems_in(present, tracked, ignored):
    """present: the root's file names; tracked: tracked paths (None without git); ignored:
    whether git ignores a new file in each GENERATED folder (None without git)."""
    found = [f"{name}: missing at the repository's root" for name in REQUIRED if name not in present]
    for folder in GENERATED:
        for path in tracked or ():
            if path.startswith(folder) or ("/" + folder) in path:
                found.append(f"{path}: a ctest log is committed (git rm --cached it)")
        if ignored is not None and not ignored.get(folder, False):
            found.append(f"{folder}: not ignored by .gitignore")
    return found


def check_tree(root):
    present = {p.name for p in root.iterdir()}
    tracked = ignored = None
    if (root / ".git").exists():
        run = lambda *args: subprocess.run(["git", "-C", str(root), *args], capture_output=True,
                                           text=True)
        listing = run("ls-files", "-z")
        if listing.returncode == 0:
            tracked = [p for p in listing.stdout.split("\0") if p]
            ignored = {folder: run("check-ignore", "-q", "--no-index",
                                   folder + "Temporary/LastTest.log").returncode == 0
                       for folder in GENERATED}
    return problems_in(present, tracked, ignored)


def self_test():
    ok_files = {"LICENSE", "CHANGELOG.md", "README.md"}
    cases = [
        (problems_in(ok_files, ["README.md", "src/a.cpp"], {"Testing/": True}), 0),
        (problems_in({"README.md"}, None, None), 2),
        (problems_in(ok_files, ["Testing/Temporary/LastTest.log"], {"Testing/": True}), 1),
        (problems_in(ok_files, ["build/Testing/x.log"], {"Testing/": True}), 1),
        (problems_in(ok_files, [], {"Testing/": False}), 1),
        (problems_in(ok_files, ["tests/TestingTools.md"], {"Testing/": True}), 0),
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
