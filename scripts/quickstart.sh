#!/usr/bin/env bash
# Quick start: set up (pnpm, dependencies, build) and run the main job — real toolgate calls on
# this repository through the whole chain (registry → policy → validation → approval → executor).
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
. scripts/ensure-pnpm.sh
pnpm install --frozen-lockfile --reporter=silent
pnpm -s build --output-logs=errors-only
echo '$ toolgate tools' >&2
pnpm -s toolgate tools
echo >&2
echo '$ toolgate call grep {"pattern":"export function create[A-Za-z]+Tools","include":"*.ts"}' >&2
pnpm -s toolgate call grep '{"pattern":"export function create[A-Za-z]+Tools","include":"*.ts"}'
