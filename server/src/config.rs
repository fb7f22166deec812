//! Command line and configuration: every flag can also be given as `SHOP_<FLAG>`.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// The web shop: one binary serving the API, media and the storefront.
#[derive(Parser, Debug)]
#[command(name = "shop", version, about)]
pub struct Cli {
    #[command(flatten)]
    pub common: Common,
    #[command(subcommand)]
    pub command: Command,
}

/// Where the shop keeps its data; shared by every command.
#[derive(Args, Clone)]
pub struct Common {
    /// Folder for the SQLite database and the local media store.
    #[arg(long, env = "SHOP_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,
    /// `sqlite://PATH` or `postgres://USER@HOST/DB`. Default: SQLite at `{data-dir}/shop.db`.
    #[arg(long, env = "SHOP_DATABASE_URL", global = true, hide_env_values = true)]
    pub database_url: Option<String>,
    /// Most database connections each process opens. Default: 4 for SQLite, 16 for PostgreSQL.
    #[arg(long, env = "SHOP_DB_MAX_CONNECTIONS", global = true, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub db_max_connections: Option<u32>,
    /// Media store: a folder, or `s3://bucket` (AWS_* variables; AWS_ENDPOINT for MinIO,
    /// AWS_ALLOW_HTTP=true for a plain-http endpoint).
    /// Default: `{data-dir}/media`.
    #[arg(long, env = "SHOP_MEDIA", global = true)]
    pub media: Option<String>,
}

impl Common {
    pub fn database_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| {
            format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("shop.db").display()
            )
        })
    }

    pub fn media(&self) -> String {
        self.media
            .clone()
            .unwrap_or_else(|| self.data_dir.join("media").display().to_string())
    }
}

// The database URL may carry a password: never print it.
impl fmt::Debug for Common {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Common")
            .field("data_dir", &self.data_dir)
            .field(
                "database_url",
                &self.database_url.as_deref().map(crate::store::redact),
            )
            .field("db_max_connections", &self.db_max_connections)
            .field("media", &self.media)
            .finish()
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve the API, media and storefront (migrates first).
    Serve(ServeArgs),
    /// Apply pending database migrations and exit.
    Migrate,
    /// Fill the catalogue.
    Seed {
        #[command(subcommand)]
        what: SeedCommand,
    },
    /// Manage administrators.
    Admin {
        #[command(subcommand)]
        what: AdminCommand,
    },
    /// Copy a SQLite shop's database and local media folder into FILE (a new file), while
    /// it serves. On PostgreSQL it tells how to use pg_dump instead.
    Backup { file: PathBuf },
    /// Put a backup made by `shop backup` into this data dir, which must hold no
    /// database and no media yet.
    Restore { file: PathBuf },
    /// Print the OpenAPI document.
    #[command(hide = true)]
    Openapi,
}

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "SHOP_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// The address shoppers reach the shop at: e-mailed links and signed photo URLs
    /// start with it (never with the request's Host header). Default: `http://` and
    /// the address the server listens on.
    #[arg(long, env = "SHOP_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The secret access tokens and signed URLs are signed with (at least 32
    /// characters; give it in the environment). Default: generated once into
    /// `{data-dir}/jwt-secret`. Every node behind one load balancer needs the same.
    #[arg(long, env = "SHOP_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Send mail over SMTP: `smtp://user:pass@host:587?tls=required` or
    /// `smtps://user:pass@host:465`. Default: `.eml` files in `{data-dir}/outbox`.
    #[arg(long, env = "SHOP_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of the shop's mail.
    #[arg(long, env = "SHOP_MAIL_FROM", default_value = crate::mail::DEFAULT_FROM)]
    pub mail_from: String,
    /// Other origins allowed to call the API from a browser, comma-separated
    /// (`https://shop.example.com`). Not needed for the storefront the binary serves.
    #[arg(long, env = "SHOP_CORS_ORIGINS", default_value = "")]
    pub cors_origins: String,
    /// Behind a proxy you trust: take the client's address (for login limits) from
    /// the last `X-Forwarded-For` entry instead of the connection.
    #[arg(long, env = "SHOP_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,
    /// Who takes card payments: `test`, the offline test provider under /testpsp/
    /// (no real money moves; the storefront says so), or `manual`, cash on delivery
    /// and at pickup only. Default: `test` when the public URL (else the listen
    /// address) is on loopback; on a public address it must be chosen.
    #[arg(long, env = "SHOP_PAYMENTS")]
    pub payments: Option<String>,
    /// Seconds a client has to send a request's header, or to begin its next request on
    /// a kept-alive connection, before the connection is closed.
    #[arg(long, env = "SHOP_HEADER_TIMEOUT", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,
    /// Connections open at once; more wait in the kernel's backlog. Keep it under the
    /// process's file descriptor limit (`ulimit -n`) with room for the database's.
    #[arg(long, env = "SHOP_MAX_CONNECTIONS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: u64,
    /// Seconds a shutdown (SIGTERM, Ctrl-C) waits for requests in flight before it
    /// closes their connections and exits.
    #[arg(long, env = "SHOP_SHUTDOWN_GRACE", default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub shutdown_grace: u64,
    /// The bearer token a scraper elsewhere than this machine sends to read `/metrics`
    /// (at least 16 characters). Without it only this machine may read them.
    #[arg(long, env = "SHOP_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,
    /// Let webhook endpoints be plain `http://` and reach private, loopback and
    /// link-local addresses (tests, private networks). Off: `https://` to public
    /// addresses only.
    #[arg(long, env = "SHOP_WEBHOOKS_ALLOW_PRIVATE")]
    pub webhooks_allow_private: bool,
    /// Multiplies the waits between a webhook's tries (10 s up to 15 hours); tests
    /// shrink them.
    #[arg(long, env = "SHOP_WEBHOOK_RETRY_SCALE", default_value_t = 1.0)]
    pub webhook_retry_scale: f64,
}

