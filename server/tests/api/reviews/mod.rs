//! Reviews: listing a product's reviews, writing one with photos, and the product's
//! rating staying in step.

mod moderation;

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::accounts::{assert_error, png, png_header_claiming};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    a_signed_in_customer_writes_a_review_and_the_product_counts_it,
    reviews_list_newest_first_page_by_page,
    reviews_filter_by_keyword,
    writing_a_review_needs_sign_in_and_valid_fields,
    one_review_per_customer_per_product,
    review_photos_are_public_checked_and_limited,
    a_deleted_accounts_reviews_stay_without_its_name,
    list_parameters_are_checked,
);

fn review_form(product_id: &str, rating: &str, comment: &str) -> Form {
    Form::new()
        .text("productId", product_id.to_string())
        .text("rating", rating.to_string())
        .text("comment", comment.to_string())
}

fn with_image(form: Form, bytes: Vec<u8>, name: &str) -> Form {
    form.part(
        "images",
        Part::bytes(bytes)
            .file_name(name.to_string())
            .mime_str("image/png")
            .unwrap(),
    )
}

impl TestApp {
    async fn review(&self, token: &str, form: Form) -> (StatusCode, Value) {
        self.multipart(Method::POST, "/api/review", form, Some(token))
            .await
    }

    /// A new customer's review of `product`: their token and the answer's review.
    async fn reviewed_by(&self, email: &str, product: &str, rating: u8, comment: &str) -> Value {
        let (token, _) = self.signed_up(email).await;
        let (status, body) = self
            .review(&token, review_form(product, &rating.to_string(), comment))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["data"]["review"].clone()
    }
}

async fn a_signed_in_customer_writes_a_review_and_the_product_counts_it(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;
    app.multipart(
        Method::PATCH,
        "/api/auth/edit-profile",
        Form::new().text("fullName", "Ada Lovelace"),
        Some(&token),
    )
    .await;
    let (status, body) = app
        .review(
            &token,
            review_form(&f.alpha, "4", "  Solid tap, easy to fit.  "),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Review created successfully");
    let review = &body["data"]["review"];
    assert_eq!(review["rating"], 4);
    assert_eq!(review["comment"], "Solid tap, easy to fit.");
    assert_eq!(review["images"], serde_json::json!([]));
    assert_eq!(review["user"]["fullName"], "Ada Lovelace");
    assert_eq!(review["user"]["profilePhoto"], Value::Null);
    assert!(review["createdAt"].as_str().unwrap().ends_with('Z'));

    app.reviewed_by("bob@example.com", &f.alpha, 5, "Better than the old one.")
        .await;
    let (_, product) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product["data"]["product"]["rating"], 4.5);
    assert_eq!(product["data"]["product"]["reviewCount"], 2);
    let (_, other) = app.get(&format!("/api/product/{}", f.beta)).await;
    assert_eq!(other["data"]["product"]["reviewCount"], 0);
}

async fn reviews_list_newest_first_page_by_page(app: TestApp) {
    let f = fixture(&app).await;
    for n in 1..=7 {
        app.reviewed_by(
            &format!("c{n}@example.com"),
            &f.alpha,
            (n % 5 + 1) as u8,
            &format!("Review number {n} of this tap."),
        )
        .await;
        // Distinct creation times, so newest-first is one order.
        app.clock.advance(std::time::Duration::from_millis(3));
    }
    let (status, body) = app.get(&format!("/api/review/product/{}", f.alpha)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["total"], 7);
    let comments = |body: &Value| -> Vec<String> {
        body["data"]["reviews"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["comment"].as_str().unwrap().to_string())
            .collect()
    };
    // perPage defaults to 5, newest first.
    assert_eq!(comments(&body).len(), 5);
    assert_eq!(comments(&body)[0], "Review number 7 of this tap.");
    let (_, second) = app
        .get(&format!("/api/review/product/{}?page=2&perPage=5", f.alpha))
        .await;
    assert_eq!(
        comments(&second),
        [
            "Review number 2 of this tap.",
            "Review number 1 of this tap."
        ]
    );
    let (_, eight) = app
        .get(&format!("/api/review/product/{}?perPage=8", f.alpha))
        .await;
    assert_eq!(comments(&eight).len(), 7);
    let (_, past) = app
        .get(&format!("/api/review/product/{}?page=9", f.alpha))
        .await;
    assert_eq!(comments(&past).len(), 0);
    assert_eq!(past["data"]["total"], 7);
    let (status, none) = app.get(&format!("/api/review/product/{}", f.beta)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none["data"]["total"], 0);
    let (status, unknown) = app.get("/api/review/product/not-a-product").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(unknown["data"]["total"], 0);
}

