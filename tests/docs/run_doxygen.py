#!/usr/bin/env python3
"""Builds the API reference with doxygen and fails on any warning.

Runs doxygen with tests/docs/Doxyfile from the repository's root (the Doxyfile's paths are
relative to it) and writes OUT/html/index.html. Doxygen's own FAIL_ON_WARNINGS is kept, and
every "warning:" or "error:" line it prints fails the run too, so the check does not depend
on how a doxygen version reports. INPUT replaces the Doxyfile's inputs (the self-test points
it at a header with a known warning). The hosts' internal headers (engine_host_headers and
gfx_host_headers in engine/CMakeLists.txt, not installed) are left out: the reference is the
SDK's.

  run_doxygen.py [--doxygen PATH] [--input DIR] OUT
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def host_headers() -> list[str]:
    """The engine's headers that are not installed, as paths from the repository's root."""
    lists = (ROOT / "engine" / "CMakeLists.txt").read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"set\((?:engine|gfx)_host_headers\n(.*?)\n\)", lists, re.S):
        out += [f"engine/{line.strip()}" for line in block.splitlines() if line.strip()]
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--doxygen", default="doxygen")
    parser.add_argument("--input", type=pathlib.Path)
    args = parser.parse_args()

    doxygen = shutil.which(args.doxygen)
    if doxygen is None:
        print(f"{args.doxygen}: not found; install it with `apt-get install -y doxygen` "
              "(./start.sh --deps-only does)", file=sys.stderr)
        return 1
    config = (HERE / "Doxyfile").read_text(encoding="utf-8")
    if args.input is not None:
        config += f"\nINPUT = {args.input.resolve()}\nSTRIP_FROM_INC_PATH = {args.input.resolve()}\n"
    else:
        config += "\nEXCLUDE = " + " ".join(host_headers()) + "\n"
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, MOSAIC_DOXYGEN_OUTPUT=str(out))
    run = subprocess.run([doxygen, "-"], input=config, text=True, cwd=ROOT, env=env,
                         capture_output=True)
    lines = [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]
    problems = [line for line in lines if "warning:" in line or "error:" in line]
    for line in problems:
        print(line, file=sys.stderr)
    if run.returncode != 0 or problems:
        print(f"doxygen: {len(problems)} warnings (exit code {run.returncode}); fix the comments "
              "named above (a warning in a public header is an error)", file=sys.stderr)
        return 1
    print(f"API reference: {out / 'html' / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
