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
