//! This module owns what `rigc watch` builds and what it reads: the [`Plan`]
//! (the project file, loaded; its plugins, loaded from private copies; the
//! selected targets) and each target's [`TargetInputs`], discovered the way the
//! build resolves them (the rig's `images` directory or the target's override,
//! every image the rig names; under `atlas_in`, the atlas and its pages).
//!
//! Loading follows the watch set's rule: the project file's directory is watched
//! from the start; plugin libraries are added to the filter and watched before the
//! loader reads them; a target's spec files before its rig spec is read, and its
//! images before the build reads them. Loading is a blocking job whose outcome
//! returns to the loop as a `LoopEvent::Config` ([`Reloaded`]).

use super::error::WatchError;
use super::filter::TargetInputs;
use super::watchset::WatchSet;
use crate::build::TargetSpec;
use crate::cache::hex;
use crate::plugins::Origin;
use crate::project::{self, Project};
use crate::workspace::{self, Workspace};
use rigc_diag::Diagnostic;
use rigc_sdk::gate::Profile;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// What the command line asked to watch; fixed for the whole session.
#[derive(Debug, Clone)]
pub struct Selection {
    /// The project file, as found.
    pub manifest: PathBuf,
    /// Target names (empty: every target of the project file).
    pub names: Vec<String>,
    /// `--profile`.
    pub profile: Option<Profile>,
    /// `--cache-dir`.
    pub cache_dir: Option<PathBuf>,
    /// The working directory.
    pub cwd: PathBuf,
}

/// A loaded project: what every build of one revision of `rigc.toml` uses.
pub struct Plan {
    /// The cache and the plugins.
    pub ws: Arc<Workspace>,
    /// The selected targets, in file order.
    pub targets: Vec<TargetSpec>,
    /// Per target, everything its build depends on besides the files it reads:
    /// its settings and its plugins' identities and configuration. A target
    /// whose fingerprint changes across a reload is rebuilt.
    pub fingerprints: BTreeMap<String, String>,
    /// Each plugin library loaded: its name and identity (hex).
    pub libraries: BTreeMap<PathBuf, (String, String)>,
}

/// Why a load failed.
#[derive(Debug)]
pub enum ReloadError {
    /// A target named on the command line is not in the project file.
    Usage(String),
    /// The project file or a plugin was refused.
    Refused(Vec<Diagnostic>),
}

/// The outcome of a load, for the loop.
pub struct Reloaded {
    /// The plan, or why there is none.
    pub plan: Result<Plan, ReloadError>,
    /// Directories that could not be watched.
    pub watch_errors: Vec<WatchError>,
}

impl std::fmt::Debug for Reloaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reloaded")
            .field("ok", &self.plan.is_ok())
            .field("watch_errors", &self.watch_errors)
            .finish()
    }
}

/// `path` in the form notify reports it: canonical directory, then the name.
pub fn key(path: &Path) -> PathBuf {
    match (path.parent(), path.file_name()) {
        (Some(dir), Some(name)) => project::canonical_or_self(dir).join(name),
        _ => project::canonical_or_self(path),
    }
}

/// Loads the project file and its plugins, and discovers every selected target's
/// inputs, registering each with `set` before it is read.
pub fn load(sel: &Selection, set: &WatchSet) -> Reloaded {
    let mut watch_errors = Vec::new();
    let plan = load_plan(sel, set, &mut watch_errors);
    Reloaded { plan, watch_errors }
}

fn load_plan(
    sel: &Selection,
    set: &WatchSet,
    errors: &mut Vec<WatchError>,
) -> Result<Plan, ReloadError> {
    let manifest = crate::config::load(&sel.manifest).map_err(ReloadError::Refused)?;
    let libraries: BTreeSet<PathBuf> = manifest
        .plugins
        .iter()
        .chain(manifest.targets.iter().flat_map(|t| t.plugins.iter()))
        .map(|r| key(&r.path))
        .collect();
    errors.extend(set.add_plugins(&libraries));
    let targets = workspace::select(
        &manifest,
        sel.names.is_empty(),
        &sel.names,
        None,
        sel.profile,
        false,
    )
    .map_err(ReloadError::Usage)?;
    let ws = Arc::new(
        workspace::open(
            workspace::project_of(Some(&manifest), &sel.cwd),
            Some(manifest),
            sel.cache_dir.as_deref(),
            &Default::default(),
            &sel.cwd,
        )
        .map_err(ReloadError::Refused)?,
    );
    for t in &targets {
        errors.extend(discover(t, &ws.cwd, &ws.project, set));
    }
    let fingerprints = targets
        .iter()
        .map(|t| (t.name.clone(), fingerprint(&ws, t)))
        .collect();
    let mut libraries = BTreeMap::new();
    for registry in std::iter::once(&ws.registry).chain(ws.target_registries.values()) {
        for p in &registry.plugins {
            if let Origin::Library { path, .. } = &p.origin {
                libraries.insert(key(path), (p.name().to_string(), hex(&p.identity())));
            }
        }
    }
    Ok(Plan {
        ws,
        targets,
        fingerprints,
        libraries,
    })
}

