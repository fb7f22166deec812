//! `shop`: serve, migrate, seed. See `shop --help` and the README.

use clap::Parser;
use shop::config::{Cli, Command, SeedCommand};
use shop::media::Media;
use shop::{app, seed, BoxError};
use tracing_subscriber::EnvFilter;

fn main() {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("SHOP_LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .init();
    let cli = Cli::parse();
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
    if let Command::Openapi = cli.command {
        println!("{}", shop::http::openapi::document());
        return Ok(());
    }
    let media = Media::open(&common.media())
        .map_err(|e| format!("cannot open the media store {}: {e}", common.media()))?;
    let state = app::open(&common.database_url(), common.db_max_connections, media).await?;
    match cli.command {
        Command::Serve(args) => {
            let listener = tokio::net::TcpListener::bind(args.listen)
                .await
                .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
            tracing::info!(
                "serving on http://{} (public URL {})",
                listener.local_addr()?,
                args.public_url
            );
            app::serve(state, listener, app::shutdown_signal()).await
        }
        Command::Migrate => {
            let version = shop::store::current_version(state.catalogue.db()).await?;
            println!("database at schema version {version}");
            Ok(())
        }
        Command::Seed {
            what: SeedCommand::Demo { if_empty },
        } => {
            if if_empty && state.catalogue.product_count().await? > 0 {
                println!("the catalogue has products already: demo seed skipped");
                return Ok(());
            }
            let report = seed::demo::seed(&state.catalogue, &state.media).await?;
            println!("{report}");
            Ok(())
        }
        Command::Seed {
            what: SeedCommand::Bench { products },
        } => {
            let started = std::time::Instant::now();
            seed::bench::seed(&state.catalogue, &state.media, products).await?;
            println!(
                "seeded {products} benchmark products in {:.1}s",
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Command::Openapi => unreachable!("handled above"),
    }
}
