#!/usr/bin/env bash
# gridpress benchmark: our figures side by side with the Debian peers (qqwing, sgt-solo), measured
# in the same run on the same machine, reported as rates and ratios. Not a test: it prints numbers.
#
# Usage: bench/run.sh [section ...]     sections: engine solver clues sizes grade difficulty variants jigsaw samurai killer book
#                                       variety variety-ratings combinations (rule variants and
#                                       combinations, issue 27; not in the default run)
#                                       (default: all)
#        QUICK=1 bench/run.sh           smaller counts (a smoke run, figures are rougher)
#        VARIETY="thermo arrow" bench/run.sh variety    only these rule variants
#        GP=build-ci/src/cli/gridpress bench/run.sh ...   an optimised binary already built (no release build)
# Needs the shared puzzle data at ../shared/data for the solver section (skipped without it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh qqwing sgt-puzzles time >/dev/null
# GP=path/to/gridpress: an optimised binary already built (e.g. build-ci/src/cli/gridpress); else
# the release build.
if [[ -z ${GP:-} ]]; then
  bash scripts/build.sh release >/dev/null
  GP=$PWD/build/src/cli/gridpress
fi
GP=$(realpath "$GP")
SOLO=/usr/games/sgt-solo
DATA=${GRIDPRESS_SHARED_DATA:-$PWD/../shared/data}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
quick=${QUICK:-0}
# the rule variants of issue 27 (one the binary does not know yet is reported as not made)
variety=${VARIETY:-"even-odd consecutive kropki non-consecutive greater-than thermo arrow sandwich anti-knight anti-king killer+x jigsaw+x jigsaw+killer futoshiki kenken"}
sections=("$@")
((${#sections[@]})) || sections=(engine solver clues sizes difficulty variants jigsaw samurai killer book)

# seconds and peak KiB of one command: sets $secs and $kib
# Sets secs, kib, cpu (user + system seconds: steadier than secs when others share the machine)
# and rc (the command's exit code: 1 = the work failed, e.g. a search budget ran out; 2 = bad usage).
measure() {
  rc=0
  if ! /usr/bin/time -f "%e %M %U %S" -o "$OUT/time" "$@" >"$OUT/stdout" 2>"$OUT/stderr"; then
    rc=$(sed -n 's/^Command exited with non-zero status \([0-9]*\)$/\1/p' "$OUT/time" | tail -1)
    rc=${rc:-1}
    echo "  FAILED: $*: $(grep -v '^Command exited' "$OUT/stderr" | tail -1)" >&2; secs=nan; kib=0; cpu=nan; return 0
  fi
  read -r secs kib user sys < <(tail -1 "$OUT/time")
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}
rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s <= 0) s = 0.005; printf "%.1f", n / s }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else printf "%.2f", a / b }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
row() { printf '  %-48s %s\n' "$1" "$2"; }

echo "gridpress bench  $(date -u +%F)  $(nproc) cores  $($GP --version)"

for section in "${sections[@]}"; do case "$section" in
engine)
  echo "== minimal 9x9 puzzles per second (--jobs 2) vs qqwing --generate (target >= 10,000/s, >= 40x)"
  n=$((quick ? 2000 : 20000)); qn=$((quick ? 100 : 500))
  measure "$GP" generate --count "$n" --minimal --symmetry none --jobs 2 --seed 1; ours=$(rate "$n" "$secs")
  measure qqwing --generate "$qn" --one-line; theirs=$(rate "$qn" "$secs")
  row "gridpress minimal 9x9" "$ours /s"
  row "qqwing --generate" "$theirs /s"
  row "ratio" "$(ratio "$ours" "$theirs")x"
  ;;
solver)
  echo "== exact solver, uniqueness proven (limit 2), one thread (targets <= 10 us, <= 20 us)"
  for f in seventeen_clue.txt hard_top1465.txt hardest_375.txt; do
    [[ -f $DATA/$f ]] || { row "$f" "skipped (no $DATA)"; continue; }
    "$GP" solve --count --stats <"$DATA/$f" >/dev/null 2>"$OUT/stats" || true
    row "$f" "$(tail -1 "$OUT/stats")"
  done
  if [[ -f $DATA/hard_top1465.txt ]]; then
    measure qqwing --solve --count-solutions --one-line <"$DATA/hard_top1465.txt"
    row "qqwing --solve hard_top1465 (whole run)" "$(awk -v s="$secs" 'BEGIN { printf "%.1f us/puzzle", s * 1e6 / 1465 }')"
  fi
  ;;
