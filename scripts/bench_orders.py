#!/usr/bin/env python3
"""Load generator for order placement (scripts/bench-orders.sh runs it).

Signs up CUSTOMERS real accounts (one Argon2 hash each, so a modest number), then each
customer, on a keep-alive connection of its own, loops for SECONDS: put one unit of a
random product in the server cart (untimed), then place the order with a fresh
Idempotency-Key (timed). Prints one table row: orders placed, orders/s, p50 and p99 of
the order call, and the answers that were not 201. Standard library only.
"""

import argparse
import http.client
import json
import math
import random
import threading
import time
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


def sign_up(base, email):
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
        {"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    if status != 201:
        raise SystemExit(f"sign-up of {email} answered {status}: {data[:300]!r}")
    return json.loads(data)["data"]["accessToken"]


def customer(base, token, products, deadline, seed, latencies, failures, lock):
    rng = random.Random(seed)
    client = Client(base)
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    order = json.dumps(
        {
            "fulfilment": "pickup",
            "contact": {
                "firstName": "Ada",
                "phoneNumber": "+447946095800",
                "emailAddress": "bench@example.com",
            },
            "saveAddress": False,
            "payment": {"method": "cod"},
        }
    )
    mine, my_failures = [], {}
    while time.monotonic() < deadline:
        item = json.dumps({"productId": rng.choice(products), "quantity": 1, "type": "cart"})
        status, data = client.call("POST", "/api/user/item", item, auth)
        if status != 200:
            key = f"cart {status}"
            my_failures[key] = my_failures.get(key, 0) + 1
            continue
        headers = dict(auth, **{"Idempotency-Key": uuid.uuid4().hex})
        started = time.perf_counter()
        status, data = client.call("POST", "/api/order", order, headers)
        took = time.perf_counter() - started
        if status == 201:
            mine.append(took)
        else:
            key = f"order {status}"
            my_failures[key] = my_failures.get(key, 0) + 1
            empty_cart(client, auth)
    with lock:
        latencies.extend(mine)
        for key, n in my_failures.items():
            failures[key] = failures.get(key, 0) + n


def empty_cart(client, auth):
    """After a refused order: what it left in the cart goes, so the next is one line again."""
    status, data = client.call("GET", "/api/user/item?type=cart", None, auth)
    if status == 200:
        for item in json.loads(data)["data"]:
            client.call("DELETE", f"/api/user/item/{item['_id']}?type=cart", None, auth)


def percentile(sorted_values, p):
    """Nearest rank."""
    if not sorted_values:
        return float("nan")
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True, help="http://127.0.0.1:PORT")
    parser.add_argument("--label", required=True, help="the row's name")
    parser.add_argument("--products", required=True, help="a file of product ids, one a line")
    parser.add_argument("--customers", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--header", action="store_true", help="print the table's header first")
    args = parser.parse_args()

    with open(args.products) as f:
        products = [line.strip() for line in f if line.strip()]
    if not products:
        raise SystemExit("no products to order")

    run = uuid.uuid4().hex[:8]
    tokens = [None] * args.customers

    def make(i):
        tokens[i] = sign_up(args.base, f"bench-{run}-{i}@example.com")

    threads = [threading.Thread(target=make, args=(i,)) for i in range(args.customers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if any(t is None for t in tokens):
        raise SystemExit("a sign-up failed")

    latencies, failures, lock = [], {}, threading.Lock()
    started = time.monotonic()
    deadline = started + args.seconds
    threads = [
        threading.Thread(
            target=customer,
            args=(args.base, token, products, deadline, i, latencies, failures, lock),
        )
        for i, token in enumerate(tokens)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started

    latencies.sort()
    errors = ", ".join(f"{k}: {n}" for k, n in sorted(failures.items())) or "0"
    if args.header:
        print(
            f"{'backend':<12} {'customers':>9} {'orders':>8} {'orders/s':>9} "
            f"{'p50 ms':>8} {'p99 ms':>8}  errors"
        )
    print(
        f"{args.label:<12} {args.customers:>9} {len(latencies):>8} "
        f"{len(latencies) / elapsed:>9.1f} {percentile(latencies, 50) * 1000:>8.2f} "
        f"{percentile(latencies, 99) * 1000:>8.2f}  {errors}",
        flush=True,
    )


if __name__ == "__main__":
    main()
