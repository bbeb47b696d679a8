#!/usr/bin/env bash
# The one test command (README, .ci/run): install, lint, build, typecheck, every test, pack check.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
. scripts/ensure-pnpm.sh
pnpm install --frozen-lockfile --reporter=silent
pnpm -s lint
pnpm -s build --output-logs=errors-only
pnpm -s typecheck --output-logs=errors-only
results=$(mktemp)
status=0
pnpm -s vitest run --reporter=default --reporter=json --outputFile.json="$results" || status=$?
node scripts/summarize-tests.mjs "$results"
rm -f "$results"
[ "$status" -eq 0 ] || exit "$status"
node scripts/check-packs.mjs
