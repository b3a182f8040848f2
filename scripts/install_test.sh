#!/usr/bin/env bash
# Install test: installs a build of the program (the optimised build, build-ci/, which
# scripts/test.sh has just built from this tree; --copy: a copy of the source tree built for the
# purpose, as a check that the tree builds from a plain copy) to a temporary prefix and builds the
# .deb from it, then runs the installed program away from any source and build tree: a book with a
# profile (found next to the executable, never in a source tree), the man page and the completions
# in place, --version, the studio. The installed program must hold no path of the source or build
# tree, and must not find its profiles once the installed data is moved away. Then installs the .deb
# on this machine with apt-get (dpkg, with its dependencies), runs /usr/bin/gridpress the same way
# and removes the package again.
# Usage: scripts/install_test.sh [--no-deb] [--copy]
set -euo pipefail
cd "$(dirname "$0")/.."
deb=1
copy=0
for arg in "$@"; do
  case "$arg" in
    --no-deb) deb=0 ;;
    --copy) copy=1 ;;
    *) echo "install_test.sh: unknown option '$arg' (--no-deb, --copy)" >&2; exit 2 ;;
  esac
done

tmp=$(mktemp -d /tmp/gridpress-install-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "install test: $*" >&2; exit 1; }

if ((copy)); then
  # A copy of the source tree (tracked and new files, no build folders), built (program only).
  mkdir "$tmp/src"
  # scripts/test.sh runs this beside the sanitizer build, which adds build-asan/ to the tree as tar
  # reads it: tar's exit status 1 ("file changed as we read it", only ever about the excluded build
  # folders or the top folder itself) is not a failure; 2 is.
  tar_status=0
  tar --exclude='./build*' --exclude=./.git --exclude=./examples/out --warning=no-file-changed \
    -cf "$tmp/src.tar" . || tar_status=$?
  ((tar_status <= 1)) || fail "could not copy the source tree (tar exit $tar_status)"
  tar -xf "$tmp/src.tar" -C "$tmp/src"
  rm -f "$tmp/src.tar"
  (cd "$tmp/src" && bash scripts/build.sh ci -DGRIDPRESS_TESTS=OFF -DGRIDPRESS_BENCH=OFF -DCMAKE_INSTALL_PREFIX=/usr \
    >"$tmp/build.log" 2>&1) || { tail -30 "$tmp/build.log"; fail "the copy did not build"; }
  build=$tmp/src/build-ci
  tree=$tmp/src
else
  # The optimised build of this tree (scripts/build.sh ci; scripts/test.sh's strict build): what
  # is installed is brought up to date first (nothing to do after that build), not compiled again.
  build=$PWD/build-ci
  tree=$PWD
  [[ -f $build/CMakeCache.txt ]] || fail "no build in $build: run scripts/build.sh ci first (or use --copy)"
  cmake --build "$build" --target gridpress gridpress_man >"$tmp/build.log" 2>&1 ||
    { tail -30 "$tmp/build.log"; fail "the program in $build did not build"; }
