//! This module owns `rigc build`: one target from flags, or the targets of
//! `rigc.toml` (`--all`, or by name) one after another. Per target it compiles,
//! compiles again for A18, gates, prints the report, and writes only when green.

use super::Status;
use crate::cli::{BuildArgs, MessageFormat};
use crate::compile::{self, Target};
use crate::config;
use crate::diag::Diagnostic;
use crate::output::Output;
use crate::stages::{self, emit::Written, gate::GateReport};
use rigc_sdk::gate::{GateInput, Profile, SecondCompile};
use std::path::Path;

/// Runs `rigc build`.
pub fn run(args: &BuildArgs, cwd: &Path, out: &mut Output) -> Status {
    if args.all || !args.targets.is_empty() {
        return run_manifest(args, cwd, out);
    }
    let missing: Vec<&str> = [
        ("--rig", args.rig.is_none()),
        ("--motion", args.motion.is_none()),
        ("--out", args.out.is_none()),
    ]
    .iter()
    .filter(|(_, m)| *m)
    .map(|(n, _)| *n)
    .collect();
    if !missing.is_empty() {
        out.usage(&format!(
            "{} is required (or build the targets of rigc.toml with --all)",
            missing.join(", ")
        ));
        return Status::Usage;
    }
    let (Some(rig), Some(motion), Some(dir)) = (&args.rig, &args.motion, &args.out) else {
        return Status::Usage;
    };
    let target = Target {
        label: rig.display().to_string(),
        rig: rig.clone(),
        motion: motion.clone(),
        images: args.images.clone(),
        out: dir.clone(),
        copy_images: args.copy_images,
    };
    build_one(&target, args.profile.unwrap_or(Profile::Spine), cwd, out)
}

fn run_manifest(args: &BuildArgs, cwd: &Path, out: &mut Output) -> Status {
    let Some(path) = config::find(cwd) else {
        out.usage(&format!(
            "no {} in {} or above; --all builds the targets it declares",
            config::FILE_NAME,
            cwd.display()
        ));
        return Status::Usage;
    };
    let manifest = match config::load(&path) {
        Ok(m) => m,
        Err(diags) => {
            out.diagnostics(&diags);
            return Status::Red;
        }
    };
    let mut selected = Vec::new();
    if args.all {
        selected.extend(manifest.targets.iter());
    }
    for name in &args.targets {
        match manifest.targets.iter().find(|t| &t.name == name) {
            Some(t) => {
                if !selected.iter().any(|s| s.name == t.name) {
                    selected.push(t)
                }
            }
            None => {
                let known: Vec<&str> = manifest.targets.iter().map(|t| t.name.as_str()).collect();
                out.usage(&format!(
                    "{} declares no target {name:?}; it declares: {}",
                    path.display(),
                    known.join(", ")
                ));
                return Status::Usage;
            }
        }
    }
    let mut red = Vec::new();
    for t in &selected {
        let target = Target {
            label: t.name.clone(),
            rig: t.rig.clone(),
            motion: t.motion.clone(),
            images: t.images.clone(),
            out: t.out.clone(),
            copy_images: args.copy_images,
        };
        let profile = args.profile.or(t.profile).unwrap_or(manifest.profile);
        if build_one(&target, profile, &manifest.dir, out) != Status::Green {
            red.push(t.name.as_str());
        }
        out.line("");
    }
    let green = selected.len() - red.len();
    if red.is_empty() {
        out.line(&format!(
            "rigc: {} target(s): {green} green, 0 red",
            selected.len()
        ));
        Status::Green
    } else {
        out.err_line(&format!(
            "rigc: {} target(s): {green} green, {} red ({})",
            selected.len(),
            red.len(),
            red.join(", ")
        ));
        Status::Red
    }
}

