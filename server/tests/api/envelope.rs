//! The failure envelope for everything that is not a handler's own answer.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;
use crate::on_both_backends;

on_both_backends!(
    an_unknown_api_route_is_a_404_envelope,
    a_wrong_method_is_a_405_envelope,
    an_oversized_body_is_a_413_envelope,
    a_malformed_query_string_is_a_400_envelope,
    a_malformed_media_address_is_an_envelope,
    an_address_or_header_too_long_to_parse_is_an_envelope,
    every_response_carries_the_security_headers,
    private_answers_are_never_kept_and_the_catalogues_are_revalidated,
    text_with_control_characters_is_refused_naming_the_field,
    fields_a_call_does_not_read_are_ignored_whatever_they_hold,
    a_form_part_is_named_in_text_and_a_file_field_holds_files,
    a_whole_number_may_be_written_with_a_fraction,
    a_json_body_must_be_an_object,
    the_openapi_document_describes_the_catalogue,
    a_call_without_its_body_answers_a_status_the_document_lists,
);

async fn an_unknown_api_route_is_a_404_envelope(app: TestApp) {
    for path in ["/api/nope", "/api/product/a/b", "/api"] {
        let (status, body) = app.get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(
            body,
            json!({"success": false, "message": "Not found"}),
            "{path}"
        );
    }
}

async fn a_wrong_method_is_a_405_envelope(app: TestApp) {
    let response = app
        .client
        .delete(app.url("/api/category"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(response.headers().get("allow").is_some());
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({"success": false, "message": "Method not allowed"})
    );
}

async fn an_oversized_body_is_a_413_envelope(app: TestApp) {
    let response = app
        .client
        .post(app.url("/api/category"))
        .header("content-type", "application/json")
        .body(vec![b' '; 2 * 1024 * 1024])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({"success": false, "message": "Request body is too large"})
    );
}

async fn a_malformed_query_string_is_a_400_envelope(app: TestApp) {
    let (status, body) = app.get("/api/product?page=1&page=2").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["success"], false);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid query string"),
        "{body}"
    );
}

/// The framework's own text/plain 400s before.
async fn a_malformed_media_address_is_an_envelope(app: TestApp) {
    let cases = [
        // Not UTF-8 once decoded: no file has that name.
        ("/media/%ff.png", StatusCode::NOT_FOUND, "File not found"),
        (
            "/media/private/a.png?expires=1&expires=2&signature=x",
            StatusCode::BAD_REQUEST,
            "Invalid query string: duplicate field `expires`",
        ),
    ];
    for (path, status, message) in cases {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), status, "{path}");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        assert_eq!(
            response.headers()["content-type"],
            "application/json",
            "{path}"
        );
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(
            body,
            json!({"success": false, "message": message}),
            "{path}"
        );
    }
}

/// hyper's own answers, an empty 414 and 431, before. Sent raw:
/// reqwest builds no URI that long.
async fn an_address_or_header_too_long_to_parse_is_an_envelope(app: TestApp) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let long = "a".repeat(70 * 1024);
    let huge = "b".repeat(500 * 1024);
    let cases = [
        (
            format!("GET /api/product?keyword={long} HTTP/1.1\r\nHost: shop\r\n\r\n"),
            "HTTP/1.1 414 ",
            "The address is too long: at most 64 KiB",
        ),
        (
            format!("GET /api/category HTTP/1.1\r\nHost: shop\r\nX-Big: {huge}\r\n\r\n"),
            "HTTP/1.1 431 ",
            "The request's header is too large",
        ),
    ];
    let address = app.base.trim_start_matches("http://").to_string();
    for (request, status, message) in cases {
        let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
        // The server may answer, and close, before it has read the whole request.
        let _ = stream.write_all(request.as_bytes()).await;
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer).await;
        let answer = String::from_utf8_lossy(&answer);
        let (head, body) = answer.split_once("\r\n\r\n").expect("a whole answer");
        assert!(head.starts_with(status), "{head}");
        let head = head.to_ascii_lowercase();
        for header in [
            "content-type: application/json",
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "cross-origin-opener-policy: same-origin",
            "content-security-policy: default-src 'self';",
            "cache-control: no-store",
        ] {
            assert!(head.contains(header), "{header} in {head}");
        }
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(body, json!({"success": false, "message": message}));
    }
    // The server goes on answering.
    assert_eq!(app.get("/api/category").await.0, StatusCode::OK);
}

