#!/usr/bin/env bash
# Configures and builds one flavour of gridpress.
# Usage: scripts/build.sh [release|ci|sanitize|fuzz] [cmake options]
#   -> build/, build-ci/, build-asan/ (sanitize and fuzz)
#   release:  the program only (no tests, no bench tools), optimised, assertions off
#   ci:       optimised, warnings as errors, tests (every test; -DGRIDPRESS_TEST_SET=release: the CLI
#             tests and the unit tests of the optimised build only, as scripts/test.sh builds it)
#   sanitize: clang, ASan+UBSan at -O1 with assertions on (no NDEBUG, libstdc++ checks), warnings as
#             errors, tests and the libFuzzer targets (no bench tools, no man page: the ci build has them)
#   fuzz:     the sanitize build's tree and settings, only the fuzz targets and the libraries they need
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
shift || true
targets=()
jobs=$(nproc 2>/dev/null || echo 2)
# The sanitizer build uses clang: it compiles a third faster than GCC with the sanitizers, its
# warnings check the code with a second compiler (the ci build is GCC's), and the libFuzzer
# targets (GRIDPRESS_FUZZ) are built in the same tree, so their libraries are not compiled again.
# It links with lld (its 36 test programs link in 0.3 s each instead of 1.4 s with ld.bfd).
sanitize_flags=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1 -D_GLIBCXX_ASSERTIONS" -DCMAKE_CXX_COMPILER=clang++
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld
  -DGRIDPRESS_WERROR=ON -DGRIDPRESS_SANITIZE=ON -DGRIDPRESS_FUZZ=ON -DGRIDPRESS_BENCH=OFF -DGRIDPRESS_MAN=OFF
  -DGRIDPRESS_TEST_SET=all)
case "$flavour" in
  release)  dir=build;      flags=(-DCMAKE_BUILD_TYPE=Release -DGRIDPRESS_TESTS=OFF -DGRIDPRESS_BENCH=OFF) ;;
  ci)       dir=build-ci;   flags=(-DCMAKE_BUILD_TYPE=Release -DGRIDPRESS_WERROR=ON -DGRIDPRESS_TEST_SET=all) ;;
  sanitize) dir=build-asan; flags=("${sanitize_flags[@]}") ;;
  fuzz)     dir=build-asan; flags=("${sanitize_flags[@]}")
            targets=(--target fuzz_spec_loader fuzz_puzzle_line fuzz_pdf_preflight fuzz_manifest fuzz_board_tokens fuzz_cover_image) ;;
  *) echo "build.sh: unknown flavour '$flavour' (release, ci, sanitize, fuzz)" >&2; exit 2 ;;
esac
# GRIDPRESS_UNITY=1 (scripts/test.sh and scripts/example.sh set it) compiles each library as one unity file: a build
# from scratch compiles each library's templates once instead of once a source file (a quarter less CPU than
# batches of eight, the sizes CMake uses by default; docs/testing.md), but a one-file change recompiles its library.
# File-local names must therefore differ between the files of a library.
if [[ ${GRIDPRESS_UNITY:-0} == 1 ]]; then
  flags+=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=0)
else
  flags+=(-DCMAKE_UNITY_BUILD=OFF)
fi
# ccache, when it is installed, shares compiled objects between builds and checkouts.
if command -v ccache >/dev/null 2>&1; then
  flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Precompiled headers are passed with -include; these let ccache cache the files that use them.
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1 CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
fi
cmake -S . -B "$dir" -G Ninja "${flags[@]}" "$@" >/dev/null
cmake --build "$dir" -j "$jobs" "${targets[@]}"
