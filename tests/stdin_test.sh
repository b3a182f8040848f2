#!/usr/bin/env bash
# "-" reads standard input wherever a file is read (book -, spec -, preflight -, generate
# --exclude -, solve -), and "-o -" writes a one-file book to standard output, not to a file named
# "-". Usage: stdin_test.sh GRIDPRESS_BINARY TESTS_DATA_DIR
set -euo pipefail
bin=$1 data=$2
work=$(mktemp -d /tmp/gridpress-stdin-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
status=0
fail() { echo "FAIL: $*"; status=1; }

# spec -: checked from standard input, named <stdin>; its problems too.
out=$("$bin" spec - < "$data/books/small.yaml")
[[ $out == "<stdin>: ok - 2 sections, 10 puzzles, page 6x9 -> small.pdf" ]] || fail "spec -: $out"
err=$("$bin" spec - < "$data/specs/bad.yaml" 2>&1 >/dev/null) && fail "spec - with a bad spec exited 0"
[[ $err == *"<stdin>:4:12: sections[0].count: expected a whole number, got 'ten'"* ]] || fail "spec - errors: $err"

# book - -o -: the PDF on standard output, the summary on stderr, no file left behind.
"$bin" book - -o - < "$data/books/small.yaml" > book.pdf 2> book.err || fail "book - -o - failed: $(cat book.err)"
[[ $(head -c 5 book.pdf) == "%PDF-" ]] || fail "book -o - did not write a PDF to standard output"
grep -q "^wrote standard output: [0-9]* pages, 10 puzzles in " book.err || fail "book -o - summary: $(cat book.err)"
[[ $(ls -A) == $'book.err\nbook.pdf' ]] || fail "book -o - left files: $(ls -A | tr '\n' ' ')"
# The same book as a file: the same bytes.
"$bin" book "$data/books/small.yaml" -q -o file.pdf
cmp -s book.pdf file.pdf || fail "book -o - differs from the book written to a file"
rm -f file.*
# A book of several files cannot go to standard output.
if "$bin" book - -q -o - --format svg < "$data/books/small.yaml" > pages.svg 2> pages.err; then
  fail "book -o - --format svg (several pages) exited 0"
fi
grep -q "^error: -o - writes one file to standard output, and this book is [0-9]* files" pages.err ||
  fail "book -o - svg: $(cat pages.err)"
[[ ! -s pages.svg && ! -e ./- ]] || fail "book -o - svg wrote something"

# preflight -: a PDF from standard input, named <stdin>.
out=$("$bin" preflight - --format json < "$data/pdfcheck_planted.pdf")
[[ $out == *'"file": "<stdin>"'* && $out == *'"pages": 3'* ]] || fail "preflight - (PDF): $out"
out=$("$bin" preflight - < book.pdf 2>&1 || true)
[[ $out == *"preflight: "* ]] || fail "preflight - (our PDF): $out"

# generate --exclude -: the excluded puzzles come from standard input (any form).
plain=$("$bin" generate --count 2 --seed 3)
excluded=$(printf '%s\n' "$plain" | "$bin" generate --count 2 --seed 3 --exclude -)
[[ -n $excluded && $(comm -12 <(sort <<<"$plain") <(sort <<<"$excluded")) == "" ]] ||
  fail "generate --exclude - did not exclude: $excluded"

# solve -, grade -.
[[ $("$bin" solve --count - < "$data/formats/grid.txt") == $'1\n1' ]] || fail "solve -"
[[ $("$bin" grade - < "$data/formats/lines.txt" | wc -l) == 2 ]] || fail "grade -"

[[ $status == 0 ]] && echo "standard input and output: every case as expected"
exit $status
