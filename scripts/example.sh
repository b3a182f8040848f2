#!/usr/bin/env bash
# The quick-start command: installs what is missing, builds (Release) and makes the example book
# examples/out/paperback-6x9.pdf (with its answer key and manifest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh release
./build/src/cli/gridpress book examples/paperback-6x9.yaml
