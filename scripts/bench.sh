#!/usr/bin/env bash
# Load test of the catalogue's reads, on SQLite and then on PostgreSQL: seeds a
# synthetic catalogue into a temporary database, starts the release binary, and drives
# it with wrk for each scenario, with nginx serving the same bytes beside it. Prints
# numbers, not verdicts.
#
#   BENCH_PRODUCTS (100000)  BENCH_SECONDS (20)  BENCH_THREADS (2)  BENCH_CONNECTIONS (32)
#   BENCH_BACKENDS ("sqlite postgres"): which backends to measure.
#   BENCH_ONLY: measure only the scenarios whose name contains it (say "suggest").
#   BENCH_CATALOGUES ("variants plain"): the catalogues measured on each backend, one
#     after the other: `variants` (seed bench: a third of the products in 2-6 variants)
#     and `plain` (seed bench --no-variants: every product in one variant).
#   BENCH_DATABASE_URL: the PostgreSQL database to measure (one you can fill; seeded once,
#     so give one catalogue in BENCH_CATALOGUES). Without
#     it a temporary database is made on BENCH_POSTGRES_SERVER
#     (postgres://postgres@127.0.0.1:5432) and dropped after.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

bin="${SHOP_BIN:?SHOP_BIN must name the release binary (make bench sets it)}"
products="${BENCH_PRODUCTS:-100000}"
seconds="${BENCH_SECONDS:-20}"
threads="${BENCH_THREADS:-2}"
connections="${BENCH_CONNECTIONS:-32}"
backends="${BENCH_BACKENDS:-sqlite postgres}"
only="${BENCH_ONLY:-}"
catalogues="${BENCH_CATALOGUES:-variants plain}"
pg_server="${BENCH_POSTGRES_SERVER:-postgres://postgres@127.0.0.1:5432}"

if ! command -v wrk >/dev/null; then
  echo "wrk is needed: apt-get install -y wrk" >&2
  exit 1
fi

dir=""
server=""
temp_db=""
stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    server=""
  fi
  [ -n "$dir" ] && rm -rf "$dir"
  dir=""
  return 0
}
cleanup() {
  stop_server
  [ -n "$temp_db" ] && psql -q "$pg_server/postgres" -c "DROP DATABASE IF EXISTS $temp_db WITH (FORCE)" >/dev/null
  return 0
}
trap cleanup EXIT

# reads LABEL CATALOGUE [DATABASE_URL]: the table for one backend and catalogue. Without
# a URL, SQLite in the data dir.
reads() {
  local label=$1 catalogue=$2 url=${3:-}
  local seed_flags=()
  case $catalogue in
    variants) label="$label, a third of the products in 2-6 variants" ;;
    plain) label="$label, every product in one variant"; seed_flags=(--no-variants) ;;
    *) echo "BENCH_CATALOGUES: unknown catalogue $catalogue" >&2; exit 1 ;;
  esac
  dir=$(mktemp -d)
  local args=(--data-dir "$dir")
  [ -n "$url" ] && args+=(--database-url "$url")

  echo "seeding $products products..."
  start=$(date +%s%N)
  "$bin" "${args[@]}" seed bench --products "$products" "${seed_flags[@]}" >/dev/null
  seed_s=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN {printf "%.1f", (b - a) / 1e9}')

  start_shop "$dir/serve.log" "$bin" "${args[@]}"
  # Keyword listings go through the search index once it is built (until then, the database).
  built=""
  for _ in $(seq 1 600); do
    built=$(grep -o 'search index built.*' "$dir/serve.log" | head -n 1) && [ -n "$built" ] && break
    sleep 0.1
  done
  [ -n "$built" ] || { echo "the search index was not built in 60 s:" >&2; cat "$dir/serve.log" >&2; exit 1; }
  index_ms=$(grep -o '[0-9]* ms' <<<"$built" | head -n 1 | cut -d' ' -f1)
  idle_kb=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")

  # Varied keyword searches: a word or two from the catalogue's own words (some
  # misspelt, some typed halfway), each on a random page of 1-20 and each computed, so no
  # kept answer is what answers them.
  cat >"$dir/varied.lua" <<'LUA'
