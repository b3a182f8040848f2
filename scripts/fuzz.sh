#!/usr/bin/env bash
# Fuzzes the readers of outside input with libFuzzer (clang, ASan+UBSan): the spec loader, the
# puzzle line reader, the PDF preflight reader, the manifest reader (catalogue import, exclude)
# the jigsaw region / killer cage tokens and cover pictures. Builds the targets in the sanitizer build
# (build-asan/, clang: scripts/build.sh fuzz builds only them there; after scripts/build.sh
# sanitize they are built already), keeps its work in build-asan/fuzzing/,
# seeds each target's corpus from tests/data (and the examples and templates for specs), then runs
# every target at once, each for about SECONDS of one core (below). A crash, leak or sanitizer
# report fails the run (exit 1); the input is left in build-asan/fuzzing/findings/ (reproduce:
# build-asan/fuzz/fuzz_NAME FILE).
# Usage: scripts/fuzz.sh [SECONDS of CPU per target, default 300] [target ...]
#   scripts/test.sh runs it for 15 s a target; run it longer by hand, e.g. scripts/fuzz.sh 3600.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(spec_loader puzzle_line pdf_preflight manifest board_tokens cover_image)

bash scripts/build.sh fuzz

seeds_for() {
  case "$1" in
    spec_loader)   find tests/data/specs tests/data/books tests/data/newspaper examples templates config -name '*.yaml' ;;
    puzzle_line)   ls tests/data/*.txt ;;
    pdf_preflight) ls tests/data/*.pdf ;;
    manifest)      ls tests/data/fuzz/manifest/* ;;
    board_tokens)  ls tests/data/fuzz/board_tokens/* ;;
    cover_image)   ls tests/data/fuzz/cover_image/* ;;
  esac
}

mkdir -p build-asan/fuzzing/findings
# fuzz_one TARGET: one target for SECONDS; its verdict in build-asan/fuzzing/fuzz-TARGET.status.
fuzz_one() {
  local t=$1 corpus=build-asan/fuzzing/corpus/$1
  mkdir -p "$corpus"
  seeds_for "$t" | while read -r f; do cp -n "$f" "$corpus/" 2>/dev/null || true; done
  echo "== fuzz_$t: $wall s (with ${#targets[@]} targets on $cores cores), corpus $corpus ($(ls "$corpus" | wc -l) files)"
  # -rss_limit_mb: qpdf on a hostile PDF may use much memory; more than this is a finding.
  if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "build-asan/fuzz/fuzz_$t" "$corpus" -max_total_time="$wall" -max_len=65536 -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build-asan/fuzzing/findings/$t-" \
      2>"build-asan/fuzzing/fuzz-$t.log"; then
    echo ok >"build-asan/fuzzing/fuzz-$t.status"
  else
    echo failed >"build-asan/fuzzing/fuzz-$t.status"
  fi
}

# Every target at once, for as long as gives each about SECONDS of one core: SECONDS x targets /
# cores of wall time when there are fewer cores than targets (CI: 5 targets on 2 cores, 20 s each
# -> 50 s), instead of rounds of one target a core (40 s, one core idle in the second round).
# Then the verdicts in order.
cores=$(nproc 2>/dev/null || echo 2)
wall=$seconds
if ((${#targets[@]} > cores)); then
  wall=$(((seconds * ${#targets[@]} + cores - 1) / cores))
fi
for t in "${targets[@]}"; do
  rm -f "build-asan/fuzzing/fuzz-$t.status"
  fuzz_one "$t" &
done
wait || true
status=0
for t in "${targets[@]}"; do
  if [[ $(cat "build-asan/fuzzing/fuzz-$t.status" 2>/dev/null) != ok ]]; then
    tail -n 60 "build-asan/fuzzing/fuzz-$t.log"
    echo "fuzz_$t: FAILED (inputs in build-asan/fuzzing/findings/, log build-asan/fuzzing/fuzz-$t.log)"
    status=1
  else
    echo "fuzz_$t: $(grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "build-asan/fuzzing/fuzz-$t.log" | tr '\n' ' ')"
  fi
done
exit $status
