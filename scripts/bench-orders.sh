#!/usr/bin/env bash
# Order placement under load, on SQLite and on PostgreSQL: seeds a synthetic catalogue,
# starts the release binary, signs up customers, and has each place single-line orders
# from its server cart with a fresh Idempotency-Key (scripts/bench_orders.py). Prints
# orders/s and the p50 and p99 of POST /api/order: numbers, not verdicts.
#
#   BENCH_PRODUCTS (100000)  BENCH_ORDER_SECONDS (15)  BENCH_CUSTOMERS (32)
#   BENCH_DATABASE_URL: the PostgreSQL database to measure (one you can fill). Without
#     it a temporary database is made on BENCH_POSTGRES_SERVER
#     (postgres://postgres@127.0.0.1:5432) and dropped after.
set -euo pipefail

bin="${SHOP_BIN:?SHOP_BIN must name the release binary (make bench sets it)}"
products="${BENCH_PRODUCTS:-100000}"
seconds="${BENCH_ORDER_SECONDS:-15}"
customers="${BENCH_CUSTOMERS:-32}"
pg_server="${BENCH_POSTGRES_SERVER:-postgres://postgres@127.0.0.1:5432}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

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

  # Products with plenty of stock (the bench seed gives product n a stock of n % 50),
  # so orders are not refused for stock however long the run.
  local sql="SELECT id FROM products WHERE stock >= 40"
  if [ -n "$url" ]; then
    psql -Atq "$url" -c "$sql" >"$dir/products.txt"
  else
    python3 -c 'import sqlite3, sys
for (i,) in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]): print(i)' "$dir/shop.db" "$sql" >"$dir/products.txt"
  fi

  start_shop "$dir/serve.log" "$bin" "${args[@]}"

  local header=()
  [ "$first" = 1 ] && header=(--header)
  first=0
  python3 "$here/bench_orders.py" --base "$base" --label "$label" --products "$dir/products.txt" \
    --customers "$customers" --seconds "$seconds" "${header[@]}"
  stop_server
}

printf '\norder placement: %s products, %s customers, %s s per backend\n\n' "$products" "$customers" "$seconds"
bench sqlite
if [ -n "${BENCH_DATABASE_URL:-}" ]; then
  bench postgres "$BENCH_DATABASE_URL"
else
  temp_db="shop_bench_$$_$RANDOM"
  psql -q "$pg_server/postgres" -c "CREATE DATABASE $temp_db" >/dev/null
  bench postgres "$pg_server/$temp_db"
fi
