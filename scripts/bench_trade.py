#!/usr/bin/env python3
"""Makes a signed-in trade customer for scripts/bench.sh and prints their token.

Signs a customer up, signs the administrator in (made beforehand with `shop admin
create`), creates a 'Bench trade' group with 10 % off the given category, and approves
the customer's application into it. Standard library only.
"""

import argparse
import json
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_shoppers import Client, sign_up  # noqa: E402


def call(base, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    status, data = Client(base).call(
        method, path, json.dumps(body).encode() if body is not None else None, headers
    )
    if status not in (200, 201):
        raise SystemExit(f"{method} {path} answered {status}: {data[:300]!r}")
    return json.loads(data)["data"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--admin-email", required=True)
    parser.add_argument("--admin-password", required=True)
    parser.add_argument("--category", required=True)
    args = parser.parse_args()
    customer = sign_up(args.base, "bench-trade@example.com")
    login = {"emailAddress": args.admin_email, "password": args.admin_password}
    admin = call(args.base, "POST", "/api/auth/admin/login", login)["accessToken"]
    group = call(
        args.base,
        "POST",
        "/api/admin/customer-group",
        {"name": "Bench trade", "categoryDiscounts": [{"categoryId": args.category, "percent": 10}],
         "cartDiscount": False},
        admin,
    )["group"]
    form = {"companyName": "Bench Plumbing Ltd", "trade": "plumber", "phoneNumber": "+447700900123",
            "address": {"streetAddress": "1 Pipe Lane", "townCity": "Inverness", "postcode": "IV2 3AB"}}
    application = call(args.base, "POST", "/api/trade/application", form, customer)["application"]
    terms = {"groupId": group["_id"], "creditLimit": 10000, "termsDays": 30}
    call(args.base, "POST", f"/api/admin/trade/application/{application['_id']}/approve", terms, admin)
    print(customer)


if __name__ == "__main__":
    main()
