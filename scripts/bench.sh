#!/usr/bin/env bash
# Load test of the catalogue's reads, on SQLite and then on PostgreSQL: seeds a
# synthetic catalogue into a temporary database, starts the release binary, and drives
# it with wrk for each scenario, with nginx serving the same bytes beside it; then a
# browsing mix read-only and with shoppers' writes (scripts/bench_mix.lua) side by side.
# Prints numbers beside their goals (docs/ARCHITECTURE.md, "What it costs"), not
# verdicts; a PostgreSQL goal is the SQLite one within 2x.
#
#   BENCH_PRODUCTS (100000)  BENCH_SECONDS (20)  BENCH_THREADS (2)  BENCH_CONNECTIONS (32)
#   BENCH_BACKENDS ("sqlite postgres"): which backends to measure.
#   BENCH_ONLY: measure only the scenarios whose name contains it (say "suggest").
#   BENCH_CATALOGUES ("variants plain"): the catalogues measured on each backend, one
#     after the other: `variants` (seed bench: a third of the products in 2-6 variants)
#     and `plain` (seed bench --no-variants: every product in one variant).
#   BENCH_SKUS: about how many SKUs the `variants` catalogue has (seed bench --skus: the
#     third of the products with variants get as many as it takes); 1000000 with
#     BENCH_PRODUCTS=300000 is a large merchant's million.
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

if ! command -v wrk >/dev/null || [ ! -x /usr/bin/time ]; then
  echo "wrk and GNU time are needed: apt-get install -y wrk time" >&2
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

# goal_text "at_least rps 5000" | "at_most p99 30": the goal as printed, for this
# backend (PostgreSQL's within 2x of SQLite's: factor 2).
goal_text() {
  local kind figure value
  read -r kind figure value <<<"$1"
  case $kind in
    at_least) awk -v v="$value" -v f="$factor" 'BEGIN {printf ">= %d/s", v / f}' ;;
    at_most) awk -v v="$value" -v f="$factor" -v n="$figure" 'BEGIN {printf "%s <= %g ms", n, v * f}' ;;
    *) echo "" ;;
  esac
}

# mix: the browsing mix (scripts/bench_mix.lua) read-only and then with writes (one
# request in 20 a signed-in shopper's cart change, one in 200 an order), side by side
# with their ratio and wrk's share of the machine's CPU.
mix() {
  [[ "browsing mix" == *"$only"* ]] || return 0
  python3 "$here/bench_shoppers.py" --base "$base" --products "$dir/products.txt" \
    --customers "$connections" --out "$dir/shoppers.txt"
  printf '\n%-36s %12s %10s %10s %11s %8s\n' "browsing mix" "requests/s" "p50 ms" "p99 ms" "client CPU" "errors"
  local writes out rps p50 p99 cpu errors read_rps=""
  for writes in 0 1; do
    out=$(BENCH_PRODUCTS_FILE="$dir/products.txt" BENCH_SHOPPERS="$dir/shoppers.txt" BENCH_WRITES=$writes \
      /usr/bin/time -f '%U %S %e' -o "$dir/client.time" \
      wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$here/bench_mix.lua" "$base")
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p50=$(awk '$1=="50%" {print $2}' <<<"$out" | to_ms)
    p99=$(awk '$1=="99%" {print $2}' <<<"$out" | to_ms)
    cpu=$(awk -v cores="$(nproc)" '{printf "%.0f%%", 100 * ($1 + $2) / ($3 * cores)}' "$dir/client.time")
    errors=$(awk '/Non-2xx|Socket errors/ {s=s $0 "; "} END {print (s=="" ? "0" : s)}' <<<"$out")
    local name="read-only"
    [ "$writes" = 1 ] && name="with writes (1/20 cart, 1/200 order)"
    printf '%-36s %12s %10s %10s %11s %8s\n' "$name" "$rps" "$p50" "$p99" "$cpu" "$errors"
    [ "$writes" = 0 ] && read_rps=$rps
  done
  awk -v r="$read_rps" -v w="$rps" -v p="$p99" -v f="$factor" 'BEGIN {
    printf "with writes / read-only: %.0f%% (goal >= 80%%, p99 %s ms: goal <= %g ms)\n", 100 * w / r, p, 30 * f }'
}

# query SQL: runs SQL on the database being measured (PostgreSQL at `url`, else SQLite in
# `dir`), one value a line.
query() {
  shop_sql "$dir" "$url" "$1"
}

# reads LABEL CATALOGUE [DATABASE_URL]: the table for one backend and catalogue. Without
# a URL, SQLite in the data dir.
reads() {
  local label=$1 catalogue=$2 url=${3:-}
  factor=1
  [ -n "$url" ] && factor=2
  local seed_flags=()
  case $catalogue in
    variants)
      if [ -n "${BENCH_SKUS:-}" ]; then
        label="$label, a third of the products in variants (about $BENCH_SKUS SKUs)"
        seed_flags=(--skus "$BENCH_SKUS")
      else
        label="$label, a third of the products in 2-6 variants"
      fi
      ;;
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
  skus=$(query "SELECT COUNT(*) FROM product_variants WHERE archived_at IS NULL")
  if [ -n "$url" ]; then
    disk_mb=$(query "SELECT pg_database_size(current_database()) / 1048576")
  else
    disk_mb=$(du -cm "$dir"/shop.db* | awk 'END {print $1}')
  fi

  # Trusting X-Forwarded-For (as behind a proxy) lets each bench shopper sign up from
  # an address of its own (scripts/bench_shoppers.py).
  SHOP_TRUST_FORWARDED_FOR=true start_shop "$dir/serve.log" "$bin" "${args[@]}"
  # Keyword listings go through the search index once it is built (until then, the database).
  built=$(index_built "$dir/serve.log")
  index_ms=$(grep -o '[0-9]* ms' <<<"$built" | head -n 1 | cut -d' ' -f1)
  index_mb=$(grep -o '[0-9.]* MB' <<<"$built" | head -n 1 | cut -d' ' -f1)
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

  # Option filters as shoppers combine them: a size, sometimes with a finish, on a random
  # page of 1-20, each computed (n).
  cat >"$dir/options.lua" <<'LUA'
