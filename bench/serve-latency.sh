#!/usr/bin/env bash
# Measures `rigc watch --serve` from an edit to the new pose drawn in the
# browser, on the gallery's snail rig: a copy of the project (rigc.toml, the
# gallery, the studio plugin) in a temp directory, `rigc watch snail --serve`
# running on it with the default debounce (or DEBOUNCE), its page open in
# headless Chromium, then EDITS edits of one key value of the crawl animation,
# each waited for until the page has swapped the new skeleton in and drawn a
# frame of it. Prints the medians (serve-latency.mjs beside this script).
# Needs: a release build (done here), node, the player (.player/), the browser
# driver (.browser/) and /usr/bin/chromium (scripts/setup-player.sh,
# scripts/setup-browser.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
edits="${EDITS:-15}"
debounce="${DEBOUNCE:-}"
cd "$root"
for need in .player .browser "${RIGC_CHROMIUM:-/usr/bin/chromium}"; do
  if [ ! -e "$need" ]; then
    echo "bench: $need is missing (run scripts/setup-player.sh and scripts/setup-browser.sh)" >&2
    exit 1
  fi
done
cargo build --release -q -p rigc -p rigc-studio-example
work="$(mktemp -d)"
log="$work/watch.log"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -INT "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/gallery" "$work/target/release"
cp rigc.toml "$work/"
for rig in gallery/*/; do
  [ -f "$rig/rig.json" ] && cp -r "$rig" "$work/gallery/"
done
rm -rf "$work"/gallery/*/build
cp target/release/librigc_studio_example.so "$work/target/release/"
args=(watch snail --serve --port 0 --player "$root/.player")
if [ -n "$debounce" ]; then args+=(--debounce "$debounce"); fi
(cd "$work" && exec "$root/target/release/rigc" "${args[@]}") >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  grep -q "rebuilt snail" "$log" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
url="$(grep -o 'snail http://127.0.0.1:[0-9]*/snail/' "$log" | head -1 | cut -d' ' -f2 || true)"
if [ -z "$url" ]; then
  echo "rigc watch --serve did not start:" >&2
  cat "$log" >&2
  exit 1
fi
head -2 "$log"
node "$root/bench/serve-latency.mjs" --url "$url" --motion "$work/gallery/snail/motion.json" \
  --edits "$edits" --log "$log"
