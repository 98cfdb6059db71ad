//! This module owns `rigc watch`'s command line: find the project file (watch
//! needs one: it watches the targets it declares), under `--serve` find the
//! player and bind the port (both refused before anything is built), and hand
//! the selection to [`crate::watch::run`], which builds, watches and rebuilds
//! until Ctrl-C.

use super::Status;
use crate::cli::WatchArgs;
use crate::output::Output;
use crate::watch::plan::Selection;
use std::path::Path;
use std::time::Duration;

/// Runs `rigc watch`.
pub fn run(args: &WatchArgs, cwd: &Path, out: &mut Output) -> Status {
    let Some(manifest) = crate::config::find(cwd) else {
        out.usage(&format!(
            "no rigc.toml in {} or above; rigc watch watches the targets it declares",
            cwd.display()
        ));
        return Status::Usage;
    };
    let sel = Selection {
        manifest,
        names: args.targets.clone(),
        profile: args.profile,
        cache_dir: args.cache_dir.clone(),
        cwd: cwd.to_path_buf(),
    };
    let serve = if args.serve {
        let player =
            super::preview::find_player(args.player.as_deref(), args.player_url.as_deref(), cwd)
                .and_then(|player| crate::watch::serve::Setup::bind(args.port, player));
        match player {
            Ok(s) => Some(s),
            Err(msg) => {
                out.err_line(&format!("rigc watch: {msg}"));
                return Status::Red;
            }
        }
    } else {
        None
    };
    crate::watch::run(sel, Duration::from_millis(args.debounce), serve, out)
}
