#!/usr/bin/env bash
# The quick-start command: installs what is missing, builds (Release) and makes the example book
# examples/out/paperback-6x9.pdf (with its answer key and manifest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
GRIDPRESS_UNITY=1 bash scripts/build.sh release   # a build from scratch: unity files (build.sh)
./build/src/cli/gridpress book examples/paperback-6x9.yaml
