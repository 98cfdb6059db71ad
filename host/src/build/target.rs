//! This module owns building one target through the cache: read its sources,
//! replay its trace when nothing it read or wrote has changed, else run the
//! compile stages ([`super::pipeline`]) and one gate stage per rule plugin —
//! whose input carries the atlas pages (the part images' bytes, as read) and
//! the second, uncached compile A18 compares against, both made only if a gate
//! stage runs — and hand a green build's files to [`Writes`].
//! [`compile_target`] is the same build stopped after the compile stages, for
//! `rigc explain`: the same driver over the same cache, no trace, no gate, no
//! writes.
//!
//! **The target trace** ([`super::trace`]): a green, written build records what
//! it read and produced; the next build of that target replays it when every
//! input and output on disk still hashes the same, and falls through to the
//! stages otherwise. Packed and imported builds are traced too.
//!
//! **A18** compares the emitted texts with those of a second compile of the
//! same sources — the same stages over [`Driver::uncached`], each spec parsed
//! and each image measured again — so it proves the stages deterministic, and,
//! since the first compile may have been served by the cache, that the cache
//! served what a fresh compile makes.

use super::locate;
use super::pipeline::{self, Compiled, EMITTER};
use super::result::TargetResult;
use super::sources::{read_spec, Image, Sources};
use super::trace::{imported_hash, Trace, TracedImage, TRACE_STAGE, V_TRACE};
use super::write::Writes;
use crate::cache::{Cache, Hash};
use crate::plugins::{Plugin, PluginCallError, Registry};
use crate::project::{self, Canon, Project};
use crate::stage::{paths, Driver, Encoded, KeyBuilder, KeyPart, Lazy, StageEvent};
use crate::stages::gate::{self, GateReport, GateStage, Verdict};
use rigc_diag::cursor::Node;
use rigc_diag::{write::Written, Diagnostic};
use rigc_sdk::abi::GateReply;
use rigc_sdk::emit::atlas::AtlasPage;
use rigc_sdk::gate::{pages, GateInput, PageContent, PageFile, Profile, SecondCompile};
use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One target to build.
#[derive(Debug, Clone)]
pub struct TargetSpec {
    /// The target's name (`rigc.toml`), or the label of a flags build.
    pub name: String,
    /// How reports name it.
    pub label: String,
    /// The rig spec.
    pub rig: PathBuf,
    /// The motion spec.
    pub motion: PathBuf,
    /// The images override.
    pub images: Option<PathBuf>,
    /// The output directory.
    pub out: PathBuf,
    /// The profile.
    pub profile: Profile,
    /// `--copy-images`.
    pub copy_images: bool,
    /// `out` came from `rigc.toml`, so it must resolve inside the project
    /// (a `--out` flag names its directory explicitly and may be anywhere).
    pub out_in_project: bool,
    /// One page per part, or `--pack`.
    pub layout: crate::stages::pack::Layout,
}

/// What every target of one build shares.
pub struct Env<'a> {
    /// The project the targets build in.
    pub project: &'a Project,
    /// The cache.
    pub cache: &'a Cache,
    /// The plugins this target uses.
    pub registry: &'a Registry,
    /// Where relative paths resolve.
    pub cwd: PathBuf,
}

/// Builds one target: compile through the cache, gate, and write when green.
pub fn run_target(target: &TargetSpec, env: &Env<'_>) -> TargetResult {
    let (mut result, writes) = run_target_deferred(target, env);
    if let Some(w) = writes {
        w.finish(env.cache, &mut result);
    }
    result
}

/// Builds one target up to its writes: a green build returns them, for
/// [`Writes::finish`] to do before the result is used.
pub fn run_target_deferred(target: &TargetSpec, env: &Env<'_>) -> (TargetResult, Option<Writes>) {
    let start = Instant::now();
    let mut b = Build::new(target, env);
    let escape = target
        .out_in_project
        .then(|| super::write::escapes(&target.out, &b.result.out_dir, &env.project.root))
        .flatten();
    match escape {
        Some(d) => b.result.diagnostics.push(d),
        None => {
            if let Err(diags) = b.run() {
                b.result.diagnostics.extend(diags);
            }
        }
    }
    let writes = b.writes.take().map(|mut w| {
        w.start = start;
        w
    });
    (b.finish(start), writes)
}

