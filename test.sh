#!/usr/bin/env bash
# Quick start, command 2: install what is missing, build the dev preset (Debug with
# AddressSanitizer + UndefinedBehaviorSanitizer) and run every test through CTest.
# Exits non-zero when anything fails.
set -euo pipefail
cd "$(dirname "$0")"

./start.sh --deps-only
cmake --preset dev >/dev/null
cmake --build --preset dev
ctest --preset dev
