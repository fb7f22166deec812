//! Placing an order, and the quote the checkout shows before it: the same lines, priced
//! by one rule ([`price_line`]) at the instant each is asked for.

use std::collections::BTreeMap;

use sqlx::{Any, AnyConnection, Row, Transaction};

use super::credit;
use super::delivery_choice::{deliver, parcel};
use super::documents;
use super::lines::{asks_of, cart_asks, ready, resolve, Line, Ready};
use super::rows::{add_event, load, taxes_json};
use super::{
    AccountTerms, Buyer, DeliveryAsk, MailFor, NewOrder, OrderEvent, OrderLine, OrderRow, OrderTax,
    Orders, PlaceRefusal, Placed, Quote, QuoteLine,
};
use crate::domain::contact::ContactInput;
use crate::domain::delivery;
use crate::domain::id::Id;
use crate::domain::order::PaymentStatus;
use crate::domain::order::{
    self, shortage, EventType, Fulfilment, Status, Totals, NO_LONGER_AVAILABLE,
};
use crate::domain::payment::{derive_status, TxnKind};
use crate::domain::promo::{Promo, PromoRefusal};
use crate::domain::tax::{with_tax, LineToTax, TaxSettings};
use crate::domain::variant::options_text;
use crate::domain::Money;
use crate::store::outbox;
use crate::store::payments;
use crate::store::prices::priced_line;
use crate::store::prices::pricing_for;
use crate::store::promo;
use crate::store::stock;
use crate::store::{lock_subject, try_lock_subject};

