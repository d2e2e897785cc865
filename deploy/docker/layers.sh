#!/bin/sh
# Lays out a built module as the image runs it, in two directories the Dockerfile copies as two layers:
#   OUT/lib/     third-party jars: the same bytes, so the same layer, until a dependency changes
#   OUT/app/     kcrawl's own jars (app/kcrawl/) and worker.jar, a launcher whose manifest names the
#                module's main class and every jar above on its Class-Path
# so a code change ships a layer of a few hundred KiB instead of the whole runnable jar.
# Run from the repository root after
#   ./mvnw -pl MODULE -am package dependency:copy-dependencies -DincludeScope=runtime -Dmdep.prependGroupId=true
# which leaves MODULE/target/dependency/ with every runtime dependency, kcrawl's modules included.
# Usage: deploy/docker/layers.sh MODULE OUT
set -eu
module="$1"
out="$2"
target="$module/target"
deps="$target/dependency"

fail() {
    echo "layers.sh: $*" >&2
    exit 1
}

[ -d "$deps" ] || fail "$deps is missing: run dependency:copy-dependencies first (see the header)"
# The module's plain jar: crawl-cli's shade plugin replaces its main artifact and keeps the plain one as
# original-*.jar; the workers attach their runnable jar as *-all.jar beside the plain one.
plain=""
runnable=""
for jar in "$target"/*.jar; do
    case "$(basename "$jar")" in
        original-*.jar) plain="$jar" ;;
        *-all.jar) runnable="$jar" ;;
    esac
done
for jar in "$target"/*.jar; do
    case "$(basename "$jar")" in
        original-*.jar|*-all.jar|*-sources.jar|*-tests.jar) ;;
        *) if [ -z "$plain" ]; then plain="$jar"; elif [ -z "$runnable" ]; then runnable="$jar"; fi ;;
    esac
done
[ -n "$plain" ] || fail "no jar of $module in $target: package it first"
[ -n "$runnable" ] || fail "no runnable jar of $module in $target (the shade plugin's output)"

# The main class the runnable jar was built with, so the poms stay its one owner.
work="$(mktemp -d)"
absolute="$(cd "$(dirname "$runnable")" && pwd)/$(basename "$runnable")"
(cd "$work" && jar --extract --file "$absolute" META-INF/MANIFEST.MF)
main="$(tr -d '\r' < "$work/META-INF/MANIFEST.MF" | sed -n 's/^Main-Class: *//p')"
rm -rf "$work"
[ -n "$main" ] || fail "$runnable names no Main-Class"

rm -rf "$out"
mkdir -p "$out/lib" "$out/app/kcrawl"
classpath=""
for jar in "$deps"/*.jar; do
    name="$(basename "$jar")"
    case "$name" in
        org.kcrawl.*) cp "$jar" "$out/app/kcrawl/$name"; classpath="$classpath kcrawl/$name" ;;
        *) cp "$jar" "$out/lib/$name"; classpath="$classpath lib/$name" ;;
    esac
done
cp "$plain" "$out/app/kcrawl/org.kcrawl.$module.jar"
classpath="kcrawl/org.kcrawl.$module.jar$classpath"

# Manifest lines are at most 72 bytes: a long value continues on lines that start with one space.
manifest="$(mktemp)"
{
    echo "Main-Class: $main"
    printf 'Class-Path: %s\n' "$classpath" | fold -w 70 | sed '2,$s/^/ /'
} > "$manifest"
jar --create --file "$out/app/worker.jar" --manifest "$manifest"
rm -f "$manifest"
# Class-Path entries are relative to worker.jar: /app/worker.jar finds /app/lib and /app/kcrawl, so the
# image copies app/ to /app and lib/ to /app/lib.
echo "layers.sh: $module -> $out ($(ls "$out/lib" | wc -l) third-party jars, $(ls "$out/app/kcrawl" | wc -l) kcrawl jars, main $main)"
