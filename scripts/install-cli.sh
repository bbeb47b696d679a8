#!/usr/bin/env bash
# Puts `toolgate` (and every other bin the apps ship) on PATH from this clone, without root:
# builds, packs the publishable packages, installs the tarballs into a private prefix
# (default ~/.local/lib/toolgate) and writes small launchers into ~/.local/bin that run them
# on Node >= 22.12 (the machine's Node when it is new enough, else a copy of the one
# scripts/ensure-node.sh fetched). Override with TOOLGATE_PREFIX and TOOLGATE_BIN_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
prefix=${TOOLGATE_PREFIX:-$HOME/.local/lib/toolgate}
bin_dir=${TOOLGATE_BIN_DIR:-$HOME/.local/bin}
. scripts/ensure-pnpm.sh
pnpm install --frozen-lockfile --reporter=silent
pnpm -s build --output-logs=errors-only
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for manifest in packages/*/package.json apps/*/package.json; do
  dir=$(dirname "$manifest")
  [ "$(node -p "Boolean(require('./$manifest').private)")" = true ] && continue
  (cd "$dir" && pnpm -s pack --pack-destination "$work" >/dev/null)
done
mkdir -p "$prefix" "$bin_dir"
[ -f "$prefix/package.json" ] || echo '{"name":"toolgate-install","private":true}' >"$prefix/package.json"
npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "$work"/*.tgz
node_bin=$(command -v node)
case "$node_bin" in
  "$PWD"/.toolchain/*)
    mkdir -p "$prefix/node/bin" && cp "$node_bin" "$prefix/node/bin/node" && node_bin="$prefix/node/bin/node" ;;
esac
for app in apps/*/package.json; do
  name=$(node -p "require('./$app').name")
  node -e '
    const m = require(process.argv[1]);
    for (const [bin, file] of Object.entries(m.bin ?? {})) console.log(bin + " " + file);
  ' "./$app" | while read -r bin file; do
    target="$prefix/node_modules/$name/$file"
    printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$node_bin" "$target" >"$bin_dir/$bin"
    chmod 755 "$bin_dir/$bin"
    echo "installed $bin_dir/$bin" >&2
  done
done
case ":$PATH:" in
  *":$bin_dir:"*) ;;
  *) echo "$bin_dir is not on your PATH; add it, e.g.: export PATH=\"$bin_dir:\$PATH\"" >&2 ;;
esac
