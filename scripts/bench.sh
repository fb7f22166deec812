#!/usr/bin/env bash
# Load test: seeds a synthetic catalogue into a temporary database, starts the release
# binary, and drives it with wrk for each scenario. Prints numbers, not verdicts.
#
#   BENCH_PRODUCTS (100000)  BENCH_SECONDS (20)  BENCH_THREADS (2)  BENCH_CONNECTIONS (32)
#   BENCH_DATABASE_URL: benchmark PostgreSQL instead (a database you can fill and drop).
set -euo pipefail

bin="${SHOP_BIN:?SHOP_BIN must name the release binary (make bench sets it)}"
products="${BENCH_PRODUCTS:-100000}"
seconds="${BENCH_SECONDS:-20}"
threads="${BENCH_THREADS:-2}"
connections="${BENCH_CONNECTIONS:-32}"

if ! command -v wrk >/dev/null; then
  echo "wrk is needed: apt-get install -y wrk" >&2
  exit 1
fi

dir=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT

args=(--data-dir "$dir")
[ -n "${BENCH_DATABASE_URL:-}" ] && args+=(--database-url "$BENCH_DATABASE_URL")

echo "seeding $products products..."
start=$(date +%s%N)
"$bin" "${args[@]}" seed bench --products "$products" >/dev/null
seed_s=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN {printf "%.1f", (b - a) / 1e9}')

"$bin" "${args[@]}" serve --listen 127.0.0.1:0 >"$dir/serve.log" 2>&1 &
server=$!
base=""
for _ in $(seq 1 100); do
  base=$(grep -o 'serving on http://127.0.0.1:[0-9]*' "$dir/serve.log" | head -n 1 | sed 's/serving on //') && [ -n "$base" ] && break
  sleep 0.1
done
[ -n "$base" ] || { echo "the server did not start:" >&2; cat "$dir/serve.log" >&2; exit 1; }

json() { curl -sf "$base$1" | python3 -c "import json,sys; d=json.load(sys.stdin)['data']; print($2)"; }
category=$(json /api/category "[c['_id'] for c in d['categories'] if c['title']=='Heating'][0]")
product=$(json /api/product "d['products'][0]['_id']")

scenarios=(
  "default listing|/api/product"
  "keyword search|/api/product?keyword=brass%20valve"
  "category + price, by price|/api/product?categoryIds=$category&minPrice=50&maxPrice=200&sortField=price&sortOrder=asc"
  "product detail|/api/product/$product"
)

printf '\n%s products (seeded in %s s), %s threads, %s connections, %s s per scenario\n\n' "$products" "$seed_s" "$threads" "$connections" "$seconds"
printf '%-28s %12s %10s %10s %8s\n' "scenario" "requests/s" "p50 ms" "p99 ms" "errors"
for scenario in "${scenarios[@]}"; do
  name=${scenario%%|*}
  path=${scenario#*|}
  curl -sf -o /dev/null "$base$path" || { echo "$name: $path does not answer 200" >&2; exit 1; }
  out=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency "$base$path")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  to_ms() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.2f", v}'; }
  p50=$(awk '$1=="50%" {print $2}' <<<"$out" | to_ms)
  p99=$(awk '$1=="99%" {print $2}' <<<"$out" | to_ms)
  errors=$(awk '/Non-2xx|Socket errors/ {s=s $0 "; "} END {print (s=="" ? "0" : s)}' <<<"$out")
  printf '%-28s %12s %10s %10s %8s\n' "$name" "$rps" "$p50" "$p99" "$errors"
done
rss_kb=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
awk -v kb="$rss_kb" 'BEGIN {printf "\nserver peak RSS: %.1f MB\n", kb / 1024}'
