//! This module owns what a command knows before it builds anything (STYLE.md §4,
//! the plan phase): the project file (if any), the cache directory, the plugins
//! (built-ins, the project's libraries, each target's extras — each library loaded
//! once), and the targets selected by the command line, sharded when asked.

use rigc_diag::codes;

use crate::build::TargetSpec;
use crate::cache::{remote, Cache};
use crate::config::{self, Manifest, PluginRef};
use crate::plugins::{self, Plugin, Registry, Request};
use crate::project::Project;
use rigc_diag::Diagnostic;
use rigc_sdk::gate::Profile;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The environment variable naming the cache directory.
pub const CACHE_ENV: &str = "RIGC_CACHE_DIR";

/// A planned build: cache, plugins, targets.
pub struct Workspace {
    /// The cache.
    pub cache: Cache,
    /// The registry every target without extra plugins uses.
    pub registry: Registry,
    /// Registries of targets with extra plugins, by target name.
    pub target_registries: BTreeMap<String, Registry>,
    /// Where relative paths resolve.
    pub cwd: PathBuf,
    /// The project every target of this workspace builds in.
    pub project: Project,
}

impl Workspace {
    /// The registry `target` builds with.
    pub fn registry_for(&self, target: &str) -> &Registry {
        self.target_registries.get(target).unwrap_or(&self.registry)
    }
}

/// Chooses the cache directory: `--cache-dir`, else `RIGC_CACHE_DIR`, else the
/// project file's `cache`, else `cache/` in the project root (`root`).
pub fn cache_dir(
    flag: Option<&Path>,
    manifest: Option<&Manifest>,
    root: &Path,
    cwd: &Path,
) -> PathBuf {
    if let Some(f) = flag {
        return crate::project::absolute(f, cwd);
    }
    if let Some(env) = std::env::var_os(CACHE_ENV).filter(|v| !v.is_empty()) {
        return crate::project::absolute(Path::new(&env), cwd);
    }
    if let Some(c) = manifest.and_then(|m| m.cache.clone()) {
        return c;
    }
    root.join("cache")
}

fn load_all(
    refs: &[&PluginRef],
    cache: &Cache,
    loaded: &mut BTreeMap<PathBuf, Plugin>,
) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for r in refs {
        if loaded.contains_key(&r.path) {
            continue;
        }
        let mut notices = Vec::new();
        let plugin = plugins::load(&request(r), &cache.plugins_dir(), &mut notices);
        for n in notices {
            cache.note(n.clone(), n);
        }
        match plugin {
            Ok(p) => {
                loaded.insert(r.path.clone(), p);
            }
            Err(d) => diags.push(d),
        }
    }
    diags
}

/// The load request for a plugin named in `rigc.toml`, located there.
fn request(r: &PluginRef) -> Request {
    Request {
        path: r.path.clone(),
        loc: Some(r.loc.clone()),
    }
}

fn configured(mut p: Plugin, manifest: Option<&Manifest>) -> Plugin {
    if let Some(c) = manifest.and_then(|m| m.plugin_config.get(&p.manifest.name)) {
        p.config = c.clone();
    }
    p
}

