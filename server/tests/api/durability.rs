//! Durability: the real `shop serve` binary is killed with SIGKILL
//! while guests' orders are in flight, round after round on one database. Afterwards,
//! read straight from the database: every order it acknowledged is there with its
//! lines, no order exists that was refused, the stock adds up to what was stocked,
//! and each order has one `placed` event and one queued confirmation mail.
//!
//! Every random choice comes from one seed, printed with the figures; set
//! `SHOP_DURABILITY_SEED` to replay a run.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};
use shop::domain::id::new_id;
use shop::domain::time::Clock;
use shop::store::catalogue::{Catalogue, NewProduct};
use sqlx::Row;
use tokio::sync::watch;

use crate::helpers::{drop_database, fresh_database, new_product, one_category, Backend};
use crate::process::Server;

mod acknowledged_orders_survive_sigkill_and_stock_adds_up {
    use crate::helpers::Backend;

    #[tokio::test]
    async fn sqlite() {
        super::run(Backend::Sqlite).await
    }

    #[tokio::test]
    async fn postgres() {
        super::run(Backend::Postgres).await
    }
}

/// Times the server is started, loaded and killed.
const ROUNDS: usize = 24;
/// Orders each round has ready to send; the kill comes before they are all answered.
const REQUESTS_PER_ROUND: usize = 60;
/// Orders in flight at once.
const CONCURRENCY: usize = 8;
/// The kill comes after a random 0 to this many answers in a round.
const MOST_ANSWERS_BEFORE_KILL: usize = 40;
/// Products, and their stock: the small ones run out early, so refusals are exercised
/// too; the large ones last most of the run.
const PRODUCTS: usize = 12;
fn stock_of_product(n: usize) -> i64 {
    10 + 20 * n as i64
}
/// The whole run, on one backend, is abandoned (and fails) after this long.
const TIME_LIMIT: Duration = Duration::from_secs(180);
/// What a short order is refused with (http::orders).
const SHORT: &str = "Some items are no longer available";

async fn run(backend: Backend) {
    let (url, teardown) = fresh_database(backend).await;
    let data_dir = std::env::temp_dir().join(format!("shop-durability-{}", new_id()));
    std::fs::create_dir_all(&data_dir).expect("data dir");
    // Spawned, so a panic inside still lets the database be dropped below; a timeout
    // drops the rounds, and with them the running server (see `Server`'s Drop).
    let outcome = tokio::spawn(tokio::time::timeout(
        TIME_LIMIT,
        kill_repeatedly_then_check(backend, url, data_dir.clone()),
    ))
    .await;
    std::fs::remove_dir_all(&data_dir).ok();
    drop_database(teardown).await;
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(_)) => panic!("{backend:?}: the rounds took longer than {TIME_LIMIT:?}"),
        Err(err) => std::panic::resume_unwind(err.into_panic()),
    }
}

/// One guest order as it was sent.
#[derive(Clone, Debug)]
struct Request {
    key: String,
    email: String,
    /// (product id, quantity), in the order sent.
    lines: Vec<(String, i64)>,
}

/// What the client learnt about a request.
#[derive(Clone, Debug)]
enum Outcome {
    /// 201, with the order's number: acknowledged, so it must survive.
    Placed(String),
    /// 409 short of stock: nothing may have been written.
    Short,
    /// Sent, but no complete answer came (the server died first): the order may or
    /// may not exist, and the stock must agree either way.
    Unknown,
    /// Not sent before the kill: no order may exist.
    NotSent,
    /// Anything else, which fails the test.
    Unexpected(StatusCode, String),
}

impl Outcome {
    fn answered(&self) -> bool {
        !matches!(self, Outcome::Unknown | Outcome::NotSent)
    }
}

struct Sent {
    round: usize,
    request: Request,
    outcome: Outcome,
}

