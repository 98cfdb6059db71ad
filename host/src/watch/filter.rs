//! This module owns deciding, early, synchronously and cheaply, whether a file
//! event matters and to whom (STYLE.md §11): [`Filter::affects`] maps an event's
//! paths to the targets that read them, to `rigc.toml`, or to a plugin library —
//! or to nothing, and then the event is dropped before it can open a batch.
//!
//! What a target reads is its [`TargetInputs`]: the spec files and every image
//! file (exact paths), its image directories (a PNG appearing, changing or going
//! there counts — so does a depth sheet or a part the rig will name later),
//! directories it wants that are not on disk yet (their creation counts), and its
//! output directory (nothing under it is ever an input, so a build's own writes
//! never trigger a build). Editor droppings (dotfiles, `~` backups, swap files,
//! vim's `4913` probe) count only when a target names them exactly. Everything
//! expensive — the path indexes — is built when the filter changes, not per event.

use super::events::{ChangeKind, WatchEvent};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Everything one target's build reads, as absolute paths with canonical
/// directories (the form notify reports paths in).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TargetInputs {
    /// Files read: the rig spec, the motion spec, each image the rig names.
    pub files: BTreeSet<PathBuf>,
    /// Image directories: any PNG event there counts.
    pub image_dirs: BTreeSet<PathBuf>,
    /// Directories wanted but not on disk: an event on one or an ancestor counts.
    pub missing: BTreeSet<PathBuf>,
    /// The output directory: nothing under it is an input.
    pub out: PathBuf,
}

impl TargetInputs {
    /// The directories whose entries hold these inputs.
    pub fn dirs(&self) -> BTreeSet<PathBuf> {
        self.files
            .iter()
            .filter_map(|f| f.parent().map(Path::to_path_buf))
            .chain(self.image_dirs.iter().cloned())
            .collect()
    }

    /// These inputs together with `other`'s (the out directory is `other`'s
    /// when it names one).
    pub fn union(&self, other: &TargetInputs) -> TargetInputs {
        let mut u = self.clone();
        u.files.extend(other.files.iter().cloned());
        u.image_dirs.extend(other.image_dirs.iter().cloned());
        u.missing.extend(other.missing.iter().cloned());
        if !other.out.as_os_str().is_empty() {
            u.out = other.out.clone();
        }
        u
    }
}

/// Who an event matters to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Affected {
    /// Targets to rebuild.
    pub targets: BTreeSet<String>,
    /// The changed paths that matter, for the report.
    pub files: BTreeSet<PathBuf>,
    /// `rigc.toml` changed: reload the project (and its plugins) first.
    pub config: bool,
    /// Plugin libraries that changed: reload them first.
    pub plugins: BTreeSet<PathBuf>,
    /// The synthetic first event.
    pub initial: bool,
    /// Events were lost: reload and rebuild everything.
    pub rescan: bool,
}

impl Affected {
    /// Folds `other` into `self`.
    pub fn merge(&mut self, other: Affected) {
        self.targets.extend(other.targets);
        self.files.extend(other.files);
        self.config |= other.config;
        self.plugins.extend(other.plugins);
        self.initial |= other.initial;
        self.rescan |= other.rescan;
    }

    /// Does the project (rigc.toml, plugins) have to be loaded again?
    pub fn needs_reload(&self) -> bool {
        self.config || self.initial || self.rescan || !self.plugins.is_empty()
    }
}

/// Maps paths to what reads them.
#[derive(Debug, Default)]
pub struct Filter {
    manifest: Option<PathBuf>,
    plugins: BTreeSet<PathBuf>,
    targets: BTreeMap<String, TargetInputs>,
    by_file: HashMap<PathBuf, Vec<String>>,
    by_image_dir: HashMap<PathBuf, Vec<String>>,
}

impl Filter {
    /// A filter that knows only the project file.
    pub fn new(manifest: Option<PathBuf>) -> Filter {
        Filter {
            manifest,
            ..Filter::default()
        }
    }

    /// The project file.
    pub fn manifest(&self) -> Option<&Path> {
        self.manifest.as_deref()
    }

    /// Adds plugin libraries (their changes reload the plugins).
    pub fn add_plugins(&mut self, libraries: impl IntoIterator<Item = PathBuf>) {
        self.plugins.extend(libraries);
    }

    /// Sets what `target` reads.
    pub fn set_target(&mut self, target: &str, inputs: TargetInputs) {
        self.targets.insert(target.to_string(), inputs);
        self.reindex();
    }

    /// What `target` reads, as last set.
    pub fn target(&self, target: &str) -> Option<&TargetInputs> {
        self.targets.get(target)
    }