clues)
  echo "== exact clue counts, 9x9, --jobs 2 (targets: 1,000 at 22/21/20 in <= 1/3/10 s; one at 19/18 <= 0.3/5 s)"
  n=$((quick ? 100 : 1000))
  for k in 22 21 20; do
    measure "$GP" generate --count "$n" --clues "$k" --symmetry none --jobs 2 --seed 7 --budget 600
    row "$n puzzles at exactly $k clues" "$secs s"
  done
  runs=$((quick ? 3 : 10))
  # One puzzle: with --jobs 2 both threads race on its attempts (same puzzle as --jobs 1).
  for kj in 19:2 18:2 18:1; do
    k=${kj%:*}; j=${kj#*:}
    # A run that gives up counts at its budget, so the median is honest about failures.
    budget=$((k == 19 ? 30 : 60)); : >"$OUT/times"; failed=0
    for s in $(seq 1 "$runs"); do
      measure "$GP" generate --count 1 --clues "$k" --symmetry none --jobs "$j" --seed "$s" --budget "$budget"
      if ((rc == 1)); then failed=$((failed + 1)); secs=$budget; fi  # exit 1: the budget ran out
      echo "$secs" >>"$OUT/times"
    done
    row "one puzzle at $k clues, --jobs $j, median of $runs" "$(median <"$OUT/times") s, mean $(awk '{ t += $1 } END { printf "%.2f", t / NR }' "$OUT/times") s ($failed gave up at $budget s)"
  done
  if ((!quick)); then
    measure "$GP" generate --count 1 --clues 17 --symmetry none --jobs 2 --seed 1 --budget 120
    row "one puzzle at 17 clues (seed 1, budget 120 s)" "$secs s$( ((rc == 1)) && echo " (budget ran out: $(tail -1 "$OUT/stderr"))")"
  fi
  ;;
sizes)
  echo "== 16x16 unique puzzle, median time vs sgt-solo --generate N 4x4"
  runs=$((quick ? 3 : 10))
  : >"$OUT/times"
  for s in $(seq 1 "$runs"); do
    measure "$GP" generate --grid 16x16 --count 1 --seed "$s"; echo "$secs" >>"$OUT/times"
  done
  ours=$(median <"$OUT/times")
  measure "$SOLO" --generate "$runs" 4x4; theirs=$(awk -v s="$secs" -v n="$runs" 'BEGIN { print s / n }')
  row "gridpress 16x16, median" "$ours s"
  row "sgt-solo 4x4, mean" "$theirs s"
  row "ratio (ours / solo)" "$(ratio "$ours" "$theirs")"
  ;;
difficulty)
  echo "== difficulty targets, 9x9, --jobs 2 (targets: easy/medium/hard >= 500/s, expert >= 50/s, fiendish >= 20/s and >= 2x sgt-solo 3x3du)"
  for d in easy medium hard expert fiendish; do
    case $d in easy|medium|hard) n=$((quick ? 200 : 2000)) ;; expert) n=$((quick ? 40 : 200)) ;; fiendish) n=$((quick ? 20 : 100)) ;; esac
    # Also per CPU second (user time): steadier than wall time when others share the machine.
    /usr/bin/time -f "%e %U" -o "$OUT/cpu" "$GP" generate --count "$n" --difficulty "$d" --jobs 2 --seed 3 \
      --budget 600 >/dev/null 2>"$OUT/stderr" || { echo "  FAILED: --difficulty $d: $(tail -1 "$OUT/stderr")" >&2; }
    read -r secs cpu < <(tail -1 "$OUT/cpu")
    row "gridpress --difficulty $d" "$(rate "$n" "$secs") /s ($(rate "$n" "$cpu") per CPU s)"
    [[ $d == fiendish ]] && fiendish=$(rate "$n" "$secs")
  done
  sn=$((quick ? 10 : 40))
  measure "$SOLO" --generate "$sn" 3x3du; solo=$(rate "$sn" "$secs")
  measure qqwing --generate "$sn" --difficulty expert --one-line; qq=$(rate "$sn" "$secs")
  row "sgt-solo --generate N 3x3du (one thread)" "$solo /s"
  row "qqwing --difficulty expert (one thread)" "$qq /s"
  row "fiendish ratio to sgt-solo 3x3du" "$(ratio "${fiendish:-0}" "$solo")x"
  ;;
