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
