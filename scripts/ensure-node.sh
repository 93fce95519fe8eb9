#!/usr/bin/env bash
# Prints the directory of a Node.js of the wanted major (default: .nvmrc) — the one on PATH when it
# matches, otherwise the official binary from the npm registry's `node-linux-<arch>` package,
# installed once under ~/.cache/crm-node/<major>. Its `include/node` holds the headers that
# node-gyp needs for native modules. Usage: export PATH="$(scripts/ensure-node.sh)/bin:$PATH"
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
major="${1:-$(tr -dc '0-9' < "$root/.nvmrc")}"

current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$current" = "$major" ]; then
  dirname "$(dirname "$(command -v node)")"
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "ensure-node: no official Node build for $(uname -m)" >&2; exit 1 ;;
esac
cache="${CRM_NODE_CACHE:-$HOME/.cache/crm-node}/$major"
dir="$cache/node_modules/node-linux-$arch"
if [ ! -x "$dir/bin/node" ]; then
  echo "ensure-node: installing Node $major from the npm registry into $cache" >&2
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error \
    "node-linux-$arch@$major" >&2
fi
"$dir/bin/node" --version >&2
echo "$dir"