variants)
  echo "== 200 X and 200 Hyper 9x9 puzzles, --jobs 2, vs sgt-solo --generate 200 3x3xdb, medians of interleaved runs"
  echo "   (target: ours <= half of solo's time). Solo's 'db' limits its puzzles to Basic steps (singles); our"
  echo "   --difficulty easy (SE <= 1.5: singles) is that class. Without a difficulty ours are dug to minimal"
  echo "   (every clue needed, most rate 7-9.5): shown for reference."
  n=$((quick ? 50 : 200)); rounds=$((quick ? 3 : 5))
  : >"$OUT/x_easy"; : >"$OUT/x_min"; : >"$OUT/hyper_easy"; : >"$OUT/solo_x"; : >"$OUT/x_easy_cpu"; : >"$OUT/solo_x_cpu"
  for ((k = 1; k <= rounds; k++)); do
    measure "$GP" generate --variant x --difficulty easy --count "$n" --jobs 2 --seed "$k"; echo "$secs" >>"$OUT/x_easy"; echo "$cpu" >>"$OUT/x_easy_cpu"
    measure "$SOLO" --generate "$n" 3x3xdb; echo "$secs" >>"$OUT/solo_x"; echo "$cpu" >>"$OUT/solo_x_cpu"
    measure "$GP" generate --variant x --count "$n" --jobs 2 --seed "$k"; echo "$secs" >>"$OUT/x_min"
    measure "$GP" generate --variant hyper --difficulty easy --count "$n" --jobs 2 --seed "$k"; echo "$secs" >>"$OUT/hyper_easy"
  done
  x_easy=$(median <"$OUT/x_easy"); x_min=$(median <"$OUT/x_min"); hyper=$(median <"$OUT/hyper_easy")
  theirs=$(median <"$OUT/solo_x")
  row "gridpress --variant x --difficulty easy, $n" "$x_easy s"
  row "gridpress --variant x (minimal), $n" "$x_min s"
  row "gridpress --variant hyper --difficulty easy, $n" "$hyper s"
  row "sgt-solo --generate $n 3x3xdb (one thread)" "$theirs s"
  row "ratio x easy (ours / solo)" "$(ratio "$x_easy" "$theirs")"
  row "ratio x minimal (ours / solo), reference" "$(ratio "$x_min" "$theirs")"
  x_cpu=$(median <"$OUT/x_easy_cpu"); solo_cpu=$(median <"$OUT/solo_x_cpu")
  row "CPU s (user + sys): x easy / solo" "$x_cpu / $solo_cpu = $(ratio "$x_cpu" "$solo_cpu")"
  ;;
jigsaw)
  echo "== 200 Jigsaw 9x9 puzzles, --jobs 2, vs sgt-solo --generate 200 9jdb (target: ours <= half of solo's time)"
  n=$((quick ? 50 : 200))
  measure "$GP" generate --variant jigsaw --count "$n" --jobs 2 --seed 1; ours=$secs
  measure "$GP" generate --variant jigsaw --regions symmetric --count "$n" --jobs 2 --seed 1; sym=$secs
  measure "$SOLO" --generate "$n" 9jdb; theirs=$secs
  row "gridpress --variant jigsaw, $n puzzles" "$ours s"
  row "gridpress --variant jigsaw --regions symmetric" "$sym s"
  row "sgt-solo --generate $n 9jdb (one thread)" "$theirs s"
  row "ratio jigsaw (ours / solo)" "$(ratio "$ours" "$theirs")"
  ;;
samurai)
  echo "== one samurai puzzle, --jobs 1, seeds 1-10: median wall and CPU seconds (target: median < 1 s)"
  walls=() cpus=()
  for seed in 1 2 3 4 5 6 7 8 9 10; do
    /usr/bin/time -f "%e %U %S" -o "$OUT/time" "$GP" generate --variant samurai --jobs 1 --seed "$seed" --quiet >/dev/null
    read -r w u s < <(tail -1 "$OUT/time")
    walls+=("$w"); cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')")
  done
  row "samurai median wall (10 seeds)" "$(printf '%s\n' "${walls[@]}" | median) s (max $(printf '%s\n' "${walls[@]}" | sort -g | tail -1) s)"
  row "samurai median CPU (10 seeds)" "$(printf '%s\n' "${cpus[@]}" | median) s (max $(printf '%s\n' "${cpus[@]}" | sort -g | tail -1) s)"
  echo "== one hard samurai puzzle (the whole ladder), --difficulty hard --jobs 1, seeds 1-5: median CPU seconds"
  cpus=()
  for seed in 1 2 3 4 5; do
    /usr/bin/time -f "%e %U %S" -o "$OUT/time" "$GP" generate --variant samurai --difficulty hard --jobs 1 --seed "$seed" --quiet >/dev/null
    read -r w u s < <(tail -1 "$OUT/time")
    cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')")
  done
  row "samurai hard median CPU (5 seeds)" "$(printf '%s\n' "${cpus[@]}" | median) s (max $(printf '%s\n' "${cpus[@]}" | sort -g | tail -1) s)"
  ;;