/// Opens the cache and loads the plugins of `project`: its `manifest`'s (the
/// built-ins and the libraries it names), or the built-ins alone when it has
/// none.
pub fn open(
    project: Project,
    manifest: Option<Manifest>,
    cache_flag: Option<&Path>,
    remote: &remote::Ask,
    cwd: &Path,
) -> Result<Workspace, Vec<Diagnostic>> {
    let root = manifest
        .as_ref()
        .map(|m| m.dir.clone())
        .unwrap_or_else(|| project.root.clone());
    let dir = cache_dir(cache_flag, manifest.as_ref(), &root, cwd);
    // A missing plugin library is refused before anything is written (the cache
    // directory included).
    // A library named by the project and by a target is refused once.
    let mut seen = std::collections::BTreeSet::new();
    let missing: Vec<Diagnostic> = manifest
        .iter()
        .flat_map(|m| {
            m.plugins
                .iter()
                .chain(m.targets.iter().flat_map(|t| t.plugins.iter()))
        })
        .filter(|r| seen.insert(&r.path))
        .filter_map(|r| plugins::missing(&request(r)))
        .collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    let remote = remote::settings(
        remote,
        manifest.as_ref().and_then(|m| m.remote_cache.as_ref()),
    )
    .map_err(|why| {
        vec![Diagnostic::new(codes::CACHE_REMOTE_URL, why)
            .help("give the server's base URL, as http://host:port/prefix (README, Remote cache)")]
    })?
    .map(|s| remote::Remote::new(&s));
    let cache = Cache::open(&dir)
        .map_err(|e| {
            vec![Diagnostic::new(codes::CACHE_UNUSABLE, e.message)
                .help("choose another --cache-dir")]
        })?
        .with_remote(remote);
    // A killed run's temporaries — a plugin copy of megabytes among them — go
    // before this run makes its own.
    cache.sweep_temporaries();
    plugins::remember_tool_identity_in(cache.root());
    // Every stage key needs this binary's identity; a fresh cache has no memo of
    // it, and hashing tens of megabytes of executable can overlap loading the
    // plugins and planning instead of stalling the first target.
    std::thread::spawn(|| {
        plugins::tool_identity();
    });
    let mut loaded: BTreeMap<PathBuf, Plugin> = BTreeMap::new();
    let mut diags = Vec::new();
    let project_refs: Vec<&PluginRef> = manifest
        .as_ref()
        .map(|m| m.plugins.iter().collect())
        .unwrap_or_default();
    diags.extend(load_all(&project_refs, &cache, &mut loaded));
    if let Some(m) = &manifest {
        let extras: Vec<&PluginRef> = m.targets.iter().flat_map(|t| t.plugins.iter()).collect();
        diags.extend(load_all(&extras, &cache, &mut loaded));
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let registry_of = |refs: &[&PluginRef]| -> Result<Registry, Vec<Diagnostic>> {
        let mut list: Vec<Plugin> = plugins::builtins()
            .into_iter()
            .map(|p| configured(p, manifest.as_ref()))
            .collect();
        let mut seen: Vec<&PathBuf> = Vec::new();
        for r in refs {
            if seen.contains(&&r.path) {
                continue;
            }
            seen.push(&r.path);
            if let Some(p) = loaded.get(&r.path) {
                list.push(configured(p.clone(), manifest.as_ref()));
            }
        }
        Registry::new(list)
    };
    let registry = registry_of(&project_refs)?;
    let mut target_registries = BTreeMap::new();
    if let Some(m) = &manifest {
        for t in m.targets.iter().filter(|t| !t.plugins.is_empty()) {
            let mut refs = project_refs.clone();
            refs.extend(t.plugins.iter());
            target_registries.insert(t.name.clone(), registry_of(&refs)?);
        }
    }
    Ok(Workspace {
        cache,
        registry,
        target_registries,
        cwd: cwd.to_path_buf(),
        project,
    })
}

/// The nearest project file at `dir` or above, loaded, if there is one.
pub fn find_manifest(dir: &Path) -> Result<Option<Manifest>, Vec<Diagnostic>> {
    match config::find(dir) {
        Some(path) => config::load(&path).map(Some),
        None => Ok(None),
    }
}

/// The project of a command run in `cwd` (`plugins`, `cache`, `validate`, a
/// build of the targets of `rigc.toml`): the nearest project file's, else the
/// working directory.
pub fn project_of(manifest: Option<&Manifest>, cwd: &Path) -> Project {
    match manifest {
        Some(m) => Project::of_manifest(&m.dir),
        None => Project {
            root: crate::project::canonical_or_self(cwd),
            has_manifest: false,
        },
    }
}

/// The project of a build of one rig spec (`rigc build --rig …`): the nearest
/// `rigc.toml` at the spec's directory or above — its root, plugins, profile
/// and cache — else the spec's own directory, with the built-in plugins only.
pub fn project_of_spec(spec: &Path) -> Result<(Project, Option<Manifest>), Vec<Diagnostic>> {
    let dir = spec.parent().unwrap_or(Path::new("/"));
    match find_manifest(dir)? {
        Some(m) => Ok((Project::of_manifest(&m.dir), Some(m))),
        None => Ok((Project::of_spec_alone(spec), None)),
    }
}

/// The targets of `manifest` named by `names` (or all of them with `all`), in
/// file order, then only shard `i` of `n`. An unknown name is a usage error.
pub fn select(
    manifest: &Manifest,
    all: bool,
    names: &[String],
    shard: Option<(u32, u32)>,
    profile: Option<Profile>,
    copy_images: bool,
) -> Result<Vec<TargetSpec>, String> {
    for name in names {
        if !manifest.targets.iter().any(|t| &t.name == name) {
            let known: Vec<&str> = manifest.targets.iter().map(|t| t.name.as_str()).collect();
            return Err(format!(
                "{} declares no target {name:?}; it declares: {}",
                manifest.path.display(),
                known.join(", ")
            ));
        }
    }
    Ok(manifest
        .targets
        .iter()
        .filter(|t| all || names.contains(&t.name))
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|(k, n)| (*i as u32) % n == k - 1))
        .map(|(_, t)| TargetSpec {
            name: t.name.clone(),
            label: t.name.clone(),
            rig: t.rig.clone(),
            motion: t.motion.clone(),
            images: t.images.clone(),
            out: t.out.clone(),
            profile: profile.or(t.profile).unwrap_or(manifest.profile),
            copy_images,
            out_in_project: true,
            layout: t.layout.layout(),
        })
        .collect())
}
