//! SQLite's checkpoints, off the writing connection. A checkpoint copies the pages
//! committed to the write-ahead log back into the database file. SQLite runs one on the
//! committing connection once the log passes 1,000 pages, and with one connection
//! writing (`Db::begin_write`) every other write waited for it: on the order bench,
//! 10,000 products, 827-852 orders/s with them there and 1,030-1,048 without.
//!
//! So the writing connection checkpoints nothing itself, and a task of each process
//! (spawned by `Db::connect`) checkpoints on a connection of its own every
//! [`EVERY`], without waiting for readers or writers (`PASSIVE`). Under writes that
//! never pause, a passive checkpoint never quite catches up and the log would only
//! grow; once it holds more than [`MOST_FRAMES`] pages, one checkpoint takes the
//! writer's turn, copies what is left, and the next write starts the log afresh.

use std::sync::Weak;
use std::time::Duration;

use sqlx::any::AnyConnectOptions;
use sqlx::{AnyConnection, AnyPool, ConnectOptions, Executor, Row};

/// How often the log is checkpointed.
const EVERY: Duration = Duration::from_millis(200);
/// The pages (4 KiB each) the log may hold before a checkpoint takes the writer's turn.
const MOST_FRAMES: i64 = 4_000;

const CHECKPOINT: &str = "PRAGMA wal_checkpoint(PASSIVE)";

/// Checkpoints until the `Db` behind `alive` is dropped everywhere.
pub(super) async fn run(alive: Weak<()>, options: AnyConnectOptions, writer: AnyPool) {
    let mut ticks = tokio::time::interval(EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut own: Option<AnyConnection> = None;
    loop {
        ticks.tick().await;
        if alive.strong_count() == 0 {
            return;
        }
        let frames = match passive(&mut own, &options).await {
            Ok(frames) => frames,
            Err(e) => {
                tracing::warn!(error = %e, "a checkpoint of the SQLite log failed");
                own = None;
                continue;
            }
        };
        if frames > MOST_FRAMES {
            if let Err(e) = writer.execute(CHECKPOINT).await {
                tracing::warn!(error = %e, "a checkpoint of the SQLite log failed");
            }
        }
    }
}

/// A passive checkpoint on this task's own connection (opened when there is none): the
/// pages the log holds.
async fn passive(
    own: &mut Option<AnyConnection>,
    options: &AnyConnectOptions,
) -> Result<i64, sqlx::Error> {
    if own.is_none() {
        *own = Some(options.connect().await?);
    }
    let conn = own.as_mut().expect("connected just now");
    let row = sqlx::query(CHECKPOINT).fetch_one(&mut *conn).await?;
    // (busy, pages in the log, pages copied); -1 when the file is not in WAL mode.
    row.try_get::<i64, _>(1)
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;
    use crate::store::Scratch;

    #[tokio::test]
    async fn the_writer_leaves_the_log_to_the_checkpoints() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        // The writing connection copies nothing back, however long the log grows.
        let every: i64 = sqlx::query("PRAGMA wal_autocheckpoint")
            .fetch_one(db.writes())
            .await
            .expect("read")
            .try_get(0)
            .expect("a number");
        assert_eq!(every, 0);
        // About 1,500 pages of rows, written to the log.
        db.writes()
            .execute("CREATE TABLE filler (text TEXT NOT NULL)")
            .await
            .expect("made");
        for _ in 0..30 {
            let mut tx = db.begin_write().await.expect("begins");
            for _ in 0..50 {
                sqlx::query("INSERT INTO filler (text) VALUES ($1)")
                    .bind("x".repeat(4_000))
                    .execute(&mut *tx)
                    .await
                    .expect("written");
            }
            tx.commit().await.expect("committed");
        }
        // A round of the task copies them into the file.
        let options = AnyConnectOptions::from_str(&scratch.url).expect("options");
        let mut own = None;
        let frames = passive(&mut own, &options).await.expect("checkpointed");
        assert!(frames >= 1_500, "{frames} pages in the log");
        let copied = std::fs::metadata(&scratch.file).expect("the file").len();
        assert!(copied >= 6_000_000, "{copied} bytes in the file");
    }
}
