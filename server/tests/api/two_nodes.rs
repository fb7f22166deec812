//! Two `shop serve` processes on one PostgreSQL and one SeaweedFS, behind nginx as the
//! load balancer, as README's "More than one machine" runs them: a whole shopper's story
//! through nginx, each step checked to have reached the node the one before did not
//!.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::id::new_id;
use sqlx::Row;

use crate::helpers::{drop_database, eventually, fresh_database, Backend};
use crate::process::{Nginx, Server};

mod a_shoppers_story_through_nginx_alternating_two_nodes {
    #[tokio::test]
    async fn postgres() {
        super::two_nodes().await
    }
}

async fn two_nodes() {
    let Some(seaweed) = crate::seaweed::seaweed().await else {
        return;
    };
    let bucket = format!("shop-{}", new_id());
    seaweed.create_bucket(&bucket).await;
    let (url, teardown) = fresh_database(Backend::Postgres).await;
    let dirs = [0, 1].map(|_| std::env::temp_dir().join(format!("shop-node-{}", new_id())));
    let secret = format!("{}{}", new_id(), new_id());
    let mut env = seaweed.env();
    env.push(("SHOP_MEDIA".into(), format!("s3://{bucket}")));
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    // Behind nginx: the client's address is the one nginx appends.
    let args = ["--jwt-secret", secret.as_str(), "--trust-forwarded-for"];
    let a = Server::start_with_env(&dirs[0], &url, &args, &env).await;
    let b = Server::start_with_env(&dirs[1], &url, &args, &env).await;
    let upstreams = [&a.base, &b.base].map(|base| base.trim_start_matches("http://").to_string());
    let nginx = match Nginx::start(&[&upstreams[0], &upstreams[1]]).await {
        Ok(nginx) => nginx,
        Err(why) => panic!("the two-node test needs nginx: {why}"),
    };
    let story = Story {
        client: reqwest::Client::new(),
        base: nginx.base.clone(),
        outboxes: dirs.iter().map(|d| d.join("outbox")).collect(),
        url: url.clone(),
        secret,
        served: Default::default(),
    };
    let outcome = tokio::spawn(async move { story.run().await }).await;
    drop(nginx);
    drop((a, b));
    drop_database(teardown).await;
    for dir in dirs {
        std::fs::remove_dir_all(dir).ok();
    }
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
}

/// How long the story waits for mail, or for a node to see another's change, before
/// it fails.
const CEILING: Duration = Duration::from_secs(20);

struct Story {
    client: reqwest::Client,
    /// nginx.
    base: String,
    /// Each node's outbox folder: mail is delivered by whichever node's worker takes it.
    outboxes: Vec<PathBuf>,
    url: String,
    secret: String,
    /// Every node that answered.
    served: std::sync::Mutex<BTreeSet<String>>,
}

/// An answer, and the node that gave it.
struct Answer {
    status: StatusCode,
    body: Value,
    node: String,
}

