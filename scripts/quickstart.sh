#!/usr/bin/env bash
# Quick start: set up (Node 24 and pnpm if missing, dependencies, build), then show the product:
# the tool list, a read-only call that runs, a call that needs approval and is refused because no
# one can answer, the same call in auto mode, and an agent turn on the replay model (no model
# service): blocked by approval, then completed in auto mode. Every command it prints can be pasted as printed.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
. scripts/ensure-pnpm.sh
pnpm install --frozen-lockfile --reporter=silent
pnpm -s build --output-logs=errors-only

# Prints a command exactly as it can be pasted, runs it, and reports its exit status.
show() {
  printf '\n$ %s\n' "$1" >&2
  local status=0
  eval "$1" || status=$?
  printf '(exit %s)\n' "$status" >&2
}
show "scripts/toolgate tools"
show "scripts/toolgate call read_file '{\"path\":\"README.md\",\"endLine\":3}'"
printf '\nbash asks for approval in the default safe mode; with no terminal to ask, it is refused (exit 3):' >&2
show "scripts/toolgate call bash '{\"command\":\"git status --short | wc -l\"}' </dev/null"
printf '\nAn explicit auto mode runs it unasked:' >&2
show "scripts/toolgate call bash '{\"command\":\"git status --short | wc -l\"}' --approval auto"
printf '\nAn agent turn, with no model service: a replay model plays examples/replay/fix-typo.jsonl in a\ncopy of examples/replay/demo. It reads greet.js and proposes a patch; safe mode asks, nobody can\nanswer, so the turn stops blocked by approval (exit 3):' >&2
demo=$(mktemp -d "${TMPDIR:-/tmp}/toolgate-demo.XXXXXX")
cp -R examples/replay/demo/. "$demo"
show "scripts/toolgate run 'Fix the greeting in greet.js' --cwd $demo --model replay:examples/replay/fix-typo.jsonl </dev/null"
printf '\nThe same turn in auto mode runs the patch and finishes (exit 0):' >&2
show "scripts/toolgate run 'Fix the greeting in greet.js' --cwd $demo --model replay:examples/replay/fix-typo.jsonl --approval auto"
show "cat $demo/greet.js"
printf '\nPut toolgate on your PATH (no root needed): npm run install-cli\n' >&2