/// Compiles one target through the cache — the stages and the driver a
/// build runs them with — and stops there: no trace is replayed or recorded,
/// no gate runs, nothing is written (`rigc explain`). The result carries the
/// refusals and the stage log; the sources and the compiled target come back
/// when it compiled.
pub fn compile_target(
    target: &TargetSpec,
    env: &Env<'_>,
) -> (TargetResult, Option<(Sources, Compiled)>) {
    let start = Instant::now();
    let mut b = Build::new(target, env);
    let compiled = match b.sources() {
        Ok(sources) => {
            let registry = env.registry;
            match pipeline::compile(&mut b.driver, &sources, registry, &mut b.canon) {
                Ok(c) => {
                    b.result.parts = part_lines(&c, &sources, &b.result.out_dir);
                    b.result.atlas_in = atlas_in_path(&sources);
                    Some((sources, c))
                }
                Err(diags) => {
                    b.result.diagnostics.extend(diags);
                    None
                }
            }
        }
        Err(diags) => {
            b.result.diagnostics.extend(diags);
            None
        }
    };
    (b.finish(start), compiled)
}

struct Build<'a> {
    env: &'a Env<'a>,
    target: &'a TargetSpec,
    tool: Hash,
    driver: Driver<'a>,
    result: TargetResult,
    canon: Canon,
    writes: Option<Writes>,
}

impl<'a> Build<'a> {
    fn new(target: &'a TargetSpec, env: &'a Env<'a>) -> Self {
        let out_dir = project::canonical_or_self(&project::absolute(&target.out, &env.cwd));
        let tool = crate::plugins::tool_identity();
        Build {
            env,
            target,
            tool,
            driver: Driver::cached(env.cache, tool).under(&env.project.root),
            canon: Canon::default(),
            writes: None,
            result: TargetResult {
                name: target.name.clone(),
                label: target.label.clone(),
                rig_path: None,
                motion_path: None,
                parts: Vec::new(),
                meshes: Vec::new(),
                diagnostics: Vec::new(),
                report: None,
                copies: Vec::new(),
                pack: None,
                atlas_in: None,
                written: Vec::new(),
                out_dir,
                log: Vec::new(),
                warnings: Vec::new(),
                elapsed: Duration::ZERO,
                profile: target.profile,
                project: Some(env.project.clone()),
            },
        }
    }

    /// The result, with the stage log, the cache's notices and the time.
    fn finish(mut self, start: Instant) -> TargetResult {
        self.result.log = std::mem::take(&mut self.driver.log);
        self.result.warnings = self.env.cache.take_warnings();
        self.result.elapsed = start.elapsed();
        self.result
    }

    /// Reads the target's specs (the part images are read by the pipeline).
    fn sources(&mut self) -> Result<Sources, Vec<Diagnostic>> {
        let cwd = self.env.cwd.clone();
        let rig_file = read_spec(&self.target.rig, &cwd).map_err(|d| vec![d])?;
        let motion_file = read_spec(&self.target.motion, &cwd).map_err(|d| vec![d])?;
        self.result.rig_path = Some(rig_file.path.clone());
        self.result.motion_path = Some(motion_file.path.clone());
        let project = self.env.project.clone();
        self.canon = Canon::under(&project.root);
        let sources = Sources::new(
            rig_file,
            motion_file,
            project,
            self.target
                .images
                .as_ref()
                .map(|p| project::absolute(p, &cwd)),
            self.result.out_dir.clone(),
            self.target.copy_images,
        )
        .with_layout(self.target.layout.clone())?;
        Ok(sources)
    }

