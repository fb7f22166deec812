#!/usr/bin/env bash
# Lighthouse on the storefront: the demo catalogue in a temporary data dir, served by
# SHOP_BIN, and Lighthouse (scripts/lighthouse/, its own pinned install) in Debian's
# Chromium with its default mobile emulation and throttling, performance only, on the
# home, listing and a product page. Prints each page's median run (score, LCP, TBT, CLS),
# then the JavaScript each page loads before it is interactive (scripts/bundle-size.mjs).
# Prints numbers, not verdicts.
#
#   LIGHTHOUSE_RUNS (3)  runs per page    CHROME_PATH (/usr/bin/chromium)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bin="${SHOP_BIN:?SHOP_BIN must name the shop binary (make bench sets it)}"
chrome="${CHROME_PATH:-/usr/bin/chromium}"
runs="${LIGHTHOUSE_RUNS:-3}"

[ -x "$chrome" ] || { echo "Chromium is needed at $chrome: apt-get install -y chromium" >&2; exit 1; }
lighthouse="$here/lighthouse/node_modules/.bin/lighthouse"
if [ ! -x "$lighthouse" ]; then
  echo "installing Lighthouse into scripts/lighthouse/node_modules..."
  (cd "$here/lighthouse" && npm install --no-audit --no-fund --loglevel=error)
fi

dir=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT

# Only the temporary data dir, whatever the caller's environment names. A command, not
# a function: served in the background, a function would be a subshell, and its pid
# not the server's.
shop_cmd=(env -u SHOP_DATABASE_URL -u SHOP_MEDIA -u SHOP_SMTP_URL "$bin" --data-dir "$dir/data")
shop() { "${shop_cmd[@]}" "$@"; }
shop migrate >"$dir/setup.log" 2>&1 && shop seed demo >>"$dir/setup.log" 2>&1 ||
  { echo "setting up the demo shop failed:" >&2; cat "$dir/setup.log" >&2; exit 1; }
start_shop "$dir/serve.log" "${shop_cmd[@]}"

product=$(curl -sf "$base/api/product" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).data.products[0]._id))')
pages=("home|/" "listing|/shop" "product|/product/$product")

echo "Lighthouse $("$lighthouse" --version), $("$chrome" --version 2>/dev/null | head -n 1), mobile emulation, $runs runs per page, $base"
for entry in "${pages[@]}"; do
  IFS='|' read -r name path <<<"$entry"
  for run in $(seq 1 "$runs"); do
    # A run that hangs or fails is left out of the table (which says when none finished).
    timeout 180 "$lighthouse" "$base$path" --quiet --only-categories=performance \
      --chrome-path="$chrome" --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
      --output=json --output-path="$dir/$name-$run.json" >/dev/null 2>"$dir/$name-$run.log" ||
      echo "$name run $run failed: $(tail -n 1 "$dir/$name-$run.log")" >&2
  done
done
echo
node "$here/lighthouse/summary.mjs" "$dir" home listing product
echo
node "$here/bundle-size.mjs"
