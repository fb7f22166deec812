//! `shop backup FILE` and `shop restore FILE`, for a SQLite shop.
//!
//! A backup is one file: the database as `VACUUM INTO` copies it, which is a consistent
//! snapshot taken while the shop serves, with the local media folder added to it as a
//! SQLite Archive (the `sqlar` table that `sqlite3 -A` lists and extracts). Media is
//! copied after the snapshot, so every file a row of it names is there, unless it was
//! deleted in between. On PostgreSQL use `pg_dump` (README, "Backups").

use std::path::{Path, PathBuf};

use sqlx::{Connection, Row};

use crate::media::is_safe_path;
use crate::BoxError;

/// What `shop backup` says on PostgreSQL.
pub const POSTGRES: &str = "this shop's database is PostgreSQL: back it up with \
    `pg_dump --format=custom --file=shop.dump DATABASE_URL` and restore it into an empty \
    database with `pg_restore --dbname=DATABASE_URL shop.dump` (README, \"Backups\"); \
    back up an S3 media bucket with the store's own tools";

/// The SQLite file of a `sqlite://PATH?…` URL.
pub fn sqlite_path(url: &str) -> Option<PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

/// Writes the backup of the database at `database_url` and the media folder `media`
/// (`None` when the media is not a local folder) to `file`, which must not exist.
/// Returns the number of media files archived.
pub async fn backup(
    database_url: &str,
    media: Option<&Path>,
    file: &Path,
) -> Result<u64, BoxError> {
    if sqlite_path(database_url).is_none() {
        return Err(POSTGRES.into());
    }
    if file.exists() {
        return Err(format!("{} exists already: name a new file", file.display()).into());
    }
    // Written under another name and renamed when whole: a failed backup leaves nothing
    // that looks like one.
    let partial = with_suffix(file, ".partial");
    std::fs::remove_file(&partial).ok();
    let result = write_backup(database_url, media, &partial).await;
    match result {
        Ok(files) => {
            std::fs::rename(&partial, file)?;
            Ok(files)
        }
        Err(e) => {
            std::fs::remove_file(&partial).ok();
            Err(e)
        }
    }
}

async fn write_backup(
    database_url: &str,
    media: Option<&Path>,
    to: &Path,
) -> Result<u64, BoxError> {
    let to_text = to.to_str().ok_or("the backup file's path must be UTF-8")?;
    let mut live = sqlx::SqliteConnection::connect(database_url).await?;
    sqlx::query("VACUUM INTO ?")
        .bind(to_text)
        .execute(&mut live)
        .await?;
    live.close().await?;
    let mut copy = sqlx::SqliteConnection::connect(&format!("sqlite://{to_text}")).await?;
    sqlx::query(
        "CREATE TABLE sqlar (name TEXT PRIMARY KEY, mode INT, mtime INT, sz INT, data BLOB)",
    )
    .execute(&mut copy)
    .await?;
    let mut files = 0;
    if let Some(media) = media.filter(|m| m.is_dir()) {
        // Only names the shop gives: not a store's half-written temporary files.
        for (name, path) in media_files(media)?
            .into_iter()
            .filter(|(n, _)| is_safe_path(n))
        {
            let data = std::fs::read(&path)?;
            let mtime = std::fs::metadata(&path)?
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
            sqlx::query("INSERT INTO sqlar (name, mode, mtime, sz, data) VALUES (?, ?, ?, ?, ?)")
                .bind(format!("media/{name}"))
                .bind(0o100_644_i64)
                .bind(mtime)
                .bind(i64::try_from(data.len())?)
                .bind(data)
                .execute(&mut copy)
                .await?;
            files += 1;
        }
    }
    copy.close().await?;
    Ok(files)
}

/// Every file below `root`, as (path from `root` with `/`, full path), in name order.
fn media_files(root: &Path) -> Result<Vec<(String, PathBuf)>, BoxError> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                folders.push(entry.path());
            } else if kind.is_file() {
                let relative = entry.path();
                let relative = relative.strip_prefix(root)?;
                let name = relative
                    .components()
                    .map(|c| {
                        c.as_os_str()
                            .to_str()
                            .ok_or("a media file name is not UTF-8")
                    })
                    .collect::<Result<Vec<_>, _>>()?
                    .join("/");
                found.push((name, entry.path()));
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Puts the backup `file` back: its database becomes `database` (which must not exist)
/// and its media files go below `media` (which must hold no file). Returns the number of
/// media files restored.
pub async fn restore(file: &Path, database: &Path, media: &Path) -> Result<u64, BoxError> {
    if database.exists() {
        return Err(format!(
            "{} exists: restore into an empty data dir",
            database.display()
        )
        .into());
    }
    if media.is_dir() && !media_files(media)?.is_empty() {
        return Err(format!(
            "{} holds files: restore into an empty data dir",
            media.display()
        )
        .into());
    }
    if let Some(parent) = database.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let partial = with_suffix(database, ".partial");
    std::fs::copy(file, &partial)?;
    let result = unpack(&partial, media).await;
    match result {
        Ok(files) => {
            std::fs::rename(&partial, database)?;
            Ok(files)
        }
        Err(e) => {
            std::fs::remove_file(&partial).ok();
            Err(e)
        }
    }
}

async fn unpack(database: &Path, media: &Path) -> Result<u64, BoxError> {
    let url = format!(
        "sqlite://{}",
        database
            .to_str()
            .ok_or("the data dir's path must be UTF-8")?
    );
    let mut db = sqlx::SqliteConnection::connect(&url)
        .await
        .map_err(|e| format!("not a shop backup: {e}"))?;
    let has_archive =
        sqlx::query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlar'")
            .fetch_optional(&mut db)
            .await
            .map_err(|e| format!("not a shop backup: {e}"))?
            .is_some();
    if !has_archive {
        return Err("not a shop backup: it has no media archive (sqlar)".into());
    }
    let rows = sqlx::query("SELECT name, sz, data FROM sqlar ORDER BY name")
        .fetch_all(&mut db)
        .await?;
    let mut files = 0;
    for row in rows {
        let name: String = row.try_get("name")?;
        let size: i64 = row.try_get("sz")?;
        let data: Vec<u8> = row.try_get("data")?;
        let Some(path) = name.strip_prefix("media/").filter(|p| is_safe_path(p)) else {
            return Err(format!("not a shop backup: it holds {name}").into());
        };
        if i64::try_from(data.len())? != size {
            return Err(
                format!("{name} is compressed: this backup was not made by shop backup").into(),
            );
        }
        let target = media.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(target, data)?;
        files += 1;
    }
    sqlx::query("DROP TABLE sqlar").execute(&mut db).await?;
    db.close().await?;
    Ok(files)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
