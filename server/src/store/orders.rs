//! The SQL of orders (DESIGN.md §6). Placing an order is one write transaction: the
//! stock of every line is taken with a conditional decrement that cannot go below
//! zero, the prices are read at that instant, and the order, its lines, its first
//! event, the emptied cart and the confirmation mail are written together, or none of
//! them is. Moving an order on (cancelling it, marking it shipped, …) is a conditional
//! update of its status, so two racing moves cannot both happen: a cancellation
//! restocks exactly once.

use std::collections::BTreeMap;

use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::catalogue::{products_with_ids, ProductRow};
use super::dialect::prefix_bounds;
use super::outbox::{self, Outbox};
use super::payments;
use super::promo;
use super::stock;
use super::{lock_subject, placeholders, Db, Dialect};
use crate::domain::id::Id;
use crate::domain::order::{
    self, shortage, Contact, ContactInput, EventType, Fulfilment, PaymentStatus, Status, Totals,
    NO_LONGER_AVAILABLE,
};
use crate::domain::payment::{derive_status, TxnKind, TxnStatus};
use crate::domain::pricing::price_at;
use crate::domain::promo::{Promo, PromoRefusal};
use crate::domain::time::Clock;
use crate::domain::Money;
use crate::mail::Letter;

pub use crate::domain::order_row::{OrderEvent, OrderLine, OrderRow};

/// Who places an order.
#[derive(Clone, Debug)]
pub enum Buyer {
    /// A signed-in customer: the order takes the lines of their server cart.
    Customer(Id),
    /// A guest: the lines travel in the request.
    Guest(Vec<(Id, i64)>),
}

/// Everything an order is placed from, checked at the edge.
#[derive(Clone, Debug)]
pub struct NewOrder {
    pub buyer: Buyer,
    pub fulfilment: Fulfilment,
    pub contact: Contact,
    pub save_address: bool,
    pub payment_method: &'static str,
    /// A card authorized for the order (DESIGN.md §7), recorded with it.
    pub card: Option<CardCharge>,
    pub idempotency_key: String,
    /// A digest of the request: the same key with another request is refused.
    pub request_digest: String,
    /// A promo code as typed, uppercased (domain::promo::normalise).
    pub promo_code: Option<String>,
}

/// A card payment authorized (or waiting for 3-D Secure) before the order is written:
/// the order records it, and its authorization transaction, in the same transaction.
#[derive(Clone, Debug)]
pub struct CardCharge {
    pub provider: &'static str,
    /// The provider's id of the payment.
    pub payment_ref: String,
    pub brand: String,
    pub last4: String,
    /// What was authorized: the order must come to exactly this.
    pub amount: Money,
    /// `Succeeded` when set aside, `Pending` while the shopper's bank checks.
    pub authorization: TxnStatus,
}

/// Why an order was not placed. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceRefusal {
    Empty,
    /// Each short product's id with what it says ('Only 2 left in stock', …).
    Short(BTreeMap<String, String>),
    /// The key's first request is still being placed.
    KeyInUse,
    /// The key came before with another request.
    KeyReused,
    /// The prices moved between the card's authorization and the order.
    AmountChanged,
    /// The promo code does not apply, or no longer does.
    Promo(PromoRefusal),
}

/// A placed order, new or the one a repeated key placed before.
#[derive(Clone, Debug)]
pub struct Placed {
    pub order: OrderRow,
    pub repeat: bool,
}

/// A line of a quote: what is asked for and whether the stock meets it.
#[derive(Clone, Debug)]
pub struct QuoteLine {
    pub product_id: String,
    pub quantity: i64,
    /// What one unit costs now; `None` for a product that is gone.
    pub unit_price: Option<Money>,
    /// `None` when the line can be met; else what the shopper is told.
    pub problem: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Quote {
    pub totals: Totals,
    pub lines: Vec<QuoteLine>,
}

/// Why a status change did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveRefusal {
    NoSuchOrder,
    /// The status machine does not allow it from where the order stands now.
    NotAllowed(Status),
}

/// The mails a change sends, built once the order's number is known.
pub type MailFor<'a> = &'a (dyn Fn(&OrderRow) -> Letter + Send + Sync);

const ORDER_COLUMNS: &str =
    "id, number, user_id, fulfilment, status, payment_status, payment_method, payment_ref, card_brand, card_last4, \
     subtotal_cents, discount_cents, promo_discount_cents, delivery_fee_cents, total_cents, first_name, company_name, \
     street_address, apartment, town_city, phone_number, email_address, promo_code, created_at";

/// Which orders the administrators' list shows: every filter given must hold.
#[derive(Clone, Debug, Default)]
pub struct OrderFilter {
    pub status: Option<Status>,
    pub payment_status: Option<PaymentStatus>,
    pub fulfilment: Option<Fulfilment>,
    /// Placed at or after this instant (Unix ms).
    pub from: Option<i64>,
    /// Placed before this instant (Unix ms).
    pub until: Option<i64>,
    /// Text the order's number equals, or its e-mail or first name begins with
    /// (case-insensitively); already trimmed and not empty.
    pub query: Option<String>,
}

/// A value bound to a query built from parts.
enum Bind {
    Text(String),
    Int(i64),
}