impl Story {
    async fn run(self) {
        let (admin, faucets, basin) =
            crate::helpers::admin_and_faucets(&self.url, &self.secret).await;

        // The administrator adds a product and its photo: the photo is in S3, so either
        // node serves it.
        let product = self
            .call(
                Method::POST,
                "/api/admin/product",
                Some(json!({
                    "name": "Brass Basin Tap", "description": "Quarter-turn, chrome.",
                    "price": 40.0, "discountPercentage": 0, "discountEndDate": null,
                    "stock": 5, "categoryId": faucets, "subCategoryId": basin,
                    "size": null, "color": null, "featured": false,
                })),
                Some(&admin),
            )
            .await;
        assert_eq!(product.status, StatusCode::CREATED, "{}", product.body);
        let id = product.body["data"]["product"]["_id"]
            .as_str()
            .unwrap()
            .to_string();
        let photo = Part::bytes(crate::accounts::png(40, 30))
            .file_name("tap.png")
            .mime_str("image/png")
            .unwrap();
        let added = self
            .client
            .post(format!("{}/api/admin/product/{id}/photos", self.base))
            .bearer_auth(&admin)
            .multipart(Form::new().part("images", photo))
            .send()
            .await
            .unwrap();
        assert_eq!(added.status(), StatusCode::OK);
        let added: Value = added.json().await.unwrap();
        let image = added["data"]["product"]["images"][0]
            .as_str()
            .unwrap()
            .to_string();
        let (first, second) = (self.media(&image).await, self.media(&image).await);
        assert_ne!(first.1, second.1, "both nodes serve the photo");
        assert_eq!(first.0, second.0, "the same bytes");
        assert!(first.0.starts_with(b"\x89PNG") || first.0.starts_with(b"\xff\xd8"));

        // Signs up on one node, verifies the mailed code and signs in on the other.
        let email = format!("shopper-{}@example.com", new_id());
        let password = "Plumb3rs!";
        let signup = self
            .call(
                Method::POST,
                "/api/auth/signup",
                Some(json!({"emailAddress": email, "password": password})),
                None,
            )
            .await;
        assert_eq!(signup.status, StatusCode::CREATED, "{}", signup.body);
        let code = self.code_mailed_to(&email).await;
        let verify = self
            .call(
                Method::POST,
                "/api/auth/verify-otp",
                Some(json!({"emailAddress": email, "otp": code})),
                None,
            )
            .await;
        assert_eq!(verify.status, StatusCode::OK, "{}", verify.body);
        assert_ne!(verify.node, signup.node, "verified on the other node");
        let login = self.login(&email, password).await;
        assert_eq!(login.status, StatusCode::OK, "{}", login.body);
        let token = login.body["data"]["accessToken"]
            .as_str()
            .unwrap()
            .to_string();

        // The cart filled on one node is the cart the other shows.
        let added = self
            .call(
                Method::POST,
                "/api/user/item",
                Some(json!({"productId": id, "quantity": 2, "type": "cart"})),
                Some(&token),
            )
            .await;
        assert_eq!(added.status, StatusCode::OK, "{}", added.body);
        let cart = self
            .call(Method::GET, "/api/user/item?type=cart", None, Some(&token))
            .await;
        assert_eq!(cart.status, StatusCode::OK, "{}", cart.body);
        assert_ne!(cart.node, added.node);
        assert!(cart.body.to_string().contains(&id), "{}", cart.body);

        // The order, placed on one node, takes the stock both show.
        let placed = self
            .client
            .post(format!("{}/api/order", self.base))
            .bearer_auth(&token)
            .header("Idempotency-Key", new_id())
            .json(&json!({
                "fulfilment": "pickup", "saveAddress": false, "payment": {"method": "cod"},
                "contact": {"firstName": "Ada", "phoneNumber": "+447946095800", "emailAddress": email},
                "items": [{"productId": id, "quantity": 2}],
            }))
            .send()
            .await
            .unwrap();
        assert_eq!(placed.status(), StatusCode::CREATED);
        let placed: Value = placed.json().await.unwrap();
        let number = placed["data"]["order"]["number"]
            .as_str()
            .unwrap()
            .to_string();
        for _ in 0..2 {
            let answer = self
                .call(Method::GET, &format!("/api/product/{id}"), None, None)
                .await;
            assert_eq!(
                answer.body["data"]["product"]["stock"], 3,
                "on {}",
                answer.node
            );
        }

        // Its confirmation is delivered once, by one node or the other.
        let subject = format!("order {number} is placed");
        self.until_sent(&subject).await;
        assert_eq!(self.mails_holding(&subject).len(), 1, "one confirmation");

        // The administrator moves it on one node; the shopper sees it on both, and hears.
        let moved = self
            .call(
                Method::POST,
                &format!("/api/admin/order/{number}/status"),
                Some(json!({"status": "ready_for_pickup"})),
                Some(&admin),
            )
            .await;
        assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        for _ in 0..2 {
            let order = self
                .call(
                    Method::GET,
                    &format!("/api/order/{number}"),
                    None,
                    Some(&token),
                )
                .await;
            assert_eq!(
                order.body["data"]["order"]["status"], "ready_for_pickup",
                "on {}",
                order.node
            );
        }

        // A stock change on one node: the other shows it once it looks.
        let bulk = json!({"ids": [id], "action": "setStock", "value": 9});
        let set = self
            .call(
                Method::POST,
                "/api/admin/product/bulk",
                Some(bulk),
                Some(&admin),
            )
            .await;
        assert_eq!(set.status, StatusCode::OK, "{}", set.body);
        let seen = Mutex::new(BTreeSet::new());
        eventually("both nodes show the new stock", CEILING, || async {
            let answer = self
                .call(Method::GET, &format!("/api/product/{id}"), None, None)
                .await;
            if answer.body["data"]["product"]["stock"] == 9 {
                seen.lock().unwrap().insert(answer.node);
            }
            (seen.lock().unwrap().len() == 2).then_some(())
        })
        .await;

        // Login limits are the shop's, not a node's: ten wrong passwords spread over both
        // lock the account on both, the right one too.
        for _ in 0..10 {
            let wrong = self.login(&email, "Wrong-Pass1").await;
            assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{}", wrong.body);
        }
        let mut locked = BTreeSet::new();
        for _ in 0..2 {
            let right = self.login(&email, password).await;
            assert_eq!(
                right.status,
                StatusCode::TOO_MANY_REQUESTS,
                "{}",
                right.body
            );
            locked.insert(right.node);
        }
        assert_eq!(locked.len(), 2, "locked on both nodes");

        let served = self.served.lock().unwrap().clone();
        assert_eq!(served.len(), 2, "both nodes answered: {served:?}");
    }

