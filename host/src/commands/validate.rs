//! This module owns `rigc validate`: re-gate a `skeleton.json` + `skeleton.atlas`
//! already on disk. There is no second compile (A18 SKIPs) and no rig info (the
//! rules that need it SKIP).

use super::Status;
use crate::cli::ValidateArgs;
use crate::output::Output;
use crate::stages::gate::GateReport;
use rigc_sdk::gate::{GateInput, Profile};
use std::path::Path;

/// Runs `rigc validate`.
pub fn run(args: &ValidateArgs, cwd: &Path, out: &mut Output) -> Status {
    let located = match crate::candidate::locate(&args.path, args.atlas.as_deref(), cwd) {
        Ok(found) => found,
        Err(msg) => {
            out.usage(&msg);
            return Status::Usage;
        }
    };
    out.line(&format!("rigc validate {}", located.skeleton.display()));
    out.line(&format!("  ..    atlas {}", located.atlas.display()));
    let report = match gate(&located, args.profile.unwrap_or(Profile::Spine), cwd, out) {
        Ok(r) => r,
        Err(status) => return status,
    };
    for line in crate::printer::gate::report_lines(&report) {
        out.line(&line);
    }
    out.line(&crate::printer::gate::stats_line(&report));
    out.gate_findings(&report);
    if report.is_green() {
        out.line("rigc: green");
        Status::Green
    } else {
        out.err_line(&format!(
            "rigc: {} assertion(s) failed",
            report.fail_count()
        ));
        Status::Red
    }
}

/// The gate's report on a located candidate, as `rigc validate` makes it
/// (under `profile`, with the project's rule plugins when `cwd` is in a
/// project): the one gating of built artifacts `validate` and `preview`
/// share. A file it cannot read or a project it cannot load is named on
/// `out` and is `Err(Status::Red)`.
pub fn gate(
    located: &crate::candidate::Located,
    profile: Profile,
    cwd: &Path,
    out: &mut Output,
) -> Result<GateReport, Status> {
    let skeleton_text = match std::fs::read_to_string(&located.skeleton) {
        Ok(t) => t,
        Err(e) => {
            out.err_line(&format!(
                "rigc: cannot read {}: {e}",
                located.skeleton.display()
            ));
            return Err(Status::Red);
        }
    };
    let atlas_text = match std::fs::read_to_string(&located.atlas) {
        Ok(t) => t,
        Err(e) => {
            out.err_line(&format!(
                "rigc: cannot read {}: {e}",
                located.atlas.display()
            ));
            return Err(Status::Red);
        }
    };
    let pages = rigc_sdk::gate::pages::read(
        &atlas_text,
        located.atlas.parent().unwrap_or(Path::new("")),
        &Default::default(),
    );
    let input = GateInput {
        profile,
        skeleton_text,
        atlas_text: Some(atlas_text),
        rig: None,
        second: None,
        pages,
    };
    // The project's plugins (and so its cache, which holds their copies) only when
    // there is a project file; a bare directory is gated by the built-in rules and
    // nothing is written anywhere.
    let registry = match crate::workspace::find_manifest(cwd) {
        Ok(Some(m)) => {
            let project = crate::workspace::project_of(Some(&m), cwd);
            crate::workspace::open(project, Some(m), None, &crate::cache::remote::OFF, cwd).map(
                |ws| {
                    // A plugin copy found corrupt and made again is named, as in a build.
                    for w in ws.cache.take_warnings() {
                        out.err_line(&w);
                    }
                    ws.registry
                },
            )
        }
        Ok(None) => crate::plugins::Registry::new(crate::plugins::builtins()),
        Err(diags) => Err(diags),
    };
    let registry = match registry {
        Ok(r) => r,
        Err(diags) => {
            out.diagnostics(&diags);
            return Err(Status::Red);
        }
    };
    Ok(crate::stages::gate::run_plugins(
        &input,
        registry.rule_plugins(),
    ))
}
