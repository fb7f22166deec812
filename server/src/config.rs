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
    /// Print the OpenAPI document.
    #[command(hide = true)]
    Openapi,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "SHOP_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// The address shoppers reach the shop at; used in e-mailed links.
    #[arg(long, env = "SHOP_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,
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
    },
}