/// Builds one target and prints its report; returns its status.
pub fn build_one(target: &Target, profile: Profile, cwd: &Path, out: &mut Output) -> Status {
    out.line(&format!("rigc build {}", target.label));
    let inputs = match compile::read_inputs(target, cwd) {
        Ok(i) => i,
        Err(diags) => {
            out.diagnostics(&diags);
            return Status::Red;
        }
    };
    out.line(&format!(
        "  ..    rig    {}",
        inputs.rig_file.path.display()
    ));
    out.line(&format!(
        "  ..    motion {}",
        inputs.motion_file.path.display()
    ));
    let first = match compile::compile(&inputs) {
        Ok(c) => c,
        Err(diags) => {
            out.diagnostics(&diags);
            return Status::Red;
        }
    };
    out.line(&format!("  ..    {} part page(s):", first.parts.len()));
    for (part, page) in first.parts.iter().zip(&first.atlas.pages) {
        out.line(&format!(
            "  ..      {:<24} {}x{}  <- {}",
            part.region, part.width, part.height, page.name
        ));
    }
    let second = compile::compile(&inputs).ok().map(|c| SecondCompile {
        skeleton_text: c.skeleton_text,
        atlas_text: c.atlas_text,
    });
    let input = GateInput {
        profile,
        skeleton_text: first.skeleton_text.clone(),
        atlas_text: Some(first.atlas_text.clone()),
        atlas_dir: inputs.out_dir.clone(),
        rig: Some(first.rig_info.clone()),
        second,
        page_files: first
            .atlas
            .copies
            .iter()
            .map(|c| (c.to_name.clone(), c.from.clone()))
            .collect(),
    };
    out.line(&format!(
        "  ..    validate (round trip through rigc's Spine 4.3 reader + machine assertions, profile {})",
        profile.name()
    ));
    let report = gate(&input);
    print_report(&report, out);
    if !report.is_green() {
        out.err_line(&format!(
            "rigc: {} assertion(s) failed — nothing written",
            report.fail_lines()
        ));
        return Status::Red;
    }
    if let Err(e) = std::fs::create_dir_all(&inputs.out_dir) {
        out.err_line(&format!(
            "rigc: cannot create {}: {e}",
            inputs.out_dir.display()
        ));
        return Status::Red;
    }
    if inputs.copy_images {
        out.line(&format!(
            "  ..    copy-images: {} page(s) copied into {}",
            first.atlas.copies.len(),
            inputs.out_dir.display()
        ));
        for c in &first.atlas.copies {
            if let Err(e) = stages::emit::copy_atomic(&c.from, &inputs.out_dir.join(&c.to_name)) {
                out.err_line(&format!("rigc: cannot copy {}: {e}", c.from.display()));
                return Status::Red;
            }
            let renamed = if c.renamed {
                "  (renamed — basename collision)"
            } else {
                ""
            };
            out.line(&format!(
                "  ..      {:<24} <- {}  ({} region(s)){renamed}",
                c.to_name,
                c.from.display(),
                c.regions
            ));
        }
    }
    for (name, text) in [
        ("skeleton.json", &first.skeleton_text),
        ("skeleton.atlas", &first.atlas_text),
    ] {
        let path = inputs.out_dir.join(name);
        match stages::emit::write_atomic(&path, text.as_bytes()) {
            Ok(Written::Wrote(p)) => out.line(&format!("rigc: wrote {}", p.display())),
            Ok(Written::Unchanged(p)) => {
                out.line(&format!("rigc: kept {} (unchanged)", p.display()))
            }
            Err(e) => {
                out.err_line(&format!("rigc: cannot write {}: {e}", path.display()));
                return Status::Red;
            }
        }
    }
    Status::Green
}

/// Runs the gate with rigc's own rules.
pub fn gate(input: &GateInput) -> GateReport {
    let rules = rigc_core_rules::rules();
    stages::gate::run(input, &rules)
}

/// Prints the report lines and the stats line.
pub fn print_report(report: &GateReport, out: &mut Output) {
    for line in report.lines() {
        out.line(&line);
    }
    out.line(&report.stats_line());
}

/// Prints diagnostics in the chosen format.
pub fn print_diagnostics(diags: &[Diagnostic], format: MessageFormat) -> String {
    diags
        .iter()
        .map(|d| match format {
            MessageFormat::Human => crate::diag::render_human(d),
            MessageFormat::Json => crate::diag::render_json(d),
        })
        .collect()
}