async fn every_response_carries_the_security_headers(app: TestApp) {
    for path in ["/api/category", "/api/nope", "/media/missing.svg", "/"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
        assert!(
            headers["content-security-policy"]
                .to_str()
                .unwrap()
                .contains("frame-ancestors 'none'")
                || headers["content-security-policy"]
                    .to_str()
                    .unwrap()
                    .contains("sandbox"),
            "{path}"
        );
    }
}

async fn private_answers_are_never_kept_and_the_catalogues_are_revalidated(app: TestApp) {
    let token = app.customer("cache@example.com").await;
    let cache_control = |response: &reqwest::Response| {
        response
            .headers()
            .get("cache-control")
            .map(|v| v.to_str().unwrap().to_string())
    };
    for path in [
        "/api/auth/user",
        "/api/user/item",
        "/api/user/address",
        "/api/order",
        "/api/payment-method",
        "/api/transaction",
    ] {
        for signed_in in [true, false] {
            let mut request = app.client.get(app.url(path));
            if signed_in {
                request = request.bearer_auth(&token);
            }
            let response = request.send().await.unwrap();
            let status = response.status();
            assert_eq!(
                cache_control(&response).as_deref(),
                Some("no-store"),
                "{path} {status}"
            );
        }
    }
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&json!({"emailAddress": "cache@example.com", "password": "not it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(cache_control(&response).as_deref(), Some("no-store"));
    for path in ["/api/category", "/api/product", "/api/user/home-page"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            cache_control(&response).as_deref(),
            Some("no-cache"),
            "{path}"
        );
    }
    // The storefront's pages may not be given another base for their relative links.
    let response = app.client.get(app.url("/")).send().await.unwrap();
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(policy.contains("base-uri 'none'"), "{policy}");
}

/// NUL made PostgreSQL answer 500 (it cannot store it in text) where SQLite stored it:
/// now every query string, JSON body and form refuses control characters alike.
async fn text_with_control_characters_is_refused_naming_the_field(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let token = app.customer("nul@example.com").await;
    let refused = |status: StatusCode, body: &serde_json::Value, field: &str| {
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            body["errors"][field],
            format!("{field} must not contain control characters"),
            "{body}"
        );
    };
    let path = format!("/api/review/product/{}?keyword=%00", f.alpha);
    let (status, body) = app.get(&path).await;
    refused(status, &body, "keyword");
    let (status, body) = app.get("/api/product?keyword=a%1Bb").await;
    refused(status, &body, "keyword");
    let sync = json!({"cart": [], "wishlist": [{"productId": "x\u{0}"}]});
    let (status, body) = app
        .call(
            reqwest::Method::POST,
            "/api/user/sync",
            Some(sync),
            Some(&token),
        )
        .await;
    refused(status, &body, "wishlist[0].productId");
    let review = json!({"productId": f.alpha, "rating": 5, "comment": "Good\u{0}"});
    let (status, body) = app
        .call(
            reqwest::Method::POST,
            "/api/review",
            Some(review),
            Some(&token),
        )
        .await;
    refused(status, &body, "comment");
    let response = app
        .client
        .post(app.url("/api/review"))
        .bearer_auth(&token)
        .multipart(
            reqwest::multipart::Form::new()
                .text("productId", f.alpha.clone())
                .text("rating", "5")
                .text("comment", "Good\u{7}"),
        )
        .send()
        .await
        .unwrap();
    let status = response.status();
    refused(status, &response.json().await.unwrap(), "comment");
    // Tabs and line breaks are text.
    let (status, body) = app.get("/api/product?keyword=alpha%09kitchen%0A").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["total"], 1);
}

/// What the OpenAPI document says of fields a call does not know: they may hold
/// anything (schemathesis sends such fields, and only what a call reads reaches the
/// database, where a NUL would break PostgreSQL).
async fn fields_a_call_does_not_read_are_ignored_whatever_they_hold(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let token = app.customer("extra@example.com").await;
    let sync = json!({
        "cart": [],
        "wishlist": [{"productId": f.alpha, "note\u{1}": "x\u{0}"}],
        "from": {"device": ["\u{0}"]},
    });
    let (status, body) = app
        .call(
            reqwest::Method::POST,
            "/api/user/sync",
            Some(sync),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["wishlist"].as_array().unwrap().len(),
        1,
        "{body}"
    );
    let response = app
        .client
        .post(app.url("/api/review"))
        .bearer_auth(&token)
        .multipart(
            reqwest::multipart::Form::new()
                .text("productId", f.alpha.clone())
                .text("rating", "5")
                .text("comment", "Good and solid")
                .text("source", "app\u{0}"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
}

/// A part's name travels in its header, so a control character there is refused
/// whether the call reads that part or not; and a text part under a file field's name
/// is refused rather than its photo silently dropped.
async fn a_form_part_is_named_in_text_and_a_file_field_holds_files(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let token = app.customer("parts@example.com").await;
    let review = |extra: reqwest::multipart::Form| {
        app.client
            .post(app.url("/api/review"))
            .bearer_auth(&token)
            .multipart(
                extra
                    .text("productId", f.alpha.clone())
                    .text("rating", "5")
                    .text("comment", "Good and solid"),
            )
            .send()
    };
    // reqwest would percent-encode the name; a client that does not is what is tried,
    // with a control character the header parser lets through (C0 ones it refuses).
    let raw_names = reqwest::multipart::Form::new().percent_encode_noop();
    let response = review(raw_names.text("x\u{85}", "1")).await.unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body["message"],
        "x\u{85} must not contain control characters"
    );
    let response = review(reqwest::multipart::Form::new().text("images", "null"))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["errors"]["images"], "images must be a file", "{body}");
    let (status, body) = app
        .call(
            reqwest::Method::GET,
            &format!("/api/review/product/{}", f.alpha),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["total"], 0, "neither review was kept: {body}");
}

