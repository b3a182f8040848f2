#!/usr/bin/env bash
# The test command (README quick start, and what .ci/run calls): installs what is missing, builds
# the optimised program with warnings as errors and runs the tests of the optimised build (every
# CLI test, and the unit tests whose results depend on it: output bytes, SE ratings, books), tests
# that build installed (not compiled again) and its .deb (beside the next build), then builds under ASan+UBSan with
# assertions on and runs every test, then fuzzes each reader of outside input for 15 s of CPU (scripts/fuzz.sh, clang's libFuzzer).
# Only the unit tests of the optimised build are compiled twice (tests/CMakeLists.txt, GRIDPRESS_TEST_SET).
# The sanitizer build compiles beside the optimised build's tests, the browser test and the install
# test (they leave a core idle much of their time: long tests alone at the end, chromium, apt), so
# both cores stay busy; its output is shown once it is done.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
# Every build below starts from nothing on a CI machine: unity builds of the libraries (build.sh).
export GRIDPRESS_UNITY=1

echo "== strict build (-Werror)"
bash scripts/build.sh ci -DGRIDPRESS_TEST_SET=release

echo "== sanitizer build (clang, ASan+UBSan, -O1, assertions on): started, beside the next three stages"
asan_log=$(mktemp /tmp/gridpress-asan-build-log.XXXXXX)
install_log=$(mktemp /tmp/gridpress-install-test-log.XXXXXX)
mkdir -p build-asan  # made before the install test's copy starts: the top folder does not change under it
# In a process group of its own (setsid), so that a failure below stops the whole build (cmake,
# ninja, the compilers) and nothing is left running behind this script.
setsid -w bash scripts/build.sh sanitize >"$asan_log" 2>&1 &
asan_pid=$!
trap 'kill -- -"$asan_pid" 2>/dev/null || kill "$asan_pid" 2>/dev/null || true' EXIT

echo "== the tests of the optimised build"
ctest --test-dir build-ci --output-on-failure -j "$jobs"

echo "== the studio in a real browser (chromium headless through chromedriver)"
python3 scripts/browser_test.py --binary build-ci/src/cli/gridpress --timeout 300

# The install test waits on apt and dpkg much of its time: it runs beside the sanitizer build, and
# its output comes after that build.
echo "== install test (the optimised build installed to a temporary prefix and run from there; the .deb): started"
bash scripts/install_test.sh >"$install_log" 2>&1 &
install_pid=$!

asan_status=0
wait "$asan_pid" || asan_status=$?
echo "== sanitizer build: output"
cat "$asan_log"
rm -f "$asan_log"
if ((asan_status != 0)); then
  echo "sanitizer build: FAILED (exit $asan_status)"
  exit 1
fi
install_status=0
wait "$install_pid" || install_status=$?
trap - EXIT
echo "== install test: output"
cat "$install_log"
rm -f "$install_log"
if ((install_status != 0)); then
  echo "install test: FAILED (exit $install_status)"
  exit 1
fi
echo "== every test of the sanitizer build"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0" \
  GRIDPRESS_SANITIZED=1 ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "== fuzzing (libFuzzer + ASan+UBSan, about 15 s of CPU a target, all at once; the targets come from the sanitizer build)"
bash scripts/fuzz.sh 15