killer)
  echo "== 200 Killer 9x9 puzzles without givens, --jobs 2, vs sgt-solo --generate 200 3x3kdb, medians of"
  echo "   interleaved runs (target: ours <= half of solo's time); CPU time (user+sys) too: the machine is shared"
  n=$((quick ? 50 : 200)); rounds=$((quick ? 3 : 5))
  : >"$OUT/killer"; : >"$OUT/solo_k"; : >"$OUT/killer_cpu"; : >"$OUT/solo_k_cpu"
  cpu() { /usr/bin/time -f "%U %S" -o "$OUT/cpu" "$@" >/dev/null 2>&1 || true; awk '{ print $1 + $2 }' "$OUT/cpu" | tail -1; }
  for ((k = 1; k <= rounds; k++)); do
    measure "$GP" generate --variant killer --count "$n" --jobs 2 --seed "$k"; echo "$secs" >>"$OUT/killer"
    measure "$SOLO" --generate "$n" 3x3kdb; echo "$secs" >>"$OUT/solo_k"
    cpu "$GP" generate --variant killer --count "$n" --jobs 2 --seed "$k" >>"$OUT/killer_cpu"
    cpu "$SOLO" --generate "$n" 3x3kdb >>"$OUT/solo_k_cpu"
  done
  ours=$(median <"$OUT/killer"); theirs=$(median <"$OUT/solo_k")
  row "gridpress --variant killer, $n puzzles" "$ours s (CPU $(median <"$OUT/killer_cpu") s)"
  row "sgt-solo --generate $n 3x3kdb (one thread)" "$theirs s (CPU $(median <"$OUT/solo_k_cpu") s)"
  row "ratio killer (ours / solo)" "$(ratio "$ours" "$theirs")"
  ;;
combinations)
  echo "== Killer-X and Jigsaw-X, 200 9x9 puzzles each, --jobs 2, vs sgt-solo --generate 200 3x3xkdb / 9jxdb (Solo's"
  echo "   killer with the X rule, jigsaw-X; basic), medians of interleaved runs, wall and CPU (user + sys)"
  echo "   (target: ours <= half of Solo's time; issue 27)"
  n=$((quick ? 50 : 200)); rounds=$((quick ? 3 : 5))
  for key in gp_kx solo_kx gp_jx solo_jx; do : >"$OUT/$key.wall"; : >"$OUT/$key.cpu"; done
  timed() {  # key command...: appends the run's wall and CPU seconds
    local key=$1; shift
    measure "$@"; echo "$secs" >>"$OUT/$key.wall"; echo "$cpu" >>"$OUT/$key.cpu"
  }
  for ((k = 1; k <= rounds; k++)); do
    timed gp_kx "$GP" generate --variant killer+x --count "$n" --jobs 2 --seed "$k" -q
    timed solo_kx "$SOLO" --generate "$n" 3x3xkdb
    timed gp_jx "$GP" generate --variant jigsaw+x --count "$n" --jobs 2 --seed "$k" -q
    timed solo_jx "$SOLO" --generate "$n" 9jxdb
  done
  for pair in "kx killer+x 3x3xkdb" "jx jigsaw+x 9jxdb"; do
    read -r key ours theirs <<<"$pair"
    gw=$(median <"$OUT/gp_$key.wall"); gc=$(median <"$OUT/gp_$key.cpu")
    sw=$(median <"$OUT/solo_$key.wall"); sc=$(median <"$OUT/solo_$key.cpu")
    row "gridpress --variant $ours, $n puzzles" "$gw s wall, $gc s CPU"
    row "sgt-solo --generate $n $theirs (one thread)" "$sw s wall, $sc s CPU"
    row "ratio $ours (ours / Solo): wall, CPU" "$(ratio "$gw" "$sw"), $(ratio "$gc" "$sc")"
  done
  ;;
variety)
  echo "== 200 puzzles at medium of each 9x9 rule variant, --jobs 2 (target: each under 30 s; issue 27)"
  n=$((quick ? 40 : 200))
  for v in $variety; do
    measure "$GP" generate --variant "$v" --difficulty medium --count "$n" --jobs 2 --seed 1 -q
    if [[ $secs == nan ]]; then row "$v" "not made (exit $rc)"; continue; fi
    row "$v, $n at medium" "$secs s wall, $cpu s CPU$(awk -v s="$secs" 'BEGIN { if (s >= 30) print "  OVER 30 s" }')"
  done
  ;;