    fn run(&mut self) -> Result<(), Vec<Diagnostic>> {
        let sources = self.sources()?;

        // The target trace: an unchanged target is its recorded build.
        let trace_key = self.trace_key(&sources.project);
        if let Some(trace) = self
            .env
            .cache
            .get_binary_entry::<Trace>(&trace_key, TRACE_STAGE)
        {
            if self.replay(trace, &sources) {
                return Ok(());
            }
        }

        let registry = self.env.registry;
        let mut compiled =
            pipeline::compile(&mut self.driver, &sources, registry, &mut self.canon)?;
        self.result.parts = part_lines(&compiled, &sources, &self.result.out_dir);
        self.result.meshes = std::mem::take(&mut compiled.meshes);
        self.result.pack = compiled.plan.packed.clone();
        self.result.atlas_in = atlas_in_path(&sources);
        let packed_pages = match &compiled.plan.packed {
            Some(summary) => {
                let images: Vec<&Image> = read_images(&compiled).collect();
                let (pages, measured) = (&compiled.plan.pages, &compiled.measured);
                super::packed::pages(pages, summary, &images, &sources, measured)
                    .map_err(|d| vec![d])?
            }
            None => Vec::new(),
        };

        // gate:<plugin>, one per rule plugin.
        let input = Encoded::new(GateInput {
            profile: self.target.profile,
            skeleton_text: std::mem::take(&mut compiled.skeleton_text),
            atlas_text: Some(std::mem::take(&mut compiled.atlas_text)),
            rig: Some(std::mem::take(&mut compiled.rig_info)),
            second: None,
            pages: Vec::new(),
        });
        let out_dir = &self.result.out_dir;
        let imported = sources.atlas_in.as_deref();
        let root = Some(self.env.project.root.as_path());
        let pages_key = paths::within(root, || self.pages_key(&compiled, &packed_pages, imported));
        let pages = Lazy::new(pages_key, || {
            Ok::<_, Infallible>(match imported {
                Some(imported) => super::imported::page_files(imported, out_dir),
                None => page_files(&compiled, out_dir, &packed_pages),
            })
        });
        let second_key = paths::within(root, || self.second_key(&compiled, &sources, registry));
        let second = Lazy::new(second_key, || {
            Ok::<_, Infallible>(second_compile(&sources, registry))
        });
        let mut replies: Vec<(&Plugin, Result<GateReply, PluginCallError>)> = Vec::new();
        for plugin in registry.rule_plugins() {
            let stage = GateStage {
                plugin,
                input: &input,
                pages: &pages,
                second: &second,
            };
            let reply = self.driver.run(&stage).map(|r| r.into_value());
            replies.push((plugin, reply));
        }
        let mut report = gate::assemble(&input.value, &replies);
        place_findings(&mut report, &sources);
        let green = report.is_green();
        self.result.report = Some(report);
        if green {
            // Packed and imported builds record like any other (trace.rs).
            let trace = self.trace(&sources, &compiled, &packed_pages);
            self.writes = Some(Writes {
                out_dir: self.result.out_dir.clone(),
                bound: self
                    .target
                    .out_in_project
                    .then(|| self.env.project.root.clone()),
                in_place: holds_an_input(
                    &self.result.out_dir,
                    &sources,
                    &compiled,
                    &mut self.canon,
                ),
                copies: compiled.plan.copies.clone(),
                pages: packed_pages.clone(),
                files: compiled.emitted.files.clone(),
                trace: trace.map(|t| (trace_key, t)),
                start: Instant::now(),
            });
        }
        Ok(())
    }

    fn key(&self, what: &str, version: u32) -> KeyBuilder {
        KeyBuilder::new(what, version, &self.tool)
    }

    /// What the gate's pages are made of: each page line and the bytes of the
    /// part image it shows.
    fn pages_key(
        &self,
        compiled: &Compiled,
        packed: &[(String, Vec<u8>)],
        imported: Option<&crate::atlas_in::Imported>,
    ) -> Hash {
        let mut k = self.key("pages", 1);
        if let Some(imported) = imported {
            for p in &imported.pages {
                p.path.feed(&mut k);
                match &p.bytes {
                    Some(b) => k.hash(&crate::cache::hash(b)),
                    None => k.text("unread"),
                };
            }
            return k.finish();
        }
        for (name, bytes) in packed {
            k.text(name).hash(&crate::cache::hash(bytes));
        }
        for (page, image) in page_images(compiled).filter(|_| packed.is_empty()) {
            k.text(&page.name);
            match image {
                Some(i) => k.hash(&i.content),
                None => k.text("unread"),
            };
        }
        k.finish()
    }

    /// What the second compile is made of: the specs' canonical content, the
    /// images (as measured and as bytes), `--out`, `--copy-images` and the
    /// emitter.
    fn second_key(&self, compiled: &Compiled, sources: &Sources, registry: &Registry) -> Hash {
        let mut k = self.key("second-compile", 1);
        k.hash(&compiled.rig.content).hash(&compiled.motion.rest);
        for a in &compiled.motion.animations {
            k.text(&a.name).hash(&a.content);
        }
        compiled.measured.feed(&mut k);
        for image in read_images(compiled) {
            k.hash(&image.content);
        }
        sources.out_dir.feed(&mut k);
        sources.copy_images.feed(&mut k);
        sources.layout.feed(&mut k);
        match registry.emitter(EMITTER) {
            Some(p) => p.feed(&mut k),
            None => {
                k.text("no emitter");
            }
        }
        k.finish()
    }

