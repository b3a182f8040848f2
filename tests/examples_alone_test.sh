#!/usr/bin/env bash
# Every example renders alone, with the one command its header gives (README: "each renders with
# one command"): each spec of examples/ in a fresh copy of the folder, nothing made before it.
# Usage: examples_alone_test.sh GRIDPRESS_BINARY SOURCE_DIR (examples/, templates/ and config/ are
# copied from it; a spec may name a profile by path, ../templates/large-print.yaml)
# In the sanitizer build (GRIDPRESS_SANITIZED set, as scripts/test.sh runs it) each section of the
# copy makes at most 24 puzzles: every example still renders alone with all its sections, front
# matter, covers and print checks (24 keeps a KDP book over its 24-page minimum), at about a third
# of the sanitizer's CPU time (the 300 hard and expert puzzles of kdp-hard-6x9 alone took 29 s there).
# The optimised build renders every example in full.
set -euo pipefail
bin=$1 source=$2
examples=$source/examples
work=$(mktemp -d /tmp/gridpress-examples-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
status=0
count=0
for spec in "$examples"/*.yaml; do
  name=$(basename "$spec")
  rm -rf "$work/examples" "$work/templates" "$work/config"
  mkdir -p "$work/examples"
  (cd "$examples" && tar --exclude=./out -cf - .) | (cd "$work/examples" && tar -xf -)
  cp -r "$source/templates" "$source/config" "$work/"
  if [[ -n ${GRIDPRESS_SANITIZED:-} ]]; then
    sed -i -E 's/^([[:space:]]*(- )?count:[[:space:]]*)(2[5-9]|[3-9][0-9]|[1-9][0-9]{2,})([^0-9]|$)/\124\4/' "$work/examples/$name"
  fi
  if ! (cd "$work" && "$bin" book "examples/$name" -q --jobs 2 > "$work/$name.log" 2>&1); then
    echo "FAIL: gridpress book examples/$name (alone, in a fresh copy):"
    cat "$work/$name.log"
    status=1
  fi
  count=$((count + 1))
done
echo "$count examples rendered alone${GRIDPRESS_SANITIZED:+ (sections of at most 24 puzzles: sanitizer build)}"
exit $status
