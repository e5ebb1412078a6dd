#!/usr/bin/env python3
"""Runs mosaic-run and checks what it did: the exit code, its output, the files it wrote.

    check_mosaic_run.py MOSAIC_RUN run --exit N [--stdout RE]... [--stderr RE]...
                        [--no-file PATH]... [--cwd DIR] -- ARGS...
    check_mosaic_run.py MOSAIC_RUN round-trip SCENE.scene.json WORK_DIR
    check_mosaic_run.py MOSAIC_RUN deterministic SCENE WORK_DIR TICKS
    check_mosaic_run.py MOSAIC_RUN replay SCENE WORK_DIR TICKS

`run` fails when the exit code differs, a regular expression does not match, a --no-file path
exists afterwards, or the program was killed by a signal or reported a sanitizer error (an
AddressSanitizer report also exits 1, like a file error would).

`round-trip` converts SCENE to canonical JSON, then JSON -> binary -> JSON and binary ->
binary, and requires the same bytes each way round; converting onto an existing file must
keep the previous version as FILE.bak.

`deterministic` runs SCENE for TICKS ticks three times (seed 7; twice with one thread, once
with two) saving the final state, and requires byte-identical files that differ from the
state saved after zero ticks (so the scene really changed).

`replay` records SCENE for TICKS ticks (--record, --save), replays the file with --verify
and --save on two threads and requires exit 0, every checkpoint verified and the same saved
bytes; then every cut of the file (at about a hundred places) must exit 1 with an error that
names the replay, never crash.
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys

SANITIZER_MARKERS = ("AddressSanitizer", "LeakSanitizer", "runtime error:")


def run(binary, args, cwd=None):
    result = subprocess.run([binary, *args], cwd=cwd, capture_output=True, text=True,
                            errors="replace", timeout=120)
    shown = f"$ mosaic-run {' '.join(args)}\n--- exit {result.returncode}\n" \
            f"--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    if result.returncode < 0:
        raise SystemExit(f"FAIL: killed by signal {-result.returncode}\n{shown}")
    if any(marker in result.stderr for marker in SANITIZER_MARKERS):
        raise SystemExit(f"FAIL: sanitizer report\n{shown}")
    return result, shown


def check_run(binary, options):
    result, shown = run(binary, options.args, options.cwd)
    problems = []
    if result.returncode != options.exit:
        problems.append(f"expected exit {options.exit}, got {result.returncode}")
    for pattern in options.stdout:
        if not re.search(pattern, result.stdout, re.MULTILINE):
            problems.append(f"stdout does not match {pattern!r}")
    for pattern in options.stderr:
        if not re.search(pattern, result.stderr, re.MULTILINE):
            problems.append(f"stderr does not match {pattern!r}")
    for path in options.no_file:
        if pathlib.Path(path).exists():
            problems.append(f"{path} exists but should not")
    if problems:
        raise SystemExit("FAIL: " + "; ".join(problems) + "\n" + shown)
    print(shown)


def convert(binary, source, target):
    result, shown = run(binary, ["--convert", str(source), str(target)])
    if result.returncode != 0:
        raise SystemExit(f"FAIL: conversion failed\n{shown}")


def same_bytes(a, b):
    if a.read_bytes() != b.read_bytes():
        raise SystemExit(f"FAIL: {a} and {b} differ")


def check_round_trip(binary, scene, work):
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    canonical = work / "canonical.scene.json"
    as_binary = work / "converted.scene.bin"
    back = work / "back.scene.json"
    binary_again = work / "again.scene.bin"
    convert(binary, scene, canonical)
    convert(binary, canonical, as_binary)
    if as_binary.read_bytes()[:1] == b"{":
        raise SystemExit(f"FAIL: {as_binary} holds JSON, not the binary format")
    convert(binary, as_binary, back)
    same_bytes(canonical, back)
    convert(binary, as_binary, binary_again)
    same_bytes(as_binary, binary_again)

    # Converting onto an existing file: the previous version becomes FILE.bak.
    previous = back.read_bytes()
    convert(binary, as_binary, back)
    if (work / "back.scene.json.bak").read_bytes() != previous:
        raise SystemExit("FAIL: back.scene.json.bak does not hold the previous version")
    print("round trip: JSON -> binary -> JSON and binary -> binary give the same bytes")


def check_deterministic(binary, scene, work, ticks):
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    outputs = []
    for name, threads, count in (("a", 1, ticks), ("b", 1, ticks), ("c", 2, ticks),
                                 ("start", 1, 0)):
        target = work / f"{name}.scene.json"
        result, shown = run(binary, [str(scene), "--ticks", str(count), "--seed", "7",
                                     "--threads", str(threads), "--save", str(target)])
        if result.returncode != 0 or not target.exists():
            raise SystemExit(f"FAIL: the run did not save\n{shown}")
        outputs.append(target)
    same_bytes(outputs[0], outputs[1])
    same_bytes(outputs[0], outputs[2])
    if outputs[0].read_bytes() == outputs[3].read_bytes():
        raise SystemExit(f"FAIL: {ticks} ticks changed nothing in {scene}")
    print(f"deterministic: {ticks} ticks of {scene} saved the same bytes with 1 and 2 threads")


def check_replay(binary, scene, work, ticks):
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    replay = work / "run.mosaic-replay"
    recorded, replayed = work / "recorded.scene.json", work / "replayed.scene.json"
    result, shown = run(binary, [str(scene), "--ticks", str(ticks), "--seed", "7", "--record",
                                 str(replay), "--checkpoint-every", "30", "--save", str(recorded)])
    if result.returncode != 0 or not replay.exists():
        raise SystemExit(f"FAIL: the run did not record\n{shown}")
    result, shown = run(binary, ["--replay", str(replay), "--verify", "--threads", "2", "--save",
                                 str(replayed)])
    if result.returncode != 0 or not re.search(r"verified: (\d+) of \1 checkpoints match",
                                               result.stdout):
        raise SystemExit(f"FAIL: the replay did not verify\n{shown}")
    same_bytes(recorded, replayed)
    whole = replay.read_bytes()
    cut = work / "cut.mosaic-replay"
    for length in sorted({*range(0, len(whole), max(1, len(whole) // 100)), len(whole) - 1}):
        cut.write_bytes(whole[:length])
        result, shown = run(binary, ["--replay", str(cut)])
        if result.returncode != 1 or "cut.mosaic-replay: error: " not in result.stderr:
            raise SystemExit(f"FAIL: a replay cut at byte {length} was not refused\n{shown}")
    print(f"replay: {ticks} ticks of {scene} replayed to the same bytes; every cut refused")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run")
    run_parser.add_argument("--exit", type=int, required=True)
    run_parser.add_argument("--stdout", action="append", default=[])
    run_parser.add_argument("--stderr", action="append", default=[])
    run_parser.add_argument("--no-file", action="append", default=[])
    run_parser.add_argument("--cwd")
    run_parser.add_argument("args", nargs="*")
    trip_parser = commands.add_parser("round-trip")
    trip_parser.add_argument("scene", type=pathlib.Path)
    trip_parser.add_argument("work", type=pathlib.Path)
    determinism_parser = commands.add_parser("deterministic")
    determinism_parser.add_argument("scene", type=pathlib.Path)
    determinism_parser.add_argument("work", type=pathlib.Path)
    determinism_parser.add_argument("ticks", type=int)
    replay_parser = commands.add_parser("replay")
    replay_parser.add_argument("scene", type=pathlib.Path)
    replay_parser.add_argument("work", type=pathlib.Path)
    replay_parser.add_argument("ticks", type=int)
    options = parser.parse_args()
    if options.command == "run":
        check_run(options.binary, options)
    elif options.command == "replay":
        check_replay(options.binary, options.scene, options.work, options.ticks)
    elif options.command == "deterministic":
        check_deterministic(options.binary, options.scene, options.work, options.ticks)
    else:
        check_round_trip(options.binary, options.scene, options.work)


if __name__ == "__main__":
    sys.exit(main())
