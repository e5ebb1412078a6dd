#!/usr/bin/env python3
"""Every source, header and test file is named in a CMakeLists.txt.

The build lists its files explicitly (a CONFIGURE_DEPENDS glob makes CMake re-check the
folders on every build), so a file nobody listed would silently not be compiled: a test
that never runs, a header that is never installed. This check fails when one is missing,
and when a CONFIGURE_DEPENDS glob comes back.

  check_source_lists.py --root REPO      check the tree
  check_source_lists.py --self-test      the rule catches a missing file and a glob
"""
import argparse
import os
import pathlib
import re
import sys
import tempfile

# (folder, pattern): the files that must be listed by a CMakeLists.txt in the folder or above.
LISTED = [
    ('ecs/src', '*.cpp'), ('ecs/include', '**/*.hpp'),
    ('engine/src', '**/*.cpp'), ('engine/include', '**/*.hpp'),
    ('editor/core', '*.cpp'), ('editor/ui', '*.cpp'),
    ('tests/ecs', '**/*_test.cpp'), ('tests/engine', '**/*_test.cpp'),
    ('tests/editor', '*_test.cpp'), ('tests/editor_core', '*_test.cpp'),
    ('tests/projects', '*_test.cpp'), ('tests/bench', '*.cpp'),
]


def problems(root: pathlib.Path):
    found = []
    lists = {}
    for cm in root.rglob('CMakeLists.txt'):
        if 'build' in cm.relative_to(root).parts[:1]:
            continue
        text = cm.read_text(encoding='utf-8')
        lists[cm.parent] = text
        if re.search(r'file\(\s*GLOB\w*\s+\w+\s+CONFIGURE_DEPENDS', text):
            found.append(f'{cm.relative_to(root)}: uses a CONFIGURE_DEPENDS glob; list the files')
    for folder, pattern in LISTED:
        base = root / folder
        if not base.is_dir():
            continue
        for f in sorted(base.glob(pattern)):
            named = False
            for d in [f.parent, *f.parent.parents]:
                text = lists.get(d)
                if text is not None and f.relative_to(d).as_posix() in text:
                    named = True
                    break
                if d == root:
                    break
            if not named:
                found.append(f'{f.relative_to(root)}: not listed in any CMakeLists.txt above it')
    return found


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        (root / 'ecs/src').mkdir(parents=True)
        (root / 'ecs/src/listed.cpp').write_text('')
        (root / 'ecs/src/forgotten.cpp').write_text('')
        (root / 'ecs/CMakeLists.txt').write_text('add_library(x src/listed.cpp)\n')
        (root / 'tests/ecs').mkdir(parents=True)
        (root / 'tests/ecs/a_test.cpp').write_text('')
        (root / 'tests/ecs/CMakeLists.txt').write_text(
            'file(GLOB s CONFIGURE_DEPENDS *_test.cpp)\n')
        got = problems(root)
        want = ['ecs/src/forgotten.cpp', 'tests/ecs/CMakeLists.txt: uses', 'tests/ecs/a_test.cpp']
        missing = [w for w in want if not any(g.startswith(w) for g in got)]
        extra = [g for g in got if not any(g.startswith(w) for w in want)]
        if missing or extra:
            print('self-test failed: missing', missing, 'unexpected', extra)
            return 1
    print('self-test passed')
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--root')
    parser.add_argument('--self-test', action='store_true')
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    found = problems(pathlib.Path(args.root))
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