#[derive(Clone, Debug)]
pub struct Orders {
    db: Db,
    clock: Clock,
    outbox: Outbox,
    /// Administrators' changes are logged in their own transaction.
    activity: Activity,
}

impl Orders {
    pub fn new(db: Db, clock: Clock, outbox: Outbox) -> Self {
        let activity = Activity::new(db.clone(), clock.clone());
        Orders {
            db,
            clock,
            outbox,
            activity,
        }
    }

    /// The totals the lines would be charged now, each line flagged when the stock
    /// cannot meet it. Products that are gone are flagged and left out of the totals.
    pub async fn quote(
        &self,
        buyer: &Buyer,
        fulfilment: Fulfilment,
        promo_code: Option<&str>,
    ) -> Result<Result<Quote, PlaceRefusal>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let lines = match buyer {
            Buyer::Customer(user_id) => cart_lines(&mut conn, user_id).await?,
            Buyer::Guest(lines) => lines.clone(),
        };
        if lines.is_empty() {
            return Ok(Err(PlaceRefusal::Empty));
        }
        let ids: Vec<Id> = lines.iter().map(|(id, _)| id.clone()).collect();
        let products = products_by_id(&mut conn, self.db.dialect, &ids).await?;
        let now = self.clock.now_ms();
        let mut priced = Vec::new();
        let mut quoted = Vec::new();
        for (id, quantity) in lines {
            let (unit_price, problem) = match products.get(id.as_str()) {
                None => (None, Some(NO_LONGER_AVAILABLE.to_string())),
                Some(product) => {
                    let paid = price_at(product.price, product.discount, now).discounted_price;
                    priced.push((paid, quantity));
                    (
                        Some(paid),
                        (product.stock < quantity).then(|| shortage(product.stock)),
                    )
                }
            };
            quoted.push(QuoteLine {
                product_id: id.into_string(),
                quantity,
                unit_price,
                problem,
            });
        }
        let mut totals = order::totals(&priced, fulfilment);
        if let Some(code) = promo_code {
            // A guest's earlier uses are counted at the order, once the e-mail is known.
            let customer = match buyer {
                Buyer::Customer(user_id) => Some(user_id.as_str()),
                Buyer::Guest(_) => None,
            };
            match applied_promo(&mut conn, code, customer, &totals, now).await? {
                Ok(promo) => totals = totals.with_promo(promo.discount_on(totals.goods())),
                Err(refusal) => return Ok(Err(PlaceRefusal::Promo(refusal))),
            }
        }
        Ok(Ok(Quote {
            totals,
            lines: quoted,
        }))
    }

    /// Places an order (see the module's documentation). `confirmation` writes the
    /// mail queued with it. A repeated key with the same request answers the order it
    /// placed before, and nothing else happens.
    pub async fn place(
        &self,
        new: NewOrder,
        confirmation: MailFor<'_>,
    ) -> Result<Result<Placed, PlaceRefusal>, sqlx::Error> {
        let scope = match &new.buyer {
            Buyer::Customer(user_id) => user_id.as_str().to_string(),
            Buyer::Guest(_) => "guest".to_string(),
        };
        let mut tx = self.db.begin_write().await?;
        let key_lock = format!("{scope}\n{}", new.idempotency_key);
        if !try_lock_subject(&mut tx, self.db.dialect, "order-key", &key_lock).await? {
            return Ok(Err(PlaceRefusal::KeyInUse));
        }
        let earlier = sqlx::query(
            "SELECT id, request_digest FROM orders WHERE idempotency_scope = $1 AND idempotency_key = $2",
        )
        .bind(&scope)
        .bind(&new.idempotency_key)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(row) = earlier {
            let digest: String = row.try_get("request_digest")?;
            if digest != new.request_digest {
                return Ok(Err(PlaceRefusal::KeyReused));
            }
            let id: Id = row.try_get("id")?;
            let order = load(&mut tx, &id).await?.ok_or(sqlx::Error::RowNotFound)?;
            return Ok(Ok(Placed {
                order,
                repeat: true,
            }));
        }

        let lines = match &new.buyer {
            Buyer::Customer(user_id) => {
                // The same lock as every change to the customer's lists (store::items).
                lock_subject(&mut tx, self.db.dialect, "items", user_id.as_str()).await?;
                cart_lines(&mut tx, user_id).await?
            }
            Buyer::Guest(lines) => lines.clone(),
        };
        if lines.is_empty() {
            return Ok(Err(PlaceRefusal::Empty));
        }

        // Taken in id order, so two orders sharing products lock them in the same
        // order and never deadlock.
        let mut by_id = lines.clone();
        by_id.sort();
        let mut short = BTreeMap::new();
        let mut sold_out = Vec::new();
        let mut taken = Vec::with_capacity(by_id.len());
        for (id, quantity) in &by_id {
            // An archived product is no longer sold: it takes no units and reads as gone.
            let left: Option<i64> = sqlx::query(
                "UPDATE products SET stock = stock - $1 \
                 WHERE id = $2 AND stock >= $1 AND archived_at IS NULL RETURNING stock",
            )
            .bind(quantity)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .map(|row| row.try_get("stock"))
            .transpose()?;
            if left == Some(0) {
                sold_out.push(id.as_str());
            }
            if let Some(left) = left {
                taken.push(stock::Movement {
                    product_id: id.as_str().to_string(),
                    change: -quantity,
                    stock_after: left,
                });
            }
            if left.is_none() {
                let stock: Option<i64> =
                    sqlx::query("SELECT stock FROM products WHERE id = $1 AND archived_at IS NULL")
                        .bind(id)
                        .fetch_optional(&mut *tx)
                        .await?
                        .map(|row| row.try_get("stock"))
                        .transpose()?;
                let message = stock.map_or_else(|| NO_LONGER_AVAILABLE.to_string(), shortage);
                short.insert(id.as_str().to_string(), message);
            }
        }
        if !short.is_empty() {
            // Dropping the transaction rolls back the units already taken.
            return Ok(Err(PlaceRefusal::Short(short)));
        }

        let now = self.clock.now_ms();
        let ids: Vec<Id> = lines.iter().map(|(id, _)| id.clone()).collect();
        let products = products_by_id(&mut tx, self.db.dialect, &ids).await?;
        let mut order_lines = Vec::with_capacity(lines.len());
        for (id, quantity) in &lines {
            let product = products.get(id.as_str()).ok_or(sqlx::Error::RowNotFound)?;
            let price = price_at(product.price, product.discount, now);
            let discount_bp = if product.discount.active_at(now) {
                product.discount.basis_points
            } else {
                0
            };
            order_lines.push(OrderLine {
                product_id: id.as_str().to_string(),
                name: product.name.clone(),
                image: product.images.first().cloned(),
                unit_price: price.discounted_price,
                list_price: product.price,
                discount_bp,
                quantity: *quantity,
                line_total: Money::from_cents(price.discounted_price.cents() * quantity),
            });
        }
        let priced: Vec<_> = order_lines
            .iter()
            .map(|l| (l.unit_price, l.quantity))
            .collect();
        let mut totals = order::totals(&priced, new.fulfilment);
        let customer = match &new.buyer {
            Buyer::Customer(user_id) => user_id.as_str().to_string(),
            Buyer::Guest(_) => new.contact.email().to_string(),
        };
        let promo = match &new.promo_code {
            None => None,
            Some(code) => match applied_promo(&mut tx, code, None, &totals, now).await? {
                Ok(promo) => {
                    totals = totals.with_promo(promo.discount_on(totals.goods()));
                    Some(promo)
                }
                Err(refusal) => return Ok(Err(PlaceRefusal::Promo(refusal))),
            },
        };
        if new
            .card
            .as_ref()
            .is_some_and(|card| card.amount != totals.total)
        {
            return Ok(Err(PlaceRefusal::AmountChanged));
        }
        let payment_status = match &new.card {
            Some(card) => derive_status(&[(TxnKind::Authorization, card.authorization)]),
            None => PaymentStatus::Unpaid,
        };

        let seq: i64 = sqlx::query(self.db.dialect.next_order_seq())
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        let user_id = match &new.buyer {
            Buyer::Customer(user_id) => Some(user_id.clone()),
            Buyer::Guest(_) => None,
        };
        let contact = new.contact.get();
        let id = Id::generate();
        let number = order::order_number(seq);
        stock::record(&mut tx, &taken, stock::Cause::Order(&number), now).await?;
        sqlx::query(
            "INSERT INTO orders (id, seq, number, user_id, fulfilment, status, payment_status, payment_method, \
                 subtotal_cents, discount_cents, delivery_fee_cents, total_cents, first_name, company_name, \
                 street_address, apartment, town_city, phone_number, email_address, idempotency_scope, \
                 idempotency_key, request_digest, created_at, updated_at, payment_ref, card_brand, card_last4, \
                 promo_code, promo_discount_cents) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $23, $24, $25, $26, $27, $28)",
        )
        .bind(&id)
        .bind(seq)
        .bind(&number)
        .bind(user_id.as_ref())
        .bind(new.fulfilment.as_str())
        .bind(Status::Placed.as_str())
        .bind(payment_status.as_str())
        .bind(new.payment_method)
        .bind(totals.subtotal.cents())
        .bind(totals.discount.cents())
        .bind(totals.delivery_fee.cents())
        .bind(totals.total.cents())
        .bind(&contact.first_name)
        .bind(&contact.company_name)
        .bind(&contact.street_address)
        .bind(&contact.apartment)
        .bind(&contact.town_city)
        .bind(&contact.phone_number)
        .bind(&contact.email_address)
        .bind(&scope)
        .bind(&new.idempotency_key)
        .bind(&new.request_digest)
        .bind(now)
        .bind(new.card.as_ref().map(|c| c.payment_ref.clone()))
        .bind(new.card.as_ref().map(|c| c.brand.clone()))
        .bind(new.card.as_ref().map(|c| c.last4.clone()))
        .bind(promo.as_ref().map(|p| p.code.clone()))
        .bind(totals.promo_discount.cents())
        .execute(&mut *tx)
        .await?;
        if let Some(promo) = &promo {
            let redeemed =
                promo::redeem(&mut tx, self.db.dialect, promo, &customer, id.as_str(), now).await?;
            if let Err(refusal) = redeemed {
                // Dropping the transaction takes the order and its stock back.
                return Ok(Err(PlaceRefusal::Promo(refusal)));
            }
        }
        if let Some(card) = &new.card {
            payments::insert_transaction(
                &mut tx,
                &payments::NewTransaction {
                    order_id: Some(&id),
                    user_id: user_id.as_ref(),
                    kind: TxnKind::Authorization,
                    status: card.authorization,
                    amount: card.amount,
                    provider: card.provider,
                    provider_ref: &card.payment_ref,
                    brand: Some(&card.brand),
                    last4: Some(&card.last4),
                    error: None,
                },
                now,
            )
            .await?;
        }
        for (position, line) in order_lines.iter().enumerate() {
            sqlx::query(
                "INSERT INTO order_lines (order_id, position, product_id, name, image, unit_price_cents, \
                     list_price_cents, discount_bp, quantity, line_total_cents) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(&id)
            .bind(position as i64)
            .bind(&line.product_id)
            .bind(&line.name)
            .bind(line.image.as_deref())
            .bind(line.unit_price.cents())
            .bind(line.list_price.cents())
            .bind(line.discount_bp)
            .bind(line.quantity)
            .bind(line.line_total.cents())
            .execute(&mut *tx)
            .await?;
        }
        add_event(&mut tx, &id, EventType::Placed, now, None).await?;
        if let Buyer::Customer(user_id) = &new.buyer {
            if new.save_address {
                save_address(&mut tx, user_id, contact, now).await?;
            }
            sqlx::query("DELETE FROM user_items WHERE user_id = $1 AND list = 'cart'")
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        // The order as written, without reading it back while other writers wait.
        let order = OrderRow {
            id,
            number: order::order_number(seq),
            user_id,
            fulfilment: new.fulfilment,
            status: Status::Placed,
            payment_status,
            payment_method: new.payment_method.to_string(),
            payment_ref: new.card.as_ref().map(|c| c.payment_ref.clone()),
            card_brand: new.card.as_ref().map(|c| c.brand.clone()),
            card_last4: new.card.as_ref().map(|c| c.last4.clone()),
            totals,
            contact: contact.clone(),
            promo_code: promo.map(|p| p.code),
            created_at: now,
            lines: order_lines,
            events: vec![OrderEvent {
                kind: EventType::Placed,
                at: now,
                note: None,
                public: EventType::Placed.is_public(),
            }],
        };
        outbox::enqueue(
            &mut tx,
            &order.contact.email_address,
            &confirmation(&order),
            now,
        )
        .await?;
        tx.commit().await?;
        self.outbox.wake();
        super::catalogue::stock_crossed_zero(&self.db, &sold_out).await;
        Ok(Ok(Placed {
            order,
            repeat: false,
        }))
    }

    /// Whether `key` placed an order for `scope` (a customer's id, or 'guest').
    pub async fn key_taken(&self, scope: &str, key: &str) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query(
            "SELECT 1 AS one FROM orders WHERE idempotency_scope = $1 AND idempotency_key = $2",
        )
        .bind(scope)
        .bind(key)
        .fetch_optional(&self.db.pool)
        .await?
        .is_some())
    }

    pub async fn by_number(&self, number: &str) -> Result<Option<OrderRow>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let id: Option<Id> = sqlx::query("SELECT id FROM orders WHERE number = $1")
            .bind(number)
            .fetch_optional(&mut *conn)
            .await?
            .map(|row| row.try_get("id"))
            .transpose()?;
        match id {
            Some(id) => load(&mut conn, &id).await,
            None => Ok(None),
        }
    }

    /// A page of the customer's orders, newest first, and how many they have.
    pub async fn of_customer(
        &self,
        user_id: &Id,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
        self.page(
            "WHERE user_id = $1",
            vec![Bind::Text(user_id.as_str().to_string())],
            limit,
            offset,
        )
        .await
    }

    /// A page of every order, or those standing at `status`, newest first.
    pub async fn all(
        &self,
        status: Option<Status>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
        let filter = OrderFilter {
            status,
            ..OrderFilter::default()
        };
        self.search(&filter, limit, offset).await
    }

    /// A page of the orders `filter` keeps, newest first, and how many it keeps.
    ///
    /// Each filter has an index of its own (migrations 0006 and 0009): status, payment
    /// status and fulfilment with the order number, so a page is the index walked
    /// newest first; dates by `created_at`; the search by number (unique), e-mail and
    /// lowercased first name, each a range of its index, so the planner combines them
    /// (OR) and sorts only what matched; the other filters then only sift those. A date
    /// range sorts its matches by number. Several filters without a search are served
    /// by the index the planner finds most selective. Checked with EXPLAIN on both
    /// backends (docs/ARCHITECTURE.md).
    pub async fn search(
        &self,
        filter: &OrderFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
        let mut conditions = Vec::new();
        let mut binds = Vec::new();
        let bind = |value: Bind, binds: &mut Vec<Bind>| {
            binds.push(value);
            format!("${}", binds.len())
        };
        // With a search, the other filters are written so no index can serve them: a
        // planner without statistics (SQLite's) would otherwise walk, say, every placed
        // order by `orders_by_status` rather than take the search's few matches.
        let searching = filter.query.is_some();
        let text = |column: &str| {
            if searching {
                format!("({column} || '')")
            } else {
                column.to_string()
            }
        };
        let created = if searching {
            "(created_at + 0)"
        } else {
            "created_at"
        };
        if let Some(status) = filter.status {
            let n = bind(Bind::Text(status.as_str().into()), &mut binds);
            conditions.push(format!("{} = {n}", text("status")));
        }
        if let Some(payment) = filter.payment_status {
            let n = bind(Bind::Text(payment.as_str().into()), &mut binds);
            conditions.push(format!("{} = {n}", text("payment_status")));
        }
        if let Some(fulfilment) = filter.fulfilment {
            let n = bind(Bind::Text(fulfilment.as_str().into()), &mut binds);
            conditions.push(format!("{} = {n}", text("fulfilment")));
        }
        if let Some(from) = filter.from {
            let n = bind(Bind::Int(from), &mut binds);
            conditions.push(format!("{created} >= {n}"));
        }
        if let Some(until) = filter.until {
            let n = bind(Bind::Int(until), &mut binds);
            conditions.push(format!("{created} < {n}"));
        }
        if let Some(query) = &filter.query {
            let dialect = self.db.dialect;
            let (low, high) = prefix_bounds(&query.to_lowercase());
            let mut any = Vec::new();
            let number = query.trim_start_matches('#');
            if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
                let n = bind(Bind::Text(number.into()), &mut binds);
                any.push(format!("number = {n}"));
            }
            let (l, h) = (
                bind(Bind::Text(low), &mut binds),
                bind(Bind::Text(high), &mut binds),
            );
            for column in [
                dialect.bytewise("email_address"),
                dialect.bytewise("lower(first_name)"),
            ] {
                any.push(format!("({column} >= {l} AND {column} < {h})"));
            }
            conditions.push(format!("({})", any.join(" OR ")));
        }
        let clause = if conditions.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", conditions.join(" AND "))
        };
        self.page(&clause, binds, limit, offset).await
    }

    /// The orders placed from `from` to before `until` (Unix ms), oldest first, with
    /// their lines: `limit` of them after `after` (the last one's time and id), so an
    /// export walks any number of them a page at a time along `orders_by_created`.
    pub async fn placed_between(
        &self,
        from: i64,
        until: i64,
        after: Option<(i64, String)>,
        limit: i64,
    ) -> Result<Vec<OrderRow>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let (after_at, after_id) = after.unwrap_or((from - 1, String::new()));
        let rows = sqlx::query(&format!(
            "SELECT {ORDER_COLUMNS} FROM orders WHERE created_at >= $1 AND created_at < $2 \
             AND (created_at > $3 OR (created_at = $3 AND id > $4)) ORDER BY created_at, id LIMIT $5"
        ))
        .bind(from)
        .bind(until)
        .bind(after_at)
        .bind(after_id)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
        let mut orders = rows.iter().map(order_head).collect::<Result<Vec<_>, _>>()?;
        fill_details(&mut conn, &mut orders).await?;
        Ok(orders)
    }

    async fn page(
        &self,
        filter: &str,
        binds: Vec<Bind>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let n = binds.len() + 1;
        let sql = format!(
            "SELECT {ORDER_COLUMNS} FROM orders {filter} ORDER BY seq DESC LIMIT ${n} OFFSET ${}",
            n + 1
        );
        let count_sql = format!("SELECT COUNT(*) AS n FROM orders {filter}");
        let mut query = sqlx::query(&sql);
        let mut count = sqlx::query(&count_sql);
        for value in &binds {
            match value {
                Bind::Text(text) => {
                    query = query.bind(text.as_str());
                    count = count.bind(text.as_str());
                }
                Bind::Int(int) => {
                    query = query.bind(*int);
                    count = count.bind(*int);
                }
            }
        }
        let rows = query.bind(limit).bind(offset).fetch_all(&mut *conn).await?;
        let total: i64 = count.fetch_one(&mut *conn).await?.try_get("n")?;
        let mut orders = rows.iter().map(order_head).collect::<Result<Vec<_>, _>>()?;
        fill_details(&mut conn, &mut orders).await?;
        Ok((orders, total))
    }

    /// Moves the order to `next` if the status machine allows it from where it stands
    /// now. Cancelling puts every line's units back on the shelf. `mail` writes the
    /// letter the shopper gets about it, queued in the same transaction.
    pub async fn move_to(
        &self,
        id: &Id,
        next: Status,
        note: Option<&str>,
        mail: MailFor<'_>,
    ) -> Result<Result<OrderRow, MoveRefusal>, sqlx::Error> {
        self.move_as(id, next, note, mail, None).await
    }

    /// [`Orders::move_to`] by an administrator: the move is written to the activity
    /// log (the status before and after, and the note) in the same transaction.
    pub async fn move_by_admin(
        &self,
        id: &Id,
        next: Status,
        note: Option<&str>,
        mail: MailFor<'_>,
        admin: &Actor,
    ) -> Result<Result<OrderRow, MoveRefusal>, sqlx::Error> {
        self.move_as(id, next, note, mail, Some(admin)).await
    }

    async fn move_as(
        &self,
        id: &Id,
        next: Status,
        note: Option<&str>,
        mail: MailFor<'_>,
        admin: Option<&Actor>,
    ) -> Result<Result<OrderRow, MoveRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let row = sqlx::query("SELECT status, fulfilment FROM orders WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            return Ok(Err(MoveRefusal::NoSuchOrder));
        };
        let current = parse_status(&row.try_get::<String, _>("status")?)?;
        let fulfilment = parse_fulfilment(&row.try_get::<String, _>("fulfilment")?)?;
        if !current.may_become(next, fulfilment) {
            return Ok(Err(MoveRefusal::NotAllowed(current)));
        }
        let now = self.clock.now_ms();
        // Conditional on the status read above: of two racing moves, the second finds
        // the status changed (PostgreSQL re-reads the row once the first commits) and
        // changes nothing.
        let moved = sqlx::query(
            "UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3 AND status = $4",
        )
        .bind(next.as_str())
        .bind(now)
        .bind(id)
        .bind(current.as_str())
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if moved == 0 {
            let status: String = sqlx::query("SELECT status FROM orders WHERE id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?
                .try_get("status")?;
            return Ok(Err(MoveRefusal::NotAllowed(parse_status(&status)?)));
        }
        add_event(&mut tx, id, next.event(), now, note).await?;
        let mut back_in_stock = Vec::new();
        if next == Status::Cancelled {
            let number: String = sqlx::query("SELECT number FROM orders WHERE id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?
                .try_get("number")?;
            let mut returned = Vec::new();
            let lines = sqlx::query(
                "SELECT product_id, quantity FROM order_lines WHERE order_id = $1 ORDER BY product_id",
            )
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
            for line in &lines {
                // A product deleted since takes nothing back.
                let quantity: i64 = line.try_get("quantity")?;
                let product: String = line.try_get("product_id")?;
                let now_held: Option<i64> = sqlx::query(
                    "UPDATE products SET stock = stock + $1 WHERE id = $2 RETURNING stock",
                )
                .bind(quantity)
                .bind(&product)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get("stock"))
                .transpose()?;
                if let Some(held) = now_held {
                    returned.push(stock::Movement {
                        product_id: product.clone(),
                        change: quantity,
                        stock_after: held,
                    });
                }
                if quantity > 0 && now_held == Some(quantity) {
                    back_in_stock.push(product);
                }
            }
            stock::record(&mut tx, &returned, stock::Cause::Cancelled(&number), now).await?;
            add_event(&mut tx, id, EventType::Restocked, now, None).await?;
        }
        let order = load(&mut tx, id).await?.ok_or(sqlx::Error::RowNotFound)?;
        outbox::enqueue(&mut tx, &order.contact.email_address, &mail(&order), now).await?;
        if let Some(admin) = admin {
            let changes = Changes::new()
                .field("status", current.as_str(), next.as_str())
                .field("note", None::<String>, note.map(str::to_string));
            self.activity
                .record(
                    &mut tx,
                    order_entry(admin, &order.number, "status_changed", changes),
                )
                .await?;
        }
        tx.commit().await?;
        self.outbox.wake();
        let back: Vec<&str> = back_in_stock.iter().map(String::as_str).collect();
        super::catalogue::stock_crossed_zero(&self.db, &back).await;
        Ok(Ok(order))
    }

    /// Adds an administrator's internal note to the order's history: an event the
    /// shopper never sees, logged in the activity log with it. `None` when there is no
    /// such order.
    pub async fn add_note(
        &self,
        id: &Id,
        note: &str,
        admin: &Actor,
    ) -> Result<Option<OrderRow>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let number: Option<String> = sqlx::query("SELECT number FROM orders WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .map(|row| row.try_get("number"))
            .transpose()?;
        let Some(number) = number else {
            return Ok(None);
        };
        let now = self.clock.now_ms();
        add_event(&mut tx, id, EventType::Note, now, Some(note)).await?;
        let changes = Changes::new().field("note", None::<String>, note);
        self.activity
            .record(&mut tx, order_entry(admin, &number, "note_added", changes))
            .await?;
        let order = load(&mut tx, id).await?;
        tx.commit().await?;
        Ok(order)
    }

    /// Records that the order's cash was received: a capture transaction of the manual
    /// provider, from which the order's status is derived (paid). `Ok(None)` when it is
    /// not an unpaid cash order (paid already, or by card) or it was cancelled.
    /// The administrator who recorded it is logged with the payment status before and
    /// after, in the same transaction.
    pub async fn mark_paid(&self, id: &Id, admin: &Actor) -> Result<Option<OrderRow>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        let row = sqlx::query(
            "SELECT user_id, total_cents FROM orders \
             WHERE id = $1 AND payment_method = 'cod' AND payment_status = $2 AND status <> $3",
        )
        .bind(id)
        .bind(PaymentStatus::Unpaid.as_str())
        .bind(Status::Cancelled.as_str())
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let user_id: Option<Id> = row.try_get("user_id")?;
        // One cash capture per order: its reference is the order's id.
        let recorded = payments::insert_transaction(
            &mut tx,
            &payments::NewTransaction {
                order_id: Some(id),
                user_id: user_id.as_ref(),
                kind: TxnKind::Capture,
                status: TxnStatus::Succeeded,
                amount: Money::from_cents(row.try_get("total_cents")?),
                provider: "manual",
                provider_ref: id.as_str(),
                brand: None,
                last4: None,
                error: None,
            },
            now,
        )
        .await?;
        if !recorded {
            return Ok(None);
        }
        payments::rederive(&mut tx, id, now).await?;
        let order = load(&mut tx, id).await?.ok_or(sqlx::Error::RowNotFound)?;
        let changes = Changes::new().field(
            "paymentStatus",
            PaymentStatus::Unpaid.as_str(),
            order.payment_status.as_str(),
        );
        self.activity
            .record(
                &mut tx,
                order_entry(admin, &order.number, "marked_paid", changes),
            )
            .await?;
        tx.commit().await?;
        Ok(Some(order))
    }

    /// The order `id`, as it stands.
    pub async fn by_id(&self, id: &Id) -> Result<Option<OrderRow>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        load(&mut conn, id).await
    }

    /// The order with this number whose contact e-mail is `email` (lowercased).
    pub async fn find_for_tracking(
        &self,
        number: &str,
        email: &str,
    ) -> Result<Option<(String, String)>, sqlx::Error> {
        sqlx::query(
            "SELECT number, email_address FROM orders WHERE number = $1 AND email_address = $2",
        )
        .bind(number)
        .bind(email)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|row| Ok((row.try_get("number")?, row.try_get("email_address")?)))
        .transpose()
    }

    /// The address the customer last saved at checkout.
    pub async fn saved_address(&self, user_id: &Id) -> Result<Option<ContactInput>, sqlx::Error> {
        sqlx::query(
            "SELECT first_name, company_name, street_address, apartment, town_city, phone_number, email_address \
             FROM saved_addresses WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(contact_from_row)
        .transpose()
    }
}

