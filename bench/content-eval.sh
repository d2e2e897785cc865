#!/usr/bin/env bash
# The main-content evaluation in one command (see eval/README.md):
#   bench/content-eval.sh [--extractor all-text|file:DIR|...] [--split dev|holdout|all] [--sets a,b]
#                         [--markdown] [--out DIR [--texts]] [--data DIR]
# Compiles parser-worker's tests, writes their classpath, and runs org.kcrawl.parser.content.eval.ContentEval,
# which prints mean precision, recall and F1 (word 4-gram shingles against the reference bodies) per set and
# split as a Markdown table. The sets are read from --data, else $KCRAWL_EVAL_DATA, else eval/datasets.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cd "$root"
work="${KCRAWL_BENCH_WORK:-$here/.work}/content-eval"
mkdir -p "$work"

args=("$@")
has_data=false
for a in "$@"; do
  [ "$a" = "--data" ] && has_data=true
done
if ! $has_data; then
  args+=(--data "${KCRAWL_EVAL_DATA:-$root/eval/datasets}")
fi

# Offline when the local repository has what the build needs (the usual case), online once otherwise.
build=(./mvnw -q -B -pl parser-worker -am test-compile dependency:build-classpath -Dmdep.includeScope=test
       "-Dmdep.outputFile=$work/test.classpath")
"${build[0]}" -o "${build[@]:1}" >"$work/build.log" 2>&1 || "${build[@]}" >"$work/build.log" 2>&1 || {
  echo "content-eval: the build failed; see $work/build.log" >&2
  tail -20 "$work/build.log" >&2
  exit 1
}
module="$root/parser-worker/target"
exec java -Xss8m -cp "$module/test-classes:$module/classes:$(cat "$work/test.classpath")" \
  org.kcrawl.parser.content.eval.ContentEval "${args[@]}"
