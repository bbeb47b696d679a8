# shellcheck shell=bash
# Source this file (`. scripts/ensure-pnpm.sh`): Node first (ensure-node.sh), then the pnpm that
# `packageManager` pins. A missing or different pnpm is installed into the ignored `.toolchain/`
# with the npm that comes with Node: never a global install, so it works for any user.
. "$(dirname "${BASH_SOURCE[0]}")/ensure-node.sh" || return 1 2>/dev/null || exit 1
_toolgate_pnpm_want=$(node -p "require('$_toolgate_root/package.json').packageManager.split('@')[1]")
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$_toolgate_pnpm_want" ]; then
  _toolgate_pnpm_dir="$_toolgate_root/.toolchain/pnpm-$_toolgate_pnpm_want"
  if [ ! -x "$_toolgate_pnpm_dir/node_modules/.bin/pnpm" ]; then
    echo "installing pnpm $_toolgate_pnpm_want into .toolchain/" >&2
    npm install --silent --no-audit --no-fund --no-save --prefix "$_toolgate_pnpm_dir" "pnpm@$_toolgate_pnpm_want" >&2 ||
      { echo "could not install pnpm $_toolgate_pnpm_want from the npm registry" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_toolgate_pnpm_dir/node_modules/.bin:$PATH"
fi
