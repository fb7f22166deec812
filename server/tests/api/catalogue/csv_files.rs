//! Reading and writing the console's CSV files in tests: a download with its headers, an
//! import's answer, and a file's lines as cells.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

/// The body and headers of a GET as `token`.
pub(crate) async fn download(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
) -> (StatusCode, String, String) {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let disposition = response
        .headers()
        .get("content-disposition")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, disposition, response.text().await.unwrap())
}

/// Posts `csv` to the import, as a dry run or applied.
pub(crate) async fn import(
    app: &TestApp,
    csv: &str,
    apply: bool,
    token: Option<&str>,
) -> (StatusCode, Value) {
    let mut request = app
        .client
        .post(app.url(&format!("/api/admin/product/import?apply={apply}")))
        .header("content-type", "text/csv")
        .body(csv.to_string());
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

/// The CSV's lines as cells, header first.
pub(crate) fn parse(csv: &str) -> Vec<Vec<String>> {
    csv::Reader::from_reader(csv.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

pub(crate) fn header(csv: &str) -> Vec<String> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect()
}

/// `rows` (header first) as CSV text.
pub(crate) fn to_csv(rows: &[Vec<String>]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.write_record(row).unwrap();
    }
    String::from_utf8(writer.into_inner().unwrap()).unwrap()
}

pub(crate) fn actions(report: &Value) -> Vec<String> {
    report["data"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["action"].as_str().unwrap().to_string())
        .collect()
}