local sizes = {"15%20mm", "22%20mm", "28%20mm"}
local finishes = {"Brass", "Chrome"}
local n = 0
request = function()
  n = n + 1
  local q = "option=Size:" .. sizes[math.random(#sizes)]
  if n % 2 == 0 then q = q .. "&option=Finish:" .. finishes[math.random(#finishes)] end
  return wrk.format("GET", "/api/product?" .. q .. "&page=" .. math.random(20) .. "&n=" .. n)
end
LUA
  # A trade customer's quick order typing part numbers: GET /api/sku/{sku} of a random
  # product with variants (never kept).
  cat >"$dir/skus.lua" <<LUA
local n = 0
request = function()
  n = n + 1
  local p = 3 * math.random(0, math.floor(($products - 1) / 3))
  local size = ({"15", "22"})[math.random(2)]
  return wrk.format("GET", "/api/sku/B" .. p .. "-" .. size .. "BR")
end
LUA
  # Product pages of 10,000 products, each computed (n).
  cat >"$dir/details.lua" <<'LUA'
local ids = {}
for line in io.lines(os.getenv("BENCH_DETAILS_FILE")) do ids[#ids + 1] = line end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/product/" .. ids[math.random(#ids)] .. "?n=" .. n)
end
LUA
  # Single-variant products with plenty of stock, for orders and product pages.
  in_stock_products "$dir" "$url" 10000 >"$dir/products.txt"
  export BENCH_DETAILS_FILE="$dir/products.txt"

  json() { curl -sf "$base$1" | python3 -c "import json,sys; d=json.load(sys.stdin)['data']; print($2)"; }
  category=$(json /api/category "[c['_id'] for c in d['categories'] if c['title']=='Heating'][0]")
  product=$(json /api/product "d['products'][0]['_id']")

  # name|path|wrk script|token|goal (at_least or at_most, the figure, the SQLite goal).
  scenarios=(
    "default listing|/api/product"
    "default listing, page 100|/api/product?page=100"
    "default listing, page 1000|/api/product?page=1000"
    "default listing, page 10000|/api/product?page=10000"
    "random pages 1-1000, computed|/api/product|$dir/pages.lua||at_least rps 5000"
    "keyword search|/api/product?keyword=brass%20valve"
    "varied keywords, computed|/api/product?keyword=brass|$dir/varied.lua||at_most p99 30"
    "category + price, by price|/api/product?categoryIds=$category&minPrice=50&maxPrice=200&sortField=price&sortOrder=asc"
    "option filter, Size 22 mm|/api/product?option=Size:22%20mm"
    "SKU as keyword|/api/product?keyword=B3-15BR"
    "product detail|/api/product/$product"
    "product details, computed|/api/product/$product|$dir/details.lua"
    "suggest, varied prefixes, computed|/api/search/suggest?q=ra|$dir/suggest.lua"
  )
  if [ "$catalogue" = variants ]; then
    scenarios+=(
      "option filters, varied, computed|/api/product?option=Size:22%20mm|$dir/options.lua||at_most p99 30"
      "SKU look-ups, /api/sku/{sku}|/api/sku/B3-15BR|$dir/skus.lua||at_most p99 5"
    )
  fi
  printf '\n%s: %s products, %s SKUs (seeded in %s s, %s MB on disk; search index built in %s ms, goal <= %d s, %s MB), %s cores, wrk %s threads, %s connections, %s s per scenario\n\n' "$label" "$products" "$skus" "$seed_s" "$disk_mb" "$index_ms" "$((30 * factor))" "$index_mb" "$(nproc)" "$threads" "$connections" "$seconds"
  printf '%-36s %12s %10s %10s %16s %8s\n' "scenario" "requests/s" "p50 ms" "p99 ms" "goal" "errors"
  for scenario in "${scenarios[@]}"; do
    IFS='|' read -r name path script token goal <<<"$scenario"
    [[ "$name" == *"$only"* ]] || continue
    auth=()
    [ -n "$token" ] && auth=(-H "Authorization: Bearer $token")
    curl -sf -o /dev/null "${auth[@]}" "$base$path" || { echo "$name: $path does not answer 200" >&2; exit 1; }
    out=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency ${script:+-s "$script"} "${auth[@]}" "$base$path")
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p50=$(awk '$1=="50%" {print $2}' <<<"$out" | to_ms)
    p99=$(awk '$1=="99%" {print $2}' <<<"$out" | to_ms)
    errors=$(awk '/Non-2xx|Socket errors/ {s=s $0 "; "} END {print (s=="" ? "0" : s)}' <<<"$out")
    printf '%-36s %12s %10s %10s %16s %8s\n' "$name" "$rps" "$p50" "$p99" "$(goal_text "$goal")" "$errors"
  done
  mix
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
awk -v idle="$idle_kb" -v kb="$rss_kb" -v f="$factor" 'BEGIN {printf "\nserver RSS with the index built, before load: %.1f MB; peak: %.1f MB (goal <= %d MB)\n", idle / 1024, kb / 1024, 500 * f}'
stop_server
}

# Every backend named is known before anything is measured.
for backend in $backends; do
  case $backend in
    sqlite | postgres) ;;
    *) echo "BENCH_BACKENDS: unknown backend $backend" >&2; exit 1 ;;
  esac
done
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
    esac
  done
done
