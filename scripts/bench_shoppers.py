#!/usr/bin/env python3
"""Signed-in shoppers for the load tests (scripts/bench.sh, scripts/bench-orders.sh).

Signs up CUSTOMERS real accounts, each from an address of its own (the server is started
with SHOP_TRUST_FORWARDED_FOR=true and each sign-up names its address in X-Forwarded-For,
as a proxy in front would), so the sign-up limit of 30 code mails an hour per address is
never what stops a bench. Each puts one unit of a product in its server cart. Writes one
line per shopper, `TOKEN CART_LINE_ID`, to OUT, for the wrk scripts to read. Standard
library only.
"""

import argparse
import http.client
import json
import random
import threading
import uuid
from urllib.parse import urlsplit

PASSWORD = "Secret12"


class Client:
    """One keep-alive HTTP/1.1 connection to the server."""

    def __init__(self, base):
        url = urlsplit(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)

    def call(self, method, path, body=None, headers=None):
        self.conn.request(method, path, body=body, headers=headers or {})
        response = self.conn.getresponse()
        data = response.read()
        return response.status, data


def sign_up(base, email, address="10.9.0.1"):
    """Signs `email` up from `address`: its access token."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in (("emailAddress", email), ("password", PASSWORD)):
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        )
    body = ("".join(parts) + f"--{boundary}--\r\n").encode()
    status, data = Client(base).call(
        "POST",
        "/api/auth/signup",
        body,
        {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-Forwarded-For": address,
        },
    )
    if status != 201:
        raise SystemExit(f"sign-up of {email} answered {status}: {data[:300]!r}")
    return json.loads(data)["data"]["accessToken"]


def shopper(base, i, run, products, out, errors):
    try:
        token = sign_up(base, f"bench-{run}-{i}@example.com", f"10.9.{i // 250}.{i % 250 + 1}")
        line = json.dumps({"productId": random.choice(products), "quantity": 1, "type": "cart"})
        status, data = Client(base).call(
            "POST",
            "/api/user/item",
            line,
            {"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        if status != 200:
            raise SystemExit(f"a cart line answered {status}: {data[:300]!r}")
        out[i] = f"{token} {json.loads(data)['data']['_id']}"
    except SystemExit as e:
        errors.append(str(e))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True, help="http://127.0.0.1:PORT")
    parser.add_argument("--products", required=True, help="a file of product ids, one a line")
    parser.add_argument("--customers", type=int, default=32)
    parser.add_argument("--out", required=True, help="where to write TOKEN LINE_ID lines")
    args = parser.parse_args()
    with open(args.products) as f:
        products = [line.strip() for line in f if line.strip()]
    if not products:
        raise SystemExit("no products to put in carts")
    run = uuid.uuid4().hex[:8]
    out, errors = [None] * args.customers, []
    # A few at a time: each sign-up hashes a password (Argon2id).
    for start in range(0, args.customers, 8):
        threads = [
            threading.Thread(target=shopper, args=(args.base, i, run, products, out, errors))
            for i in range(start, min(start + 8, args.customers))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if errors:
        raise SystemExit(errors[0])
    with open(args.out, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
