//! The SQL of webhooks (docs/DESIGN.md §13): endpoints, the events written in the
//! transaction of the change they report ([`emit`]), one delivery per listening
//! endpoint, and every try of each.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

pub use super::webhook_events::{emit, emit_all, order_placed};

use super::activity::{Activity, Actor, Changes, Entry};
use super::{outbox, Db};
use crate::domain::id::new_id;
use crate::domain::time::Clock;
use crate::domain::webhook::EventType;
use crate::mail::Letter;

/// At most this many endpoints: the list is not paged.
pub const MAX_ENDPOINTS: i64 = 20;

/// An endpoint as stored, its secret with it.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub id: String,
    pub url: String,
    pub events: Vec<String>,
    pub description: String,
    pub active: bool,
    pub secret: String,
    pub created_at: i64,
}

/// What an endpoint is made of (all of it) or changed to (the parts given).
#[derive(Clone, Debug, Default)]
pub struct EndpointFields {
    pub url: Option<String>,
    pub events: Option<Vec<EventType>>,
    pub description: Option<String>,
    pub active: Option<bool>,
}

/// One try of a delivery.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    pub at: i64,
    /// The HTTP status, or `None` when none came.
    pub status: Option<i64>,
    pub duration_ms: i64,
    pub error: Option<String>,
}

/// A delivery as the log lists it.
#[derive(Clone, Debug)]
pub struct DeliveryRow {
    pub id: String,
    pub event_id: String,
    pub event_type: String,
    pub state: String,
    pub created_at: i64,
    pub attempts: Vec<Attempt>,
}

/// A delivery taken to be sent now.
#[derive(Clone, Debug)]
pub struct Claimed {
    pub id: String,
    pub endpoint_id: String,
    pub url: String,
    pub secret: String,
    pub event_id: String,
    pub event_type: String,
    pub object_id: String,
    pub event_created_at: i64,
    /// The body, once an earlier try fixed it.
    pub body: Option<String>,
    pub tries: i64,
}

/// What became of a try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    /// Failed; tried again at this time.
    RetryAt(i64),
    /// Failed the last time: the delivery has failed and its endpoint is switched off.
    GaveUp,
    /// A try staff asked for by hand: it moves the delivery only when it succeeds.
    Manual,
}

fn events_column(events: &[EventType]) -> String {
    let names: Vec<&str> = events.iter().map(|e| e.as_str()).collect();
    format!(",{},", names.join(","))
}

fn endpoint(row: &AnyRow) -> Result<Endpoint, sqlx::Error> {
    let events: String = row.try_get("events")?;
    Ok(Endpoint {
        id: row.try_get("id")?,
        url: row.try_get("url")?,
        events: events
            .split(',')
            .filter(|e| !e.is_empty())
            .map(String::from)
            .collect(),
        description: row.try_get("description")?,
        active: row.try_get::<i64, _>("active")? != 0,
        secret: row.try_get("secret")?,
        created_at: row.try_get("created_at")?,
    })
}

const ENDPOINT_COLUMNS: &str = "id, url, events, description, active, secret, created_at";

/// Endpoint `id` as `tx` reads it.
async fn endpoint_in(
    tx: &mut Transaction<'static, Any>,
    id: &str,
) -> Result<Option<Endpoint>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    .as_ref()
    .map(endpoint)
    .transpose()
}

#[derive(Clone, Debug)]
pub struct Webhooks {
    db: Db,
    clock: Clock,
    activity: Activity,
}

/// The fields of an endpoint the activity log shows.
fn logged(e: &Endpoint) -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("url", e.url.clone().into()),
        ("events", e.events.join(",").into()),
        ("description", e.description.clone().into()),
        ("active", e.active.into()),
    ]
}

impl Webhooks {
    pub fn new(db: Db, clock: Clock, activity: Activity) -> Self {
        Webhooks {
            db,
            clock,
            activity,
        }
    }

