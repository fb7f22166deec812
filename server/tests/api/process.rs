//! The real `shop serve` binary as a child process, for tests that need what only a
//! process has: being killed, or several nodes on one database.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use tokio::sync::oneshot;

/// A running `shop serve` on its own port, killed when dropped.
pub struct Server {
    child: Option<Child>,
    pub base: String,
}

impl Server {
    /// Starts the binary on `url`, with `args` after `serve`, and waits for its
    /// 'serving on' line.
    pub async fn start(data_dir: &Path, url: &str, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shop"))
            .arg("--data-dir")
            .arg(data_dir)
            .args(["--database-url", url, "serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .env("SHOP_LOG", "info,sqlx=warn")
            // Mail goes to the data dir's outbox folder, whatever the caller's environment says.
            .env_remove("SHOP_SMTP_URL")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the shop binary starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let mut server = Server {
            child: Some(child),
            base: String::new(),
        };
        // A thread reads the log to its end: the server logs every request, and would
        // block on a full pipe if nobody read it.
        let (tell, told) = oneshot::channel();
        std::thread::spawn(move || {
            let mut tell = Some(tell);
            let mut before = Vec::new();
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
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

    /// SIGKILL, and wait for the process to be gone.
    pub fn kill(mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().expect("SIGKILL is sent");
            child.wait().expect("the server is reaped");
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
