#!/usr/bin/env bash
# CI step: the README's quick start, exactly as a new user runs it: a fresh clone, a non-root user,
# a fresh HOME, a PATH with only the system directories (no npm global bin, no pnpm). Then
# `npm run install-cli` and `toolgate tools` through the launcher it puts on that user's PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
git clone --quiet "$PWD" "$work/clone"
mkdir "$work/home"
script='cd "$WORK/clone" && npm run quickstart && npm run install-cli && "$HOME/.local/bin/toolgate" tools >/dev/null && echo "quick start as $(id -un): ok"'
clean_env=(env -i "HOME=$work/home" "WORK=$work" "PATH=/usr/local/bin:/usr/bin:/bin" "LANG=C.UTF-8" "NPM_CONFIG_UPDATE_NOTIFIER=false")
if [ "$(id -u)" -eq 0 ]; then
  user=toolgate-ci
  id "$user" >/dev/null 2>&1 || useradd --no-create-home --shell /bin/bash "$user"
  chown -R "$user" "$work"
  setpriv --reuid="$user" --regid="$user" --clear-groups "${clean_env[@]}" bash -c "$script"
else
  "${clean_env[@]}" bash -c "$script"
fi
