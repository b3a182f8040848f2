#!/usr/bin/env bash
# What the techniques pages (front_matter.techniques) cost a variety book (issue 28 item 4: at most
# twice the CPU of the same book without them). The book of the issue's measurement: 12 classic and
# 24 killer puzzles (12 medium, 12 hard), plus 4 each of X, jigsaw, thermo and anti-knight so that
# every kind of variant page is made. `gridpress book` runs with and without the pages, the two
# interleaved round after round (they share the machine's state); prints each run, the medians of
# wall and CPU time (user + system, steadier when others share the machine) and the CPU ratio.
# Usage: bench/techniques_cost.sh GRIDPRESS [ROUNDS]
set -euo pipefail
gp=$(realpath "$1") rounds=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for kind in on off; do
  flag=$([[ $kind == on ]] && echo true || echo false)
  cat >"$tmp/$kind.yaml" <<YAML
title: Techniques Bench
seed: 28
profile: kdp-6x9
front_matter: { how_to_play: true, techniques: $flag }
sections:
  - { name: Classic, count: 12, difficulty: hard }
  - { name: Killer medium, variant: killer, count: 12, difficulty: medium }
  - { name: Killer hard, variant: killer, count: 12, difficulty: hard }
  - { name: Sudoku X, variant: x, count: 4, difficulty: medium }
  - { name: Jigsaw, variant: jigsaw, count: 4, difficulty: medium }
  - { name: Thermo, variant: thermo, count: 4, difficulty: medium }
  - { name: Anti-Knight, variant: anti-knight, count: 4, difficulty: medium }
answers: { placement: end }
output: { path: $tmp/$kind.pdf }
YAML
done
declare -A cpus walls
for ((r = 1; r <= rounds; r++)); do
  for kind in on off; do
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$gp" book "$tmp/$kind.yaml" --jobs 2 --quiet
    read -r t user sys <"$tmp/time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    walls[$kind]+="$t "
    cpus[$kind]+="$cpu "
    echo "round $r techniques $kind: $t s wall, $cpu s CPU"
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
on_cpu=$(median <<<"${cpus[on]}") off_cpu=$(median <<<"${cpus[off]}")
echo "techniques on:  median $(median <<<"${walls[on]}") s wall, $on_cpu s CPU"
echo "techniques off: median $(median <<<"${walls[off]}") s wall, $off_cpu s CPU"
echo "CPU ratio (on / off): $(awk -v a="$on_cpu" -v b="$off_cpu" 'BEGIN { printf "%.2f", a / b }') (target <= 2.0)"
echo "pages: on $(pdfinfo "$tmp/on.pdf" | awk '/^Pages/ { print $2 }'), off $(pdfinfo "$tmp/off.pdf" | awk '/^Pages/ { print $2 }');" \
  "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