    /// Writes staff's change of `endpoint` to the activity log, inside `tx`.
    async fn log(
        &self,
        tx: &mut Transaction<'static, Any>,
        by: &Actor,
        endpoint: &Endpoint,
        action: &str,
        changes: Changes,
    ) -> Result<(), sqlx::Error> {
        let entry = Entry {
            actor: by,
            object_type: "webhook",
            object_id: &endpoint.id,
            object_name: &endpoint.url,
            action,
            changes,
        };
        self.activity.record(tx, entry).await
    }

    /// Every endpoint, oldest first (at most [`MAX_ENDPOINTS`]).
    pub async fn list(&self) -> Result<Vec<Endpoint>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints ORDER BY created_at, id LIMIT {MAX_ENDPOINTS}"
        ))
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(endpoint).collect()
    }

    pub async fn get(&self, id: &str) -> Result<Option<Endpoint>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(endpoint)
        .transpose()
    }

    /// Adds an endpoint; `None` when there are [`MAX_ENDPOINTS`] already (counted under
    /// the staff's turn row, so two at once cannot pass the limit).
    pub async fn create(
        &self,
        url: &str,
        events: &[EventType],
        description: &str,
        secret: &str,
        by: &Actor,
    ) -> Result<Option<Endpoint>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        sqlx::query("UPDATE staff_guard SET changes = changes + 1 WHERE id = 1")
            .execute(&mut *tx)
            .await?;
        let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM webhook_endpoints")
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if count >= MAX_ENDPOINTS {
            return Ok(None);
        }
        let id = new_id();
        let row = sqlx::query(&format!(
            "INSERT INTO webhook_endpoints (id, url, events, description, secret, active, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, 1, $6, $6) RETURNING {ENDPOINT_COLUMNS}"
        ))
        .bind(&id)
        .bind(url)
        .bind(events_column(events))
        .bind(description)
        .bind(secret)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        let created = endpoint(&row)?;
        let changes = Changes::between(None, &created, logged);
        self.log(&mut tx, by, &created, "created", changes).await?;
        tx.commit().await?;
        Ok(Some(created))
    }

    /// Changes the fields given; `None` for an unknown endpoint.
    pub async fn update(
        &self,
        id: &str,
        fields: &EndpointFields,
        by: &Actor,
    ) -> Result<Option<Endpoint>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let Some(before) = endpoint_in(&mut tx, id).await? else {
            return Ok(None);
        };
        let row = sqlx::query(&format!(
            "UPDATE webhook_endpoints SET url = COALESCE($2, url), events = COALESCE($3, events), \
             description = COALESCE($4, description), active = COALESCE($5, active), updated_at = $6 \
             WHERE id = $1 RETURNING {ENDPOINT_COLUMNS}"
        ))
        .bind(id)
        .bind(fields.url.as_deref())
        .bind(fields.events.as_deref().map(events_column))
        .bind(fields.description.as_deref())
        .bind(fields.active.map(i64::from))
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        // Deleted since it was read above (PostgreSQL): as if it never was.
        let Some(after) = row.as_ref().map(endpoint).transpose()? else {
            return Ok(None);
        };
        let changes = Changes::between(Some(&before), &after, logged);
        if !changes.is_empty() {
            self.log(&mut tx, by, &after, "updated", changes).await?;
        }
        tx.commit().await?;
        Ok(Some(after))
    }

    /// A new secret for the endpoint: the old one stops signing at once.
    pub async fn rotate(
        &self,
        id: &str,
        secret: &str,
        by: &Actor,
    ) -> Result<Option<Endpoint>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let row = sqlx::query(&format!(
            "UPDATE webhook_endpoints SET secret = $2, updated_at = $3 WHERE id = $1 \
             RETURNING {ENDPOINT_COLUMNS}"
        ))
        .bind(id)
        .bind(secret)
        .bind(self.clock.now_ms())
        .fetch_optional(&mut *tx)
        .await?;
        let Some(rotated) = row.as_ref().map(endpoint).transpose()? else {
            return Ok(None);
        };
        self.log(&mut tx, by, &rotated, "secret_rotated", Changes::new())
            .await?;
        tx.commit().await?;
        Ok(Some(rotated))
    }

    /// Removes the endpoint with its deliveries; whether there was one.
    pub async fn delete(&self, id: &str, by: &Actor) -> Result<bool, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let Some(before) = endpoint_in(&mut tx, id).await? else {
            return Ok(false);
        };
        sqlx::query(
            "DELETE FROM webhook_attempts WHERE delivery_id IN \
             (SELECT id FROM webhook_deliveries WHERE endpoint_id = $1)",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM webhook_deliveries WHERE endpoint_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM webhook_endpoints WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let changes = Changes::between(None, &before, logged).reversed();
        self.log(&mut tx, by, &before, "deleted", changes).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// A page of the endpoint's deliveries, newest first, with their tries, and how
    /// many it has in all.
    pub async fn deliveries(
        &self,
        endpoint_id: &str,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<DeliveryRow>, i64), sqlx::Error> {
        let total: i64 =
            sqlx::query("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = $1")
                .bind(endpoint_id)
                .fetch_one(&self.db.pool)
                .await?
                .try_get("n")?;
        let rows = sqlx::query(
            "SELECT id, event_id, type, state, created_at FROM webhook_deliveries \
             WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
        )
        .bind(endpoint_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.db.pool)
        .await?;
        let mut deliveries = Vec::with_capacity(rows.len());
        for row in &rows {
            deliveries.push(self.delivery_of(row).await?);
        }
        Ok((deliveries, total))
    }

    /// One delivery of the endpoint, as the log lists it.
    pub async fn delivery(
        &self,
        endpoint_id: &str,
        id: &str,
    ) -> Result<Option<DeliveryRow>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, event_id, type, state, created_at FROM webhook_deliveries \
             WHERE id = $1 AND endpoint_id = $2",
        )
        .bind(id)
        .bind(endpoint_id)
        .fetch_optional(&self.db.pool)
        .await?;
        match row {
            Some(row) => self.delivery_of(&row).await.map(Some),
            None => Ok(None),
        }
    }

    /// A delivery's row with its tries.
    async fn delivery_of(&self, row: &AnyRow) -> Result<DeliveryRow, sqlx::Error> {
        let id: String = row.try_get("id")?;
        Ok(DeliveryRow {
            attempts: self.attempts(&id).await?,
            id,
            event_id: row.try_get("event_id")?,
            event_type: row.try_get("type")?,
            state: row.try_get("state")?,
            created_at: row.try_get("created_at")?,
        })
    }

    async fn attempts(&self, delivery_id: &str) -> Result<Vec<Attempt>, sqlx::Error> {
        // Seven retries and what staff send again by hand: a few rows.
        let rows = sqlx::query(
            "SELECT at, status, duration_ms, error FROM webhook_attempts \
             WHERE delivery_id = $1 ORDER BY at LIMIT 100",
        )
        .bind(delivery_id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(Attempt {
                    at: row.try_get("at")?,
                    status: row.try_get("status")?,
                    duration_ms: row.try_get("duration_ms")?,
                    error: row.try_get("error")?,
                })
            })
            .collect()
    }

    /// Takes up to `limit` deliveries that are due to endpoints that are on (one switched
    /// off keeps its pending deliveries until it is on again), holding them until `now + lease_ms`
    /// so no other node sends them meanwhile. With `only`, takes that one delivery
    /// whatever its state or time (staff sending it again).
    pub async fn claim(
        &self,
        lease_ms: i64,
        limit: i64,
        only: Option<(&str, &str)>,
    ) -> Result<Vec<Claimed>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let ids: Vec<String> = match only {
            Some((endpoint_id, id)) => {
                sqlx::query(
                    "UPDATE webhook_deliveries SET claimed_until = $1 \
                 WHERE id = $2 AND endpoint_id = $3 AND claimed_until <= $4 RETURNING id",
                )
                .bind(now + lease_ms)
                .bind(id)
                .bind(endpoint_id)
                .bind(now)
                .fetch_all(&mut *tx)
                .await?
            }
            None => {
                sqlx::query(
                    "UPDATE webhook_deliveries SET claimed_until = $1 WHERE id IN \
                 (SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id \
                  WHERE d.state = 'pending' AND d.due_at <= $2 AND d.claimed_until <= $2 AND e.active = 1 \
                  ORDER BY d.due_at LIMIT $3) \
                 AND state = 'pending' AND claimed_until <= $2 RETURNING id",
                )
                .bind(now + lease_ms)
                .bind(now)
                .bind(limit)
                .fetch_all(&mut *tx)
                .await?
            }
        }
        .iter()
        .map(|row| row.try_get("id"))
        .collect::<Result<_, _>>()?;
        let mut claimed = Vec::with_capacity(ids.len());
        for id in &ids {
            let row = sqlx::query(
                "SELECT d.id, d.endpoint_id, d.tries, e.url, e.secret, v.id AS event_id, v.type, \
                 v.object_id, v.body, v.created_at AS event_created_at \
                 FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id \
                 JOIN webhook_events v ON v.id = d.event_id WHERE d.id = $1",
            )
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            claimed.push(Claimed {
                id: row.try_get("id")?,
                endpoint_id: row.try_get("endpoint_id")?,
                url: row.try_get("url")?,
                secret: row.try_get("secret")?,
                event_id: row.try_get("event_id")?,
                event_type: row.try_get("type")?,
                object_id: row.try_get("object_id")?,
                event_created_at: row.try_get("event_created_at")?,
                body: row.try_get("body")?,
                tries: row.try_get("tries")?,
            });
        }
        tx.commit().await?;
        Ok(claimed)
    }

    /// Fixes the event's body the first time it is sent, and answers the body every
    /// try sends (another node's, when it fixed it first).
    pub async fn fix_body(&self, event_id: &str, body: &str) -> Result<String, sqlx::Error> {
        sqlx::query("UPDATE webhook_events SET body = $2 WHERE id = $1 AND body IS NULL")
            .bind(event_id)
            .bind(body)
            .execute(self.db.writes())
            .await?;
        sqlx::query("SELECT body FROM webhook_events WHERE id = $1")
            .bind(event_id)
            .fetch_one(&self.db.pool)
            .await?
            .try_get("body")
    }

    /// Writes a try and what became of it. Giving up switches the endpoint off and, in
    /// the same transaction, queues `letter` to every active owner (at most 20); the
    /// answer says whether this try switched it off.
    pub async fn record(
        &self,
        claimed: &Claimed,
        attempt: &Attempt,
        outcome: Outcome,
        letter: &Letter,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        sqlx::query(
            "INSERT INTO webhook_attempts (delivery_id, at, status, duration_ms, error) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&claimed.id)
        .bind(attempt.at)
        .bind(attempt.status)
        .bind(attempt.duration_ms)
        .bind(attempt.error.as_deref())
        .execute(&mut *tx)
        .await?;
        let (state, due) = match outcome {
            Outcome::Delivered => (Some("delivered"), None),
            Outcome::RetryAt(at) => (Some("pending"), Some(at)),
            Outcome::GaveUp => (Some("failed"), None),
            Outcome::Manual => (None, None),
        };
        let counts = i64::from(outcome != Outcome::Manual);
        sqlx::query(
            "UPDATE webhook_deliveries SET state = COALESCE($2, state), tries = tries + $3, \
             due_at = COALESCE($4, due_at), claimed_until = 0 WHERE id = $1",
        )
        .bind(&claimed.id)
        .bind(state)
        .bind(counts)
        .bind(due)
        .execute(&mut *tx)
        .await?;
        let mut switched_off = false;
        if outcome == Outcome::GaveUp {
            switched_off = sqlx::query(
                "UPDATE webhook_endpoints SET active = 0, updated_at = $2 WHERE id = $1 AND active = 1",
            )
            .bind(&claimed.endpoint_id)
            .bind(attempt.at)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
        }
        if switched_off {
            let owners = sqlx::query(
                "SELECT email FROM users WHERE role = 'admin' AND staff_role = 'owner' \
                 AND disabled_at IS NULL ORDER BY created_at LIMIT 20",
            )
            .fetch_all(&mut *tx)
            .await?;
            for owner in &owners {
                let email: String = owner.try_get("email")?;
                outbox::enqueue(&mut tx, &email, letter, attempt.at).await?;
            }
        }
        tx.commit().await?;
        Ok(switched_off)
    }
}
