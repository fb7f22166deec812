//! `shop`: serve, migrate, seed. See `shop --help` and the README.

use clap::Parser;
use shop::config::{AdminCommand, Cli, Command, SeedCommand, ServeArgs};
use shop::domain::account::{check_new_password, Email};
use shop::domain::time::Clock;
use shop::http::{AppState, Settings};
use shop::mail::Mailer;
use shop::media::Media;
use shop::security::Keys;
use shop::seed::bench::Spread;
use shop::store::accounts::Accounts;
use shop::store::catalogue::Catalogue;
use shop::store::Dialect;
use shop::{app, seed, BoxError};
use tracing_subscriber::EnvFilter;

/// jemalloc rather than the system's allocator (server/Cargo.toml says why).
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() {
    let logs = tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("SHOP_LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .with_target(false)
        // Logs on stderr, so a command's own output on stdout stays clean for scripts.
        .with_writer(std::io::stderr);
    match std::env::var("SHOP_LOG_FORMAT").as_deref() {
        // One JSON object a line, for a log collector: the request's fields
        // (`request_id` among them) as keys of their own.
        Ok("json") => logs.json().flatten_event(true).init(),
        Ok("text") | Err(_) => logs
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .init(),
        Ok(other) => {
            eprintln!("error: SHOP_LOG_FORMAT must be text or json, not {other:?}");
            std::process::exit(2);
        }
    }
    let cli = Cli::parse();
    // Before the database is opened (and migrated) or a port is taken.
    if let Command::Serve(args) = &cli.command {
        if let Err(why) = args.payments() {
            eprintln!("error: {why}");
            std::process::exit(2);
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime starts");
    if let Err(err) = runtime.block_on(run(cli)) {
        eprintln!("error: {err}");
        std::process::exit(1);
    }
}

async fn run(cli: Cli) -> Result<(), BoxError> {
    let common = cli.common;
    match &cli.command {
        Command::Openapi => {
            println!("{}", shop::http::openapi::document());
            return Ok(());
        }
        Command::Backup { file } => return backup(&common, file).await,
        Command::Restore { file } => return restore(&common, file).await,
        _ => {}
    }
    let media = Media::open(&common.media())
        .map_err(|e| format!("cannot open the media store {}: {e}", common.media()))?;
    let db = app::open_database(&common.database_url(), common.db_max_connections).await?;
    match cli.command {
        Command::Serve(args) => {
            let listener = tokio::net::TcpListener::bind(args.listen)
                .await
                .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
            let address = listener.local_addr()?;
            // Without one configured, links point at where this node really listens
            // (with `--listen 127.0.0.1:0`, the port chosen at start).
            let public_url = args
                .public_url
                .clone()
                .unwrap_or_else(|| format!("http://{address}"));
            let services = services(&args, &public_url, &common, media, db.dialect)?;
            let state = AppState::new(db, services);
            let shutdown = app::shutdown_signal();
            tracing::info!("serving on http://{address} (public URL {public_url})");
            app::serve(state, listener, shutdown).await;
            Ok(())
        }
        Command::Migrate => {
            let version = shop::store::current_version(&db).await?;
            println!("database at schema version {version}");
            Ok(())
        }
        Command::Seed {
            what: SeedCommand::Demo { if_empty },
        } => {
            let catalogue = Catalogue::new(db.clone(), Clock::system());
            if if_empty && catalogue.product_count().await? > 0 {
                println!("the catalogue has products already: demo seed skipped");
                return Ok(());
            }
            let report = seed::demo::seed(&catalogue, &media).await?;
            let reviews = seed::demo::seed_reviews(
                &Accounts::new(db.clone()),
                &shop::store::reviews::Reviews::new(db.clone()),
                &report.product_ids,
            )
            .await?;
            let pages = seed::demo_pages::seed_pages(&shop::store::pages::Pages::new(
                db.clone(),
                Clock::system(),
            ))
            .await?;
            let methods = seed::demo_delivery::seed_delivery(
                &shop::store::delivery::DeliveryMethods::new(db.clone(), Clock::system()),
            )
            .await?;
            let trade = seed::demo_trade::seed_trade(&db).await?;
            println!(
                "{report}, {reviews} reviews, {pages} pages, {methods} delivery methods, \
                 {trade} trade rows written"
            );
            Ok(())
        }
        Command::Seed {
            what:
                SeedCommand::Bench {
                    products,
                    no_variants,
                    skus,
                },
        } => {
            let spread = match (no_variants, skus) {
                (true, _) => Spread::None,
                (false, None) => Spread::Default,
                (false, Some(skus)) => Spread::for_skus(products, skus)?,
            };
            let started = std::time::Instant::now();
            seed::bench::seed(
                &Catalogue::new(db, Clock::system()),
                &media,
                products,
                spread,
            )
            .await?;
            println!(
                "seeded {products} benchmark products in {:.1}s",
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Command::Admin {
            what: AdminCommand::Create { email, password },
        } => {
            let email = Email::parse(&email).map_err(|e| format!("--email: {e}"))?;
            check_new_password(&password).map_err(|e| format!("--password: {e}"))?;
            let hash = shop::security::password::hash(&password).await?;
            let now = Clock::system().now_ms();
            if Accounts::new(db).make_admin(&email, &hash, now).await? {
                println!("administrator {email} created");
            } else {
                println!("{email} is now an administrator (password replaced, sessions ended)");
            }
            Ok(())
        }
        Command::Openapi | Command::Backup { .. } | Command::Restore { .. } => {
            unreachable!("handled above")
        }
    }
}

/// The mailer, signing keys and settings `shop serve` runs with.
fn services(
    args: &ServeArgs,
    public_url: &str,
    common: &shop::config::Common,
    media: Media,
    dialect: Dialect,
) -> Result<app::Services, BoxError> {
    let mailer = match &args.smtp_url {
        Some(url) => Mailer::smtp(url, &args.mail_from)?,
        None => {
            let outbox = common.data_dir.join("outbox");
            tracing::info!("no SHOP_SMTP_URL: mail is written to {}", outbox.display());
            Mailer::outbox(outbox, &args.mail_from)?
        }
    };
    if args.jwt_secret.is_none() && dialect == Dialect::Postgres {
        tracing::warn!(
            "no SHOP_JWT_SECRET: this node signs tokens with a secret of its own; \
             give every node the same SHOP_JWT_SECRET"
        );
    }
    let payments = args.payments()?;
    if payments.is_test() {
        tracing::warn!(
            "payments: test cards are accepted (SHOP_PAYMENTS=test) and no real money \
             moves; a shop that really sells chooses SHOP_PAYMENTS=manual"
        );
    }
    Ok(app::Services {
        media,
        mailer,
        keys: Keys::load(args.jwt_secret.as_deref(), &common.data_dir)?,
        settings: Settings {
            public_url: public_url.trim_end_matches('/').to_string(),
            cors_origins: shop::http::parse_cors_origins(&args.cors_origins)?,
            trust_forwarded_for: args.trust_forwarded_for,
            deliver_mail: true,
            payments,
            deliver_webhooks: true,
            connections: args.connections(),
            metrics_token: metrics_token(args.metrics_token.as_deref())?,
            webhooks_allow_private: args.webhooks_allow_private,
            webhook_retry_scale: if args.webhook_retry_scale.is_finite()
                && args.webhook_retry_scale >= 0.0
            {
                args.webhook_retry_scale
            } else {
                return Err("SHOP_WEBHOOK_RETRY_SCALE must be a number of at least 0".into());
            },
        },
        clock: Clock::system(),
    })
}

/// `SHOP_METRICS_TOKEN`, refused when too short to be a secret.
fn metrics_token(token: Option<&str>) -> Result<Option<String>, BoxError> {
    match token.map(str::trim) {
        None | Some("") => Ok(None),
        Some(token) if token.chars().count() < 16 => {
            Err("SHOP_METRICS_TOKEN must be at least 16 characters".into())
        }
        Some(token) => Ok(Some(token.to_string())),
    }
}

/// The media folder, when the media store is one (not `s3://`).
fn local_media(common: &shop::config::Common) -> Option<std::path::PathBuf> {
    let media = common.media();
    (!media.starts_with("s3://")).then(|| std::path::PathBuf::from(media))
}

async fn backup(common: &shop::config::Common, file: &std::path::Path) -> Result<(), BoxError> {
    let media = local_media(common);
    let files = shop::backup::backup(&common.database_url(), media.as_deref(), file).await?;
    match media {
        Some(_) => println!("backed up the database and {files} media files to {}", file.display()),
        None => println!(
            "backed up the database to {} (the media is in S3: back up its bucket with the store's own tools)",
            file.display()
        ),
    }
    Ok(())
}

async fn restore(common: &shop::config::Common, file: &std::path::Path) -> Result<(), BoxError> {
    let url = common.database_url();
    let database = shop::backup::sqlite_path(&url).ok_or(
        "restore puts back a SQLite shop; on PostgreSQL use pg_restore (README, \"Backups\")",
    )?;
    let media =
        local_media(common).ok_or("restore needs a local media folder (SHOP_MEDIA is s3://…)")?;
    let files = shop::backup::restore(file, &database, &media).await?;
    println!(
        "restored the database to {} and {files} media files to {}",
        database.display(),
        media.display()
    );
    Ok(())
}
