//! This module owns how one target's build reads: the single build's report
//! (the inputs read, the part pages, the gate's report and stats, the stages),
//! what a green build wrote, the one line each target gets in a many-target
//! build, and the table and totals after them.

use super::{gate, stages::split, stages::stage_list};
use crate::build::TargetResult;
use crate::cache::Served;
use crate::project::Project;
use rigc_diag::write::Written;

/// The first line of a single build: `rigc build <label>`.
pub fn header_line(r: &TargetResult) -> String {
    format!("rigc build {}", r.label)
}

/// Which project a build used: its root, and whether a `rigc.toml` decided it.
pub fn project_words(project: &Project) -> String {
    if project.has_manifest {
        format!(
            "{} ({})",
            project.root.display(),
            project.root.join("rigc.toml").display()
        )
    } else {
        format!(
            "{} (no rigc.toml above the rig spec: its own directory, built-in plugins only)",
            project.root.display()
        )
    }
}

/// The report lines of a target (what a single build prints on stdout).
pub fn detail_lines(r: &TargetResult) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(project) = &r.project {
        lines.push(format!("  ..    project {}", project_words(project)));
    }
    if let Some(p) = &r.rig_path {
        lines.push(format!("  ..    rig    {}", p.display()));
    }
    if let Some(p) = &r.motion_path {
        lines.push(format!("  ..    motion {}", p.display()));
    }
    if let Some(p) = &r.atlas_in {
        lines.push(format!("  ..    atlas-in {}", p.display()));
    }
    if r.report.is_some() || !r.parts.is_empty() {
        lines.push(format!("  ..    {} part page(s):", r.parts.len()));
        for (region, w, h, page) in &r.parts {
            lines.push(format!("  ..      {region:<24} {w}x{h}  <- {page}"));
        }
    }
    lines.extend(super::mesh::lines(&r.meshes));
    if let Some(pack) = &r.pack {
        lines.extend(pack_lines(pack));
    }
    if let Some(report) = &r.report {
        let over = if r.pack.is_some() {
            "packed atlas, its pages as they are written: "
        } else {
            ""
        };
        lines.push(format!(
            "  ..    validate ({over}round trip through rigc's Spine 4.3 reader + machine assertions, profile {})",
            r.profile.name()
        ));
        lines.extend(gate::report_lines(report));
        lines.push(gate::stats_line(report));
    }
    lines.extend(stages_line(r));
    lines
}

/// `--pack`'s lines (CLI.md §1): the pages, how much of them the regions
/// cover, the padding (and `page edges free`), then each placement in packing
/// order.
pub fn pack_lines(pack: &crate::stages::pack::PackSummary) -> Vec<String> {
    let pages: Vec<String> = pack
        .pages
        .iter()
        .map(|p| format!("{} {}x{}", p.name, p.width, p.height))
        .collect();
    let page_area: u64 = pack
        .pages
        .iter()
        .map(|p| u64::from(p.width) * u64::from(p.height))
        .sum();
    let region_area: u64 = pack
        .placements
        .iter()
        .map(|(_, w, h, ..)| u64::from(*w) * u64::from(*h))
        .sum();
    let covered = if page_area == 0 {
        0.0
    } else {
        region_area as f64 * 100.0 / page_area as f64
    };
    let free = match pack.options.edges {
        crate::stages::pack::Edges::Free => ", page edges free",
        crate::stages::pack::Edges::Pot => "",
    };
    let mut lines = vec![format!(
        "  ..    pack: {}, {} region(s), {covered:.1}% covered, padding {}{free}",
        pages.join(", "),
        pack.placements.len(),
        pack.options.padding
    )];
    for (region, w, h, page, x, y) in &pack.placements {
        lines.push(format!(
            "  ..      {region:<24} {w}x{h} -> {page} @ {x},{y}"
        ));
    }
    lines
}

/// `  ..    stages: N ran (…), M from the cache`, when any stage was run or served.
pub fn stages_line(r: &TargetResult) -> Option<String> {
    let (ran, cached) = split(&r.log);
    (!r.log.is_empty()).then(|| {
        format!(
            "  ..    stages: {} ran{}, {} from the cache",
            ran.len(),
            if ran.is_empty() {
                String::new()
            } else {
                format!(" ({})", stage_list(&ran))
            },
            cached.len()
        )
    })
}

