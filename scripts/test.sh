#!/usr/bin/env bash
# The test command (README quick start, and what .ci/run calls): installs what is missing, builds
# with warnings as errors and runs every test, tests the installed tree and the .deb, then builds
# under ASan+UBSan (assertions on) and runs every test again, then fuzzes each reader of outside
# input for 20 s (scripts/fuzz.sh, clang's libFuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
# Every build below starts from nothing on a CI machine: unity builds of the libraries (build.sh).
export GRIDPRESS_UNITY=1

echo "== strict build (-Werror) and tests"
bash scripts/build.sh ci
ctest --test-dir build-ci --output-on-failure -j "$jobs"

echo "== install test (a copy built and installed to a temporary prefix, the trees removed; the .deb)"
bash scripts/install_test.sh

echo "== sanitizer build (ASan+UBSan, -O1, assertions on) and tests"
bash scripts/build.sh sanitize
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0" \
  GRIDPRESS_SANITIZED=1 ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "== fuzzing (libFuzzer + ASan+UBSan, 20 s a target)"
bash scripts/fuzz.sh 20
