#!/usr/bin/env python3
"""Fails unless README contains SOURCE verbatim as a ```cpp block.

  check_readme_example.py README SOURCE

The README's example is the file a test compiles and runs, so it can never drift.
"""
import re
import sys


def main() -> int:
    readme_path, source_path = sys.argv[1], sys.argv[2]
    readme = open(readme_path, encoding="utf-8").read()
    source = open(source_path, encoding="utf-8").read().strip()
    blocks = [b.strip() for b in re.findall(r"```cpp\n(.*?)```", readme, re.DOTALL)]
    if source in blocks:
        return 0
    print(f"{readme_path}: no ```cpp block equals {source_path}; "
          f"paste the file into the README's example section", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
