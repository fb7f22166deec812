#!/usr/bin/env bash
# The API against its own OpenAPI document: schemathesis (PyPI)
# runs every check on every operation of a fresh demo shop, as a guest, then with a
# signed-in customer's token, then as each staff role (manager, warehouse, support, and
# last the owner), and fails on any failure. Bounded: 20 cases an
# operation and a fixed seed, one worker (two tripped a race inside schemathesis), a
# minute or two a run. The exceptions are in schemathesis.toml.
#   SHOP_BIN=~/.cache/shop-target/debug/shop bash scripts/schemathesis.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
: "${SHOP_BIN:?set SHOP_BIN to the shop binary}"
command -v st >/dev/null || python3 -m pip install -q --disable-pip-version-check 'schemathesis==4.32.5'

data=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$data"' EXIT
export SHOP_DATA_DIR=$data
"$SHOP_BIN" migrate >/dev/null
"$SHOP_BIN" seed demo --if-empty >/dev/null
start_shop "$data/serve.log" "$SHOP_BIN"

access_token() { python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["accessToken"])'; }
# The customer signs up before the guest run spends the address's sign-up allowance.
token=$(curl -sf -F emailAddress=fuzz@example.com -F password=Fuzzing123 "$base/api/auth/signup" | access_token)
SHOP_ADMIN_PASSWORD='Fuzzing the console 1!' "$SHOP_BIN" admin create --email owner@example.com >/dev/null
admin_token=$(curl -sf -H 'Content-Type: application/json' \
  -d '{"emailAddress": "owner@example.com", "password": "Fuzzing the console 1!"}' \
  "$base/api/auth/admin/login" | access_token)

# The other roles join as the console's owner invites them: the link comes by mail, to
# the outbox folder, and accepting it signs the member in.
member_token() {
  local role=$1 email="$1@example.com" link=""
  curl -sf -H "Authorization: Bearer $admin_token" -H 'Content-Type: application/json' \
    -d "{\"emailAddress\": \"$email\", \"role\": \"$role\"}" "$base/api/admin/staff" >/dev/null
  for _ in $(seq 150); do
    link=$(grep -lis "^To: .*$email" "$data"/outbox/*.eml 2>/dev/null \
      | xargs -r grep -ho 'accept-invite?token=[A-Za-z0-9_-]*' | head -1) || true
    [ -n "$link" ] && break
    sleep 0.1
  done
  [ -n "$link" ] || { echo "no invitation mail for $email" >&2; exit 1; }
  curl -sf -H 'Content-Type: application/json' \
    -d "{\"token\": \"${link#*token=}\", \"password\": \"Fuzzing123\"}" \
    "$base/api/auth/admin/accept-invite" | access_token
}
manager_token=$(member_token manager)
warehouse_token=$(member_token warehouse)
support_token=$(member_token support)

fuzz() {
  # In the data folder, where schemathesis leaves its .schemathesis cache.
  (cd "$data" && st --config-file "$here/schemathesis.toml" run "$base/api/openapi.json" --url "$base" \
    --checks all --max-examples 20 --seed 1 --workers 1 --no-color "$@")
}
echo "== schemathesis as a guest"
fuzz
echo "== schemathesis as a customer"
fuzz --header "Authorization: Bearer $token"
echo "== schemathesis as support"
fuzz --header "Authorization: Bearer $support_token"
echo "== schemathesis as the warehouse"
fuzz --header "Authorization: Bearer $warehouse_token"
echo "== schemathesis as a manager"
fuzz --header "Authorization: Bearer $manager_token"
# Last: it may delete what the other runs use.
echo "== schemathesis as an owner"
fuzz --header "Authorization: Bearer $admin_token"
