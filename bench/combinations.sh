#!/usr/bin/env bash
# Killer-X and Jigsaw-X (issue 27): 200 9x9 puzzles of each, gridpress --jobs 2 against
# sgt-solo --generate 200 3x3xkdb (Solo's Killer with the X constraint, basic difficulty) and
# 9jxdb (Jigsaw-X), in interleaved rounds of the same run; medians of wall and CPU (user + system)
# seconds and the ratios ours / Solo's (target: at most 0.5). Not a test: it prints numbers.
#
# Usage: bench/combinations.sh              (builds the release binary as bench/run.sh does)
#        GP=build-ci/src/cli/gridpress bench/combinations.sh   (an optimised binary already built)
#        QUICK=1 ...                         (50 puzzles, 3 rounds); ROUNDS=N sets the rounds
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${GP:-} ]]; then
  bash scripts/setup.sh sgt-puzzles time >/dev/null
  bash scripts/build.sh release >/dev/null
  GP=$PWD/build/src/cli/gridpress
fi
SOLO=/usr/games/sgt-solo
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
quick=${QUICK:-0}
n=$((quick ? 50 : 200)); rounds=${ROUNDS:-$((quick ? 3 : 5))}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else printf "%.2f", a / b }'; }
row() { printf '  %-52s %s\n' "$1" "$2"; }
# Appends the wall and CPU seconds of one run to $OUT/$1.wall and $OUT/$1.cpu.
timed() {
  local name=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$OUT/time" "$@" >/dev/null 2>"$OUT/stderr" || { echo "FAILED: $*: $(tail -1 "$OUT/stderr")" >&2; exit 1; }
  read -r w u s < <(tail -1 "$OUT/time")
  echo "$w" >>"$OUT/$name.wall"
  awk -v u="$u" -v s="$s" 'BEGIN { print u + s }' >>"$OUT/$name.cpu"
}

echo "gridpress combinations bench  $(date -u +%F)  $(nproc) cores  $($GP --version)  load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== $n 9x9 puzzles each, $rounds interleaved rounds, medians (wall s / CPU s)"
for ((k = 1; k <= rounds; k++)); do
  timed gp_kx "$GP" generate --variant killer+x --count "$n" --jobs 2 --seed "$k" --quiet
  timed solo_kx "$SOLO" --generate "$n" 3x3xkdb
  timed gp_jx "$GP" generate --variant jigsaw+x --count "$n" --jobs 2 --seed "$k" --quiet
  timed solo_jx "$SOLO" --generate "$n" 9jxdb
done
for pair in "kx killer+x 3x3xkdb" "jx jigsaw+x 9jxdb"; do
  read -r key ours theirs <<<"$pair"
  gw=$(median <"$OUT/gp_$key.wall"); gc=$(median <"$OUT/gp_$key.cpu")
  sw=$(median <"$OUT/solo_$key.wall"); sc=$(median <"$OUT/solo_$key.cpu")
  row "gridpress --variant $ours --jobs 2" "$gw s / $gc s"
  row "sgt-solo --generate $n $theirs (one thread)" "$sw s / $sc s"
  row "ratio $ours (ours / Solo): wall, CPU" "$(ratio "$gw" "$sw"), $(ratio "$gc" "$sc")"
done