variety-ratings)
  echo "== ratings of each 9x9 rule variant per band: p10 / median / p90 of the puzzles made (docs/grader.md)"
  n=$((quick ? 20 : 50))
  for v in $variety; do
    for band in easy medium hard expert fiendish; do
      measure "$GP" generate --variant "$v" --difficulty "$band" --count "$n" --jobs 2 --seed 1 -q --format csv
      if [[ $secs == nan ]]; then row "$v $band" "not made (exit $rc)"; continue; fi
      # the rating column, found by its header
      awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "rating") col = i; next } col { print $col }' "$OUT/stdout" |
        sort -g >"$OUT/ratings"
      row "$v $band ($(wc -l <"$OUT/ratings") in $secs s)" "$(awk '{ v[NR] = $1 } END {
        if (!NR) { print "none"; exit }
        i10 = int(0.1 * (NR - 1) + 1.5); i50 = int(0.5 * (NR - 1) + 1.5); i90 = int(0.9 * (NR - 1) + 1.5)
        printf "%s / %s / %s", v[i10], v[i50], v[i90] }' "$OUT/ratings")"
    done
  done
  ;;
book)
  echo "== 1,000-puzzle 8.5x11 book end to end (bench/book-1000.yaml, --jobs 2) vs sgt-solo --generate 1000 3x3adb"
  echo "   --print 2x2 --with-solutions (PostScript, one thread): medians of interleaved runs, wall and CPU (user + sys)"
  echo "   (targets: wall and CPU ratios <= 1.0, memory 1k vs 10k within 20%, PDF <= 5 MB)"
  mk_spec() {  # count -> spec path: bench/book-1000.yaml with another count
    sed "s/count: 1000,/count: $1,/; s/path: book1000.pdf/path: book$1.pdf/" bench/book-1000.yaml >"$OUT/book$1.yaml"
    echo "$OUT/book$1.yaml"
  }
  rounds=$((quick ? 2 : 5))
  : >"$OUT/gw"; : >"$OUT/gc"; : >"$OUT/sw"; : >"$OUT/sc"; : >"$OUT/load"
  spec1k=$(mk_spec 1000)
  for ((k = 1; k <= rounds; k++)); do
    cut -d' ' -f1 /proc/loadavg >>"$OUT/load"  # the one-minute load average as the round starts
    measure "$GP" book "$spec1k" --jobs 2 --quiet; echo "$secs" >>"$OUT/gw"; echo "$cpu" >>"$OUT/gc"; m1=$kib
    measure "$SOLO" --generate 1000 3x3adb --print 2x2 --with-solutions; echo "$secs" >>"$OUT/sw"; echo "$cpu" >>"$OUT/sc"
  done
  size=$(stat -c %s "$OUT/book1000.pdf" 2>/dev/null || echo 0)
  gw=$(median <"$OUT/gw"); gc=$(median <"$OUT/gc"); sw=$(median <"$OUT/sw"); sc=$(median <"$OUT/sc")
  row "gridpress book, 1,000 puzzles, median of $rounds" "$gw s wall, $gc s CPU, peak $((m1 / 1024)) MiB, PDF $(awk -v b="$size" 'BEGIN { printf "%.2f MB", b / 1e6 }')"
  row "sgt-solo --print 2x2 --with-solutions, 1,000" "$sw s wall, $sc s CPU"
  row "ratio wall (ours / solo)" "$(ratio "$gw" "$sw")  (runs: $(paste -sd' ' "$OUT/gw") / $(paste -sd' ' "$OUT/sw"))"
  row "ratio CPU (ours / solo)" "$(ratio "$gc" "$sc")  (runs: $(paste -sd' ' "$OUT/gc") / $(paste -sd' ' "$OUT/sc"))"
  row "load average at each round's start" "$(paste -sd' ' "$OUT/load")"
  row "load average at the end (others' work)" "$(cut -d' ' -f1-3 /proc/loadavg)"
  if ((!quick)); then
    measure "$GP" book "$(mk_spec 10000)" --jobs 2 --quiet; m10=$kib
    row "gridpress book, 10,000 puzzles" "$secs s, peak $((m10 / 1024)) MiB ($(ratio "$m10" "$m1")x the 1,000 book)"
  fi
  ;;
*) echo "unknown section '$section'" >&2; exit 2 ;;
esac; done
