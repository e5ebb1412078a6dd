#!/usr/bin/env bash
# Quick start, command 1: install the Debian packages that are missing, build Mosaic
# (release preset) and open the editor on the tiny_tanks sample project (without a display,
# run tiny_tanks headless and print its profile).
#
#   ./start.sh              install + build + run
#   ./start.sh --deps-only  only install what is missing (used by test.sh)
set -euo pipefail
cd "$(dirname "$0")"

# Everything the build, the tests and the editor need, from Debian 12.
PACKAGES=(
    g++ cmake ninja-build pkg-config python3 # toolchain
    libglfw3-dev libimgui-dev libstb-dev     # window, UI, images (PNG)
    libturbojpeg0-dev                        # JPEG images (engine/src/assets/jpeg_decoder.hpp)
    khronos-api                              # gl.xml, input of our glad generator
    libcereal-dev libglm-dev                 # scene files, engine math
    libasio-dev                              # the live link's sockets (engine/src/live)
    libgtest-dev libbenchmark-dev            # tests and benchmarks
    xvfb xauth                               # GL tests without a display
    clang libclang-rt-14-dev                 # libFuzzer targets
    clang-format                             # the style check (repo.format)
    doxygen                                  # the API reference, checked by docs.doxygen
    fonts-dejavu-core                        # readable editor font
)

missing=()
for pkg in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done
if ((${#missing[@]})); then
    if [[ $(id -u) -ne 0 ]]; then
        echo "Mosaic needs these Debian packages. Run this, then start again:" >&2
        echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    echo "Installing: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y "${missing[@]}"
fi
[[ ${1:-} == --deps-only ]] && exit 0

cmake --preset release >/dev/null
# The samples are game modules the editor loads (never linked into it): build them too.
cmake --build --preset release --target mosaic-editor mosaic-run mosaic-samples
if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
    # No screen (a server, a container): show the same game headless instead.
    echo "No display: running tiny_tanks headless. The editor needs a screen (or xvfb-run)." >&2
    exec ./build/release/engine/mosaic-run projects/tiny_tanks/scenes/battle.scene.json \
        --ticks 600 --profile
fi
exec ./build/release/editor/ui/mosaic-editor projects/tiny_tanks/scenes/battle.scene.json "$@"
