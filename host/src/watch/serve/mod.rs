//! This module owns `rigc watch --serve`: a live preview of each watched
//! target on 127.0.0.1, in the official Spine Web Player. It is fed by the
//! watch loop and knows nothing of builds beyond how one ended:
//!
//! - [`hub`] — each target's [`hub::Report`] channel: builds finished, the
//!   generation of its green output, the last build's failures;
//! - [`files`] — which files of an output directory are served (one plain
//!   name, really inside it);
//! - [`page`] — the pages: the player page with the live script (`live.js`:
//!   server-sent events, the skeleton reloaded in place keeping each track's
//!   animation and time, the failures over the last green pose), the index;
//! - [`routes`] — the HTTP routes (axum).
//!
//! The port is bound by [`Setup::bind`] before anything is built, so a port
//! in use is a refusal before the first build; [`start`] serves on the watch
//! loop's runtime.

pub mod files;
pub mod hub;
pub mod page;
pub mod routes;

use crate::player::assets::Player;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::sync::Arc;

/// What `--serve` needs before the watch starts: the bound port and the player.
#[derive(Debug)]
pub struct Setup {
    listener: TcpListener,
    addr: SocketAddr,
    player: Player,
}

impl Setup {
    /// Binds 127.0.0.1:`port` (0: any free port) for `player`'s pages; a port
    /// in use, or one that cannot be bound, is refused by a one-line message.
    pub fn bind(port: u16, player: Player) -> Result<Setup, String> {
        let refused = |why: String| {
            format!(
                "cannot serve on {}:{port}: {why}; choose another with --port",
                Ipv4Addr::LOCALHOST
            )
        };
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).map_err(|e| {
            refused(match e.kind() {
                std::io::ErrorKind::AddrInUse => "the port is in use".to_string(),
                _ => e.to_string(),
            })
        })?;
        listener
            .set_nonblocking(true)
            .map_err(|e| refused(e.to_string()))?;
        let addr = listener.local_addr().map_err(|e| refused(e.to_string()))?;
        Ok(Setup {
            listener,
            addr,
            player,
        })
    }

    /// `http://127.0.0.1:<port>`, the port as bound.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// The server, started: the hub the watch loop publishes to.
pub struct Serving {
    /// Each target's reports.
    pub hub: Arc<Hub>,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
}

pub use hub::Hub;

impl Serving {
    /// The URL of `target`'s page.
    pub fn url(&self, target: &str) -> String {
        format!("{}{}", self.base, page::page_path(target))
    }

    /// The one line that says where each target's page is.
    pub fn line(&self, targets: &[String]) -> String {
        let pages: Vec<String> = targets
            .iter()
            .map(|t| format!("{t} {}", self.url(t)))
            .collect();
        format!(
            "rigc watch: serving on {}/ (127.0.0.1 only) — {}",
            self.base,
            pages.join(", ")
        )
    }
}

/// Starts serving `setup` on the current tokio runtime.
pub fn start(setup: Setup) -> Result<Serving, String> {
    let base = setup.base_url();
    let listener = tokio::net::TcpListener::from_std(setup.listener)
        .map_err(|e| format!("cannot serve on {}: {e}", setup.addr))?;
    let hub = Arc::new(Hub::new());
    let player_line = setup.player.line();
    let shared = Arc::new(routes::Shared {
        hub: hub.clone(),
        player: setup.player,
        player_line,
    });
    let app = routes::router(shared);
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("rigc watch: the preview server stopped: {e}");
        }
    });
    Ok(Serving { hub, base })
}
