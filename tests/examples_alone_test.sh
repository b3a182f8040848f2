#!/usr/bin/env bash
# Every example renders alone, with the one command its header gives (README: "each renders with
# one command"): each spec of examples/ in a fresh copy of the folder, nothing made before it.
# Usage: examples_alone_test.sh GRIDPRESS_BINARY SOURCE_DIR (examples/, templates/ and config/ are
# copied from it; a spec may name a profile by path, ../templates/large-print.yaml)
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
  if ! (cd "$work" && "$bin" book "examples/$name" -q --jobs 2 > "$work/$name.log" 2>&1); then
    echo "FAIL: gridpress book examples/$name (alone, in a fresh copy):"
    cat "$work/$name.log"
    status=1
  fi
  count=$((count + 1))
done
echo "$count examples rendered alone"
exit $status
