#!/usr/bin/env bash
# solve and grade work as filters: reading a pipe, each puzzle is answered as soon as its line
# arrives. A coprocess writes one line, waits (at most 30 s) for the answer, then writes the next,
# and only then closes the input. Usage: streaming_test.sh GRIDPRESS_BINARY
set -euo pipefail
bin=$1
p1=97.3.6.428.5...1.9....5....2.7...3.4.1..2..8.4..738..1...9.5............1..847..3
p2=.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...
status=0
for cmd in "solve" "solve --count" "grade" "grade --format csv"; do
  # shellcheck disable=SC2086
  coproc GP { exec "$bin" $cmd; }
  to=${GP[1]} from=${GP[0]}
  answers=()
  for p in "$p1" "$p2"; do
    echo "$p" >&"$to"
    line=""
    while IFS= read -r -t 30 line <&"$from"; do
      [[ $line == line,* || $line == "  "* ]] && continue  # a CSV header, an explanation line
      break
    done
    if [[ -z $line ]]; then
      echo "gridpress $cmd: no answer to a line within 30 s while its input stays open"
      status=1
      break
    fi
    answers+=("$line")
  done
  exec {to}>&-
  wait "$GP_PID" 2>/dev/null || true
  exec {from}<&-
  echo "gridpress $cmd: ${#answers[@]} answers while the input was open: ${answers[*]:-none}"
done
exit $status