fi
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
if ((deb)); then
  # The package is made in a folder of its own (cpack's work files too), not in the build tree.
  (cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/package" >"$tmp/cpack.log" 2>&1) ||
    { cat "$tmp/cpack.log"; fail "cpack failed"; }
  mv "$tmp"/package/gridpress_*.deb "$tmp/"
  rm -rf "$tmp/package"
fi

# 2. Nothing of the source or build tree in the installed program (it finds its data from where it
# is, spec::builtin_data_dir): no path of either compiled in. A copy's trees are removed as well.
for dir in "$tree" "$build"; do
  if grep -aqF "$dir" "$prefix/bin/gridpress"; then
    fail "the installed program holds the path $dir"
  fi
done
if ((copy)); then rm -rf "$tmp/src"; fi

check_installed() {  # check_installed BINARY PREFIX
  local bin=$1 root=$2 work=$tmp/work-$RANDOM
  mkdir -p "$work"
  [[ -s $root/share/man/man1/gridpress.1 ]] || fail "no man page in $root/share/man/man1"
  grep -q '^\.SH COMMANDS' "$root/share/man/man1/gridpress.1" || fail "the man page has no COMMANDS section"
  [[ -s $root/share/bash-completion/completions/gridpress ]] || fail "no bash completion"
  [[ -s $root/share/zsh/vendor-completions/_gridpress ]] || fail "no zsh completion"
  [[ -s $root/share/fish/vendor_completions.d/gridpress.fish ]] || fail "no fish completion"
  [[ -s $root/share/doc/gridpress/LICENSE ]] || fail "no LICENSE"
  [[ ! -e $root/share/gridpress/config ]] || fail "config/ is installed but never read"
  "$bin" --version | grep -q '^gridpress [0-9.]* (commit ' || fail "$bin --version"
  printf 'title: Installed\nseed: 3\nprofile: kdp-6x9\nsections:\n  - count: 4\n    clues: 30\noutput: {path: out/book.pdf}\n' \
    >"$work/book.yaml"
  (cd "$work" && env -u GRIDPRESS_DATA_DIR "$bin" book -q book.yaml) || fail "$bin could not make a book with profile kdp-6x9"
  [[ -s $work/out/book.pdf ]] || fail "no book written"
  # The studio finds its page in the installed data and stops cleanly on SIGTERM.
  local port log=$work/serve.log
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  env -u GRIDPRESS_DATA_DIR "$bin" serve "$work" --port "$port" --no-browser >"$log" 2>&1 &
  local serve_pid=$!
  python3 - "$port" <<'PY' || { kill "$serve_pid"; cat "$log"; fail "$bin serve: the page or its API did not answer"; }
import sys, time, urllib.request
base = f"http://127.0.0.1:{sys.argv[1]}"
for _ in range(100):
    try:
        page = urllib.request.urlopen(base + "/", timeout=5).read().decode()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("no answer")
assert "gridpress" in page and "studio.js" in page, page[:200]
assert b"function" in urllib.request.urlopen(base + "/studio.js", timeout=5).read()
assert b"kdp-6x9" in urllib.request.urlopen(base + "/api/schema", timeout=5).read()
PY
  kill -TERM "$serve_pid"
  wait "$serve_pid" || fail "$bin serve did not stop cleanly on SIGTERM"
  grep -q "stopped" "$log" || fail "$bin serve: no 'stopped' after SIGTERM"
  # The profile comes from the installed data: without it the profile is unknown.
  if [[ $root == "$prefix" ]]; then
    mv "$root/share/gridpress" "$root/share/gridpress.away"
    if (cd "$work" && env -u GRIDPRESS_DATA_DIR "$bin" spec book.yaml >/dev/null 2>&1); then
      fail "the profile was found without the installed templates"
    fi
    mv "$root/share/gridpress.away" "$root/share/gridpress"
  fi
}

check_installed "$prefix/bin/gridpress" "$prefix"
# A moved installation still finds its data.
mv "$prefix" "$tmp/moved"
prefix=$tmp/moved
check_installed "$prefix/bin/gridpress" "$prefix"
echo "install test: the installed tree works with no path of the source or build tree in it, and after a move"

if ((deb)); then
  exec 9>/tmp/gridpress-deb-test.lock  # one package test at a time on this machine
  flock 9
  pkg=$(ls "$tmp"/gridpress_*.deb)
  depends=$(dpkg-deb -f "$pkg" Depends)
  needs=(libcairo2 libpango-1.0-0 libyaml-cpp libqpdf fonts-dejavu-core)
  # The catalogue links SQLite: then the package must depend on it too.
  if dpkg-deb --fsys-tarfile "$pkg" | tar -xOf - ./usr/bin/gridpress | grep -aq 'libsqlite3\.so'; then
    needs+=(libsqlite3)
  fi
  for p in "${needs[@]}"; do
    [[ $depends == *"$p"* ]] || fail "the .deb does not depend on $p (Depends: $depends)"
  done
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=300 "$pkg" >/dev/null
  trap '$sudo apt-get remove -y -qq -o DPkg::Lock::Timeout=300 gridpress >/dev/null; rm -rf "$tmp"' EXIT
  check_installed /usr/bin/gridpress /usr
  echo "install test: $(basename "$pkg") installs with its dependencies and runs (Depends: $depends)"
fi