    /// The key of this target's trace: everything a build of it depends on
    /// besides the content of its inputs.
    fn trace_key(&self, project: &Project) -> Hash {
        let t = self.target;
        let cwd = &self.env.cwd;
        let abs = |p: &Path| project::absolute(p, cwd).to_string_lossy().into_owned();
        let mut k = self.key(TRACE_STAGE, V_TRACE);
        k.text(&cwd.to_string_lossy())
            .text(&abs(&t.rig))
            .text(&abs(&t.motion));
        match &t.images {
            Some(i) => k.text("images").text(&abs(i)),
            None => k.text("no images override"),
        };
        k.text(&self.result.out_dir.to_string_lossy())
            .text(t.profile.name())
            .text(if t.copy_images { "copy" } else { "refer" });
        t.layout.feed(&mut k);
        k.text(&project.root.to_string_lossy())
            .text(if project.has_manifest {
                "manifest"
            } else {
                "cwd"
            });
        for p in &self.env.registry.plugins {
            k.text(p.name());
            p.feed(&mut k);
        }
        k.finish()
    }

    /// Replays `trace` when the inputs and outputs on disk are what it recorded;
    /// `false` (and nothing changed) otherwise.
    fn replay(&mut self, trace: Trace, sources: &Sources) -> bool {
        let out_dir = &self.result.out_dir;
        let (rig, motion) = (sources.rig.bytes_hash(), sources.motion.bytes_hash());
        let atlas_in = sources.atlas_in.as_deref().map(imported_hash);
        let project = &sources.project;
        if !trace.holds_on_disk(
            &rig,
            &motion,
            atlas_in.as_ref(),
            project,
            &mut self.canon,
            out_dir,
        ) {
            return false;
        }
        // A build that writes nothing still clears what a killed one left.
        rigc_diag::write::set::sweep_once(out_dir);
        self.result.written = trace
            .written
            .iter()
            .map(|o| Written::Unchanged(out_dir.join(&o.name)))
            .collect();
        self.result.copies = trace
            .copies
            .into_iter()
            .map(|(c, _)| {
                let w = Written::Unchanged(out_dir.join(&c.to_name));
                (c, w)
            })
            .collect();
        self.result.parts = trace.parts;
        self.result.pack = trace.pack;
        self.result.atlas_in = atlas_in_path(sources);
        self.result.meshes = trace.meshes;
        self.result.report = Some(trace.report);
        self.driver.log = trace.stages.into_iter().map(StageEvent::cached).collect();
        true
    }

    /// The trace of a green build, to record once its files are written.
    fn trace(
        &self,
        sources: &Sources,
        compiled: &Compiled,
        packed: &[(String, Vec<u8>)],
    ) -> Option<Trace> {
        let images = read_images(compiled)
            .map(|i| TracedImage {
                named: (i.named != i.path).then(|| i.named.clone()),
                path: i.path.clone(),
                content: i.content,
            })
            .collect();
        Trace::of_build(
            sources.rig.bytes_hash(),
            sources.motion.bytes_hash(),
            images,
            self.result.parts.clone(),
            self.result.meshes.clone(),
            self.result.report.clone()?,
            self.driver.log.iter().map(|e| e.stage.clone()).collect(),
            &compiled.plan.copies,
            packed,
            &compiled.emitted.files,
            compiled.plan.packed.clone(),
            sources.atlas_in.as_deref().map(imported_hash),
        )
    }
}

/// The part-page line of each part (region, size, where it is): under
/// `--atlas-in` where the atlas holds it, packed the loose PNG it was copied
/// from, else its page.
fn part_lines(
    compiled: &Compiled,
    sources: &Sources,
    out_dir: &Path,
) -> Vec<(String, u32, u32, String)> {
    match (&compiled.plan.packed, &sources.atlas_in) {
        (None, Some(imported)) => super::imported::part_lines(imported, &compiled.parts, out_dir),
        (Some(_), _) => compiled
            .parts
            .iter()
            .map(|p| {
                let page = project::relative_slash(out_dir, &p.path);
                (p.region.clone(), p.width, p.height, page)
            })
            .collect(),
        (None, None) => compiled
            .parts
            .iter()
            .zip(&compiled.plan.pages)
            .map(|(p, page)| (p.region.clone(), p.width, p.height, page.name.clone()))
            .collect(),
    }
}

