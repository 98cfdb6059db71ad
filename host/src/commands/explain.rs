//! This module owns `rigc explain` (CLI.md §3, FORMAT.md §6.7): one target,
//! named by `build`'s flags or by its `rigc.toml` name, compiled by the same
//! stages through the same driver and cache as `build`
//! (`crate::build::compile_target`) — no second compile — then printed as
//! tables (`crate::explain`), or as one JSON document under
//! `--message-format json`. It never gates and writes nothing; it exits 0 on
//! a rig `build` would refuse at the gate. A rig that does not compile is
//! refused as `build` refuses it, then `rigc explain: …`: exit 2 when the
//! art does not resolve (a part image that is missing, unreadable or not a
//! PNG), else 1. `--atlas-in` (or a target's `atlas_in`) explains the rig as
//! built against that atlas — parts measured from its regions, the header
//! naming the atlas and where it holds each part; an atlas that cannot be
//! read, or lacks a part's region or a page, is art that does not resolve.

use super::build::{flags_target, FlagsTarget};
use super::Status;
use crate::cli::{ExplainArgs, MessageFormat};
use crate::explain::{Explain, Loaded};
use crate::output::Output;
use crate::workspace;
use std::path::Path;

/// Runs `rigc explain`.
pub fn run(args: &ExplainArgs, cwd: &Path, out: &mut Output) -> Status {
    let planned = match &args.target {
        Some(name) => {
            let manifest = match workspace::find_manifest(cwd) {
                Ok(m) => m,
                Err(diags) => {
                    out.diagnostics(&diags);
                    return Status::Red;
                }
            };
            let Some(m) = manifest else {
                out.usage(&format!(
                    "no rigc.toml in {} or above declares the target {name:?}",
                    cwd.display()
                ));
                return Status::Usage;
            };
            match workspace::select(&m, false, std::slice::from_ref(name), None, None, false) {
                Ok(mut targets) if targets.len() == 1 => {
                    let target = targets.remove(0);
                    (workspace::project_of(Some(&m), cwd), Some(m), target)
                }
                Ok(_) => {
                    out.usage(&format!("rigc.toml declares no one target {name:?}"));
                    return Status::Usage;
                }
                Err(message) => {
                    out.usage(&message);
                    return Status::Usage;
                }
            }
        }
        None => {
            let (Some(rig), Some(motion), Some(dir)) = (&args.rig, &args.motion, &args.out) else {
                out.usage(&super::build::missing_flags(
                    args.rig.as_ref(),
                    args.motion.as_ref(),
                    args.out.as_ref(),
                    "or name a target of rigc.toml",
                ));
                return Status::Usage;
            };
            let flags = FlagsTarget {
                rig,
                motion,
                images: args.images.as_ref(),
                out: dir,
                profile: None,
                copy_images: false,
            };
            match flags_target(flags, cwd) {
                Ok(t) => t,
                Err(diags) => {
                    out.diagnostics(&diags);
                    return Status::Red;
                }
            }
        }
    };
    let (project, manifest, mut target) = planned;
    if let Some(atlas) = &args.atlas_in {
        // As `build --atlas-in` resolves it: against the working directory.
        let ask = crate::layout::LayoutAsk {
            atlas_in: Some(crate::project::absolute(atlas, cwd)),
            ..Default::default()
        };
        target.layout = ask.layout();
    }
    let ws = match workspace::open(
        project,
        manifest,
        args.cache_dir.as_deref(),
        &Default::default(),
        cwd,
    ) {
        Ok(ws) => ws,
        Err(diags) => {
            out.diagnostics(&diags);
            return Status::Red;
        }
    };
    let (result, compiled) = crate::runner::compile_one(&ws, &target);
    for w in &result.warnings {
        out.err_line(w);
    }
    let Some((sources, compiled)) = compiled else {
        out.diagnostics(&result.diagnostics);
        let art = result.diagnostics.iter().any(names_unresolvable_art);
        out.err_line(&format!(
            "rigc explain: {} {} — nothing to explain",
            result.label,
            if art {
                "names art that does not resolve"
            } else {
                "does not compile"
            }
        ));
        return if art { Status::Usage } else { Status::Red };
    };
    let loaded = Loaded::of(&compiled, &sources);
    let explain = Explain::of(&result, &loaded.input(&compiled, &sources));
    match out.format() {
        MessageFormat::Json => {
            let doc = explain.json(&result);
            out.line(&serde_json::to_string_pretty(&doc).unwrap_or_default());
        }
        MessageFormat::Human => {
            for line in explain.lines() {
                out.line(&line);
            }
            if let Some(line) = crate::printer::target::stages_line(&result) {
                out.line(&line);
            }
        }
    }
    Status::Green
}

/// A refusal of a part image: it cannot be found, read or decoded (the
/// `image` value it is placed at, or an `image.*` code).
fn names_unresolvable_art(d: &rigc_diag::Diagnostic) -> bool {
    let code = d.code.as_str();
    // Under --atlas-in the art is the atlas: unreadable, malformed, a region
    // or a page it lacks.
    code.starts_with("image.")
        || [
            "build.atlas-in.unreadable",
            "build.atlas-in.malformed",
            "build.atlas-in.no-region",
            "build.atlas-in.page-missing",
            "build.atlas-in.off-page",
        ]
        .contains(&code)
        || (code.starts_with("path.")
            && d.loc
                .as_ref()
                .is_some_and(|l| l.pointer.ends_with("/image")))
}
