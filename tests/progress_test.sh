#!/usr/bin/env bash
# Progress lines: on a terminal (script(1) gives the command one) they show count, percent, rate
# and time left; with -q, or when stderr is a pipe or a file, nothing. Summaries go to stderr.
# Usage: progress_test.sh GRIDPRESS_BINARY TESTS_DATA_DIR
set -euo pipefail
bin=$1 data=$2
work=$(mktemp -d /tmp/gridpress-progress-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
status=0
fail() { echo "FAIL: $*"; status=1; }
# The command's exit status is kept (script -e): a run that fails stops the test with the reason.
on_tty() {
  local rc=0 raw
  raw=$(script -qec "$1" /dev/null) || rc=$?
  if ((rc != 0)); then
    echo "FAIL: exit $rc from: $1 (output: $(tail -c 300 <<<"$raw" | cat -v))" >&2
    return 1
  fi
  tr '\r' '\n' <<<"$raw"
}

# Long enough (well over the 0.5 s after which the rate shows) on any machine, and never cut short
# by the default 60 s budget, however slow the build (sanitizers) or busy the machine. The
# sanitizer build (GRIDPRESS_SANITIZED, as scripts/test.sh runs it) makes 300: about 5 s there.
count=1000
[[ -n ${GRIDPRESS_SANITIZED:-} ]] && count=300
out=$(on_tty "'$bin' generate --count $count --clues 20 --seed 3 -j 2 --budget 3600 > /dev/null")
grep -qE $'^\e\\[Kgenerating: [0-9]+/'"$count"$' +[0-9]+% [0-9.]+/s [0-9]+ s left$' <<<"$out" ||
  fail "generate on a terminal: no 'generating: N/$count P% R/s T s left' line in: $(tail -c 300 <<<"$out" | cat -v)"
out=$(on_tty "'$bin' generate -q --count 50 --clues 24 --seed 3 > /dev/null")
[[ -z $out ]] || fail "generate -q on a terminal printed: $(cat -v <<<"$out")"
err=$("$bin" generate --count 50 --clues 24 --seed 3 -j 2 2>&1 >/dev/null)
[[ -z $err ]] || fail "generate with stderr on a pipe printed: $err"

# book: progress on a terminal, then the summary; on a pipe only the summary, on stderr.
out=$(on_tty "'$bin' book '$data/books/small.yaml' -o tty.pdf > /dev/null")
grep -qE $'^\e\\[Kgenerating Warm-up \\(budget 62 s\\): [0-9]+/4 ' <<<"$out" || fail "book on a terminal: no progress in: $(cat -v <<<"$out")"
grep -qE $'^(\e\\[K)?wrote tty.pdf: ' <<<"$out" || fail "book on a terminal: no summary after the progress"
"$bin" book "$data/books/small.yaml" -o pipe.pdf > out.txt 2> err.txt
[[ ! -s out.txt ]] || fail "book wrote to standard output: $(cat out.txt)"
[[ $(wc -l < err.txt) == 1 ]] && grep -q "^wrote pipe.pdf: " err.txt || fail "book on a pipe: stderr is $(cat -v err.txt)"

[[ $status == 0 ]] && echo "progress: on a terminal only, with percent, rate and time left"
exit $status
