#!/usr/bin/env bash
# Installs the Debian packages gridpress needs to build, test and render, if any are missing.
# Usage: scripts/setup.sh [extra-package ...]      (runs apt-get as root, or through sudo)
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libcairo2-dev libpango1.0-dev libyaml-cpp-dev libcli11-dev catch2 nlohmann-json3-dev
  fonts-dejavu-core fontconfig          # the default theme's fonts
  fonts-sil-andika                      # Andika: letters as children learn to write them (worksheets)
  libqpdf-dev                           # PDF preflight (src/pdfcheck)
  libsqlite3-dev                        # the catalogue of published puzzles (src/catalogue)
  librsvg2-dev                          # SVG cover images (src/render/svg.cpp)
  poppler-utils qpdf                    # pdfinfo/pdffonts/pdftoppm and qpdf --check for tests
  locales                               # locale sources: render_test compiles a decimal-comma locale (localedef)
  help2man                              # the man page, from the program's help text
  ccache                                # compiled objects shared between builds (scripts/build.sh)
  clang libclang-rt-dev lld             # the sanitizer build and scripts/fuzz.sh: clang++, libFuzzer, lld
  ghostscript                           # ink coverage (inkcov) of newspaper PDFs in tests
  libcpp-httplib-dev                    # the studio's HTTP server (src/studio, gridpress serve)
  chromium chromium-driver python3      # the studio's browser test (scripts/browser_test.py)
  "$@"
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
