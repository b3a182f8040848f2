#!/usr/bin/env bash
# The seller's three books of issue 28 (examples/sellers/: a 120-puzzle variety book, 150 killer
# puzzles in four bands, 60 samurai puzzles, each with a cover): builds each with `gridpress book`
# (its print rules strict: a book or cover problem fails it), checks the cover again with
# `gridpress preflight --cover`, that every font is embedded (pdffonts) and the page size
# (pdfinfo), and renders the pages worth looking at to PNG (60 and 150 dpi) in OUT_DIR.
# Not part of the test command (the three books take a few minutes); run it before a release.
# Usage: scripts/seller_books.sh [GRIDPRESS] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
gp=$(realpath "${1:-build-ci/src/cli/gridpress}")
out=$(realpath -m "${2:-examples/out/sellers/png}")
mkdir -p "$out"
status=0
for spec in examples/sellers/*.yaml; do
  name=$(basename "$spec" .yaml)
  echo "== $name"
  if ! log=$("$gp" book "$spec" --force 2>&1); then
    echo "$log"
    echo "FAIL: gridpress book $spec"
    status=1
    continue
  fi
  echo "$log" | tail -2
  pdf=examples/out/sellers/$name.pdf cover=examples/out/sellers/$name-cover.pdf
  pages=$(pdfinfo "$pdf" | awk '/^Pages/ { print $2 }')
  echo "   $(pdfinfo "$pdf" | grep '^Page size')"
  if ! "$gp" preflight "$cover" --cover --pages "$pages"; then
    echo "FAIL: cover preflight of $cover"
    status=1
  fi
  for f in "$pdf" "$cover"; do
    if pdffonts "$f" | awk 'NR > 2 && $(NF - 4) != "yes" { bad = 1 } END { exit bad }'; then
      echo "   fonts embedded: $(basename "$f") ($(pdffonts "$f" | awk 'NR > 2' | wc -l) fonts)"
    else
      echo "FAIL: a font of $f is not embedded"
      status=1
    fi
  done
  # The front matter (title, contents, how to play, techniques), the first puzzle page, the first
  # answer page and the cover, at 60 and 150 dpi.
  for dpi in 60 150; do
    pdftoppm -png -r "$dpi" -f 1 -l 12 "$pdf" "$out/$name-$dpi"
    pdftoppm -png -r "$dpi" -f "$pages" -l "$pages" "$pdf" "$out/$name-$dpi-last"
    pdftoppm -png -r "$dpi" "$cover" "$out/$name-cover-$dpi"
  done
done
echo "pages to look at: $out"
exit $status
