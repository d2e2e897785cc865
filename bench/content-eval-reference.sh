#!/usr/bin/env bash
# Reference figures for the content evaluation (eval/README.md): Mozilla's Readability.js 0.6.0 on jsdom
# 26.1.0, installed from npm into bench/.work, run over the sets, then scored by bench/content-eval.sh:
#   bench/content-eval-reference.sh [--data DIR] [--out DIR] [content-eval.sh options, e.g. --split dev]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
data="${KCRAWL_EVAL_DATA:-$root/eval/datasets}"
out="${KCRAWL_BENCH_WORK:-$here/.work}/content-eval/readability-js"
rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    --data) data="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) rest+=("$1"); shift ;;
  esac
done
modules="${KCRAWL_BENCH_WORK:-$here/.work}/content-eval/node"
if [ ! -d "$modules/node_modules/@mozilla/readability" ] || [ ! -d "$modules/node_modules/jsdom" ]; then
  mkdir -p "$modules"
  npm install --silent --no-audit --no-fund --prefix "$modules" @mozilla/readability@0.6.0 jsdom@26.1.0 >&2
fi
rm -rf "$out" && mkdir -p "$out"
NODE_PATH="$modules/node_modules" node "$here/content-eval-readability.mjs" "$data" "$out"
exec "$here/content-eval.sh" --data "$data" --extractor "file:$out" "${rest[@]}"