    async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
        token: Option<&str>,
    ) -> Answer {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        let node = self.node_of(&response);
        Answer {
            status: response.status(),
            body: response.json().await.unwrap_or(Value::Null),
            node,
        }
    }

    async fn login(&self, email: &str, password: &str) -> Answer {
        let body = json!({"emailAddress": email, "password": password});
        self.call(Method::POST, "/api/auth/login", Some(body), None)
            .await
    }

    /// The bytes of media `path`, and the node that served them.
    async fn media(&self, path: &str) -> (Vec<u8>, String) {
        let response = self
            .client
            .get(format!("{}/media/{path}", self.base))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let node = self.node_of(&response);
        (response.bytes().await.unwrap().to_vec(), node)
    }

    fn node_of(&self, response: &reqwest::Response) -> String {
        let node = response.headers()["x-upstream"]
            .to_str()
            .unwrap()
            .to_string();
        self.served.lock().unwrap().insert(node.clone());
        node
    }

    /// Every delivered mail, in either node's outbox folder, that holds `text`.
    fn mails_holding(&self, text: &str) -> Vec<String> {
        self.outboxes
            .iter()
            .filter_map(|dir| std::fs::read_dir(dir).ok())
            .flatten()
            .filter_map(|entry| std::fs::read_to_string(entry.ok()?.path()).ok())
            .filter(|mail| mail.contains(text))
            .collect()
    }

    /// The six-digit code mailed to `email`, once a node has delivered it.
    async fn code_mailed_to(&self, email: &str) -> String {
        let what = format!("a code mailed to {email}");
        let (code, _) = eventually(&what, CEILING, || async {
            self.mails_holding(email).iter().find_map(|mail| {
                mail.lines()
                    .map(str::trim)
                    .find(|line| line.len() == 6 && line.bytes().all(|b| b.is_ascii_digit()))
                    .map(str::to_string)
            })
        })
        .await;
        code
    }

    /// Waits until the outbox row whose subject holds `subject` is marked sent.
    async fn until_sent(&self, subject: &str) {
        let db = shop::app::open_database(&self.url, None).await.unwrap();
        let what = format!("the mail '{subject}' is sent");
        eventually(&what, CEILING, || async {
            let sent: i64 = sqlx::query(
                "SELECT COUNT(*) AS n FROM mail_outbox WHERE sent_at IS NOT NULL AND subject LIKE $1",
            )
            .bind(format!("%{subject}%"))
            .fetch_one(&db.pool)
            .await
            .unwrap()
            .try_get("n")
            .unwrap();
            (sent > 0).then_some(())
        })
        .await;
        db.pool.close().await;
    }
}
