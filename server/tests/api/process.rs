//! The real `shop serve` binary as a child process, for tests that need what only a
//! process has: being killed, or several nodes on one database.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// A running `shop serve` on its own port, killed when dropped.
pub struct Server {
    child: Option<Child>,
    pub base: String,
    /// Every line the server has logged so far.
    log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Starts the binary on `url`, with `args` after `serve`, and waits for its
    /// 'serving on' line.
    pub async fn start(data_dir: &Path, url: &str, args: &[&str]) -> Server {
        Server::start_with_env(data_dir, url, args, &[]).await
    }

    /// [`Server::start`] with `env` set for the process.
    pub async fn start_with_env(
        data_dir: &Path,
        url: &str,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shop"))
            .arg("--data-dir")
            .arg(data_dir)
            .args(["--database-url", url, "serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .env("SHOP_LOG", "info,sqlx=warn")
            // Mail goes to the data dir's outbox folder, whatever the caller's environment says.
            .env_remove("SHOP_SMTP_URL")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the shop binary starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut server = Server {
            child: Some(child),
            base: String::new(),
            log: log.clone(),
        };
        // A thread reads the log to its end: the server logs every request, and would
        // block on a full pipe if nobody read it.
        let (tell, told) = oneshot::channel();
        std::thread::spawn(move || {
            let mut tell = Some(tell);
            let mut before = Vec::new();
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                log.lock().expect("the log").push(line.clone());
                if tell.is_some() {
                    if let Some(base) = serving_on(&line) {
                        tell.take().map(|t| t.send(Ok(base)));
                    } else {
                        before.push(line);
                    }
                }
            }
            if let Some(tell) = tell {
                let _ = tell.send(Err(before.join("\n")));
            }
        });
        match told.await {
            Ok(Ok(base)) => server.base = base,
            Ok(Err(log)) => panic!("the server stopped before serving:\n{log}"),
            Err(_) => panic!("the server's log reader stopped"),
        }
        server
    }

    /// The lines the server has logged so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().expect("the log").clone()
    }

    /// SIGKILL, and wait for the process to be gone.
    pub fn kill(mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().expect("SIGKILL is sent");
            child.wait().expect("the server is reaped");
        }
    }

    /// SIGTERM, and the exit status once the process is gone, or `None` if it was still
    /// running after `limit` (it is then killed).
    pub async fn terminate(mut self, limit: std::time::Duration) -> Option<ExitStatus> {
        let mut child = self.child.take().expect("the server runs");
        let pid = child.id().to_string();
        let signal = |name: &str| {
            let sent = Command::new("kill").args([name, &pid]).status();
            assert!(sent.is_ok_and(|s| s.success()), "kill {name} {pid} is sent");
        };
        signal("-TERM");
        let mut waited = tokio::task::spawn_blocking(move || child.wait());
        match tokio::time::timeout(limit, &mut waited).await {
            Ok(status) => Some(status.expect("waited").expect("the server is reaped")),
            Err(_) => {
                signal("-KILL");
                let _ = waited.await;
                None
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The address in the line `… serving on http://127.0.0.1:PORT (public URL …)`.
fn serving_on(line: &str) -> Option<String> {
    let (_, rest) = line.split_once("serving on ")?;
    rest.split_whitespace().next().map(str::to_string)
}

/// nginx (Debian's package) in front of `upstreams` as a round-robin load balancer, on a
/// port chosen at run time. Each answer names the node that gave it in `X-Upstream`.
pub struct Nginx {
    child: Option<Child>,
    prefix: std::path::PathBuf,
    pub base: String,
}

impl Nginx {
    /// Starts nginx before `upstreams` (`host:port` each), or says why it cannot.
    pub async fn start(upstreams: &[&str]) -> Result<Nginx, String> {
        let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"]
            .into_iter()
            .find(|path| Path::new(path).exists())
            .ok_or("nginx is not installed (apt-get install -y nginx)")?;
        let prefix = std::env::temp_dir().join(format!("shop-nginx-{}", shop::domain::new_id()));
        std::fs::create_dir_all(&prefix).map_err(|e| e.to_string())?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let servers: String = upstreams
            .iter()
            .map(|u| format!("    server {u};\n"))
            .collect();
        let p = prefix.display();
        // One worker: its round robin sends consecutive requests to alternate nodes.
        // Bodies stay in memory (no temp files for workers that may not write here).
        let conf = format!(
            "worker_processes 1;\ndaemon off;\npid {p}/nginx.pid;\nerror_log {p}/error.log;\n\
             events {{ worker_connections 256; }}\n\
             http {{\n  access_log off;\n  client_body_buffer_size 16m;\n  client_max_body_size 16m;\n\
             proxy_max_temp_file_size 0;\n  client_body_temp_path {p};\n  proxy_temp_path {p};\n\
             fastcgi_temp_path {p};\n  uwsgi_temp_path {p};\n  scgi_temp_path {p};\n\
             upstream shop {{\n{servers}  }}\n\
             server {{\n    listen 127.0.0.1:{port};\n    location / {{\n\
                   proxy_pass http://shop;\n      proxy_http_version 1.1;\n\
                   proxy_set_header Connection \"\";\n      proxy_set_header Host $http_host;\n\
                   proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n\
                   proxy_next_upstream off;\n      add_header X-Upstream $upstream_addr always;\n    }}\n  }}\n}}\n"
        );
        let conf_path = prefix.join("nginx.conf");
        std::fs::write(&conf_path, conf).map_err(|e| e.to_string())?;
        let child = Command::new(binary)
            .arg("-p")
            .arg(&prefix)
            .arg("-e")
            .arg(prefix.join("error.log"))
            .arg("-c")
            .arg(&conf_path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{binary}: {e}"))?;
        let mut nginx = Nginx {
            child: Some(child),
            prefix,
            base: format!("http://127.0.0.1:{port}"),
        };
        // Up when its port accepts; bounded, and an nginx that exits says why.
        for _ in 0..300 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return Ok(nginx);
            }
            if let Some(Ok(Some(status))) = nginx.child.as_mut().map(Child::try_wait) {
                let log =
                    std::fs::read_to_string(nginx.prefix.join("error.log")).unwrap_or_default();
                return Err(format!("nginx exited ({status}): {log}"));
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        Err("nginx did not listen within 15 s".into())
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // SIGTERM: the master stops its worker too (SIGKILL would leave it serving).
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            let _ = child.wait();
        }
        std::fs::remove_dir_all(&self.prefix).ok();
    }
}
