//! What one SQLite statement costs the machine through sqlx, which runs each SQLite
//! connection on a thread of its own and hands every statement to it and back (and
//! pings a pooled connection as it goes back), against rusqlite run on a blocking
//! thread, where a whole unit of work is one hand-over. Shaped like the shop: a tokio
//! runtime of 2 workers, 32 tasks at once, 4 reading connections, one writing
//! connection. Prints the process's CPU time (utime + stime) per unit and per statement.
//!
//!   cargo run --release --manifest-path scripts/handover/Cargo.toml [-- UNITS]

use std::sync::{Arc, Mutex};
use std::time::Instant;

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor, Row};

const TASKS: usize = 32;
const ROWS: i64 = 100_000;

/// The process's CPU time so far, in µs (`/proc/self/stat` counts it in ticks of 1/100 s,
/// Linux's `USER_HZ`).
fn cpu_us() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    let after_name = stat.rsplit(')').next().unwrap_or_default();
    let fields: Vec<f64> = after_name
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0.0))
        .collect();
    let ticks = fields[11] + fields[12];
    ticks * 1_000_000.0 / 100.0
}

#[derive(Clone, Copy)]
enum Unit {
    /// Primary-key reads on a reading connection.
    Reads(usize),
    /// `BEGIN IMMEDIATE`, one `UPDATE`, `COMMIT` on the writing connection.
    Write,
}

impl Unit {
    fn label(self) -> String {
        match self {
            Unit::Reads(n) => format!("{n:2} reads"),
            Unit::Write => "a write (3 statements)".to_string(),
        }
    }

    fn statements(self) -> usize {
        match self {
            Unit::Reads(n) => n,
            Unit::Write => 3,
        }
    }
}

fn id(task: usize, n: usize, q: usize) -> i64 {
    ((task * 7919 + n * 31 + q * 17) as i64) % ROWS
}