    /// Forgets every target but `keep`, and every plugin library but `plugins`.
    pub fn retain(&mut self, keep: &BTreeSet<String>, plugins: &BTreeSet<PathBuf>) {
        self.targets.retain(|name, _| keep.contains(name));
        self.plugins.retain(|p| plugins.contains(p));
        self.reindex();
    }

    fn reindex(&mut self) {
        self.by_file.clear();
        self.by_image_dir.clear();
        for (name, inputs) in &self.targets {
            for f in &inputs.files {
                self.by_file
                    .entry(f.clone())
                    .or_default()
                    .push(name.clone());
            }
            for d in &inputs.image_dirs {
                self.by_image_dir
                    .entry(d.clone())
                    .or_default()
                    .push(name.clone());
            }
        }
    }

    /// How many distinct paths are watched for: the project file, the plugin
    /// libraries, and every target's files and image directories.
    pub fn path_count(&self) -> usize {
        let mut all: BTreeSet<&Path> = BTreeSet::new();
        all.extend(self.manifest.as_deref());
        all.extend(self.plugins.iter().map(PathBuf::as_path));
        for inputs in self.targets.values() {
            all.extend(inputs.files.iter().map(PathBuf::as_path));
            all.extend(inputs.image_dirs.iter().map(PathBuf::as_path));
        }
        all.len()
    }

    /// Every directory that has to be watched for this filter to see its paths.
    pub fn dirs(&self) -> BTreeSet<PathBuf> {
        let mut dirs: BTreeSet<PathBuf> = self
            .manifest
            .iter()
            .chain(&self.plugins)
            .filter_map(|p| p.parent().map(Path::to_path_buf))
            .collect();
        for inputs in self.targets.values() {
            dirs.extend(inputs.dirs());
        }
        dirs
    }

    /// Whom `event` matters to, or `None` when it matters to nobody.
    pub fn affects(&self, event: &WatchEvent) -> Option<Affected> {
        let mut a = Affected::default();
        match event.kind {
            ChangeKind::Initial => {
                a.initial = true;
                return Some(a);
            }
            ChangeKind::Rescan => {
                a.rescan = true;
                a.targets = self.targets.keys().cloned().collect();
                return Some(a);
            }
            _ => {}
        }
        for path in &event.paths {
            self.affects_path(path, &mut a);
        }
        let matters = a.config || !a.plugins.is_empty() || !a.targets.is_empty();
        matters.then_some(a)
    }

    fn affects_path(&self, path: &Path, a: &mut Affected) {
        let mut hit = false;
        if self.manifest.as_deref() == Some(path) {
            a.config = true;
            hit = true;
        }
        // A library, or a directory on its way (`target/release` appearing).
        for lib in self.plugins.iter().filter(|l| l.starts_with(path)) {
            a.plugins.insert(lib.clone());
            hit = true;
        }
        if let Some(names) = self.by_file.get(path) {
            a.targets.extend(names.iter().cloned());
            hit = true;
        }
        let under_out = self
            .targets
            .values()
            .any(|t| !t.out.as_os_str().is_empty() && path.starts_with(&t.out));
        if !hit && !under_out && !is_noise(path) {
            // A directory the rig reads from appeared, went, or was renamed.
            if let Some(names) = self.by_image_dir.get(path) {
                a.targets.extend(names.iter().cloned());
                hit = true;
            }
            if is_png(path) {
                if let Some(names) = path.parent().and_then(|d| self.by_image_dir.get(d)) {
                    a.targets.extend(names.iter().cloned());
                    hit = true;
                }
            }
            for (name, inputs) in &self.targets {
                if inputs.missing.iter().any(|m| m.starts_with(path)) {
                    a.targets.insert(name.clone());
                    hit = true;
                }
            }
        }
        if hit {
            a.files.insert(path.to_path_buf());
        }
    }
}

