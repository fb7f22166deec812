//! Every console call refuses guests and customers: the admin calls of each area, and
//! the catalogue's category, banner, review and archive calls.

use reqwest::{Method, StatusCode};
use serde_json::json;
use shop::domain::id::Id;

use crate::accounts::assert_error;
use crate::content::{banner_form, menu, shop_banners, shop_total};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use shop::store::activity::Filter;

on_both_backends!(
    every_call_needs_an_administrator,
    every_admin_call_refuses_guests_and_customers,
);

async fn every_admin_call_refuses_guests_and_customers(app: TestApp) {
    let customer = app.customer("ada@example.com").await;
    let some_id = "0123456789abcdef01234567";
    let calls = [
        (
            Method::GET,
            "/api/admin/order?q=ada&paymentStatus=paid".to_string(),
        ),
        (Method::POST, "/api/admin/order/100001/note".to_string()),
        (Method::GET, "/api/admin/dashboard".to_string()),
        (Method::GET, "/api/admin/customer".to_string()),
        (Method::GET, format!("/api/admin/customer/{some_id}")),
        (
            Method::POST,
            format!("/api/admin/customer/{some_id}/disable"),
        ),
        (
            Method::POST,
            format!("/api/admin/customer/{some_id}/enable"),
        ),
        (Method::GET, "/api/admin/activity".to_string()),
    ];
    for (method, path) in calls {
        let body = (method == Method::POST).then(|| json!({"note": "hello"}));
        let (status, answer) = app.call(method.clone(), &path, body.clone(), None).await;
        assert_error(
            status,
            &answer,
            StatusCode::UNAUTHORIZED,
            "Please log in to continue",
        );
        let (status, answer) = app.call(method, &path, body, Some(&customer)).await;
        assert_error(
            status,
            &answer,
            StatusCode::FORBIDDEN,
            "Only administrators can do this",
        );
    }
}

async fn every_call_needs_an_administrator(app: TestApp) {
    let f = fixture(&app).await;
    let customer = app.customer("shopper@example.com").await;
    let some = Id::generate().into_string();
    let title = Some(json!({"title": "Tools"}));
    let ids = Some(json!({"ids": [f.faucets, f.heating]}));
    let calls = [
        (
            Method::POST,
            "/api/admin/category".to_string(),
            title.clone(),
        ),
        (
            Method::PUT,
            format!("/api/admin/category/{}", f.faucets),
            title.clone(),
        ),
        (
            Method::POST,
            "/api/admin/category/order".to_string(),
            ids.clone(),
        ),
        (
            Method::DELETE,
            format!("/api/admin/category/{}", f.heating),
            None,
        ),
        (
            Method::POST,
            format!("/api/admin/category/{}/sub-category", f.faucets),
            title.clone(),
        ),
        (
            Method::PUT,
            format!("/api/admin/sub-category/{}", f.basin),
            title.clone(),
        ),
        (
            Method::POST,
            format!("/api/admin/category/{}/sub-category/order", f.faucets),
            Some(json!({"ids": [f.basin, f.kitchen]})),
        ),
        (
            Method::DELETE,
            format!("/api/admin/sub-category/{}", f.basin),
            None,
        ),
        (Method::GET, "/api/admin/banner".to_string(), None),
        (
            Method::PUT,
            format!("/api/admin/banner/{some}"),
            Some(json!({"url": "/shop"})),
        ),
        (
            Method::POST,
            "/api/admin/banner/order".to_string(),
            Some(json!({"ids": []})),
        ),
        (Method::DELETE, format!("/api/admin/banner/{some}"), None),
        (Method::GET, "/api/admin/review".to_string(), None),
        (
            Method::POST,
            format!("/api/admin/review/{some}/hide"),
            Some(json!({"reason": "Spam"})),
        ),
        (Method::POST, format!("/api/admin/review/{some}/show"), None),
        (
            Method::POST,
            format!("/api/admin/product/{}/archive", f.alpha),
            None,
        ),
        (
            Method::POST,
            format!("/api/admin/product/{}/unarchive", f.alpha),
            None,
        ),
    ];
    for (method, path, body) in calls {
        let (status, _) = app.call(method.clone(), &path, body.clone(), None).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "{method} {path} signed out"
        );
        let (status, answer) = app.call(method.clone(), &path, body, Some(&customer)).await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "{method} {path} as a customer"
        );
        assert_eq!(answer["message"], "Only administrators can do this");
    }
    for token in [None, Some(customer.as_str())] {
        let (status, _) = app
            .multipart(
                Method::POST,
                "/api/admin/banner",
                banner_form("/shop"),
                token,
            )
            .await;
        assert!(
            [StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN].contains(&status),
            "{status}"
        );
    }
    // Nothing changed on the way.
    assert_eq!(
        menu(&app).await,
        [
            (
                "Faucets".to_string(),
                vec!["Kitchen Mixers".to_string(), "Basin Taps".to_string()]
            ),
            ("Heating".to_string(), vec!["Radiators".to_string()]),
        ]
    );
    assert_eq!(shop_banners(&app).await.len(), 1);
    assert_eq!(shop_total(&app, "perPage=1").await, 5);
    let log = app.activity.list(&Filter::default(), 50, 0).await.unwrap();
    assert_eq!(log.1, 0);
}
