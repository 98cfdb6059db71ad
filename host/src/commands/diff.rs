//! This module owns `rigc diff <candidate.json> <reference.json> [--as c=r]…
//! [--json <out>]`: both files read, each held to the runtime (a skeleton it
//! refuses is a named refusal, exit 1), compared by `crate::diff`, and the
//! report printed (and with `--json` written). A bad `--as` is a usage error;
//! nothing is written on any refusal.

use super::Status;
use crate::cli::DiffArgs;
use crate::output::Output;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Runs `rigc diff`.
pub fn run(args: &DiffArgs, cwd: &Path, out: &mut Output) -> Status {
    let mut explicit = Vec::new();
    for a in &args.pairs {
        match crate::diff::parse_as(a) {
            Ok(p) => explicit.push(p),
            Err(msg) => {
                out.usage(&msg);
                return Status::Usage;
            }
        }
    }
    let candidate = crate::project::absolute(&args.candidate, cwd);
    let reference = crate::project::absolute(&args.reference, cwd);
    let (c, r) = match (read(&candidate), read(&reference)) {
        (Ok(c), Ok(r)) => (c, r),
        (Err(msg), _) | (_, Err(msg)) => {
            out.err_line(&format!("rigc diff: {msg}"));
            return Status::Red;
        }
    };
    let pairs = match crate::diff::pair_animations(&c, &r, &explicit) {
        Ok(p) => p,
        Err(msg) => {
            out.usage(&msg);
            return Status::Usage;
        }
    };
    let report = crate::diff::compare(&c, &r, pairs);
    out.line(&format!("rigc diff {}", candidate.display()));
    out.line(&format!("  ..    reference {}", reference.display()));
    for l in crate::diff::report::lines(&report) {
        out.line(&l);
    }
    if let Some(json) = &args.json {
        let path: PathBuf = crate::project::absolute(json, cwd);
        let doc = crate::diff::report::document(&report, &candidate, &reference);
        if let Err(e) = std::fs::write(&path, crate::diff::report::document_text(&doc)) {
            out.err_line(&format!("rigc diff: cannot write {}: {e}", path.display()));
            return Status::Red;
        }
        out.line(&format!("rigc: wrote {}", path.display()));
    }
    Status::Green
}

/// Reads a skeleton, holds it to the runtime, and parses it as JSON.
fn read(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    rigc_sdk::spine::read_skeleton(&text, None)
        .map_err(|e| format!("the runtime refuses {}: {}", path.display(), e.message))?;
    serde_json::from_str(&text).map_err(|e| format!("the runtime refuses {}: {e}", path.display()))
}