/// The `--atlas-in` file, as read.
fn atlas_in_path(sources: &Sources) -> Option<PathBuf> {
    sources.atlas_in.as_ref().map(|a| a.file.path.clone())
}

/// Places each FAIL that names its subject at the spec value that produced
/// it (a red build's only extra work: the specs are parsed now if a cached
/// stage spared them).
fn place_findings(report: &mut GateReport, sources: &Sources) {
    let mut findings = report
        .results
        .iter_mut()
        .filter_map(|r| match &mut r.verdict {
            Verdict::Fail(found) => Some(found),
            _ => None,
        })
        .flatten()
        .filter(|f| f.subject.is_some())
        .peekable();
    if findings.peek().is_none() {
        return;
    }
    let (Ok(rig), Ok(motion)) = (sources.rig.json(), sources.motion.json()) else {
        return;
    };
    let rig = Node::root(rig, &sources.rig.file);
    let motion = Node::root(motion, &sources.motion.file);
    for f in findings {
        if let Some(subject) = &f.subject {
            f.at = locate::place(subject, &rig, &motion);
        }
    }
}

/// The part images a compile read.
/// Why `out_dir` must not be swapped for a new directory: it holds a spec or a
/// part image the build reads (`--out .` beside the specs), and whoever
/// watches those — `rigc watch`, an editor — watches that directory.
fn holds_an_input(
    out_dir: &Path,
    sources: &Sources,
    compiled: &Compiled,
    canon: &mut Canon,
) -> Option<String> {
    let spec = [&sources.rig.file, &sources.motion.file]
        .into_iter()
        .find(|f| {
            f.path
                .parent()
                .is_some_and(|p| canon.canonical_or_self(p) == out_dir)
        })
        .map(|f| f.display.clone());
    // An image's path is canonical already.
    let image = || {
        read_images(compiled)
            .find(|i| i.path.parent() == Some(out_dir))
            .map(|i| i.path.display().to_string())
    };
    spec.or_else(image)
        .map(|shown| format!("it holds {shown}, an input of the build"))
}

fn read_images(compiled: &Compiled) -> impl Iterator<Item = &Image> {
    compiled.images.iter().filter_map(|(_, r)| r.as_ref().ok())
}

/// The atlas pages' files, as the gate is handed them: each page the bytes of
/// the part image it shows, as the build read them, under the path the atlas
/// names it by (`--out` joined with the page line, or, under `--copy-images`,
/// the source a green build copies it from).
/// Packed, the pages are the ones composed for `--out`.
fn page_files(compiled: &Compiled, out_dir: &Path, packed: &[(String, Vec<u8>)]) -> Vec<PageFile> {
    if compiled.plan.packed.is_some() {
        return super::packed::page_files(packed, out_dir);
    }
    let copied: BTreeMap<String, PathBuf> = compiled
        .plan
        .copies
        .iter()
        .map(|c| (c.to_name.clone(), c.from.clone()))
        .collect();
    page_images(compiled)
        .map(|(page, image)| PageFile {
            name: page.name.clone(),
            path: pages::path_of(out_dir, &page.name, &copied)
                .to_string_lossy()
                .into_owned(),
            content: match image {
                Some(i) => PageContent::Bytes(i.bytes.clone()),
                None => PageContent::Missing,
            },
        })
        .collect()
}

/// Each atlas page, and the part image it shows as the build read it (one
/// page per part).
fn page_images(compiled: &Compiled) -> impl Iterator<Item = (&AtlasPage, Option<&Image>)> {
    let read: HashMap<&Path, &Image> = read_images(compiled)
        .map(|i| (i.path.as_path(), i))
        .collect();
    compiled
        .plan
        .pages
        .iter()
        .zip(&compiled.parts)
        .map(move |(page, part)| (page, read.get(part.path.as_path()).copied()))
}

/// The second, independent compile A18 compares against: the same stages
/// over the same sources, uncached, each spec parsed and each image measured
/// again.
fn second_compile(sources: &Sources, registry: &Registry) -> Option<SecondCompile> {
    super::compile_uncached(&sources.fresh(), registry)
        .ok()
        .map(|c| SecondCompile {
            skeleton_text: c.skeleton_text,
            atlas_text: c.atlas_text,
        })
}
