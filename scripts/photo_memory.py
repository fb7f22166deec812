#!/usr/bin/env python3
"""What photo uploads cost the server in memory (make bench; issue 16, item 5).

Starts SHOP_BIN on the demo catalogue in a temporary data dir, signs in as an
administrator, and for each kind of picture sends 4 uploads of it at once, each a
6,300 x 6,300 picture (40 megapixels, the most accepted) to a product's photos. It
prints the server's resident memory before and its peak during the uploads (the
kernel's VmHWM, reset before each kind through /proc/PID/clear_refs, which needs root
or the server's own user) and each upload's status. The pictures are gradients, a
fraction of a MB on the wire. Standard library only; a JPEG is made with ImageMagick's
`convert` when it is installed. Prints numbers, not verdicts.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
import zlib
import struct

SIDE = 6300
PARALLEL = 4
EMAIL = "admin@example.com"
PASSWORD = "Adm1n-pass-word!"


def png(side, channels):
    """A side x side PNG, 8 bits a channel (RGB or RGBA): a left-to-right gradient, every
    row the same, so it is a fraction of a MB on the wire."""
    color = {3: 2, 4: 6}[channels]
    row = b"\x00" + b"".join(bytes((x * 255 // side, 128, 255 - x * 255 // side, 255)[:channels]) for x in range(side))
    squeeze = zlib.compressobj(9)
    data = b"".join(squeeze.compress(row) for _ in range(side)) + squeeze.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", side, side, 8, color, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def call(base, method, path, body=None, token=None, content_type="application/json"):
    request = urllib.request.Request(base + path, data=body, method=method)
    if body is not None:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=300) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def upload(base, token, product, name, picture, statuses):
    boundary = uuid.uuid4().hex
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"{name}\"\r\n"
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode() + picture + f"\r\n--{boundary}--\r\n".encode()
    status, _ = call(base, "POST", f"/api/admin/product/{product}/photos", body, token,
                     f"multipart/form-data; boundary={boundary}")
    statuses.append(status)


def memory_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    shop = os.environ.get("SHOP_BIN")
    if not shop:
        sys.exit("SHOP_BIN must name the shop binary (make bench sets it)")
    work = tempfile.mkdtemp()
    data = os.path.join(work, "data")
    env = {k: v for k, v in os.environ.items() if k not in ("SHOP_DATABASE_URL", "SHOP_MEDIA", "SHOP_SMTP_URL")}
    run = lambda *args: subprocess.run([shop, "--data-dir", data, *args], env=env, check=True,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = None
    try:
        run("migrate")
        run("seed", "demo")
        run("admin", "create", "--email", EMAIL, "--password", PASSWORD)
        log = open(os.path.join(work, "serve.log"), "w+")
        server = subprocess.Popen([shop, "--data-dir", data, "serve", "--listen", "127.0.0.1:0"],
                                  env=env, stdout=subprocess.DEVNULL, stderr=log)
        base = None
        for _ in range(200):
            log.seek(0)
            for line in log:
                if "serving on " in line:
                    base = line.split("serving on ")[1].split()[0]
            if base or server.poll() is not None:
                break
            time.sleep(0.1)
        if not base:
            log.seek(0)
            sys.exit("the server did not start:\n" + log.read())
        status, answer = call(base, "POST", "/api/auth/admin/login",
                              json.dumps({"emailAddress": EMAIL, "password": PASSWORD}).encode())
        token = json.loads(answer)["data"]["accessToken"]
        products = json.loads(call(base, "GET", "/api/product?perPage=50")[1])["data"]["products"]

        kinds = [("PNG, RGBA", "a.png", png(SIDE, 4)), ("PNG, RGB", "b.png", png(SIDE, 3))]
        jpeg = os.path.join(work, "c.jpg")
        made = shutil.which("convert") and subprocess.run(
            ["convert", "-size", f"{SIDE}x{SIDE}", "gradient:red-blue", "-quality", "85", jpeg],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        if made:
            with open(jpeg, "rb") as file:
                kinds.append(("JPEG", "c.jpg", file.read()))
        else:
            print("(ImageMagick's `convert` made no JPEG: the JPEG row is left out)")

        print(f"{PARALLEL} uploads at once of a {SIDE} x {SIDE} picture, to a product's photos ({shop})\n")
        print(f"{'picture':<12} {'bytes sent':>12} {'RSS before':>12} {'peak RSS':>11} {'added':>11}  statuses")
        for n, (label, name, picture) in enumerate(kinds):
            with open(f"/proc/{server.pid}/clear_refs", "w") as clear:
                clear.write("5")
            before = memory_kb(server.pid, "VmRSS")
            statuses = []
            threads = [threading.Thread(target=upload, args=(base, token, products[n * PARALLEL + i]["_id"], name, picture, statuses))
                       for i in range(PARALLEL)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            peak = memory_kb(server.pid, "VmHWM")
            print(f"{label:<12} {len(picture):>12,} {before / 1024:>8.1f} MiB {peak / 1024:>7.1f} MiB {(peak - before) / 1024:>7.1f} MiB  {sorted(statuses)}")
    finally:
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
