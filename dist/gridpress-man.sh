#!/usr/bin/env bash
# Writes the man page from the program's own help text: help2man on `gridpress --help` and
# `--version`, plus one section per command from `gridpress COMMAND --help`.
# Usage: gridpress-man.sh GRIDPRESS_BINARY OUTPUT.1
set -euo pipefail
bin=$1 out=$2
extra=$(mktemp)
trap 'rm -f "$extra"' EXIT
{
  echo "[COMMANDS]"
  for cmd in book spec preflight generate solve grade serve; do
    echo ".SS \"gridpress $cmd\""
    echo ".nf"
    # Keep CLI11's columns as they are; escape what roff would read as requests or escapes.
    "$bin" "$cmd" --help | sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
    echo ".fi"
  done
  cat <<'TEXT'
[ENVIRONMENT]
.TP
.B GRIDPRESS_DATA_DIR
A folder whose \fItemplates/\fR are searched for profiles first, before the spec's folder and the
installed profiles.
[FILES]
.TP
.I <prefix>/share/gridpress/templates/
The profiles a spec can name (\fBprofile: kdp-6x9\fR) and the studio's page (\fIstudio/\fR), found relative to the executable
(\fI<prefix>/bin/gridpress\fR), so an installed tree can be moved.
[SEE ALSO]
The documentation in \fI<prefix>/share/doc/gridpress/\fR.
TEXT
} >"$extra"
help2man --no-info --no-discard-stderr --section 1 --name "print-ready Sudoku books from a YAML spec" \
  --include "$extra" --output "$out.tmp" "$bin"
mv "$out.tmp" "$out"