/// JSON has one kind of number: `2.0` is the whole number 2 (JSON Schema agrees).
async fn a_whole_number_may_be_written_with_a_fraction(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let token = app.customer("fraction@example.com").await;
    let add = |quantity: f64| json!({"productId": f.alpha, "quantity": quantity, "type": "cart"});
    let (status, body) = app
        .call(
            reqwest::Method::POST,
            "/api/user/item",
            Some(add(2.0)),
            Some(&token),
        )
        .await;
    assert!(status.is_success(), "{body}");
    let (status, body) = app
        .call(
            reqwest::Method::POST,
            "/api/user/item",
            Some(add(1.5)),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (_, cart) = app
        .call(
            reqwest::Method::GET,
            "/api/user/item?type=cart",
            None,
            Some(&token),
        )
        .await;
    assert_eq!(cart["data"][0]["quantity"], 2, "{cart}");
}

async fn a_json_body_must_be_an_object(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let token = app.customer("array@example.com").await;
    for body in [
        json!([f.alpha, 2, "cart"]),
        json!("cart"),
        json!(2),
        json!(null),
    ] {
        let (status, answer) = app
            .call(
                reqwest::Method::POST,
                "/api/user/item",
                Some(body.clone()),
                Some(&token),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["message"], "Invalid JSON body: expected an object");
    }
    let (status, answer) = app
        .call(
            reqwest::Method::GET,
            "/api/user/item?type=cart",
            None,
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["data"], json!([]), "nothing was added");
}

async fn the_openapi_document_describes_the_catalogue(app: TestApp) {
    let (status, body) = app.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    for path in [
        "/api/category",
        "/api/banner",
        "/api/user/home-page",
        "/api/product",
        "/api/product/{id}",
    ] {
        assert!(body["paths"][path].is_object(), "{path} missing");
    }
    let params: Vec<&str> = body["paths"]["/api/product"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        params,
        [
            "keyword",
            "page",
            "perPage",
            "sortField",
            "sortOrder",
            "minPrice",
            "maxPrice",
            "categoryIds",
            "subCategoryIds",
            "facets",
            "option"
        ]
    );
}

/// Every call that takes a body, sent none (no `Content-Type`) by a signed-in
/// administrator, answers one of the statuses the document lists for it: 415 from the
/// extractors, which the document did not list.
async fn a_call_without_its_body_answers_a_status_the_document_lists(app: TestApp) {
    let admin = app.admin().await;
    let (_, doc) = app.get("/api/openapi.json").await;
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if operation.get("requestBody").is_none() {
                continue;
            }
            // Well-formed ids that name nothing.
            let url = path
                .replace("{number}", "999999")
                .replace("{id}", "0123456789abcdef01234567")
                .replace("{productId}", "0123456789abcdef01234567");
            let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let response = app
                .client
                .request(method.clone(), app.url(&url))
                .bearer_auth(&admin)
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16().to_string();
            let listed: Vec<&String> = operation["responses"].as_object().unwrap().keys().collect();
            assert!(
                listed.contains(&&status),
                "{method} {path} answered {status}, the document lists {listed:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked} calls take a body");
}

/// The storefront's API types are generated from the committed document: it must be
/// the one the server serves. Regenerate with `make api-types`.
#[test]
fn the_committed_openapi_document_is_current() {
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web/src/api/openapi.json"
    ))
    .expect("web/src/api/openapi.json exists: run `make api-types`");
    assert!(
        committed.trim() == shop::http::openapi::document().trim(),
        "web/src/api/openapi.json is stale: run `make api-types` and commit the result"
    );
}
