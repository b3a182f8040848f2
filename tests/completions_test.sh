#!/usr/bin/env bash
# The shell completions offer exactly the options each command's --help lists (both ways), for
# bash, zsh and fish. Usage: completions_test.sh GRIDPRESS_BINARY DIST_COMPLETIONS_DIR
set -euo pipefail
bin=$1 dir=$2
status=0
options_in() { grep -oE -- '(^|[ ,])-(-[a-z][a-z-]*|[a-zA-Z])\b' | tr -d ' ,' | grep -vxE -- '--help|-h' | sort -u; }
for cmd in generate solve book grade spec preflight serve; do
  want=$("$bin" "$cmd" --help | grep -E '^ +-' | options_in)
  bash_opts=$(sed -n "s/^ *$cmd) opts=\"\(.*\)\" ;;/\1/p" "$dir/gridpress.bash" | tr ' ' '\n' | options_in)
  zsh_opts=$(awk -v c="    $cmd)" '$0 == c {on = 1; next} on && /;;/ {on = 0} on' "$dir/_gridpress" |
    grep -oE -- "(\{|'|,)-(-[a-z][a-z-]*|[a-zA-Z])" | tr -d "{'," | options_in)
  fish_opts=$(awk -v c="# $cmd" '$0 == c {on = 1; next} on && /^$/ {on = 0} on && !/^set /' "$dir/gridpress.fish" |
    grep -oE -- ' -(l [a-z][a-z-]*|s [a-zA-Z])' | sed -E 's/ -l /--/; s/ -s /-/' | options_in)
  for shell in bash zsh fish; do
    var=${shell}_opts
    if [[ "${!var}" != "$want" ]]; then
      echo "$shell completion of '$cmd' differs from its --help:"
      diff <(echo "$want") <(echo "${!var}") | sed 's/^/  /' || true
      status=1
    fi
  done
done
[[ $status == 0 ]] && echo "completions match --help for every command"
exit $status
