#!/usr/bin/env bash
# Fuzzes the readers of outside input with libFuzzer (clang, ASan+UBSan): the spec loader, the
# puzzle line reader and the PDF preflight reader. Builds build-fuzz/ (scripts/build.sh fuzz),
# seeds each target's corpus from tests/data (and the examples and templates for specs), then runs
# each target for SECONDS, as many targets at once as there are cores. A crash, leak or sanitizer
# report fails the run (exit 1); the input is left in build-fuzz/findings/ (reproduce:
# build-fuzz/fuzz/fuzz_NAME FILE).
# Usage: scripts/fuzz.sh [SECONDS per target, default 300] [target ...]
#   scripts/test.sh runs it for 20 s a target; run it longer by hand, e.g. scripts/fuzz.sh 3600.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(spec_loader puzzle_line pdf_preflight)

bash scripts/build.sh fuzz

seeds_for() {
  case "$1" in
    spec_loader)   find tests/data/specs tests/data/books tests/data/newspaper examples templates config -name '*.yaml' ;;
    puzzle_line)   ls tests/data/*.txt ;;
    pdf_preflight) ls tests/data/*.pdf ;;
  esac
}

mkdir -p build-fuzz/findings
# fuzz_one TARGET: one target for SECONDS; its verdict in build-fuzz/fuzz-TARGET.status.
fuzz_one() {
  local t=$1 corpus=build-fuzz/corpus/$1
  mkdir -p "$corpus"
  seeds_for "$t" | while read -r f; do cp -n "$f" "$corpus/" 2>/dev/null || true; done
  echo "== fuzz_$t: $seconds s, corpus $corpus ($(ls "$corpus" | wc -l) files)"
  # -rss_limit_mb: qpdf on a hostile PDF may use much memory; more than this is a finding.
  if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "build-fuzz/fuzz/fuzz_$t" "$corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build-fuzz/findings/$t-" \
      2>"build-fuzz/fuzz-$t.log"; then
    echo ok >"build-fuzz/fuzz-$t.status"
  else
    echo failed >"build-fuzz/fuzz-$t.status"
  fi
}

# One target a core at a time (each target is one process), then the verdicts in order.
cores=$(nproc 2>/dev/null || echo 2)
running=0
for t in "${targets[@]}"; do
  rm -f "build-fuzz/fuzz-$t.status"
  if ((running >= cores)); then
    wait -n || true
    running=$((running - 1))
  fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait || true
status=0
for t in "${targets[@]}"; do
  if [[ $(cat "build-fuzz/fuzz-$t.status" 2>/dev/null) != ok ]]; then
    tail -n 60 "build-fuzz/fuzz-$t.log"
    echo "fuzz_$t: FAILED (inputs in build-fuzz/findings/, log build-fuzz/fuzz-$t.log)"
    status=1
  else
    echo "fuzz_$t: $(grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "build-fuzz/fuzz-$t.log" | tr '\n' ' ')"
  fi
done
exit $status
