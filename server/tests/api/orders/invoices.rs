//! Tax invoices and credit notes (docs/DESIGN.md §10, issue 33 item 5): gapless numbers
//! from one sequence each while orders and cancellations race, on both databases; the
//! PDFs (text selectable: read back with poppler's `pdftotext`) for the order's owner,
//! its link's token and staff only.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::{at_once, count, guest_order, stocked};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    invoice_and_credit_note_numbers_stay_gapless_while_orders_and_cancellations_race,
    the_invoice_and_credit_note_pdfs_name_the_lines_for_those_who_may_see_the_order,
);

/// The text of a PDF, as a reader selecting it would copy it.
fn pdf_text(pdf: &[u8]) -> String {
    let mut child = Command::new("pdftotext")
        .args(["-layout", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pdftotext (Debian's poppler-utils) reads the PDFs back");
    child.stdin.take().unwrap().write_all(pdf).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "pdftotext failed");
    String::from_utf8(out.stdout).unwrap()
}

async fn fetch(app: &TestApp, path: &str, token: Option<&str>) -> (StatusCode, String, Vec<u8>) {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, kind, response.bytes().await.unwrap().to_vec())
}

async fn invoice_and_credit_note_numbers_stay_gapless_while_orders_and_cancellations_race(
    app: TestApp,
) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 2_500, 10).await;
    // 16 orders for 10 units at once: 10 are placed, 6 refused, and the refused give back
    // every number they might have held.
    let orders = (0..16)
        .map(|i| {
            let app = app.clone();
            let body = guest_order(&format!("buyer{i}@example.com"), &[(&tap, 1)]);
            async move {
                let key = shop::domain::new_id();
                app.place(Some(&key), &body, None).await
            }
        })
        .collect();
    let answers = at_once(orders).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 10, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 6, "{answers:?}");
    let placed: Vec<(String, String)> = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::CREATED)
        .map(|(_, body)| {
            let data = &body["data"];
            (
                data["order"]["number"].as_str().unwrap().to_string(),
                data["token"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let invoices: BTreeSet<String> = answers
        .iter()
        .filter_map(|(_, body)| body["data"]["order"]["invoiceNumber"].as_str())
        .map(str::to_string)
        .collect();
    let expected: BTreeSet<String> = (1..=10).map(|n| format!("INV-{n:06}")).collect();
    assert_eq!(invoices, expected);

    // Every order cancelled twice at once: one credit note each, numbered 1 to 10.
    let cancels = placed
        .iter()
        .flat_map(|(number, token)| {
            let path = format!("/api/order/{number}/cancel?token={token}");
            [path.clone(), path]
        })
        .map(|path| {
            let app = app.clone();
            async move { app.call(Method::POST, &path, None, None).await }
        })
        .collect();
    let answers = at_once(cancels).await;
    assert_eq!(count(&answers, StatusCode::OK), 10, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 10, "{answers:?}");
    let mut notes = BTreeSet::new();
    for (number, token) in &placed {
        let (_, body) = app.get(&format!("/api/order/{number}?token={token}")).await;
        let order = &body["data"]["order"];
        let credit = order["creditNotes"].as_array().expect("credit notes");
        assert_eq!(credit.len(), 1, "{order}");
        assert_eq!(credit[0]["amount"], order["total"]);
        notes.insert(credit[0]["number"].as_str().unwrap().to_string());
    }
    let expected: BTreeSet<String> = (1..=10).map(|n| format!("CN-{n:06}")).collect();
    assert_eq!(notes, expected);
}

async fn the_invoice_and_credit_note_pdfs_name_the_lines_for_those_who_may_see_the_order(
    app: TestApp,
) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/settings",
            Some(serde_json::json!({"name": "Pipe & Co", "taxNumber": "GB123456789",
                "address": {"streetAddress": "1 Pipe Lane", "townCity": "Leeds", "postcode": "LS1 4AB", "country": "GB"}})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let tap = stocked(&app, &f, "Brass Basin Tap", 5_000, 10).await;
    let (number, link) = app
        .placed(&guest_order("ada@example.com", &[(&tap, 2)]), None)
        .await;
    let invoice = format!("/api/order/{number}/invoice");

    // Anyone else: the order does not exist.
    let stranger = app.customer("eve@example.com").await;
    for (path, token) in [
        (invoice.clone(), None),
        (invoice.clone(), Some(stranger.as_str())),
        (format!("{invoice}?token=forged"), None),
    ] {
        let (status, _, body) = fetch(&app, &path, token).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        let body: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["message"], "Order not found");
    }

    // The link's token and staff get the PDF.
    let (status, kind, pdf) = fetch(&app, &format!("{invoice}?token={link}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/pdf");
    assert!(pdf.starts_with(b"%PDF-"));
    let text = pdf_text(&pdf);
    for expected in [
        "Tax invoice",
        "INV-000001",
        "Pipe & Co",
        "VAT number: GB123456789",
        "Brass Basin Tap",
        "₹50.00",
        "20%",
        "₹80.00",
        "VAT at 20%: net ₹66.67, VAT ₹13.33",
        "Total includes VAT",
        "Payment: unpaid (cash)",
        "ada@example.com",
    ] {
        assert!(text.contains(expected), "{expected:?} in:\n{text}");
    }
    let (status, _, staff_pdf) = fetch(&app, &invoice, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(pdf_text(&staff_pdf).contains("INV-000001"));

    // No credit note until the order is cancelled; then the first credits it all.
    let note = format!("/api/order/{number}/credit-note/1?token={link}");
    let (status, _, body) = fetch(&app, &note, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["message"], "Credit note not found");
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/order/{number}/cancel?token={link}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["order"]["creditNotes"][0]["number"],
        "CN-000001"
    );
    let (status, kind, pdf) = fetch(&app, &note, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/pdf");
    let text = pdf_text(&pdf);
    for expected in [
        "Credit note",
        "CN-000001",
        "Credits invoice INV-000001",
        "₹80.00",
    ] {
        assert!(text.contains(expected), "{expected:?} in:\n{text}");
    }
    for missing in ["credit-note/2", "credit-note/0"] {
        let path = format!("/api/order/{number}/{missing}?token={link}");
        let (status, _, _) = fetch(&app, &path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}
