//! This module owns what building one target did: its verdict's parts (the
//! refusals, the gate's report), every stage it went through, what it wrote,
//! and its time — what the printer, the JSON report and `watch` read.

use crate::project::Project;
use crate::stage::StageEvent;
use crate::stages::{atlas::PageCopy, gate::GateReport};
use rigc_diag::{write::Written, Diagnostic};
use rigc_sdk::gate::Profile;
use std::path::PathBuf;
use std::time::Duration;

/// What building one target did.
#[derive(Debug)]
pub struct TargetResult {
    /// The target's name.
    pub name: String,
    /// How reports name it.
    pub label: String,
    /// The spec files, as read.
    pub rig_path: Option<PathBuf>,
    /// The motion file, as read.
    pub motion_path: Option<PathBuf>,
    /// The part pages: region, width, height, page line.
    pub parts: Vec<(String, u32, u32, String)>,
    /// One `MESH` line per mesh slot.
    pub meshes: Vec<crate::stages::mesh::MeshLine>,
    /// Refusals (compile errors, plugin refusals, write failures).
    pub diagnostics: Vec<Diagnostic>,
    /// The gate's report, when the build got that far.
    pub report: Option<GateReport>,
    /// Copies made under `--copy-images`.
    pub copies: Vec<(PageCopy, Written)>,
    /// The atlas `--atlas-in` read.
    pub atlas_in: Option<PathBuf>,
    /// What `--pack` laid out (its report lines).
    pub pack: Option<crate::stages::pack::PackSummary>,
    /// Files written (or left unchanged).
    pub written: Vec<Written>,
    /// The output directory.
    pub out_dir: PathBuf,
    /// Every stage, ran or cached, in order.
    pub log: Vec<StageEvent>,
    /// Cache corruption notices.
    pub warnings: Vec<String>,
    /// Wall time.
    pub elapsed: Duration,
    /// The profile.
    pub profile: Profile,
    /// The project it built in.
    pub project: Option<Project>,
}

impl TargetResult {
    /// Green: compiled, every assertion held, and the files were written.
    pub fn is_green(&self) -> bool {
        self.diagnostics.is_empty() && self.report.as_ref().is_some_and(|r| r.is_green())
    }
}