/// Runs `one(task, n)` for the `n`th unit of work of each of [`TASKS`] tasks at once,
/// `per_task` units each, then prints what the units cost.
async fn drive<F, Fut>(how: &str, unit: Unit, per_task: usize, one: F)
where
    F: Fn(usize, usize) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let (started, cpu_before) = (Instant::now(), cpu_us());
    let tasks: Vec<_> = (0..TASKS)
        .map(|task| {
            let one = one.clone();
            tokio::spawn(async move {
                for n in 0..per_task {
                    one(task, n).await;
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("task");
    }
    report(how, unit, TASKS * per_task, started, cpu_before);
}

fn report(how: &str, unit: Unit, units: usize, started: Instant, cpu_before: f64) {
    let seconds = started.elapsed().as_secs_f64();
    let cpu = (cpu_us() - cpu_before) / units as f64;
    println!(
        "{how:28} {:24} {:8.0} units/s {:8.1} µs CPU a unit {:6.1} a statement",
        unit.label(),
        units as f64 / seconds,
        cpu,
        cpu / unit.statements() as f64
    );
}

async fn through_sqlx(readers: &AnyPool, writer: &AnyPool, unit: Unit, per_task: usize) {
    let (readers, writer) = (readers.clone(), writer.clone());
    drive("sqlx (the shop's way)", unit, per_task, move |task, n| {
        let (readers, writer) = (readers.clone(), writer.clone());
        async move {
            match unit {
                Unit::Reads(reads) => {
                    let mut conn = readers.acquire().await.expect("a reader");
                    for q in 0..reads {
                        let row = sqlx::query("SELECT v FROM t WHERE id = $1")
                            .bind(id(task, n, q))
                            .fetch_one(&mut *conn)
                            .await
                            .expect("a row");
                        let _: String = row.try_get(0).expect("v");
                    }
                }
                Unit::Write => {
                    let mut tx = writer.begin_with("BEGIN IMMEDIATE").await.expect("begin");
                    sqlx::query("UPDATE t SET n = n + 1 WHERE id = $1")
                        .bind(id(task, n, 0))
                        .execute(&mut *tx)
                        .await
                        .expect("update");
                    tx.commit().await.expect("commit");
                }
            }
        }
    })
    .await;
}

/// Connections handed out one unit of work at a time.
struct Shelf {
    conns: Mutex<Vec<rusqlite::Connection>>,
    free: tokio::sync::Semaphore,
}

async fn through_rusqlite(readers: Arc<Shelf>, writer: Arc<Shelf>, unit: Unit, per_task: usize) {
    drive(
        "rusqlite (one hand-over)",
        unit,
        per_task,
        move |task, n| {
            let shelf = match unit {
                Unit::Reads(_) => readers.clone(),
                Unit::Write => writer.clone(),
            };
            async move {
                let _turn = shelf.free.acquire().await.expect("a turn");
                let conn = shelf
                    .conns
                    .lock()
                    .expect("shelf")
                    .pop()
                    .expect("a connection");
                let conn = tokio::task::spawn_blocking(move || {
                    match unit {
                        Unit::Reads(reads) => {
                            for q in 0..reads {
                                let mut st = conn
                                    .prepare_cached("SELECT v FROM t WHERE id = ?1")
                                    .expect("prepare");
                                let _: String =
                                    st.query_row([id(task, n, q)], |r| r.get(0)).expect("a row");
                            }
                        }
                        Unit::Write => {
                            conn.execute_batch("BEGIN IMMEDIATE").expect("begin");
                            conn.prepare_cached("UPDATE t SET n = n + 1 WHERE id = ?1")
                                .expect("prepare")
                                .execute([id(task, n, 0)])
                                .expect("update");
                            conn.execute_batch("COMMIT").expect("commit");
                        }
                    }
                    conn
                })
                .await
                .expect("blocking task");
                shelf.conns.lock().expect("shelf").push(conn);
            }
        },
    )
    .await;
}

fn shelf(path: &str, count: usize) -> Arc<Shelf> {
    let conns = (0..count)
        .map(|_| {
            let conn = rusqlite::Connection::open(path).expect("open");
            conn.execute_batch("PRAGMA synchronous = NORMAL")
                .expect("pragma");
            conn
        })
        .collect();
    Arc::new(Shelf {
        conns: Mutex::new(conns),
        free: tokio::sync::Semaphore::new(count),
    })
}

fn main() {
    let per_task: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4_000)
        / TASKS;
    let dir = std::env::temp_dir().join(format!("handover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("t.db").to_string_lossy().into_owned();
    {
        let mut conn = rusqlite::Connection::open(&path).expect("open");
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, n INTEGER);",
        )
        .expect("schema");
        let tx = conn.transaction().expect("tx");
        for i in 0..ROWS {
            tx.execute(
                "INSERT INTO t VALUES (?1, ?2, 0)",
                (i, format!("value {i}")),
            )
            .expect("insert");
        }
        tx.commit().expect("commit");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_time()
        .build()
        .expect("runtime");
    println!(
        "{} units of work, {TASKS} tasks at once, 2 tokio workers, {} cores",
        per_task * TASKS,
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    runtime.block_on(async {
        sqlx::any::install_default_drivers();
        let url = format!("sqlite://{path}");
        let options = |max| {
            AnyPoolOptions::new()
                .max_connections(max)
                .min_connections(max)
                .test_before_acquire(false)
                .after_connect(|conn, _| {
                    Box::pin(
                        async move { conn.execute("PRAGMA synchronous = NORMAL").await.map(drop) },
                    )
                })
        };
        let readers = options(4).connect(&url).await.expect("readers");
        let writer = options(1).connect(&url).await.expect("writer");
        let (rusqlite_readers, rusqlite_writer) = (shelf(&path, 4), shelf(&path, 1));
        for unit in [Unit::Reads(1), Unit::Reads(4), Unit::Reads(12), Unit::Write] {
            through_sqlx(&readers, &writer, unit, per_task).await;
            through_rusqlite(
                rusqlite_readers.clone(),
                rusqlite_writer.clone(),
                unit,
                per_task,
            )
            .await;
        }
        readers.close().await;
        writer.close().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}
