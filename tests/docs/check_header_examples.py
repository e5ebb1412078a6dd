#!/usr/bin/env python3
"""Fails unless every code example in the ECS headers' top comments is in EXAMPLES verbatim.

An example is a block of lines indented by three spaces inside a header's opening comment
(`//   code`). tests/docs/header_examples.cpp holds each one (de-indented) inside code that
compiles and runs, so an example can never drift from the API. Blocks that are prose laid
out in columns (an index, a diagram, a list) are named in PROSE.

  check_header_examples.py HEADER_DIR EXAMPLES
"""
import pathlib
import sys

PROSE = {
    "group.hpp",          # the owned pools, drawn
    "sparse_set.hpp",     # the two arrays, drawn
    "storage.hpp",        # which operations move values, as a list
    "world.hpp",          # the index of sections
    "system_params.hpp",  # the table of parameter kinds
}


def top_comment_blocks(header: pathlib.Path):
    blocks, current = [], []
    for line in header.read_text(encoding="utf-8").splitlines()[1:]:  # after #pragma once
        if not line.startswith("//"):
            break
        # A block starts at three spaces exactly; four or more at its start is the
        # continuation of a bulleted sentence, not code.
        if line.startswith("//   ") and (current or not line.startswith("//    ")):
            current.append(line[5:].rstrip())
        else:
            if current:
                blocks.append("\n".join(current))
            current = []
    if current:
        blocks.append("\n".join(current))
    return blocks


def main() -> int:
    header_dir, examples_path = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    examples = examples_path.read_text(encoding="utf-8")
    # Compare line by line, ignoring the indentation the examples file adds.
    example_lines = "\n".join(line.strip() for line in examples.splitlines())
    missing = 0
    for header in sorted(header_dir.glob("*.hpp")):
        if header.name in PROSE:
            continue
        for block in top_comment_blocks(header):
            wanted = "\n".join(line.strip() for line in block.splitlines())
            if wanted not in example_lines:
                first = block.splitlines()[0]
                print(f"{header}: the example starting '{first}' is not in {examples_path}; "
                      "copy it there (inside code that compiles and runs)", file=sys.stderr)
                missing += 1
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