/// Waits (at most two seconds) until none of `libraries` has changed size or
/// modification time for 50 ms, so a library still being copied into place is
/// not loaded half-written (a `cargo build` links it atomically; `cp` does not).
pub fn settle(libraries: &BTreeSet<PathBuf>) {
    const QUIET: Duration = Duration::from_millis(50);
    if libraries.is_empty() {
        return;
    }
    let stamp = || -> Vec<Option<(u64, Option<SystemTime>)>> {
        libraries
            .iter()
            .map(|l| {
                std::fs::metadata(l)
                    .ok()
                    .map(|m| (m.len(), m.modified().ok()))
            })
            .collect()
    };
    let mut last = stamp();
    for _ in 0..40 {
        std::thread::sleep(QUIET);
        let now = stamp();
        if now == last {
            return;
        }
        last = now;
    }
}

/// A target's settings and its plugins' identities and configuration.
pub fn fingerprint(ws: &Workspace, t: &TargetSpec) -> String {
    let mut s = format!("{t:?}");
    for p in &ws.registry_for(&t.name).plugins {
        s.push_str(&format!(
            "\n{} {} {}",
            p.name(),
            hex(&p.identity()),
            p.config
        ));
    }
    s
}

/// Finds what `t`'s build reads and registers it with `set`, in the order the
/// build reads it: the spec files (before the rig spec is read here), then the
/// image directory and images the rig names (before the build reads them). A rig
/// spec that cannot be read or parsed keeps the images last known.
pub fn discover(t: &TargetSpec, cwd: &Path, project: &Project, set: &WatchSet) -> Vec<WatchError> {
    let rig = project::absolute(&t.rig, cwd);
    let motion = project::absolute(&t.motion, cwd);
    let out = project::canonical_or_self(&project::absolute(&t.out, cwd));
    let specs = TargetInputs {
        files: [key(&rig), key(&motion)].into(),
        out,
        ..TargetInputs::default()
    };
    let known = set.target(&t.name).unwrap_or_default();
    let mut errors = set.set_target(&t.name, known.union(&specs));
    // Under `atlas_in`, the atlas (before it is read) and its pages.
    let specs = match &t.layout {
        crate::stages::pack::Layout::AtlasIn(path) => {
            let atlas = TargetInputs {
                files: [key(path)].into(),
                ..TargetInputs::default()
            };
            let with_atlas = specs.union(&atlas);
            errors.extend(set.set_target(&t.name, known.union(&with_atlas)));
            let pages = crate::build::sources::read_atlas_in(path)
                .map(|a| a.pages.iter().map(|p| key(&p.path)).collect())
                .unwrap_or_default();
            with_atlas.union(&TargetInputs {
                files: pages,
                ..TargetInputs::default()
            })
        }
        _ => specs,
    };
    let Some(images) = image_inputs(t, cwd, project) else {
        errors.extend(set.set_target(&t.name, known.union(&specs)));
        return errors;
    };
    errors.extend(set.set_target(&t.name, specs.union(&images)));
    errors
}

/// The image directory and image files of `t`, as the build resolves them
/// (`None` when the rig spec cannot be read or parsed).
fn image_inputs(t: &TargetSpec, cwd: &Path, project: &Project) -> Option<TargetInputs> {
    let file = crate::build::sources::read_spec(&t.rig, cwd).ok()?;
    let images_override = t.images.as_ref().map(|o| project::absolute(o, cwd));
    let (dir, files) =
        crate::build::sources::image_paths(&file, images_override.as_deref(), project)?;
    Some(TargetInputs {
        image_dirs: [project::canonical_or_self(&dir)].into(),
        files: files.iter().map(|p| key(p)).collect(),
        ..TargetInputs::default()
    })
}
