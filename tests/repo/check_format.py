#!/usr/bin/env python3
"""Every C++ file of the project is formatted by the committed .clang-format.

Formatting drifts when one editor formats on save and another does not; a diff that mixes
reformatting with a change is hard to review. This fails with the files to reformat and the
command that does it.

    check_format.py --root REPO [--clang-format PATH]
    check_format.py --self-test [--clang-format PATH]
"""

import argparse
import os
import subprocess
import sys
import tempfile

FOLDERS = ("ecs", "engine", "editor", "projects", "tests")
EXTENSIONS = (".cpp", ".hpp", ".h", ".c")
# Inputs of other checks, not code we format: fixtures that must stay as written.
SKIPPED = (os.path.join("tests", "repo", "fixtures"),)


def sources(root):
    for folder in FOLDERS:
        for here, dirs, files in os.walk(os.path.join(root, folder)):
            rel = os.path.relpath(here, root)
            dirs[:] = [d for d in dirs if not d.startswith(("build", "."))]
            if any(rel == s or rel.startswith(s + os.sep) for s in SKIPPED):
                dirs[:] = []
                continue
            for name in sorted(files):
                if name.endswith(EXTENSIONS):
                    yield os.path.join(here, name)


def unformatted(root, clang_format):
    files = sorted(sources(root))
    bad = []
    for start in range(0, len(files), 50):
        batch = files[start:start + 50]
        try:
            result = subprocess.run([clang_format, "--dry-run", "--Werror", *batch],
                                    cwd=root, capture_output=True, text=True)
        except FileNotFoundError:
            sys.exit(f"{clang_format} not found: install the Debian package clang-format "
                     "(start.sh does)")
        if result.returncode != 0:
            bad += [f for f in batch if f + ":" in result.stderr]
    return [os.path.relpath(f, root) for f in bad], len(files)


def self_test(clang_format):
    with tempfile.TemporaryDirectory() as root:
        with open(os.path.join(root, ".clang-format"), "w") as f:
            f.write("BasedOnStyle: Google\nIndentWidth: 4\n")
        os.makedirs(os.path.join(root, "ecs"))
        os.makedirs(os.path.join(root, "tests", "repo", "fixtures"))
        with open(os.path.join(root, "ecs", "good.cpp"), "w") as f:
            f.write("int f() { return 1; }\n")
        with open(os.path.join(root, "ecs", "bad.hpp"), "w") as f:
            f.write("int   g( ){return 2;}\n")
        with open(os.path.join(root, "tests", "repo", "fixtures", "skipped.cpp"), "w") as f:
            f.write("int   h( ){return 3;}\n")
        bad, count = unformatted(root, clang_format)
        if bad != [os.path.join("ecs", "bad.hpp")] or count != 2:
            print(f"self-test failed: flagged {bad} of {count} files", file=sys.stderr)
            return 1
    print("self-test passed")
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root")
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--clang-format", default="clang-format")
    args = parser.parse_args()
    if args.self_test:
        return self_test(args.clang_format)
    bad, count = unformatted(args.root, args.clang_format)
    if bad:
        print(f"{len(bad)} of {count} files are not formatted by .clang-format:", file=sys.stderr)
        for f in bad:
            print(f"  {f}", file=sys.stderr)
        print(f"fix: clang-format -i {' '.join(bad)}", file=sys.stderr)
        return 1
    print(f"{count} files formatted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