impl Orders {
    /// The totals the lines would be charged now, each line flagged when the stock
    /// cannot meet it. Products and variants that are gone are flagged and left out of
    /// the totals.
    pub async fn quote(
        &self,
        buyer: &Buyer,
        fulfilment: Fulfilment,
        delivery: &DeliveryAsk,
        promo_code: Option<&str>,
        tax: &TaxSettings,
    ) -> Result<Result<Quote, PlaceRefusal>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let asks = asks_of(&mut conn, buyer).await?;
        if asks.is_empty() {
            return Ok(Err(PlaceRefusal::Empty));
        }
        let lines = match resolve(&mut conn, self.db.dialect, &asks).await? {
            Ok(lines) => lines,
            Err(errors) => return Ok(Err(PlaceRefusal::Invalid(errors))),
        };
        let now = self.clock.now_ms();
        let ids: Vec<&str> = lines.iter().filter_map(Line::variant_id).collect();
        let pricing = pricing_for(&mut conn, buyer.customer(), &ids).await?;
        let mut priced = Vec::new();
        let mut to_tax = Vec::new();
        let mut quoted = Vec::new();
        let mut weight_grams = 0;
        for line in lines {
            let (price, problem) = match &line.found {
                None => (None, Some(NO_LONGER_AVAILABLE.to_string())),
                Some((product, variant)) => {
                    let price = priced_line(&pricing, product, variant, line.quantity, now);
                    priced.push((price.unit_price, line.quantity));
                    weight_grams += variant.weight_grams.unwrap_or(0) * line.quantity;
                    to_tax.push(LineToTax {
                        line_total: price.line_total,
                        class: product.tax_class,
                    });
                    let short = (variant.stock < line.quantity).then(|| shortage(variant.stock));
                    (Some(price), line.rule.clone().or(short))
                }
            };
            quoted.push(QuoteLine {
                variant_id: line.variant_id().map(str::to_string),
                key: line.key,
                product_id: line.product_id,
                quantity: line.quantity,
                unit_price: price.map(|p| p.unit_price),
                line_total: price.map(|p| p.line_total),
                tax: None,
                problem,
            });
        }
        let mut totals = order::totals_with(&priced, pricing.cart_discount());
        if let Some(code) = promo_code {
            // A guest's earlier uses are counted at the order, once the e-mail is known.
            let customer = buyer.customer().map(Id::as_str);
            match applied_promo(&mut conn, code, customer, &totals, now).await? {
                Ok(promo) => totals = totals.with_promo(promo.discount_on(totals.goods())),
                Err(refusal) => return Ok(Err(PlaceRefusal::Promo(refusal))),
            }
        }
        let parcel = parcel(&delivery.postcode, weight_grams, &totals);
        let delivered = match deliver(
            &mut conn,
            fulfilment,
            &parcel,
            delivery.method_id.as_deref(),
            delivery::for_quote,
        )
        .await?
        {
            Ok(delivered) => delivered,
            Err(refusal) => return Ok(Err(PlaceRefusal::Delivery(refusal))),
        };
        let rates = tax.rates_for(
            delivered
                .used
                .is_some()
                .then_some(delivery.country.as_str()),
        );
        let totals = totals.with_delivery_fee(delivered.fee);
        let (totals, taxed) = with_tax(totals, &to_tax, &rates, tax.prices_include_tax);
        // The priced lines, in order, are those still in the shop.
        let mut taxed_lines = taxed.lines.iter();
        for line in quoted.iter_mut().filter(|l| l.unit_price.is_some()) {
            line.tax = taxed_lines.next().copied();
        }
        Ok(Ok(Quote {
            totals,
            tax: OrderTax::of(&taxed, tax.prices_include_tax),
            lines: quoted,
            delivery_method_id: delivered.used.map(|m| m.id),
            delivery_options: delivered.options,
        }))
    }

    /// Places an order (see the module's documentation). `confirmation` writes the
    /// mail queued with it. A repeated key with the same request answers the order it
    /// placed before, and nothing else happens.
    ///
    /// The lines, their products and their prices are read before the write
    /// transaction, so on SQLite the one writer waits for none of those reads: the stock
    /// is taken by conditional decrements inside it whatever was read, and a price read
    /// a moment before is the price of that moment. A server cart is read again inside,
    /// under the customer's lock, and its lines afresh only if it changed meanwhile.
    pub async fn place(
        &self,
        new: NewOrder,
        confirmation: MailFor<'_>,
    ) -> Result<Result<Placed, PlaceRefusal>, sqlx::Error> {
        let scope = new.buyer.idempotency_scope().to_string();
        let (asked, read) = {
            let mut conn = self.db.pool.acquire().await?;
            let asks = asks_of(&mut conn, &new.buyer).await?;
            let customer = new.buyer.customer();
            let read = ready(&mut conn, self.db.dialect, customer, &asks).await?;
            (asks, read)
        };
        let mut tx = self.db.begin_write().await?;
        let key_lock = format!("{scope}\n{}", new.idempotency_key);
        if !try_lock_subject(&mut tx, self.db.dialect, "order-key", &key_lock).await? {
            return rolled_back(tx, PlaceRefusal::KeyInUse).await;
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
                return rolled_back(tx, PlaceRefusal::KeyReused).await;
            }
            let id: Id = row.try_get("id")?;
            let order = load(&mut tx, &id).await?.ok_or(sqlx::Error::RowNotFound)?;
            return Ok(Ok(Placed {
                order,
                repeat: true,
            }));
        }

        let read = match &new.buyer {
            Buyer::Customer(user_id) => {
                // The same lock as every change to the customer's lists (store::items).
                lock_subject(&mut tx, self.db.dialect, "items", user_id.as_str()).await?;
                let asks = cart_asks(&mut tx, user_id).await?;
                if asks == asked {
                    read
                } else {
                    ready(&mut tx, self.db.dialect, Some(user_id), &asks).await?
                }
            }
            _ => read,
        };
        let Ready { lines, pricing } = match read {
            Ok(ready) => ready,
            Err(refusal) => return rolled_back(tx, refusal).await,
        };
        let taking = match take_stock(&mut tx, &lines).await? {
            Ok(taking) => taking,
            // Dropping the transaction rolls back the units already taken.
            Err(short) => return rolled_back(tx, PlaceRefusal::Short(short)).await,
        };

        let now = self.clock.now_ms();
        let mut order_lines = Vec::with_capacity(lines.len());
        let mut to_tax = Vec::with_capacity(lines.len());
        let mut weight_grams = 0;
        for line in &lines {
            let (product, variant) = line.found.as_ref().ok_or(sqlx::Error::RowNotFound)?;
            let price = priced_line(&pricing, product, variant, line.quantity, now);
            weight_grams += variant.weight_grams.unwrap_or(0) * line.quantity;
            order_lines.push(OrderLine {
                product_id: product.id.clone(),
                variant_id: Some(variant.id.clone()),
                sku: Some(variant.sku.clone()),
                options: variant.options.clone(),
                name: product.name.clone(),
                image: variant
                    .image
                    .clone()
                    .or_else(|| product.images.first().cloned()),
                unit_price: price.unit_price,
                list_price: price.list_price,
                discount_bp: price.discount_bp,
                quantity: line.quantity,
                line_total: price.line_total,
                tax: None,
            });
            to_tax.push(LineToTax {
                line_total: price.line_total,
                class: product.tax_class,
            });
        }
        let priced: Vec<_> = order_lines
            .iter()
            .map(|l| (l.unit_price, l.quantity))
            .collect();
        let mut totals = order::totals_with(&priced, pricing.cart_discount());
        let customer = match new.buyer.customer() {
            Some(user_id) => user_id.as_str().to_string(),
            None => new.contact.email().to_string(),
        };
        let promo = match &new.promo_code {
            None => None,
            Some(code) => match applied_promo(&mut tx, code, None, &totals, now).await? {
                Ok(promo) => {
                    totals = totals.with_promo(promo.discount_on(totals.goods()));
                    Some(promo)
                }
                Err(refusal) => return rolled_back(tx, PlaceRefusal::Promo(refusal)).await,
            },
        };
        let contact = new.contact.get();
        let parcel = parcel(&contact.postcode, weight_grams, &totals);
        let delivered = match deliver(
            &mut tx,
            new.fulfilment,
            &parcel,
            new.delivery_method_id.as_deref(),
            delivery::for_order,
        )
        .await?
        {
            Ok(delivered) => delivered,
            Err(refusal) => return rolled_back(tx, PlaceRefusal::Delivery(refusal)).await,
        };
        let tax = &new.tax;
        let rates = tax.rates_for(delivered.used.is_some().then_some(contact.country.as_str()));
        let totals = totals.with_delivery_fee(delivered.fee);
        let (totals, taxed) = with_tax(totals, &to_tax, &rates, tax.prices_include_tax);
        for (line, taxed_line) in order_lines.iter_mut().zip(&taxed.lines) {
            line.tax = Some(*taxed_line);
        }
        let order_tax = OrderTax::of(&taxed, tax.prices_include_tax);
        if new
            .card
            .as_ref()
            .is_some_and(|card| card.amount != totals.total)
        {
            return rolled_back(tx, PlaceRefusal::AmountChanged).await;
        }
        let payment_status = match &new.card {
            Some(card) => {
                derive_status(&[(TxnKind::Authorization, card.authorization, card.amount)])
            }
            None => PaymentStatus::Unpaid,
        };

        let account = match &new.po_number {
            None => None,
            Some(po_number) => {
                let user = new.buyer.customer();
                match credit::charge_account(&mut tx, self.db.dialect, user, totals.total, now)
                    .await?
                {
                    Ok(due_date) => Some(AccountTerms {
                        po_number: po_number.clone(),
                        due_date,
                    }),
                    Err(refusal) => return rolled_back(tx, refusal).await,
                }
            }
        };

        let seq: i64 = sqlx::query(self.db.dialect.next_order_seq())
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        let user_id = new.buyer.customer().cloned();
        let id = Id::generate();
        let number = order::order_number(seq);
        stock::record(&mut tx, &taking.moved, stock::Cause::Order(&number), now).await?;
        sqlx::query(
            "INSERT INTO orders (id, seq, number, user_id, fulfilment, status, payment_status, payment_method, \
                 subtotal_cents, discount_cents, delivery_fee_cents, total_cents, first_name, company_name, \
                 street_address, apartment, town_city, phone_number, email_address, idempotency_scope, \
                 idempotency_key, request_digest, created_at, updated_at, payment_ref, card_brand, card_last4, \
                 promo_code, promo_discount_cents, prices_include_tax, tax_total_cents, delivery_tax_cents, taxes, \
                 postcode, country, delivery_method_id, delivery_method_name, po_number, due_date) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, \
                 $33, $34, $35, $36, $37, $38)",
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
        .bind(i64::from(order_tax.prices_include_tax))
        .bind(order_tax.tax_total.cents())
        .bind(order_tax.delivery_tax.cents())
        .bind(taxes_json(&order_tax.taxes))
        .bind(&contact.postcode)
        .bind(&contact.country)
        .bind(delivered.used.as_ref().map(|m| m.id.clone()))
        .bind(delivered.used.as_ref().map(|m| m.name.clone()))
        .bind(account.as_ref().map(|a| a.po_number.clone()))
        .bind(account.as_ref().map(|a| a.due_date.clone()))
        .execute(&mut *tx)
        .await?;
        if let Some(promo) = &promo {
            let redeemed =
                promo::redeem(&mut tx, self.db.dialect, promo, &customer, id.as_str(), now).await?;
            if let Err(refusal) = redeemed {
                // Dropping the transaction takes the order and its stock back.
                return rolled_back(tx, PlaceRefusal::Promo(refusal)).await;
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
            let line_tax = line.tax.ok_or(sqlx::Error::RowNotFound)?;
            sqlx::query(
                "INSERT INTO order_lines (order_id, position, product_id, name, image, unit_price_cents, \
                     list_price_cents, discount_bp, quantity, line_total_cents, variant_id, sku, options, \
                     tax_class, tax_rate_bp, line_discount_cents, line_amount_cents, line_tax_cents) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
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
            .bind(line.variant_id.as_deref())
            .bind(line.sku.as_deref())
            .bind(options_text(&line.options))
            .bind(line_tax.class.as_str())
            .bind(line_tax.rate_bp)
            .bind(line_tax.line_discount.cents())
            .bind(line_tax.line_amount.cents())
            .bind(line_tax.line_tax.cents())
            .execute(&mut *tx)
            .await?;
        }
        add_event(&mut tx, &id, EventType::Placed, now, None).await?;
        if let (Some(user_id), true) = (new.buyer.customer(), new.save_address) {
            save_address(&mut tx, user_id, contact, now).await?;
        }
        // An order of the cart empties it; an order of the lines sent leaves it as it is.
        if let Buyer::Customer(user_id) = &new.buyer {
            sqlx::query("DELETE FROM user_items WHERE user_id = $1 AND list = 'cart'")
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        // The order as written, without reading it back while other writers wait (its
        // invoice's number comes last, below).
        let mut order = OrderRow {
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
            refunded: Money::from_cents(0),
            tax: Some(order_tax),
            contact: contact.clone(),
            promo_code: promo.map(|p| p.code),
            created_at: now,
            invoice_number: None,
            delivery_method: delivered.used,
            credit_notes: Vec::new(),
            account,
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
        crate::store::webhooks::order_placed(&mut tx, &order, now).await?;
        // Last, after the mail and the webhook events (neither names the invoice), so
        // the invoice counter's row is held only while the order commits: on PostgreSQL
        // every order waits for that row, so what comes after taking it sets how many
        // orders a second the shop places.
        order.invoice_number = Some(documents::issue_invoice(&mut tx, &order.id).await?);
        tx.commit().await?;
        self.outbox.wake();
        let sold_out: Vec<&str> = taking.sold_out.iter().map(String::as_str).collect();
        crate::store::catalogue::stock_crossed_zero(&self.db, &sold_out).await;
        Ok(Ok(Placed {
            order,
            repeat: false,
        }))
    }
}

async fn save_address(
    conn: &mut AnyConnection,
    user_id: &Id,
    contact: &ContactInput,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO saved_addresses (user_id, first_name, company_name, street_address, apartment, town_city, \
             phone_number, email_address, updated_at, postcode, country) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT (user_id) DO UPDATE SET first_name = $2, company_name = $3, street_address = $4, \
             apartment = $5, town_city = $6, phone_number = $7, email_address = $8, updated_at = $9, \
             postcode = $10, country = $11",
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
    .bind(&contact.postcode)
    .bind(&contact.country)
    .execute(&mut *conn)
    .await
    .map(drop)
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

/// What taking an order's stock did: the movements to record, and the products whose
/// stock it took to 0 (the search index counts them out of stock).
struct Taken {
    moved: Vec<stock::Movement>,
    sold_out: Vec<String>,
}

/// Takes every line's units from its variant with a conditional decrement that cannot
/// go below 0 (nor take from an archived variant or product), and the same units from
/// its product's derived stock, so that stays the sum of its variants. Variants are
/// taken in id order, then products in id order, so two orders sharing variants or
/// products lock them in the same order and never deadlock. Every short line's key
/// with what it says, when one is.
async fn take_stock(
    tx: &mut Transaction<'static, Any>,
    lines: &[Line],
) -> Result<Result<Taken, BTreeMap<String, String>>, sqlx::Error> {
    let mut by_variant: Vec<&Line> = lines.iter().collect();
    by_variant.sort_by(|a, b| a.variant_id().cmp(&b.variant_id()));
    let mut short = BTreeMap::new();
    let mut moved = Vec::with_capacity(lines.len());
    let mut per_product: BTreeMap<&str, i64> = BTreeMap::new();
    for line in by_variant {
        let Some(variant_id) = line.variant_id() else {
            short.insert(line.key.clone(), NO_LONGER_AVAILABLE.to_string());
            continue;
        };
        let left: Option<i64> = sqlx::query(
            "UPDATE product_variants SET stock = stock - $1 \
             WHERE id = $2 AND stock >= $1 AND archived_at IS NULL \
             AND EXISTS (SELECT 1 FROM products p WHERE p.id = product_variants.product_id \
             AND p.archived_at IS NULL) RETURNING stock",
        )
        .bind(line.quantity)
        .bind(variant_id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get("stock"))
        .transpose()?;
        match left {
            Some(left) => {
                *per_product.entry(line.product_id.as_str()).or_default() += line.quantity;
                moved.push(stock::Movement {
                    product_id: line.product_id.clone(),
                    variant_id: Some(variant_id.to_string()),
                    change: -line.quantity,
                    stock_after: left,
                });
            }
            None => {
                let stock: Option<i64> = sqlx::query(
                    "SELECT v.stock FROM product_variants v JOIN products p ON p.id = v.product_id \
                     WHERE v.id = $1 AND v.archived_at IS NULL AND p.archived_at IS NULL",
                )
                .bind(variant_id)
                .fetch_optional(&mut **tx)
                .await?
                .map(|row| row.try_get("stock"))
                .transpose()?;
                let message = stock.map_or_else(|| NO_LONGER_AVAILABLE.to_string(), shortage);
                short.insert(line.key.clone(), message);
            }
        }
    }
    if !short.is_empty() {
        return Ok(Err(short));
    }
    let mut sold_out = Vec::new();
    for (product_id, units) in per_product {
        let left: i64 =
            sqlx::query("UPDATE products SET stock = stock - $1 WHERE id = $2 RETURNING stock")
                .bind(units)
                .bind(product_id)
                .fetch_one(&mut **tx)
                .await?
                .try_get("stock")?;
        if left <= 0 {
            sold_out.push(product_id.to_string());
        }
    }
    Ok(Ok(Taken { moved, sold_out }))
}

/// Ends a placing transaction that refuses, now rather than when it is dropped: a
/// dropped one rolls back later, on its connection's way back to the pool, and meanwhile
/// still holds the key's lock, so the same key tried again at once would be told it is in
/// use.
async fn rolled_back(
    tx: Transaction<'static, Any>,
    refusal: PlaceRefusal,
) -> Result<Result<Placed, PlaceRefusal>, sqlx::Error> {
    tx.rollback().await?;
    Ok(Err(refusal))
}
