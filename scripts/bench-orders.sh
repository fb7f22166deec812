#!/usr/bin/env bash
# Order placement under load, on SQLite and on PostgreSQL: seeds a synthetic catalogue,
# starts the release binary (trusting X-Forwarded-For, as behind a proxy), waits for its
# search index, signs up customers each from an address of its own
# (scripts/bench_shoppers.py), and drives
# POST /api/order with wrk (scripts/bench_mix.lua, BENCH_WRITES=orders): each request a signed-in
# customer ordering one unit of a random product with a fresh Idempotency-Key. wrk is a
# light client in C; the share of the machine's CPU it took is printed beside the
# figures, so what is measured is the server. Prints numbers beside their goals, not
# verdicts.
#
#   BENCH_PRODUCTS (100000)  BENCH_ORDER_SECONDS (15)  BENCH_CUSTOMERS (32)
#   BENCH_BACKENDS ("sqlite postgres"): which backends to measure.
#   BENCH_DATABASE_URL: the PostgreSQL database to measure (one you can fill). Without
#     it a temporary database is made on BENCH_POSTGRES_SERVER
#     (postgres://postgres@127.0.0.1:5432) and dropped after.
set -euo pipefail

bin="${SHOP_BIN:?SHOP_BIN must name the release binary (make bench sets it)}"
products="${BENCH_PRODUCTS:-100000}"
seconds="${BENCH_ORDER_SECONDS:-15}"
customers="${BENCH_CUSTOMERS:-32}"
backends="${BENCH_BACKENDS:-sqlite postgres}"
pg_server="${BENCH_POSTGRES_SERVER:-postgres://postgres@127.0.0.1:5432}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

if ! command -v wrk >/dev/null || [ ! -x /usr/bin/time ]; then
  echo "wrk and GNU time are needed: apt-get install -y wrk time" >&2
  exit 1
fi

dirs=()
server=""
temp_db=""
stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    server=""
  fi
  return 0
}
cleanup() {
  stop_server
  [ ${#dirs[@]} -gt 0 ] && rm -rf "${dirs[@]}"
  [ -n "$temp_db" ] && psql -q "$pg_server/postgres" -c "DROP DATABASE IF EXISTS $temp_db WITH (FORCE)" >/dev/null
  return 0
}
trap cleanup EXIT

# bench LABEL [DATABASE_URL]: one row of the table. Without a URL, SQLite in the data dir.
first=1
bench() {
  local label=$1 url=${2:-} dir
  dir=$(mktemp -d)
  dirs+=("$dir")
  local args=(--data-dir "$dir")
  [ -n "$url" ] && args+=(--database-url "$url")
  "$bin" "${args[@]}" seed bench --products "$products" >/dev/null 2>"$dir/seed.log" ||
    { echo "seeding failed:" >&2; cat "$dir/seed.log" >&2; exit 1; }

  in_stock_products "$dir" "$url" >"$dir/products.txt"

  SHOP_TRUST_FORWARDED_FOR=true start_shop "$dir/serve.log" "$bin" "${args[@]}"
  # Orders measured while the index was still being built shared the machine with it.
  index_built "$dir/serve.log" >/dev/null
  python3 "$here/bench_shoppers.py" --base "$base" --products "$dir/products.txt" \
    --customers "$customers" --out "$dir/shoppers.txt"

  if [ "$first" = 1 ]; then
    printf '%-12s %9s %8s %9s %8s %8s %11s  %s\n' backend customers orders orders/s "p50 ms" "p99 ms" "client CPU" errors
  fi
  first=0
  local out
  out=$(BENCH_PRODUCTS_FILE="$dir/products.txt" BENCH_SHOPPERS="$dir/shoppers.txt" BENCH_WRITES=orders \
    /usr/bin/time -f '%U %S %e' -o "$dir/client.time" \
    wrk -t1 -c"$customers" -d"${seconds}s" --latency -s "$here/bench_mix.lua" "$base")
  local requests elapsed refused p50 p99
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  elapsed=$(awk '/requests in/ {sub(/s,$/, "", $4); print $4}' <<<"$out")
  refused=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  refused=${refused:-0}
  p50=$(awk '$1=="50%" {print $2}' <<<"$out" | to_ms)
  p99=$(awk '$1=="99%" {print $2}' <<<"$out" | to_ms)
  local cpu
  cpu=$(awk -v cores="$(nproc)" '{printf "%.0f%%", 100 * ($1 + $2) / ($3 * cores)}' "$dir/client.time")
  awk -v l="$label" -v c="$customers" -v r="$requests" -v x="$refused" -v e="$elapsed" \
    -v p50="$p50" -v p99="$p99" -v cpu="$cpu" \
    'BEGIN {printf "%-12s %9d %8d %9.1f %8s %8s %11s  %s\n", l, c, r - x, (r - x) / e, p50, p99, cpu, (x == 0 ? "0" : x " not 201")}'
  stop_server
}

# Every backend named is known before anything is measured.
for backend in $backends; do
  case $backend in
    sqlite | postgres) ;;
    *) echo "BENCH_BACKENDS: unknown backend $backend" >&2; exit 1 ;;
  esac
done
printf '\norder placement: %s products, %s customers (wrk, one thread), %s s per backend, %s cores\n' "$products" "$customers" "$seconds" "$(nproc)"
printf 'goals: >= 1000 orders/s with p99 <= 50 ms on SQLite; >= 600 orders/s on PostgreSQL\n\n'
for backend in $backends; do
  case $backend in
    sqlite) bench sqlite ;;
    postgres)
      if [ -n "${BENCH_DATABASE_URL:-}" ]; then
        bench postgres "$BENCH_DATABASE_URL"
      else
        temp_db="shop_bench_$$_$RANDOM"
        psql -q "$pg_server/postgres" -c "CREATE DATABASE $temp_db" >/dev/null
        bench postgres "$pg_server/$temp_db"
      fi
      ;;
  esac
done