async fn reviews_filter_by_keyword(app: TestApp) {
    let f = fixture(&app).await;
    app.reviewed_by("a@example.com", &f.alpha, 5, "The chrome finish is superb.")
        .await;
    app.reviewed_by(
        "b@example.com",
        &f.alpha,
        3,
        "Fits, but the handle is stiff.",
    )
    .await;
    app.reviewed_by(
        "c@example.com",
        &f.alpha,
        4,
        "100% worth it, CHROME looks great.",
    )
    .await;
    let total = |query: &'static str| {
        let app = app.clone();
        let alpha = f.alpha.clone();
        async move {
            let (status, body) = app
                .get(&format!("/api/review/product/{alpha}?{query}"))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["data"]["total"].as_i64().unwrap()
        }
    };
    assert_eq!(total("keyword=chrome").await, 2);
    assert_eq!(total("keyword=STIFF").await, 1);
    assert_eq!(total("keyword=%25").await, 1, "a % is taken literally");
    assert_eq!(total("keyword=_").await, 0, "an _ is taken literally");
    assert_eq!(total("keyword=").await, 3);
}

async fn writing_a_review_needs_sign_in_and_valid_fields(app: TestApp) {
    let f = fixture(&app).await;
    let (status, body) = app
        .multipart(
            Method::POST,
            "/api/review",
            review_form(&f.alpha, "5", "A lovely tap."),
            None,
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::UNAUTHORIZED,
        "Please log in to continue",
    );

    let (token, _) = app.signed_up("ada@example.com").await;
    let cases = [
        (
            "",
            "5",
            "Great product here.",
            "productId",
            "Product ID is required",
        ),
        (
            f.alpha.as_str(),
            "",
            "Great product here.",
            "rating",
            "Rating is required",
        ),
        (
            f.alpha.as_str(),
            "0",
            "Great product here.",
            "rating",
            "Rating must be a whole number from 1 to 5",
        ),
        (
            f.alpha.as_str(),
            "6",
            "Great product here.",
            "rating",
            "Rating must be a whole number from 1 to 5",
        ),
        (
            f.alpha.as_str(),
            "4.5",
            "Great product here.",
            "rating",
            "Rating must be a whole number from 1 to 5",
        ),
        (
            f.alpha.as_str(),
            "5",
            "   ",
            "comment",
            "Comment is required",
        ),
        (
            f.alpha.as_str(),
            "5",
            "  too short  ",
            "comment",
            "Comment must be at least 10 characters",
        ),
    ];
    for (product, rating, comment, field, message) in cases {
        let (status, body) = app
            .review(&token, review_form(product, rating, comment))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, message);
        assert_eq!(body["errors"][field], message);
    }
    let long = "x".repeat(501);
    let (status, body) = app.review(&token, review_form(&f.alpha, "5", &long)).await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Comment cannot exceed 500 characters",
    );
    // Exactly 10 and exactly 500 characters are fine (checked on two products).
    let (status, _) = app
        .review(&token, review_form(&f.alpha, "5", &"y".repeat(500)))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = app
        .review(&token, review_form(&f.beta, "1", "ten chars!"))
        .await;
    assert_eq!(status, StatusCode::CREATED);

    let (status, body) = app
        .review(
            &token,
            review_form("0123456789abcdef01234567", "5", "No such product."),
        )
        .await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "Product not found");
}

async fn one_review_per_customer_per_product(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;
    let form = || review_form(&f.alpha, "5", "First impressions are good.");
    assert_eq!(app.review(&token, form()).await.0, StatusCode::CREATED);
    let (status, body) = app
        .review(&token, with_image(form(), png(8, 8), "a.png"))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "You have already reviewed this product",
    );
    let (_, product) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product["data"]["product"]["reviewCount"], 1, "counted once");
}

