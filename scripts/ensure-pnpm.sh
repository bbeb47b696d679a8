#!/usr/bin/env bash
# Installs the pinned pnpm when it is missing (a fresh machine has only Node and npm).
set -euo pipefail
want=$(node -p "require('./package.json').packageManager.split('@')[1]")
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$want" ]; then
  echo "installing pnpm@$want" >&2
  npm install --global --no-audit --no-fund "pnpm@$want" >&2
fi
