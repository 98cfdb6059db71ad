#!/usr/bin/env bash
# Are the bytes rigc writes the same as another commit's? Builds the release
# binaries of BASE (a commit, default origin/main's merge base with HEAD, else
# HEAD~1) in a temporary worktree and of the working tree, then builds with each:
#
#   - every target of the project's rigc.toml (`build --all`, the gallery, with
#     its plugins), under both profiles;
#   - every reference rig of ../shared/reference (each from a copy of its own
#     directory, so both binaries see the same project), plain and with
#     --copy-images, under both profiles;
#
# and prints, per build, its exit code and the blake3 of every file it wrote,
# then whether the two sides agree. Exit 0 when every build exits the same and
# writes byte-identical files, 1 otherwise.
#
#   bench/same_bytes.sh [BASE]
#
# Environment: RIGC_SHARED (default ../shared), KEEP=1 keeps the work directory.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${RIGC_SHARED:-$root/../shared}"
cd "$root"
base="${1:-}"
if [ -z "$base" ]; then
  base="$(git merge-base HEAD origin/main 2>/dev/null || git rev-parse HEAD~1)"
fi
base="$(git rev-parse "$base")"
work="$(mktemp -d)"
cleanup() {
  git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true
  [ "${KEEP:-}" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT
git worktree add --detach -q "$work/base" "$base"

build_tree() { # tree -> builds its release binaries (sharing this tree's target dir is not safe)
  (cd "$1" && cargo build --release -q -p rigc -p rigc-studio-example)
}
echo "same_bytes: building $base (base) and the working tree" >&2
build_tree "$work/base"
build_tree "$root"

# side tree -> lines "<case> exit=<n> <file> <blake3>" for every build of that side
run_side() {
  local side="$1" tree="$2" out="$work/$1"
  local rigc="$tree/target/release/rigc"
  mkdir -p "$out"
  for profile in spine spine-html; do
    # The gallery, from a copy of the project (its rigc.toml, specs, parts and plugin).
    local proj="$out/project-$profile"
    mkdir -p "$proj/target/release"
    cp "$root/rigc.toml" "$proj/"
    cp -r "$root/gallery" "$proj/gallery"
    rm -rf "$proj"/gallery/*/build
    cp "$tree/target/release/librigc_studio_example.so" "$proj/target/release/"
    local code=0
    (cd "$proj" && "$rigc" build --all --profile "$profile" --cache-dir "$out/cache-$profile" >/dev/null 2>&1) || code=$?
    echo "gallery/$profile exit=$code"
    for f in $(cd "$proj" && find gallery -path '*/build/*' -type f | sort); do
      echo "gallery/$profile $f $(b3 "$proj/$f")"
    done
    # The reference rigs, each from a copy of its own directory.
    for dir in "$shared"/reference/rigc-gallery/* "$shared"/reference/rigc-buoy; do
      local name rig motion
      name="$(basename "$dir")"
      rig="$(cd "$dir" && ls | grep -E '(^|\.)rig\.json$' | head -1)"
      motion="$(cd "$dir" && ls | grep -E '(^|\.)motion\.json$' | head -1)"
      for copy in plain copy-images; do
        local case="$name/$profile/$copy" here="$out/ref-$name-$profile-$copy"
        cp -r "$dir" "$here"
        local flags=()
        [ "$copy" = copy-images ] && flags=(--copy-images)
        code=0
        (cd "$here" && "$rigc" build --rig "$rig" --motion "$motion" --out build \
          --profile "$profile" --cache-dir "$out/cache-ref" "${flags[@]}" >/dev/null 2>&1) || code=$?
        echo "$case exit=$code"
        if [ -d "$here/build" ]; then
          for f in $(cd "$here/build" && find . -type f | sort); do
            echo "$case $f $(b3 "$here/build/$f")"
          done
        fi
      done
    done
  done
}

# blake3 of a file: b3sum, installed into target/tools once when the machine has none.
b3sum_bin="$(command -v b3sum || true)"
if [ -z "$b3sum_bin" ]; then
  b3sum_bin="$root/target/tools/bin/b3sum"
  [ -x "$b3sum_bin" ] || cargo install -q b3sum --root "$root/target/tools" >&2
fi
b3() { "$b3sum_bin" --no-names "$1"; }

run_side base "$work/base" >"$work/base.txt"
run_side head "$root" >"$work/head.txt"
cat "$work/head.txt"
if diff -u "$work/base.txt" "$work/head.txt" >"$work/diff.txt"; then
  builds=$(grep -c ' exit=' "$work/head.txt")
  files=$(grep -vc ' exit=' "$work/head.txt")
  green=$(grep -c ' exit=0' "$work/head.txt")
  echo "same_bytes: identical to $base: $builds builds ($green green), $files files"
else
  cat "$work/diff.txt"
  echo "same_bytes: DIFFERENT from $base"
  exit 1
fi