pub(crate) async fn review_photos_are_public_checked_and_limited(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;
    let form = with_image(
        with_image(
            review_form(&f.alpha, "5", "Two photos of the fitted tap."),
            png(40, 30),
            "one.png",
        ),
        png(30, 40),
        "two.txt",
    );
    let (status, body) = app.review(&token, form).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let images: Vec<String> = body["data"]["review"]["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    assert_eq!(images.len(), 2);
    for path in &images {
        assert!(
            path.starts_with("reviews/") && !path.starts_with("private/"),
            "{path}"
        );
        let response = app
            .client
            .get(app.url(&format!("/media/{path}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "public: {path}");
        assert_eq!(response.headers()["content-type"], "image/jpeg");
    }

    let (bob, _) = app.signed_up("bob@example.com").await;
    let six = (0..6).fold(
        review_form(&f.beta, "4", "Six photos is too many."),
        |form, n| with_image(form, png(8, 8), &format!("{n}.png")),
    );
    let (status, body) = app.review(&bob, six).await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "You can attach at most 5 images",
    );
    let html = with_image(
        review_form(&f.beta, "4", "This photo is really a page."),
        b"<html><body>hi</body></html>".to_vec(),
        "photo.png",
    );
    let (status, body) = app.review(&bob, html).await;
    assert_error(
        status,
        &body,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    );
    let mut big = png(8, 8);
    big.resize(10 * 1024 * 1024 + 1, 0);
    let (status, body) = app
        .review(
            &bob,
            with_image(
                review_form(&f.beta, "4", "One very large photo."),
                big,
                "big.png",
            ),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::PAYLOAD_TOO_LARGE,
        "Each image must be at most 10 MB",
    );
    let bomb = with_image(
        review_form(&f.beta, "4", "A photo that claims too much."),
        png_header_claiming(14_000, 14_000),
        "bomb.png",
    );
    let (status, _) = app.review(&bob, bomb).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    // None of the refused reviews was kept.
    let (_, list) = app.get(&format!("/api/review/product/{}", f.beta)).await;
    assert_eq!(list["data"]["total"], 0);
}

async fn a_deleted_accounts_reviews_stay_without_its_name(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("ada@example.com").await;
    app.multipart(
        Method::PATCH,
        "/api/auth/edit-profile",
        crate::accounts::photo_form(png(16, 16), "me.png", "image/png")
            .text("fullName", "Ada Lovelace"),
        Some(&token),
    )
    .await;
    app.review(
        &token,
        review_form(&f.alpha, "5", "Worth every penny, honestly."),
    )
    .await;
    let (_, list) = app.get(&format!("/api/review/product/{}", f.alpha)).await;
    let user = &list["data"]["reviews"][0]["user"];
    assert_eq!(user["fullName"], "Ada Lovelace");
    let avatar = user["profilePhoto"]
        .as_str()
        .expect("a signed avatar URL")
        .to_string();
    let response = app.client.get(&avatar).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "the avatar URL opens");

    let (status, _) = app
        .call(
            Method::DELETE,
            "/api/auth/delete-account",
            Some(serde_json::json!({"password": crate::accounts::PASSWORD})),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, list) = app.get(&format!("/api/review/product/{}", f.alpha)).await;
    assert_eq!(list["data"]["total"], 1, "the review stays");
    let review = &list["data"]["reviews"][0];
    assert_eq!(review["comment"], "Worth every penny, honestly.");
    assert_eq!(review["user"]["fullName"], "Former customer");
    assert_eq!(review["user"]["profilePhoto"], Value::Null);
    assert_eq!(
        app.client.get(&avatar).send().await.unwrap().status(),
        StatusCode::NOT_FOUND,
        "the photo itself is gone"
    );
    let (_, product) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product["data"]["product"]["reviewCount"], 1);
}

async fn list_parameters_are_checked(app: TestApp) {
    let f = fixture(&app).await;
    for (query, field) in [
        ("page=0", "page"),
        ("page=x", "page"),
        ("perPage=0", "perPage"),
        ("perPage=-3", "perPage"),
    ] {
        let (status, body) = app
            .get(&format!("/api/review/product/{}?{query}", f.alpha))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert!(body["errors"][field].is_string(), "{query}: {body}");
    }
    let long = "k".repeat(201);
    let (status, body) = app
        .get(&format!("/api/review/product/{}?keyword={long}", f.alpha))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["keyword"],
        "keyword must be at most 200 characters"
    );
    let (status, _) = app
        .get(&format!("/api/review/product/{}?perPage=100000", f.alpha))
        .await;
    assert_eq!(status, StatusCode::OK, "a large perPage counts as the cap");
}
