# Shared by the bench scripts (bench.sh, bench-orders.sh, lighthouse.sh); sourced, not run.

# start_shop LOG COMMAND...: runs `COMMAND... serve --listen 127.0.0.1:0` in the
# background with its log in LOG, and waits until it says where it serves. Sets
# `server` (its pid) and `base` (`http://127.0.0.1:PORT`); exits with its log if it
# stops or does not say so within 20 s.
start_shop() {
  local log=$1
  shift
  "$@" serve --listen 127.0.0.1:0 >"$log" 2>&1 &
  server=$!
  base=""
  for _ in $(seq 1 200); do
    base=$(grep -o 'serving on http://127.0.0.1:[0-9]*' "$log" | head -n 1 | sed 's/serving on //') && [ -n "$base" ] && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$base" ] || { echo "the server did not start:" >&2; cat "$log" >&2; exit 1; }
}

# index_built LOG: waits until the shop logging to LOG says its search index is built
# (until then keyword listings go to the database, and the build takes a core), and
# prints that line; exits with the log if it does not within 300 s.
index_built() {
  local log=$1 built=""
  for _ in $(seq 1 3000); do
    built=$(grep -o 'search index built.*' "$log" | head -n 1) && [ -n "$built" ] && break
    sleep 0.1
  done
  [ -n "$built" ] || { echo "the search index was not built in 300 s:" >&2; cat "$log" >&2; exit 1; }
  echo "$built"
}

# to_ms: reads a wrk duration (`812.00us`, `3.21ms`, `1.02s`) and prints it in ms.
to_ms() {
  awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.2f", v}'
}

# shop_sql DIR URL SQL: prints SQL's rows (cells apart by spaces) from the shop whose
# data dir is DIR: its SQLite file, or the PostgreSQL database URL when one is given.
shop_sql() {
  local dir=$1 url=$2 sql=$3
  if [ -n "$url" ]; then
    psql -Atq -F ' ' "$url" -c "$sql"
  else
    python3 -c 'import sqlite3, sys
for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]): print(*row)' "$dir/shop.db" "$sql"
  fi
}

# in_stock_products DIR URL [LIMIT]: the ids of single-variant products (an order names
# no variant) with plenty of stock (the bench seed gives product n a stock of n % 50),
# so orders are not refused for stock.
in_stock_products() {
  shop_sql "$1" "$2" "SELECT p.id FROM products p WHERE p.stock >= 40 AND (SELECT COUNT(*) FROM product_variants v WHERE v.product_id = p.id) = 1${3:+ LIMIT $3}"
}
