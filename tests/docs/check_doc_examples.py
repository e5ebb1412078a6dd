#!/usr/bin/env python3
"""Fails unless every ```cpp block of the given Markdown files is in EXAMPLES verbatim.

EXAMPLES (tests/docs/guide_examples.cpp) holds each block inside code that compiles and runs
it, so a guide's example can never drift from the API: a block changed in the guide and not
there (or the other way round) fails this test, a block that no longer compiles fails the
build. Lines are compared without their indentation.

  check_doc_examples.py EXAMPLES DOC.md...
"""
import pathlib
import re
import sys


def stripped(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def main() -> int:
    examples_path, docs = pathlib.Path(sys.argv[1]), [pathlib.Path(p) for p in sys.argv[2:]]
    examples = stripped(examples_path.read_text(encoding="utf-8"))
    missing = 0
    for doc in docs:
        text = doc.read_text(encoding="utf-8")
        blocks = re.findall(r"```cpp\n(.*?)```", text, re.DOTALL)
        if not blocks:
            print(f"{doc}: no ```cpp block (expected the examples {examples_path} compiles)",
                  file=sys.stderr)
            missing += 1
        for block in blocks:
            if stripped(block) not in examples:
                line = text[:text.index(block)].count("\n") + 1
                first = block.strip().splitlines()[0]
                print(f"{doc}:{line}: the example starting '{first}' is not in {examples_path}; "
                      "copy it there verbatim (inside code that compiles and runs)",
                      file=sys.stderr)
                missing += 1
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