async fn kill_repeatedly_then_check(backend: Backend, url: String, data_dir: PathBuf) {
    let started = Instant::now();
    let seed = std::env::var("SHOP_DURABILITY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| getrandom::u64().expect("entropy"));
    let mut rng = Rng(seed);
    let stocked = seed_products(&url).await;
    let products: Vec<String> = stocked.keys().cloned().collect();

    let mut sent: Vec<Sent> = Vec::new();
    let mut in_flight_at_kills = Vec::with_capacity(ROUNDS);
    for round in 0..ROUNDS {
        let server = Server::start(&data_dir, &url, &[]).await;
        let requests: Vec<Request> = (0..REQUESTS_PER_ROUND)
            .map(|_| random_request(&mut rng, &products))
            .collect();
        let kill_after = rng.below(MOST_ANSWERS_BEFORE_KILL + 1);
        let (outcomes, in_flight) = load_then_kill(server, requests.clone(), kill_after).await;
        let count = |f: fn(&Outcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
        eprintln!(
            "{backend:?} round {round:2}: kill due after {kill_after:2} answers, {in_flight} requests \
             in flight at the kill; {:2} placed, {:2} short, {} unanswered",
            count(|o| matches!(o, Outcome::Placed(_))),
            count(|o| matches!(o, Outcome::Short)),
            count(|o| matches!(o, Outcome::Unknown)),
        );
        in_flight_at_kills.push(in_flight);
        for (request, outcome) in requests.into_iter().zip(outcomes) {
            if let Outcome::Unexpected(status, body) = &outcome {
                panic!("{backend:?} round {round}: {status} for {request:?}: {body}");
            }
            sent.push(Sent {
                round,
                request,
                outcome,
            });
        }
    }

    let found = read_back(&url).await;
    let by_key: HashMap<&str, &Sent> = sent.iter().map(|s| (s.request.key.as_str(), s)).collect();

    // Every acknowledged order is there, as it was asked for.
    let mut acknowledged = 0;
    for s in &sent {
        if let Outcome::Placed(number) = &s.outcome {
            acknowledged += 1;
            let order = found
                .orders
                .get(&s.request.key)
                .unwrap_or_else(|| panic!("{backend:?}: acknowledged order {number} is lost"));
            assert_eq!(&order.number, number, "{backend:?}: the key's order");
            assert_eq!(order.lines, s.request.lines, "{backend:?}: order {number}");
        }
    }
    // No order exists that was refused or never sent; one whose answer was lost is
    // there whole or not at all.
    let mut committed_unanswered = vec![0; ROUNDS];
    for (key, order) in &found.orders {
        let s = by_key
            .get(key.as_str())
            .unwrap_or_else(|| panic!("{backend:?}: order {} was never sent", order.number));
        match &s.outcome {
            Outcome::Placed(_) => {}
            Outcome::Unknown => {
                committed_unanswered[s.round] += 1;
                assert_eq!(
                    order.lines, s.request.lines,
                    "{backend:?}: order {}",
                    order.number
                );
            }
            other => panic!(
                "{backend:?}: order {} exists, but its request was answered {other:?}",
                order.number
            ),
        }
        assert_eq!(
            order.status, "placed",
            "{backend:?}: order {}",
            order.number
        );
        assert_eq!(
            order.placed_events, 1,
            "{backend:?}: `placed` events of order {}",
            order.number
        );
        assert_eq!(
            found.mails.get(&s.request.email).copied().unwrap_or(0),
            1,
            "{backend:?}: confirmation mails queued for order {}",
            order.number
        );
    }
    assert_eq!(
        found.mails.values().sum::<i64>(),
        found.orders.len() as i64,
        "{backend:?}: one mail per order, and no other"
    );

    // The stock adds up: what is left plus what was ordered is what was stocked.
    let mut ordered: BTreeMap<&str, i64> = BTreeMap::new();
    for order in found.orders.values() {
        for (product, quantity) in &order.lines {
            *ordered.entry(product.as_str()).or_default() += quantity;
        }
    }
    for (product, start) in &stocked {
        let left = found.stock[product];
        let taken = ordered.get(product.as_str()).copied().unwrap_or(0);
        assert!(
            left >= 0,
            "{backend:?}: product {product} has {left} in stock"
        );
        assert_eq!(
            left + taken,
            *start,
            "{backend:?}: product {product}: {left} left + {taken} ordered"
        );
    }

    // A run in which nothing was acknowledged or nothing was in flight at a kill has
    // not tested what this test is about.
    let in_flight: usize = in_flight_at_kills.iter().sum();
    let short = sent
        .iter()
        .filter(|s| matches!(s.outcome, Outcome::Short))
        .count();
    let unanswered = sent
        .iter()
        .filter(|s| matches!(s.outcome, Outcome::Unknown))
        .count();
    assert!(acknowledged > 0, "{backend:?}: no order was acknowledged");
    assert!(
        in_flight > 0,
        "{backend:?}: no request was in flight at a kill"
    );
    eprintln!(
        "{backend:?}: seed {seed}, {ROUNDS} rounds, {acknowledged} orders acknowledged, {short} refused \
         as short, {in_flight} requests in flight at the kills (per round: {in_flight_at_kills:?}), \
         {unanswered} unanswered of which {} committed (per round: {committed_unanswered:?}); \
         {} units stocked, {} ordered; {:.1} s",
        committed_unanswered.iter().sum::<usize>(),
        stocked.values().sum::<i64>(),
        ordered.values().sum::<i64>(),
        started.elapsed().as_secs_f64(),
    );
}

/// A category and [`PRODUCTS`] products, put in before the server first starts: each
/// product's id and the stock the database holds for it.
async fn seed_products(url: &str) -> BTreeMap<String, i64> {
    let db = shop::app::open_database(url, Some(1))
        .await
        .expect("database opens");
    let catalogue = Catalogue::new(db.clone(), Clock::system());
    let (category, sub) = one_category(&catalogue, "Spares", "Washers").await;
    let products: Vec<NewProduct> = (0..PRODUCTS)
        .map(|n| NewProduct {
            stock: stock_of_product(n),
            ..new_product(&format!("Washer No. {n}"), 250, &category, &sub)
        })
        .collect();
    catalogue
        .insert_products(&products)
        .await
        .expect("products");
    let stock = stock_by_product(&db.pool).await;
    db.pool.close().await;
    stock
}

async fn stock_by_product(pool: &sqlx::AnyPool) -> BTreeMap<String, i64> {
    sqlx::query("SELECT id, stock FROM products")
        .fetch_all(pool)
        .await
        .expect("stock")
        .iter()
        .map(|row| (row.get("id"), row.get("stock")))
        .collect()
}

/// One or two different products, 1 to 3 of each, with a fresh key and an address of
/// its own (so its mail can be told from the others').
fn random_request(rng: &mut Rng, products: &[String]) -> Request {
    let first = rng.below(products.len());
    let mut picked = vec![first];
    if rng.below(2) == 1 {
        let second = (first + 1 + rng.below(products.len() - 1)) % products.len();
        picked.push(second);
    }
    let key = new_id();
    Request {
        email: format!("guest-{key}@example.com"),
        lines: picked
            .into_iter()
            .map(|p| (products[p].clone(), 1 + rng.below(3) as i64))
            .collect(),
        key,
    }
}

/// Sends the round's requests, [`CONCURRENCY`] at a time, and kills the server once
/// `kill_after` have been answered: each request's outcome, and how many requests had
/// been sent and not yet answered at the kill.
async fn load_then_kill(
    server: Server,
    requests: Vec<Request>,
    kill_after: usize,
) -> (Vec<Outcome>, usize) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client");
    let requests = Arc::new(requests);
    let outcomes = Arc::new(Mutex::new(vec![Outcome::NotSent; requests.len()]));
    let next = Arc::new(AtomicUsize::new(0));
    let in_flight = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    // (sent, answered, finished): the kill waits for enough answers and a request in
    // flight, or for every request to be done.
    let (progress, mut watched) = watch::channel((0_usize, 0_usize, 0_usize));
    let progress = Arc::new(progress);
    let workers: Vec<_> = (0..CONCURRENCY)
        .map(|_| {
            let (client, base) = (client.clone(), server.base.clone());
            let (requests, outcomes) = (requests.clone(), outcomes.clone());
            let (next, in_flight, stop) = (next.clone(), in_flight.clone(), stop.clone());
            let progress = progress.clone();
            tokio::spawn(async move {
                while !stop.load(Ordering::SeqCst) {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(request) = requests.get(i) else {
                        break;
                    };
                    in_flight.fetch_add(1, Ordering::SeqCst);
                    progress.send_modify(|(sent, _, _)| *sent += 1);
                    let outcome = place(&client, &base, request).await;
                    in_flight.fetch_sub(1, Ordering::SeqCst);
                    let answered = usize::from(outcome.answered());
                    outcomes.lock().expect("outcomes")[i] = outcome;
                    progress.send_modify(|(_, a, f)| {
                        *a += answered;
                        *f += 1;
                    });
                }
            })
        })
        .collect();
    let total = requests.len();
    watched
        .wait_for(|&(sent, answered, finished)| {
            (answered >= kill_after && sent > finished) || finished == total
        })
        .await
        .expect("the workers report");
    stop.store(true, Ordering::SeqCst);
    let in_flight_at_kill = in_flight.load(Ordering::SeqCst);
    server.kill();
    for worker in workers {
        worker.await.expect("a worker ran");
    }
    let outcomes = outcomes.lock().expect("outcomes").clone();
    (outcomes, in_flight_at_kill)
}

async fn place(client: &reqwest::Client, base: &str, request: &Request) -> Outcome {
    let items: Vec<Value> = request
        .lines
        .iter()
        .map(|(product, quantity)| json!({"productId": product, "quantity": quantity}))
        .collect();
    let body = json!({
        "fulfilment": "pickup",
        "contact": {"firstName": "Ada", "phoneNumber": "+447946095800", "emailAddress": request.email},
        "saveAddress": false,
        "payment": {"method": "cod"},
        "items": items,
    });
    let Ok(response) = client
        .post(format!("{base}/api/order"))
        .header("Idempotency-Key", &request.key)
        .json(&body)
        .send()
        .await
    else {
        return Outcome::Unknown;
    };
    let status = response.status();
    let Ok(answer) = response.json::<Value>().await else {
        return Outcome::Unknown;
    };
    match status {
        StatusCode::CREATED => match answer["data"]["order"]["number"].as_str() {
            Some(number) => Outcome::Placed(number.to_string()),
            None => Outcome::Unexpected(status, answer.to_string()),
        },
        StatusCode::CONFLICT if answer["message"] == SHORT => Outcome::Short,
        _ => Outcome::Unexpected(status, answer.to_string()),
    }
}

/// An order as the database holds it.
struct FoundOrder {
    number: String,
    status: String,
    /// (product id, quantity), by position.
    lines: Vec<(String, i64)>,
    placed_events: i64,
}

struct Found {
    /// By idempotency key.
    orders: HashMap<String, FoundOrder>,
    /// Rows in the mail outbox, by recipient.
    mails: HashMap<String, i64>,
    stock: BTreeMap<String, i64>,
}

/// Everything the checks need, read with the server stopped.
async fn read_back(url: &str) -> Found {
    let db = shop::app::open_database(url, Some(1))
        .await
        .expect("database opens after the last kill");
    let pool = &db.pool;
    let mut orders = HashMap::new();
    let mut key_of = HashMap::new();
    for row in sqlx::query("SELECT id, number, status, idempotency_key FROM orders")
        .fetch_all(pool)
        .await
        .expect("orders")
    {
        let key: String = row.get("idempotency_key");
        key_of.insert(row.get::<String, _>("id"), key.clone());
        let order = FoundOrder {
            number: row.get("number"),
            status: row.get("status"),
            lines: Vec::new(),
            placed_events: 0,
        };
        assert!(
            orders.insert(key, order).is_none(),
            "two orders for one key"
        );
    }
    for row in sqlx::query(
        "SELECT order_id, product_id, quantity FROM order_lines ORDER BY order_id, position",
    )
    .fetch_all(pool)
    .await
    .expect("lines")
    {
        let order = &mut orders
            .get_mut(&key_of[&row.get::<String, _>("order_id")])
            .expect("a line's order");
        order
            .lines
            .push((row.get("product_id"), row.get("quantity")));
    }
    for row in sqlx::query(
        "SELECT order_id, COUNT(*) AS n FROM order_events WHERE type = 'placed' GROUP BY order_id",
    )
    .fetch_all(pool)
    .await
    .expect("events")
    {
        let order = orders
            .get_mut(&key_of[&row.get::<String, _>("order_id")])
            .expect("an event's order");
        order.placed_events = row.get("n");
    }
    let mails = sqlx::query("SELECT recipient, COUNT(*) AS n FROM mail_outbox GROUP BY recipient")
        .fetch_all(pool)
        .await
        .expect("mail")
        .iter()
        .map(|row| (row.get("recipient"), row.get("n")))
        .collect();
    let stock = stock_by_product(pool).await;
    db.pool.close().await;
    Found {
        orders,
        mails,
        stock,
    }
}

/// SplitMix64: enough randomness for choosing products and kill points, and
/// reproducible from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