/// Why a red build with a report wrote nothing (on stderr).
pub fn nothing_written_line(r: &TargetResult) -> Option<String> {
    let report = r.report.as_ref().filter(|report| !report.is_green())?;
    Some(format!(
        "rigc: {} assertion(s) failed — nothing written",
        report.fail_count()
    ))
}

/// What a green build copied and wrote.
pub fn written_lines(r: &TargetResult) -> Vec<String> {
    let mut lines = Vec::new();
    if !r.copies.is_empty() {
        lines.push(format!(
            "  ..    copy-images: {} page(s) copied into {}",
            r.copies.len(),
            r.out_dir.display()
        ));
        for (c, _) in &r.copies {
            let renamed = if c.renamed {
                "  (renamed — basename collision)"
            } else {
                ""
            };
            lines.push(format!(
                "  ..      {:<24} <- {}  ({} region(s)){renamed}",
                c.to_name,
                c.from.display(),
                c.regions
            ));
        }
    }
    for w in &r.written {
        lines.push(match w {
            Written::Wrote(p) => format!("rigc: wrote {}", p.display()),
            Written::Unchanged(p) => format!("rigc: kept {} (unchanged)", p.display()),
        });
    }
    lines
}

/// The one line a target gets in a many-target build.
pub fn summary_line(r: &TargetResult) -> String {
    let (ran, cached) = split(&r.log);
    let verdict = if r.is_green() { "green" } else { "red" };
    let ran_text = if ran.is_empty() {
        "nothing ran".to_string()
    } else {
        format!("ran {}", stage_list(&ran))
    };
    let cached_text = if cached.is_empty() {
        String::new()
    } else {
        format!("; cached {}", stage_list(&cached))
    };
    format!(
        "rigc: {} {verdict} in {:.1} ms — {ran_text}{cached_text}",
        r.name,
        r.elapsed.as_secs_f64() * 1e3
    )
}

/// The table after a many-target build: per target its verdict, how many
/// stages ran and came from the cache, and its time (one string, one write).
pub fn table(results: &[TargetResult]) -> String {
    let width = results
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut table = format!("{:<width$}  verdict  ran  cached        ms", "target");
    for r in results {
        let (ran, cached) = split(&r.log);
        let verdict = if r.is_green() { "green" } else { "red" };
        table.push_str(&format!(
            "\n{:<width$}  {verdict:<7}  {:>3}  {:>6}  {:>8.1}",
            r.name,
            ran.len(),
            cached.len(),
            r.elapsed.as_secs_f64() * 1e3
        ));
    }
    table
}

/// `rigc: cache: L local hits, R remote hits, U uploads, E remote errors
/// (remote URL[, read-only][, N rejected])` — after a build that had a remote
/// cache; nothing without one.
pub fn cache_line(results: &[TargetResult], c: &crate::cache::Counts) -> Option<String> {
    let (url, remote) = (c.remote_url.as_ref()?, c.remote?);
    let (local_hits, remote_hits) = hits(results);
    let mut how = format!("remote {url}");
    if c.read_only {
        how.push_str(", read-only");
    }
    if remote.rejected > 0 {
        how.push_str(&format!(", {} rejected", remote.rejected));
    }
    Some(format!(
        "rigc: cache: {} local hit(s), {} remote hit(s), {} upload(s), {} remote error(s) ({how})",
        local_hits, remote_hits, remote.uploads, remote.errors
    ))
}

/// How many stages of `results` the local cache served, and the remote.
pub fn hits(results: &[TargetResult]) -> (usize, usize) {
    let served = results.iter().flat_map(|r| &r.log);
    served.fold((0, 0), |(l, r), e| match e.served {
        Some(Served::Local) => (l + 1, r),
        Some(Served::Remote) => (l, r + 1),
        None => (l, r),
    })
}

/// The totals line after the table, and whether it is red (on stderr).
pub fn totals_line(results: &[TargetResult]) -> (String, bool) {
    let green = results.iter().filter(|r| r.is_green()).count();
    let red: Vec<&str> = results
        .iter()
        .filter(|r| !r.is_green())
        .map(|r| r.name.as_str())
        .collect();
    if red.is_empty() {
        (
            format!("rigc: {} target(s): {green} green, 0 red", results.len()),
            false,
        )
    } else {
        (
            format!(
                "rigc: {} target(s): {green} green, {} red ({})",
                results.len(),
                red.len(),
                red.join(", ")
            ),
            true,
        )
    }
}
