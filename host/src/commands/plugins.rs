//! This module owns `rigc plugins`: every plugin the project loads (the built-ins
//! and the libraries `rigc.toml` names), from where, its identity hash, its ABI
//! version, and what it provides. Loading is the same as a build's, so a library a
//! build would refuse is refused here, by name.

use super::Status;
use crate::cli::PluginsArgs;
use crate::output::Output;
use crate::plugins::Origin;
use std::path::Path;

/// Runs `rigc plugins`.
pub fn run(args: &PluginsArgs, cwd: &Path, out: &mut Output) -> Status {
    let ws = match crate::workspace::find_manifest(cwd).and_then(|m| {
        let project = crate::workspace::project_of(m.as_ref(), cwd);
        crate::workspace::open(
            project,
            m,
            args.cache_dir.as_deref(),
            &crate::cache::remote::OFF,
            cwd,
        )
    }) {
        Ok(ws) => ws,
        Err(diags) => {
            out.diagnostics(&diags);
            return Status::Red;
        }
    };
    let mut registries = vec![("project".to_string(), &ws.registry)];
    registries.extend(
        ws.target_registries
            .iter()
            .map(|(t, r)| (format!("target {t}"), r)),
    );
    let mut shown: Vec<String> = Vec::new();
    for (scope, registry) in registries {
        for p in &registry.plugins {
            let id = crate::cache::hex(&p.identity());
            if shown.contains(&id) && p.origin != Origin::Builtin {
                continue;
            }
            if p.origin == Origin::Builtin && shown.iter().any(|s| s == &p.manifest.name) {
                continue;
            }
            shown.push(if p.origin == Origin::Builtin {
                p.manifest.name.clone()
            } else {
                id.clone()
            });
            let from = match &p.origin {
                Origin::Builtin => {
                    "built in (linked into rigc, called through the same ABI table)".to_string()
                }
                Origin::Library { path, copy } => {
                    format!("{} (loaded from {})", path.display(), copy.display())
                }
            };
            out.line(&format!(
                "{} {}  [{scope}]",
                p.manifest.name, p.manifest.version
            ));
            out.line(&format!("  ..    from    {from}"));
            out.line(&format!("  ..    blake3  {id}"));
            out.line(&format!("  ..    abi     {}", p.manifest.abi));
            if !p.manifest.rules.is_empty() {
                let rules: Vec<String> = p
                    .manifest
                    .rules
                    .iter()
                    .map(|r| format!("{} ({})", r.code, r.kind.word()))
                    .collect();
                out.line(&format!("  ..    rules   {}", rules.join(", ")));
            }
            for e in &p.manifest.emitters {
                out.line(&format!(
                    "  ..    emitter {} -> {}",
                    e.name,
                    e.files.join(", ")
                ));
            }
            for k in &p.manifest.deform_kinds {
                out.line(&format!(
                    "  ..    deform  {} ({})",
                    k.name,
                    k.params.join(", ")
                ));
            }
            if !p.config.is_null() {
                out.line(&format!("  ..    config  {}", p.config));
            }
        }
    }
    // A plugin copy found corrupt and made again is named here as in a build.
    for w in ws.cache.take_warnings() {
        out.err_line(&w);
    }
    Status::Green
}
