#!/usr/bin/env bash
# Builds and runs the scene-file fuzz targets (tests/fuzz/README.md). CTest calls it
# (tests/fuzz/CMakeLists.txt); it also works by hand:
#
#   run_fuzzer.sh build BUILD_DIR                configure + build the clang fuzz project
#   run_fuzzer.sh run json|binary|replay|prefab|manifest|merge|sheet|image|clip|live|rows BUILD_DIR WORK_DIR
#                                                replay tests/fuzz/regressions/KIND, then fuzz
#                                                for $MOSAIC_FUZZ_SECONDS (default 20; 10 for
#                                                the newer, smaller targets)
#
# Environment: MOSAIC_FUZZ_SECONDS (fuzzing time per target), MOSAIC_FUZZ_SEED (default 1:
# the same inputs on every machine; 0 picks a random seed, to explore), CC / CXX (default
# clang / clang++), MOSAIC_FUZZ_ARGS (extra libFuzzer flags, e.g. "-fork=4").
# Exit status: 0 when nothing was found; non-zero on a crash, leak, timeout, out-of-memory,
# sanitizer report or broken property, with the saved input and how to reproduce it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

usage() {
    sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

build() {
    local build_dir=$1
    mkdir -p "$build_dir"
    # One build at a time (two ctest runs, or a developer's shell next to ctest).
    exec 9>"$build_dir/.fuzz-build.lock"
    if command -v flock >/dev/null; then flock 9; fi

    if [[ ! -f $build_dir/build.ninja ]]; then
        cmake -S "$here/standalone" -B "$build_dir" -G Ninja \
            -DCMAKE_C_COMPILER="${CC:-clang}" -DCMAKE_CXX_COMPILER="${CXX:-clang++}"
    fi
    cmake --build "$build_dir" --target scene_json_fuzzer scene_binary_fuzzer replay_fuzzer \
        prefab_chain_fuzzer manifest_fuzzer merge_fuzzer sheet_json_fuzzer image_header_fuzzer \
        clip_json_fuzzer live_fuzzer tile_rows_fuzzer make_seeds
}

run() {
    local kind=$1 build_dir=$2 work=$3
    # 20 s: the test command's share (CI builds and tests everything within 30 minutes). With
    # the fixed seed a CI run tries the same inputs every time: after the seeds and the
    # regressions it is a smoke test; finding new bugs is a longer local run's job.
    local fuzzer="$build_dir/scene_${kind}_fuzzer" default_seconds=20
    case $kind in
        replay) fuzzer="$build_dir/replay_fuzzer" ;;
        # Newer, smaller targets (issues #28, #29, #32): 10 s each in the test command.
        prefab) fuzzer="$build_dir/prefab_chain_fuzzer" default_seconds=10 ;;
        manifest) fuzzer="$build_dir/manifest_fuzzer" default_seconds=10 ;;
        merge) fuzzer="$build_dir/merge_fuzzer" default_seconds=10 ;;
        sheet) fuzzer="$build_dir/sheet_json_fuzzer" default_seconds=10 ;;
        image) fuzzer="$build_dir/image_header_fuzzer" default_seconds=10 ;;
        clip) fuzzer="$build_dir/clip_json_fuzzer" default_seconds=10 ;;
        live) fuzzer="$build_dir/live_fuzzer" default_seconds=10 ;;
        rows) fuzzer="$build_dir/tile_rows_fuzzer" default_seconds=10 ;;
    esac
    local seconds=${MOSAIC_FUZZ_SECONDS:-$default_seconds}
    # A fixed seed by default: the test suite (and CI on a clean clone) then tries the same
    # inputs in the same order every time, so it cannot pass on one run and fail on the next.
    # Exploring with new seeds is a developer's job: MOSAIC_FUZZ_SEED=0 (random).
    local seed=${MOSAIC_FUZZ_SEED:-1}
    [[ -x $fuzzer ]] || { echo "run_fuzzer.sh: $fuzzer is not built (run_fuzzer.sh build)" >&2; exit 1; }
    [[ $seconds =~ ^[0-9]+$ ]] || { echo "run_fuzzer.sh: MOSAIC_FUZZ_SECONDS must be a whole number" >&2; exit 2; }
    [[ $seed =~ ^[0-9]+$ ]] || { echo "run_fuzzer.sh: MOSAIC_FUZZ_SEED must be a whole number" >&2; exit 2; }

    # Any report is fatal; leaks are checked after every input and at exit.
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:symbolize=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

    local flags=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -error_exitcode=1
                 -timeout_exitcode=1 -detect_leaks=1 -max_len=16384
                 -artifact_prefix="$work/artifacts/")
    [[ $kind == json ]] && flags+=("-dict=$here/scene_json.dict")
    [[ $kind == sheet ]] && flags+=("-dict=$here/sheet_json.dict")
    [[ $kind == clip ]] && flags+=("-dict=$here/clip_json.dict")
    [[ $kind == live ]] && flags+=("-dict=$here/live.dict")
    [[ $kind == rows ]] && flags+=("-dict=$here/rows.dict")

    mkdir -p "$work/corpus" "$work/artifacts"
    rm -rf "$work/seeds"
    mkdir -p "$work/seeds"

    # 1. Every saved reproducer must pass (each is run once).
    local regressions=()
    if [[ -d $here/regressions/$kind ]]; then
        while IFS= read -r -d '' f; do regressions+=("$f"); done \
            < <(find "$here/regressions/$kind" -type f ! -name '*.md' -print0 | sort -z)
    fi
    if ((${#regressions[@]})); then
        echo "== $kind: replaying ${#regressions[@]} regression input(s)"
        if ! "$fuzzer" "${flags[@]}" "${regressions[@]}"; then
            echo "FAILED: a reproducer in tests/fuzz/regressions/$kind crashes again (see above)" >&2
            exit 1
        fi
    fi

    # 2. Fuzz from a copy of the seeds (new inputs go to WORK_DIR/corpus, kept between runs;
    #    the source tree is never written).
    cp "$here/corpus/$kind"/* "$work/seeds/"
    if [[ $kind == json && -d $root/projects ]]; then
        while IFS= read -r -d '' f; do
            cp "$f" "$work/seeds/project_$(echo "${f#"$root"/projects/}" | tr '/' '_')"
        done < <(find "$root/projects" -name '*.scene.json' -type f -print0)
    fi
    echo "== $kind: fuzzing for ${seconds}s, seed $seed ($(find "$work/seeds" -type f | wc -l) seeds," \
         "$(find "$work/corpus" -type f | wc -l) inputs kept from earlier runs)"
    local status=0
    # `timeout`: a last guard should libFuzzer's own limits not stop it.
    # shellcheck disable=SC2086  # MOSAIC_FUZZ_ARGS is a list of flags
    timeout --signal=KILL $((seconds + 300)) \
        "$fuzzer" "${flags[@]}" -max_total_time="$seconds" -seed="$seed" -print_final_stats=1 \
        ${MOSAIC_FUZZ_ARGS:-} \
        "$work/corpus" "$work/seeds" || status=$?
    if ((status != 0)); then
        cat >&2 <<EOF

FAILED: $(basename "$fuzzer") found a problem (exit status $status). The input is in
$work/artifacts/ (newest file). To reproduce and shrink it:
  $fuzzer <input>
  $fuzzer -minimize_crash=1 -max_total_time=60 -exact_artifact_path=min.bin <input>
Fix the bug, then keep the shrunk input as tests/fuzz/regressions/$kind/<what-it-was>.
EOF
        exit 1
    fi
}

case ${1:-} in
    build) (($# == 2)) || usage; build "$2" ;;
    run)
        case ${2:-} in json | binary | replay | prefab | manifest | merge | sheet | image | clip | live | rows) ;; *) usage ;; esac
        (($# == 4)) || usage
        run "$2" "$3" "$4"
        ;;
    *) usage ;;
esac
