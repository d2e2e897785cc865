#!/usr/bin/env bash
# Builds the content evaluation's sets (eval/README.md, "Building the sets") from local copies of the public
# collections:  bench/content-eval-import.sh RAW_DIR [OUT_DIR]   (OUT_DIR defaults to eval/datasets)
# RAW_DIR holds the collections as their repositories lay them out; a collection that is absent is skipped:
#   RAW_DIR/html-cleaning-dataset-merged/{cleaneval-dev,cleaneval-final,CleanPortalEval-master,dragnet_data}
#   RAW_DIR/page-signal/L3S-GN1-20100130203947-00001   (or an L3S-GN1 download with original/ and annotated/)
#   RAW_DIR/readability/test/test-pages
# Nothing is downloaded here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
raw="$(cd "${1:?usage: content-eval-import.sh RAW_DIR [OUT_DIR]}" && pwd)"
out="${2:-$root/eval/datasets}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$root"
work="${KCRAWL_BENCH_WORK:-$here/.work}/content-eval"
mkdir -p "$work"
./mvnw -q -B -o -pl parser-worker -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  "-Dmdep.outputFile=$work/test.classpath" >"$work/build.log" 2>&1 || {
  echo "content-eval-import: the build failed; see $work/build.log" >&2
  exit 1
}
module="$root/parser-worker/target"
cp="$module/test-classes:$module/classes:$(cat "$work/test.classpath")"
import() { java -cp "$cp" org.kcrawl.parser.content.eval.DatasetImport "$@"; }

merged="$raw/html-cleaning-dataset-merged"
if [ -d "$merged/cleaneval-final" ]; then
  # CleanEval's development and final sets are one set here; their ids say which ("dev-12", "final-103").
  both="$work/cleaneval-trees"
  rm -rf "$both" && mkdir -p "$both"
  ln -s "$merged/cleaneval-dev" "$both/dev"
  ln -s "$merged/cleaneval-final" "$both/final"
  import cleaneval "$both" "$out"
fi
[ -d "$merged/CleanPortalEval-master" ] && import cleanportaleval "$merged/CleanPortalEval-master" "$out"
[ -d "$merged/dragnet_data" ] && import dragnet "$merged/dragnet_data" "$out"
for l3s in "$raw/page-signal/L3S-GN1-20100130203947-00001" "$raw/L3S-GN1"; do
  [ -d "$l3s/annotated" ] && import l3s-gn1 "$l3s" "$out" && break
done
[ -d "$raw/readability/test/test-pages" ] && import readability "$raw/readability/test" "$out"
ls -l "$out"