impl ServeArgs {
    /// The payments provider these arguments choose, or why `shop serve` must not start
    /// (docs/DESIGN.md §7: a public shop never takes test cards by default).
    pub fn payments(&self) -> Result<crate::payments::Mode, String> {
        crate::payments::choice::choose(
            self.payments.as_deref(),
            self.public_url.as_deref(),
            self.listen,
        )
    }

    /// The bounds on connections these arguments give.
    pub fn connections(&self) -> crate::http::connections::Connections {
        crate::http::connections::Connections {
            header_timeout: std::time::Duration::from_secs(self.header_timeout),
            max_connections: usize::try_from(self.max_connections).unwrap_or(usize::MAX),
            shutdown_grace: std::time::Duration::from_secs(self.shutdown_grace),
        }
    }
}

// The signing secret and the SMTP URL's password are never printed.
impl fmt::Debug for ServeArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServeArgs")
            .field("listen", &self.listen)
            .field("public_url", &self.public_url)
            .field("jwt_secret", &self.jwt_secret.as_ref().map(|_| "***"))
            .field(
                "smtp_url",
                &self.smtp_url.as_deref().map(crate::store::redact),
            )
            .field("mail_from", &self.mail_from)
            .field("cors_origins", &self.cors_origins)
            .field("trust_forwarded_for", &self.trust_forwarded_for)
            .field("payments", &self.payments)
            .field("header_timeout", &self.header_timeout)
            .field("max_connections", &self.max_connections)
            .field("shutdown_grace", &self.shutdown_grace)
            .field("metrics_token", &self.metrics_token.as_ref().map(|_| "***"))
            .field("webhooks_allow_private", &self.webhooks_allow_private)
            .field("webhook_retry_scale", &self.webhook_retry_scale)
            .finish()
    }
}

#[derive(Subcommand)]
pub enum AdminCommand {
    /// Make an administrator: a new account, or an existing one promoted (its
    /// password replaced and its sessions ended).
    Create {
        #[arg(long)]
        email: String,
        /// At least 8 characters with an uppercase letter, a lowercase letter, a digit
        /// and a special character. Prefer `SHOP_ADMIN_PASSWORD` to keep it out of the
        /// shell history.
        #[arg(long, env = "SHOP_ADMIN_PASSWORD", hide_env_values = true)]
        password: String,
    },
}

impl fmt::Debug for AdminCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdminCommand::Create { email, .. } => f
                .debug_struct("Create")
                .field("email", email)
                .field("password", &"***")
                .finish(),
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum SeedCommand {
    /// The demo catalogue: categories, products with drawn images, banners. Idempotent.
    Demo {
        /// Do nothing when the catalogue already has products.
        #[arg(long)]
        if_empty: bool,
    },
    /// A synthetic catalogue for load tests.
    Bench {
        /// How many products.
        #[arg(long, default_value_t = 100_000)]
        products: u32,
        /// Every product in one variant (by default a third have 2–6), to compare.
        #[arg(long, conflicts_with = "skus")]
        no_variants: bool,
        /// About this many SKUs in all: the third of the products with variants get as
        /// many as it takes (8 on average for 1,000,000 SKUs of 300,000 products).
        #[arg(long)]
        skus: Option<u64>,
    },
}
