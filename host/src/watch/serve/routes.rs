//! This module owns the server's routes (axum, HTTP/1 on 127.0.0.1):
//!
//! | route | answer |
//! |---|---|
//! | `GET /` | the index: each target's page |
//! | `GET /<target>/` | the target's page ([`super::page::target_page`]) |
//! | `GET /<target>/events` | its reports as server-sent events (`report`, JSON), the latest first |
//! | `GET /<target>/g/<generation>/<file>` | a file of its output directory ([`super::files::lookup`]); the generation only busts caches |
//! | `GET /<target>/page/<i>/<hash>` | the i-th page its atlas names while its bytes hash to `<hash>` (a report lists them; [`super::files::page`]): one URL per content |
//!
//! `/favicon.ico` is 204 (no icon, and no error in the page's console).
//! Anything else, an unknown target and a file outside the output directory
//! are 404. Every answer is `Cache-Control: no-store`.

use super::files;
use super::hub::{Hub, Report};
use super::page;
use crate::player::assets::Player;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::convert::Infallible;
use std::sync::Arc;

/// What every route reads.
pub struct Shared {
    /// The targets' reports and output directories.
    pub hub: Arc<Hub>,
    /// The Spine Web Player the pages embed or link.
    pub player: Player,
    /// The player's line in each page's header.
    pub player_line: String,
}

/// The router over `shared`.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/favicon.ico", get(no_icon))
        .route("/{target}", get(to_page))
        .route("/{target}/", get(target_page))
        .route("/{target}/events", get(events))
        .route("/{target}/g/{generation}/{file}", get(file))
        .route("/{target}/page/{index}/{hash}", get(atlas_page))
        .fallback(not_found)
        .with_state(shared)
}

fn no_store(r: impl IntoResponse) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], r).into_response()
}

async fn not_found() -> Response {
    no_store((StatusCode::NOT_FOUND, "not found\n"))
}

async fn no_icon() -> Response {
    no_store(StatusCode::NO_CONTENT)
}

async fn index(State(s): State<Arc<Shared>>) -> Response {
    no_store(Html(page::index(&s.hub.names())))
}

async fn to_page(Path(target): Path<String>) -> Response {
    no_store(Redirect::permanent(&page::page_path(&target)))
}

async fn target_page(State(s): State<Arc<Shared>>, Path(target): Path<String>) -> Response {
    if s.hub.subscribe(&target).is_none() {
        return not_found().await;
    }
    let mut lines = Vec::new();
    if let Some(dir) = s.hub.out_dir(&target) {
        lines.push(format!("  ..    out      {}", dir.display()));
    }
    lines.push(s.player_line.clone());
    no_store(Html(page::target_page(&s.player, &target, lines)))
}

async fn events(State(s): State<Arc<Shared>>, Path(target): Path<String>) -> Response {
    let Some(rx) = s.hub.subscribe(&target) else {
        return not_found().await;
    };
    let stream = futures_util::stream::unfold((rx, true), |(mut rx, first)| async move {
        if !first {
            rx.changed().await.ok()?;
        }
        let report = rx.borrow_and_update().clone();
        Some((Ok::<_, Infallible>(event(&report)), (rx, false)))
    });
    no_store(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// The report as a `report` event. (`Event::data` refuses a carriage
/// return; JSON text has none, as serde_json escapes every control character.)
fn event(report: &Report) -> Event {
    let data = serde_json::to_string(report).unwrap_or_else(|_| "{}".to_string());
    Event::default().event("report").data(data)
}

async fn file(
    State(s): State<Arc<Shared>>,
    Path((target, _generation, name)): Path<(String, String, String)>,
) -> Response {
    let Some(dir) = s.hub.out_dir(&target) else {
        return not_found().await;
    };
    let read = tokio::task::spawn_blocking(move || {
        files::lookup(&dir, &name).and_then(|p| std::fs::read(p).ok().map(|b| (name, b)))
    })
    .await;
    match read {
        Ok(Some((name, bytes))) => no_store(([(header::CONTENT_TYPE, files::mime(&name))], bytes)),
        _ => not_found().await,
    }
}

async fn atlas_page(
    State(s): State<Arc<Shared>>,
    Path((target, index, hash)): Path<(String, String, String)>,
) -> Response {
    let (Some(dir), Ok(index)) = (s.hub.out_dir(&target), index.parse::<usize>()) else {
        return not_found().await;
    };
    let read = tokio::task::spawn_blocking(move || files::page(&dir, index)).await;
    match read {
        Ok(Some((bytes, h))) if h == hash => {
            no_store(([(header::CONTENT_TYPE, "image/png")], bytes))
        }
        _ => not_found().await,
    }
}
