//! This module owns every line rigc renders about a build, from data: the
//! gate's report ([`gate`]: PASS, SKIP, PROF and FAIL lines, each FAIL with its
//! place in the specs, the stats line, FAILs as JSON objects), the stage list
//! ([`stages`]), the `MESH` lines ([`mesh`]), a transform deform key's print-out
//! for `explain` ([`deform`]), a target's report and the many-target summary ([`target`]),
//! `explain`'s MEMBER block ([`member`]),
//! `check`'s report ([`check`]), diagnostics ([`render_diagnostics`]) and the machine-readable build report
//! ([`json`]). Nothing here writes; `crate::output` sends what it renders, and
//! `rigc watch` renders its lines from the same data.

pub mod check;
pub mod deform;
pub mod gate;
pub mod json;
pub mod member;
pub mod mesh;
pub mod mesh_generated;
pub mod stages;
pub mod target;

use rigc_diag::args::MessageFormat;

/// Diagnostics in the chosen format: compiler-style blocks, or one JSON
/// object a line.
pub fn render_diagnostics(diags: &[rigc_diag::Diagnostic], format: MessageFormat) -> String {
    diags
        .iter()
        .map(|d| match format {
            MessageFormat::Human => rigc_diag::render_human(d),
            MessageFormat::Json => rigc_diag::render_json(d),
        })
        .collect()
}
