#!/usr/bin/env bash
# Configures and builds one flavour of gridpress.
# Usage: scripts/build.sh [release|ci|sanitize|fuzz]   -> build/, build-ci/, build-asan/, build-fuzz/
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
targets=()
jobs=$(nproc 2>/dev/null || echo 2)
case "$flavour" in
  release)  dir=build;      flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  ci)       dir=build-ci;   flags=(-DCMAKE_BUILD_TYPE=Release -DGRIDPRESS_WERROR=ON) ;;
  sanitize) dir=build-asan; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DGRIDPRESS_WERROR=ON -DGRIDPRESS_SANITIZE=ON) ;;
  # clang, libFuzzer + ASan + UBSan; only the fuzz targets and the libraries they need are built.
  fuzz)     dir=build-fuzz; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DGRIDPRESS_FUZZ=ON
                                   -DGRIDPRESS_TESTS=OFF -DGRIDPRESS_BENCH=OFF)
            targets=(--target fuzz_spec_loader fuzz_puzzle_line fuzz_pdf_preflight) ;;
  *) echo "build.sh: unknown flavour '$flavour' (release, ci, sanitize, fuzz)" >&2; exit 2 ;;
esac
# ccache, when it is installed, shares compiled objects between builds and checkouts.
if command -v ccache >/dev/null 2>&1; then
  flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
cmake -S . -B "$dir" -G Ninja "${flags[@]}" >/dev/null
cmake --build "$dir" -j "$jobs" "${targets[@]}"
