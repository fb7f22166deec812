#!/usr/bin/env bash
# What one SQLite statement costs the machine through sqlx (each statement handed to the
# connection's own thread and back) against rusqlite on a blocking thread (one hand-over
# for a whole unit of work): scripts/handover/src/main.rs, a program of its own outside
# the shop's workspace. Prints numbers, not verdicts (docs/ARCHITECTURE.md, "What a
# statement costs").
#
#   HANDOVER_UNITS (4000): units of work per row of the table
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
printf '\nwhat a SQLite statement costs: sqlx against one hand-over per unit of work\n'
CARGO_TARGET_DIR="${HANDOVER_TARGET_DIR:-$HOME/.cache/handover-target}" \
  cargo run --quiet --release --locked --manifest-path "$here/handover/Cargo.toml" -- "${HANDOVER_UNITS:-4000}"
