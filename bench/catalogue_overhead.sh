#!/usr/bin/env bash
# What a catalogue costs a 1,000-puzzle book (the book of bench/run.sh): wall and CPU time
# (user + system) of `gridpress book` without a catalogue, with a new (empty) one, and with a copy of a large one,
# the three interleaved round after round so that they share the machine's state; prints each
# run and the medians. The catalogue is copied before each timed run (a run records its puzzles).
# Usage: bench/catalogue_overhead.sh GRIDPRESS [ROUNDS] [LARGE_CATALOGUE]
#   LARGE_CATALOGUE: e.g. the file bench/catalogue_lookup.cpp fills with 1,000,000 entries.
set -euo pipefail
gp=$1 rounds=${2:-5} large=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/book.yaml" <<'YAML'
title: Bench Book
seed: 5
page: { size: 8.5x11 }
sections:
  - { name: Puzzles, count: 1000, grid: 9x9, symmetry: rotate180, per_page: 4 }
answers: { per_page: 12 }
output: { path: book.pdf }
YAML
kinds=(none empty)
[[ -n $large ]] && kinds+=(large)
declare -A times cpus
for ((r = 1; r <= rounds; r++)); do
  for kind in "${kinds[@]}"; do
    rm -rf "$tmp/out" "$tmp/cat.db" "$tmp/cat.db-wal" "$tmp/cat.db-shm"
    mkdir "$tmp/out"
    args=()
    case $kind in
      empty) args=(--catalogue "$tmp/cat.db") ;;
      large) cp "$large" "$tmp/cat.db"; args=(--catalogue "$tmp/cat.db") ;;
    esac
    sync
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$gp" book "$tmp/book.yaml" -o "$tmp/out/book.pdf" --jobs 2 --quiet \
      "${args[@]}"
    read -r t user sys <"$tmp/time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    times[$kind]+="$t "
    cpus[$kind]+="$cpu "
    echo "round $r $kind: $t s wall, $cpu s CPU"
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for kind in "${kinds[@]}"; do
  echo "median $kind: $(median "${times[$kind]}") s wall, $(median "${cpus[$kind]}") s CPU"
done