/// An activity entry about the order `number` (the console finds orders by number).
fn order_entry<'a>(
    admin: &'a Actor,
    number: &'a str,
    action: &'a str,
    changes: Changes,
) -> Entry<'a> {
    Entry {
        actor: admin,
        object_type: "order",
        object_id: number,
        // The console knows an order by its number.
        object_name: number,
        action,
        changes,
    }
}

/// Like [`lock_subject`], but gives up at once when another transaction holds the lock.
async fn try_lock_subject(
    tx: &mut Transaction<'static, Any>,
    dialect: Dialect,
    kind: &str,
    subject: &str,
) -> Result<bool, sqlx::Error> {
    match dialect.try_subject_lock() {
        Some(sql) => sqlx::query(sql)
            .bind(format!("{kind}\n{subject}"))
            .fetch_one(&mut **tx)
            .await?
            .try_get("locked"),
        None => Ok(true),
    }
}

async fn cart_lines(conn: &mut AnyConnection, user_id: &Id) -> Result<Vec<(Id, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT product_id, quantity FROM user_items WHERE user_id = $1 AND list = 'cart' ORDER BY created_at, id",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("product_id")?, row.try_get("quantity")?)))
        .collect()
}

/// The products with these ids that exist, by id.
async fn products_by_id(
    conn: &mut AnyConnection,
    dialect: Dialect,
    ids: &[Id],
) -> Result<BTreeMap<String, ProductRow>, sqlx::Error> {
    Ok(products_with_ids(&mut *conn, dialect, ids)
        .await?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect())
}

