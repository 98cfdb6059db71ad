//! This module owns `rigc cache stats` and `rigc cache gc --max-size <bytes>`.

use super::Status;
use crate::cli::{CacheAction, CacheArgs};
use crate::output::Output;
use std::path::Path;

/// Runs `rigc cache …`.
pub fn run(args: &CacheArgs, cwd: &Path, out: &mut Output) -> Status {
    let manifest = match crate::workspace::find_manifest(cwd) {
        Ok(m) => m,
        Err(diags) => {
            out.diagnostics(&diags);
            return Status::Red;
        }
    };
    let root = manifest
        .as_ref()
        .map(|m| m.dir.clone())
        .unwrap_or_else(|| cwd.to_path_buf());
    let dir = crate::workspace::cache_dir(args.cache_dir.as_deref(), manifest.as_ref(), &root, cwd);
    let cache = match crate::cache::Cache::open(&dir) {
        Ok(c) => c,
        Err(e) => {
            out.err_line(&format!("rigc: {e}"));
            return Status::Red;
        }
    };
    match args.action {
        CacheAction::Stats => {
            let s = cache.stats();
            out.line(&format!("rigc cache {}", dir.display()));
            out.line(&format!(
                "  ..    blobs    {:>8}  {:>12} bytes",
                s.blobs, s.blob_bytes
            ));
            out.line(&format!(
                "  ..    actions  {:>8}  {:>12} bytes",
                s.actions, s.action_bytes
            ));
            out.line(&format!(
                "  ..    plugins  {:>8}  {:>12} bytes",
                s.plugins, s.plugin_bytes
            ));
            out.line(&format!(
                "  ..    temps    {:>8}  {:>12} bytes",
                s.temporaries, s.temporary_bytes
            ));
            out.line(&format!(
                "  ..    total              {:>12} bytes",
                s.total_bytes()
            ));
        }
        CacheAction::Gc { max_size } => {
            let g = cache.gc(max_size);
            out.line(&format!(
                "rigc cache gc {} --max-size {max_size}",
                dir.display()
            ));
            out.line(&format!(
                "  ..    {} entries removed, {} stale temporaries removed; {} -> {} bytes",
                g.removed, g.temporaries, g.before, g.after
            ));
        }
    }
    Status::Green
}