fn is_png(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// Files editors and tools write beside the real one: dotfiles (vim's `.x.swp`,
/// emacs' `.#x`, rigc's own `.x.rigc-tmp-N`), `x~` backups, `#x#` autosaves, swap
/// and temp files, and vim's `4913` write probe.
fn is_noise(path: &Path) -> bool {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy()) else {
        return true;
    };
    name.starts_with('.')
        || name.starts_with('#')
        || name.ends_with('~')
        || name == "4913"
        || [".swp", ".swx", ".tmp"].iter().any(|s| name.ends_with(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn p(s: &str) -> PathBuf {
        PathBuf::from(s)
    }

    fn event(kind: ChangeKind, paths: &[&str]) -> WatchEvent {
        WatchEvent {
            paths: paths.iter().map(|s| p(s)).collect(),
            kind,
            at: Instant::now(),
        }
    }

    fn filter() -> Filter {
        let mut f = Filter::new(Some(p("/proj/rigc.toml")));
        f.add_plugins([p("/proj/lib/libstudio.so")]);
        let snail = TargetInputs {
            files: [
                "/proj/snail/rig.json",
                "/proj/snail/motion.json",
                "/proj/snail/parts/shell.png",
            ]
            .iter()
            .map(|s| p(s))
            .collect(),
            image_dirs: [p("/proj/snail/parts")].into(),
            missing: [p("/proj/snail/depth/sheets")].into(),
            out: p("/proj/snail/build"),
        };
        let angler = TargetInputs {
            files: [
                "/proj/angler/rig.json",
                "/proj/angler/motion.json",
                "/proj/snail/parts/shell.png",
            ]
            .iter()
            .map(|s| p(s))
            .collect(),
            image_dirs: [p("/proj/angler/parts")].into(),
            missing: BTreeSet::new(),
            out: p("/proj/angler/build"),
        };
        f.set_target("snail", snail);
        f.set_target("angler", angler);
        f
    }

    fn targets(a: &Option<Affected>) -> Vec<&str> {
        a.as_ref()
            .map(|a| a.targets.iter().map(String::as_str).collect())
            .unwrap_or_default()
    }

    #[test]
    fn a_spec_file_affects_exactly_its_target() {
        let f = filter();
        let a = f.affects(&event(ChangeKind::Modified, &["/proj/snail/motion.json"]));
        assert_eq!(targets(&a), ["snail"]);
        let a = a.unwrap();
        assert!(!a.needs_reload());
        assert_eq!(a.files, [p("/proj/snail/motion.json")].into());
        // An image two targets read affects both.
        let a = f.affects(&event(
            ChangeKind::Modified,
            &["/proj/snail/parts/shell.png"],
        ));
        assert_eq!(targets(&a), ["angler", "snail"]);
    }

    #[test]
    fn a_new_png_in_an_image_directory_counts_and_other_files_do_not() {
        let f = filter();
        let a = f.affects(&event(ChangeKind::Created, &["/proj/angler/parts/fin.PNG"]));
        assert_eq!(targets(&a), ["angler"]);
        for ignored in [
            "/proj/angler/parts/notes.txt",
            "/proj/angler/parts/.fin.png.swp",
            "/proj/angler/parts/fin.png~",
            "/proj/angler/parts/4913",
            "/proj/snail/README.md",
            "/proj/snail/build/skeleton.json",
            "/proj/snail/build/.skeleton.json.rigc-tmp-7",
            "/elsewhere/rig.json",
        ] {
            assert_eq!(
                f.affects(&event(ChangeKind::Modified, &[ignored])),
                None,
                "{ignored}"
            );
        }
    }

    #[test]
    fn the_project_file_and_plugins_reload() {
        let f = filter();
        let a = f
            .affects(&event(ChangeKind::Modified, &["/proj/rigc.toml"]))
            .unwrap();
        assert!(a.config && a.needs_reload() && a.targets.is_empty());
        let a = f
            .affects(&event(ChangeKind::Created, &["/proj/lib/libstudio.so"]))
            .unwrap();
        assert_eq!(a.plugins, [p("/proj/lib/libstudio.so")].into());
        assert!(a.needs_reload());
    }

    #[test]
    fn directories_appearing_and_going_count() {
        let f = filter();
        // A wanted directory (or its ancestor) appearing.
        let a = f.affects(&event(ChangeKind::Created, &["/proj/snail/depth"]));
        assert_eq!(targets(&a), ["snail"]);
        // The image directory itself removed or renamed.
        let a = f.affects(&event(
            ChangeKind::Renamed,
            &["/proj/angler/parts", "/proj/angler/old"],
        ));
        assert_eq!(targets(&a), ["angler"]);
        assert_eq!(a.unwrap().files, [p("/proj/angler/parts")].into());
    }

    #[test]
    fn initial_and_rescan_reach_everything() {
        let f = filter();
        let a = f.affects(&event(ChangeKind::Initial, &[])).unwrap();
        assert!(a.initial && a.needs_reload());
        let a = f.affects(&event(ChangeKind::Rescan, &[])).unwrap();
        assert!(a.rescan && a.needs_reload());
        assert_eq!(a.targets.len(), 2);
    }

    #[test]
    fn retain_forgets_removed_targets() {
        let mut f = filter();
        f.retain(&["angler".to_string()].into(), &BTreeSet::new());
        assert_eq!(
            f.affects(&event(ChangeKind::Modified, &["/proj/snail/rig.json"])),
            None
        );
        assert_eq!(
            f.affects(&event(ChangeKind::Modified, &["/proj/lib/libstudio.so"])),
            None
        );
        assert_eq!(f.path_count(), 1 + 4);
        assert!(f.dirs().contains(&p("/proj/snail/parts")));
    }
}