async fn add_event(
    conn: &mut AnyConnection,
    order_id: &Id,
    kind: EventType,
    at: i64,
    note: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_events (order_id, type, at, note, public) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(order_id)
    .bind(kind.as_str())
    .bind(at)
    .bind(note)
    .bind(i64::from(kind.is_public()))
    .execute(&mut *conn)
    .await
    .map(drop)
}

async fn save_address(
    conn: &mut AnyConnection,
    user_id: &Id,
    contact: &ContactInput,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO saved_addresses (user_id, first_name, company_name, street_address, apartment, town_city, \
             phone_number, email_address, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (user_id) DO UPDATE SET first_name = $2, company_name = $3, street_address = $4, \
             apartment = $5, town_city = $6, phone_number = $7, email_address = $8, updated_at = $9",
    )
    .bind(user_id)
    .bind(&contact.first_name)
    .bind(&contact.company_name)
    .bind(&contact.street_address)
    .bind(&contact.apartment)
    .bind(&contact.town_city)
    .bind(&contact.phone_number)
    .bind(&contact.email_address)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map(drop)
}

/// The order `id` with its lines and events.
async fn load(conn: &mut AnyConnection, id: &Id) -> Result<Option<OrderRow>, sqlx::Error> {
    let sql = format!("SELECT {ORDER_COLUMNS} FROM orders WHERE id = $1");
    let Some(row) = sqlx::query(&sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let mut orders = vec![order_head(&row)?];
    fill_details(conn, &mut orders).await?;
    Ok(orders.pop())
}

/// Reads the lines and events of `orders` (at most a page of them), two queries in all.
async fn fill_details(
    conn: &mut AnyConnection,
    orders: &mut [OrderRow],
) -> Result<(), sqlx::Error> {
    if orders.is_empty() {
        return Ok(());
    }
    let ids = placeholders(orders.len());
    let lines_sql = format!(
        "SELECT order_id, product_id, name, image, unit_price_cents, list_price_cents, discount_bp, quantity, \
             line_total_cents FROM order_lines WHERE order_id IN ({ids}) ORDER BY order_id, position"
    );
    let events_sql = format!(
        "SELECT order_id, type, at, note, public FROM order_events WHERE order_id IN ({ids}) ORDER BY order_id, seq"
    );
    let mut lines = sqlx::query(&lines_sql);
    let mut events = sqlx::query(&events_sql);
    for order in orders.iter() {
        lines = lines.bind(order.id.clone());
        events = events.bind(order.id.clone());
    }
    let mut index = BTreeMap::new();
    for (i, order) in orders.iter().enumerate() {
        index.insert(order.id.as_str().to_string(), i);
    }
    for row in lines.fetch_all(&mut *conn).await? {
        let order_id: String = row.try_get("order_id")?;
        let Some(&i) = index.get(&order_id) else {
            continue;
        };
        orders[i].lines.push(OrderLine {
            product_id: row.try_get("product_id")?,
            name: row.try_get("name")?,
            image: row.try_get("image")?,
            unit_price: Money::from_cents(row.try_get("unit_price_cents")?),
            list_price: Money::from_cents(row.try_get("list_price_cents")?),
            discount_bp: row.try_get("discount_bp")?,
            quantity: row.try_get("quantity")?,
            line_total: Money::from_cents(row.try_get("line_total_cents")?),
        });
    }
    for row in events.fetch_all(&mut *conn).await? {
        let order_id: String = row.try_get("order_id")?;
        let Some(&i) = index.get(&order_id) else {
            continue;
        };
        let kind: String = row.try_get("type")?;
        orders[i].events.push(OrderEvent {
            kind: EventType::parse(&kind).ok_or_else(|| corrupt("order_events.type", &kind))?,
            at: row.try_get("at")?,
            note: row.try_get("note")?,
            public: row.try_get::<i64, _>("public")? == 1,
        });
    }
    Ok(())
}

fn order_head(row: &AnyRow) -> Result<OrderRow, sqlx::Error> {
    let cents = |column: &str| -> Result<Money, sqlx::Error> {
        Ok(Money::from_cents(row.try_get(column)?))
    };
    let payment_status: String = row.try_get("payment_status")?;
    Ok(OrderRow {
        id: row.try_get("id")?,
        number: row.try_get("number")?,
        user_id: row.try_get("user_id")?,
        fulfilment: parse_fulfilment(&row.try_get::<String, _>("fulfilment")?)?,
        status: parse_status(&row.try_get::<String, _>("status")?)?,
        payment_status: PaymentStatus::parse(&payment_status)
            .ok_or_else(|| corrupt("payment_status", &payment_status))?,
        payment_method: row.try_get("payment_method")?,
        payment_ref: row.try_get("payment_ref")?,
        card_brand: row.try_get("card_brand")?,
        card_last4: row.try_get("card_last4")?,
        totals: Totals {
            subtotal: cents("subtotal_cents")?,
            discount: cents("discount_cents")?,
            promo_discount: cents("promo_discount_cents")?,
            delivery_fee: cents("delivery_fee_cents")?,
            total: cents("total_cents")?,
        },
        contact: contact_from_row(row)?,
        promo_code: row.try_get("promo_code")?,
        created_at: row.try_get("created_at")?,
        lines: Vec::new(),
        events: Vec::new(),
    })
}

/// The code `code` if it applies to an order of `totals` at `now`: it exists, is on,
/// inside its dates, under its limit, above its minimum, and (for a known `customer`)
/// under their limit. The order checks the limits again as it counts its use.
async fn applied_promo(
    conn: &mut AnyConnection,
    code: &str,
    customer: Option<&str>,
    totals: &Totals,
    now: i64,
) -> Result<Result<Promo, PromoRefusal>, sqlx::Error> {
    let Some(promo) = promo::promo_by_code(conn, code).await? else {
        return Ok(Err(PromoRefusal::NotValid));
    };
    if let Err(refusal) = promo.check(now, totals.subtotal) {
        return Ok(Err(refusal));
    }
    if let (Some(customer), Some(limit)) = (customer, promo.per_customer_limit) {
        if promo::uses_by(conn, &promo.id, customer).await? >= limit {
            return Ok(Err(PromoRefusal::AlreadyUsed));
        }
    }
    Ok(Ok(promo))
}

fn contact_from_row(row: &AnyRow) -> Result<ContactInput, sqlx::Error> {
    Ok(ContactInput {
        first_name: row.try_get("first_name")?,
        company_name: row.try_get("company_name")?,
        street_address: row.try_get("street_address")?,
        apartment: row.try_get("apartment")?,
        town_city: row.try_get("town_city")?,
        phone_number: row.try_get("phone_number")?,
        email_address: row.try_get("email_address")?,
    })
}

fn parse_status(text: &str) -> Result<Status, sqlx::Error> {
    Status::parse(text).ok_or_else(|| corrupt("status", text))
}

fn parse_fulfilment(text: &str) -> Result<Fulfilment, sqlx::Error> {
    Fulfilment::parse(text).ok_or_else(|| corrupt("fulfilment", text))
}

/// A stored value the schema's checks should have kept out.
fn corrupt(column: &str, value: &str) -> sqlx::Error {
    sqlx::Error::Decode(format!("orders.{column} holds {value:?}").into())
}