local words = {"brass", "valve", "radiator", "chrome", "copper", "shower", "tap", "pipe",
  "premium", "compact", "steel", "mixer", "thermostat", "elbow", "coupling", "drain",
  "radiatr", "thermostatc", "valv", "showr", "bras", "cop", "heavy", "duty", "gloves"}
local n = 0
request = function()
  n = n + 1
  local a = words[math.random(#words)]
  local q = a
  if n % 2 == 0 then q = a .. "%20" .. words[math.random(#words)] end
  -- n: a parameter the server ignores, which keeps each request out of its kept answers.
  return wrk.format("GET", "/api/product?keyword=" .. q .. "&page=" .. math.random(20) .. "&n=" .. n)
end
LUA
  # The header's suggestions as shoppers type: a prefix of 2-8 letters of a word of the
  # catalogue (sometimes two words, the second partly typed), each computed (n).
  cat >"$dir/suggest.lua" <<'LUA'
local words = {"brass", "valve", "radiator", "chrome", "copper", "shower", "tap", "pipe",
  "premium", "compact", "steel", "mixer", "thermostat", "elbow", "coupling", "drain",
  "heavy", "duty", "gloves", "basin", "kitchen", "boiler", "fitting", "toilet"}
local n = 0
request = function()
  n = n + 1
  local w = words[math.random(#words)]
  local q = string.sub(w, 1, math.random(2, math.min(8, #w)))
  if n % 3 == 0 then
    local v = words[math.random(#words)]
    q = w .. "%20" .. string.sub(v, 1, math.random(1, #v))
  end
  return wrk.format("GET", "/api/search/suggest?q=" .. q .. "&n=" .. n)
end
LUA
  # The default listing on a random page of 1-1,000: what crawlers and 'last page' clicks
  # cost, each computed (n keeps it out of the kept answers).
  cat >"$dir/pages.lua" <<'LUA'
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/product?page=" .. math.random(1000) .. "&n=" .. n)
end
LUA

  json() { curl -sf "$base$1" | python3 -c "import json,sys; d=json.load(sys.stdin)['data']; print($2)"; }
  category=$(json /api/category "[c['_id'] for c in d['categories'] if c['title']=='Heating'][0]")
  product=$(json /api/product "d['products'][0]['_id']")

  scenarios=(
    "default listing|/api/product"
    "default listing, page 100|/api/product?page=100"
    "default listing, page 1000|/api/product?page=1000"
    "default listing, page 10000|/api/product?page=10000"
    "random pages 1-1000, computed|/api/product|$dir/pages.lua"
    "keyword search|/api/product?keyword=brass%20valve"
    "varied keywords, computed|/api/product?keyword=brass|$dir/varied.lua"
    "category + price, by price|/api/product?categoryIds=$category&minPrice=50&maxPrice=200&sortField=price&sortOrder=asc"
    "option filter, Size 22 mm|/api/product?option=Size:22%20mm"
    "SKU as keyword|/api/product?keyword=B3-15BR"
    "product detail|/api/product/$product"
    "suggest, varied prefixes, computed|/api/search/suggest?q=ra|$dir/suggest.lua"
  )

  # A signed-in trade customer (docs/DESIGN.md §11): their answers carry their own prices,
  # so the shared cache never keeps them and every one is computed; a guest's beside it.
  "$bin" "${args[@]}" admin create --email bench-admin@example.com --password Bench-admin-1 >/dev/null
  trade_token=$(python3 "$here/bench_trade.py" --base "$base" --admin-email bench-admin@example.com \
    --admin-password Bench-admin-1 --category "$category")
  scenarios+=(
    "trade default listing (never kept)|/api/product||$trade_token"
    "trade random pages, computed|/api/product|$dir/pages.lua|$trade_token"
    "guest random pages, computed|/api/product|$dir/pages.lua"
    "trade product detail|/api/product/$product||$trade_token"
  )

  printf '\n%s: %s products (seeded in %s s, search index built in %s ms), %s threads, %s connections, %s s per scenario\n\n' "$label" "$products" "$seed_s" "$index_ms" "$threads" "$connections" "$seconds"
  printf '%-32s %12s %10s %10s %8s\n' "scenario" "requests/s" "p50 ms" "p99 ms" "errors"
  for scenario in "${scenarios[@]}"; do
    IFS='|' read -r name path script token <<<"$scenario"
    [[ "$name" == *"$only"* ]] || continue
    auth=()
    [ -n "$token" ] && auth=(-H "Authorization: Bearer $token")
    curl -sf -o /dev/null "${auth[@]}" "$base$path" || { echo "$name: $path does not answer 200" >&2; exit 1; }
    out=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency ${script:+-s "$script"} "${auth[@]}" "$base$path")
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    to_ms() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.2f", v}'; }
    p50=$(awk '$1=="50%" {print $2}' <<<"$out" | to_ms)
    p99=$(awk '$1=="99%" {print $2}' <<<"$out" | to_ms)
    errors=$(awk '/Non-2xx|Socket errors/ {s=s $0 "; "} END {print (s=="" ? "0" : s)}' <<<"$out")
    printf '%-32s %12s %10s %10s %8s\n' "$name" "$rps" "$p50" "$p99" "$errors"
  done
  # nginx serving the default listing's very bytes from a file, in the same run: what the
  # machine can do for a repeated answer, which the shop's kept answers are measured against.
  if [ -n "$only" ]; then
    : # a chosen scenario alone: no comparison with nginx
  elif command -v nginx >/dev/null; then
    mkdir -p "$dir/www"
    curl -sf -o "$dir/www/listing.json" "$base/api/product"
    chmod a+rx "$dir" "$dir/www" && chmod a+r "$dir/www/listing.json"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat >"$dir/nginx.conf" <<NGINX
daemon off;
worker_processes auto;
pid $dir/nginx.pid;
error_log $dir/nginx.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  server { listen 127.0.0.1:$port; root $dir/www; }
}
NGINX
  nginx -c "$dir/nginx.conf" -p "$dir" &
  nginx_pid=$!
  for _ in $(seq 1 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/listing.json" && break; sleep 0.1; done
  shop_rps=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" "$base/api/product" | awk '/Requests\/sec/ {print $2}')
  nginx_rps=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" "http://127.0.0.1:$port/listing.json" | awk '/Requests\/sec/ {print $2}')
  kill "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null || true
  awk -v s="$shop_rps" -v n="$nginx_rps" -v b="$(wc -c <"$dir/www/listing.json")" 'BEGIN {
    printf "\nrepeated default listing (%d bytes): shop %.0f requests/s, nginx %.0f requests/s for the same bytes: %.0f%%\n", b, s, n, 100 * s / n }'
else
  echo "nginx is not installed (apt-get install -y nginx): no comparison with it"
fi

rss_kb=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
awk -v idle="$idle_kb" -v kb="$rss_kb" 'BEGIN {printf "\nserver RSS with the index built, before load: %.1f MB; peak: %.1f MB\n", idle / 1024, kb / 1024}'
stop_server
}

for backend in $backends; do
  for catalogue in $catalogues; do
    case $backend in
      sqlite) reads SQLite "$catalogue" ;;
      postgres)
        url="${BENCH_DATABASE_URL:-}"
        if [ -z "$url" ]; then
          if ! psql -q "$pg_server/postgres" -c "SELECT 1" >/dev/null 2>&1; then
            echo "PostgreSQL does not answer at $pg_server: no PostgreSQL table" >&2
            continue
          fi
          # A new database for each catalogue.
          [ -n "$temp_db" ] && psql -q "$pg_server/postgres" -c "DROP DATABASE IF EXISTS $temp_db WITH (FORCE)" >/dev/null
          temp_db="shop_bench_reads_$$"
          psql -q "$pg_server/postgres" -c "CREATE DATABASE $temp_db" >/dev/null
          url="$pg_server/$temp_db"
        fi
        reads PostgreSQL "$catalogue" "$url"
        ;;
      *) echo "BENCH_BACKENDS: unknown backend $backend" >&2; exit 1 ;;
    esac
  done
done
