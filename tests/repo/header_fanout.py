#!/usr/bin/env python3
"""How many headers each translation unit reads, by target: the build's header fan-out.

A header included by many files, which itself includes much (glm, rapidjson, <regex>, ...),
makes every build slow and every change to it rebuild much. After a build, ninja knows each
object's dependencies; this prints, per target, the number of objects, the mean and the most
headers per object, and how many of the mean are glm's.

  header_fanout.py BUILD_DIR               after `cmake --build BUILD_DIR` (a Ninja build)
  header_fanout.py --deps FILE             from saved `ninja -t deps` output
  header_fanout.py --preprocess BUILD_DIR  no build needed: runs each compile command of
                                           BUILD_DIR/compile_commands.json with -M (slower)
  header_fanout.py ... --rebuilt-by HEADER also: how many objects a change to HEADER rebuilds
  header_fanout.py --self-test             the counting on a small sample
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

OBJECT = re.compile(r'^(\S.*): #deps (\d+)')
TARGET = re.compile(r'CMakeFiles/([^/]+)\.dir/')


def preprocess(build_dir, jobs):
    """`ninja -t deps`-style text made by running each compile command with -M."""
    with open(os.path.join(build_dir, 'compile_commands.json'), encoding='utf-8') as f:
        commands = json.load(f)

    def deps_of(entry):
        args = shlex.split(entry['command'])
        out = args[args.index('-o') + 1]
        args = [a for a in args if a != 'ccache']
        del args[args.index('-o'):args.index('-o') + 2]
        args = [a for a in args if a != '-c' and not a.startswith(('-M', '-fsanitize'))]
        run = subprocess.run(args + ['-M', '-MT', 'x'], cwd=entry['directory'],
                             capture_output=True, text=True, check=False)
        if run.returncode != 0:
            print('header_fanout: %s does not preprocess:\n%s' % (entry['file'], run.stderr),
                  file=sys.stderr)
            return ''
        paths = run.stdout.replace('\\\n', ' ').split()[1:]
        return '%s: #deps %d\n' % (out, len(paths)) + ''.join('    %s\n' % p for p in paths)

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return ''.join(pool.map(deps_of, commands))


def rebuilt_by(deps_text, header):
    """How many objects list a dependency whose path ends with `header`."""
    objects = set()
    current = None
    for line in deps_text.splitlines():
        m = OBJECT.match(line)
        if m:
            current = m.group(1)
        elif current and line.strip().endswith(header):
            objects.add(current)
    return len(objects)


def count(deps_text):
    """{target: [(headers, glm_headers), ...]} from `ninja -t deps` output."""
    per_target = collections.defaultdict(list)
    current = None
    for line in deps_text.splitlines():
        m = OBJECT.match(line)
        if m:
            t = TARGET.search(m.group(1))
            current = [t.group(1) if t else '?', 0, 0]
            per_target[current[0]].append(current)
        elif current and line.startswith('    '):
            path = line.strip()
            if path.endswith(('.cpp', '.cc', '.c')):
                continue  # the source itself
            current[1] += 1
            if '/glm/' in path:
                current[2] += 1
    return {t: [(c[1], c[2]) for c in objs] for t, objs in per_target.items()}


def report(counts):
    rows = ['%-32s %5s %6s %5s %9s' % ('target', 'TUs', 'mean', 'max', 'glm mean')]
    everything = []
    for target in sorted(counts):
        objs = counts[target]
        everything += objs
        rows.append('%-32s %5d %6.0f %5d %9.0f' % (
            target, len(objs), sum(h for h, _ in objs) / len(objs), max(h for h, _ in objs),
            sum(g for _, g in objs) / len(objs)))
    if everything:
        rows.append('%-32s %5d %6.0f %5d %9.0f' % (
            'all', len(everything), sum(h for h, _ in everything) / len(everything),
            max(h for h, _ in everything), sum(g for _, g in everything) / len(everything)))
    return '\n'.join(rows)


SAMPLE = """\
editor/CMakeFiles/mosaic_editor_ui.dir/ui/a.cpp.o: #deps 4, deps mtime 1 (VALID)
    ../../editor/ui/a.cpp
    ../../editor/ui/a.hpp
    /usr/include/glm/glm.hpp
    /usr/include/c++/12/vector

ecs/CMakeFiles/mosaic_ecs.dir/src/b.cpp.o: #deps 2, deps mtime 1 (VALID)
    ../../ecs/src/b.cpp
    /usr/include/c++/12/vector
"""


def self_test():
    counts = count(SAMPLE)
    expected = {'mosaic_editor_ui': [(3, 1)], 'mosaic_ecs': [(1, 0)]}
    if rebuilt_by(SAMPLE, 'a.hpp') != 1:
        print('header_fanout self-test: rebuilt_by')
        return 1
    if counts != expected:
        print('header_fanout self-test: got %r, expected %r' % (counts, expected))
        return 1
    print(report(counts))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('build_dir', nargs='?')
    parser.add_argument('--deps')
    parser.add_argument('--preprocess', metavar='BUILD_DIR')
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--rebuilt-by', metavar='HEADER', action='append', default=[])
    parser.add_argument('--self-test', action='store_true')
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    if args.deps:
        with open(args.deps, encoding='utf-8') as f:
            text = f.read()
    elif args.preprocess:
        text = preprocess(args.preprocess, args.jobs)
    elif args.build_dir:
        text = subprocess.run(['ninja', '-C', args.build_dir, '-t', 'deps'], check=True,
                              capture_output=True, text=True).stdout
    else:
        parser.error('give a build directory or --deps FILE')
    print(report(count(text)))
    for header in args.rebuilt_by:
        print('a change to %s rebuilds %d objects' % (header, rebuilt_by(text, header)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
