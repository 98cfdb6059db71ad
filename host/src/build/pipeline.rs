//! This module owns the order of one target's stages and what each is keyed by:
//!
//! | stage | key (besides name, version, tool) | output |
//! |---|---|---|
//! | `parse:rig` | the rig spec's bytes | summary: name, images dir, image names, canonical hash |
//! | `parse:motion` | the motion spec's bytes | summary: archetype, per-animation canonical hashes, the rest's hash |
//! | `measure:<image>` | the PNG's bytes, its path | size, colour type, `tRNS` |
//! | `setup` | rig hash, motion's non-animation hash, each measure output | the setup skeleton, parts, rig info |
//! | `animation:<name>` | that animation's hash, motion's non-animation hash, setup output | one compiled animation |
//! | `atlas` | setup output, `--out`, `--copy-images` | pages, copies, `skeleton.images` |
//! | `bounds` | setup output, atlas text | the header's setup-pose box |
//! | `emit:<emitter>` | the model, the pages, the emitter plugin's identity + config | the files' texts |
//! | `gate:<plugin>` | the gate input, page files' bytes, the plugin's identity + config | its rules' outcomes |
//!
//! Only reading the spec files and the PNGs, and writing a green result, touch
//! the disk.
//!
//! **The target trace** ([`super::trace`]): a green, written build records what
//! it read and produced; the next build of that target replays it when every
//! input and output on disk still hashes the same, and falls through to the
//! stages otherwise.
//!
//! A gate that has to run computes the second, independent (uncached) compile A18
//! compares against — so A18 also proves the cache served what a fresh compile
//! makes.

use rigc_diag::codes;

use super::keys::{json_hash, members_hash, KeyBuilder};
use super::stage::{StageEvent, Stages};
use super::trace::{Trace, TracedImage, TRACE_STAGE, V_TRACE};
pub use super::write::Writes;
use crate::cache::{self, Cache, Hash};
use crate::compile;
use crate::plugins::{Plugin, Registry};
use crate::project::{self, Project};
use crate::spec;
use crate::stages::{self, atlas::AtlasPlan, gate::GateReport, measure::ImageInfo};
use rigc_diag::source::SourceFile;
use rigc_diag::write::Written;
use rigc_diag::Diagnostic;
use rigc_sdk::abi::{EmitCall, EmitReply, GateReply};
use rigc_sdk::gate::{DeclaredAnimation, GateInput, Profile, SecondCompile};
use rigc_sdk::model::Bounds;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

mod measure;

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
}

/// What every target of one build shares.
pub struct Env<'a> {
    /// The cache.
    pub cache: &'a Cache,
    /// The plugins this target uses.
    pub registry: &'a Registry,
    /// Where relative paths resolve.
    pub cwd: PathBuf,
}

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
    /// Refusals (compile errors, plugin refusals, write failures).
    pub diagnostics: Vec<Diagnostic>,
    /// The gate's report, when the build got that far.
    pub report: Option<GateReport>,
    /// Copies made under `--copy-images`.
    pub copies: Vec<(stages::atlas::PageCopy, Written)>,
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
}

impl TargetResult {
    /// Green: compiled, every assertion held, and the files were written.
    pub fn is_green(&self) -> bool {
        self.diagnostics.is_empty() && self.report.as_ref().is_some_and(|r| r.is_green())
    }
}

#[derive(Serialize, Deserialize)]
struct RigSummary {
    name: String,
    images_dir: Option<String>,
    image_refs: Vec<String>,
    content: Hash,
}

#[derive(Serialize, Deserialize)]
struct AnimSummary {
    name: String,
    content: Hash,
    duration: f64,
}

#[derive(Serialize, Deserialize)]
struct MotionSummary {
    archetype: String,
    rest: Hash,
    animations: Vec<AnimSummary>,
}

const V_PARSE: u32 = 1;
const V_MEASURE: u32 = 1;
const V_SETUP: u32 = 1;
const V_ANIMATION: u32 = 1;
const V_ATLAS: u32 = 1;
const V_BOUNDS: u32 = 1;
const V_EMIT: u32 = 1;
const V_GATE: u32 = 1;
/// The emitter every build writes with.
pub const EMITTER: &str = rigc_spine_emitter::EMITTER;

fn parse_rig(file: &Arc<SourceFile>) -> Result<spec::rig::RigSpec, Vec<Diagnostic>> {
    let json = spec::parse_json(file).map_err(|d| vec![d])?;
    spec::rig::parse(file, &json)
}

fn parse_motion(file: &Arc<SourceFile>) -> Result<spec::motion::MotionSpec, Vec<Diagnostic>> {
    let json = spec::parse_json(file).map_err(|d| vec![d])?;
    spec::motion::parse(file, &json)
}

struct Build<'a> {
    env: &'a Env<'a>,
    target: &'a TargetSpec,
    tool: Hash,
    stages: Stages<'a>,
    result: TargetResult,
    canon: project::Canon,
    traced: Vec<TracedImage>,
    writes: Option<Writes>,
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
    let out_dir = project::canonical_or_self(&project::absolute(&target.out, &env.cwd));
    let mut b = Build {
        env,
        target,
        tool: crate::plugins::tool_identity(),
        stages: Stages::new(env.cache),
        canon: project::Canon::default(),
        traced: Vec::new(),
        writes: None,
        result: TargetResult {
            name: target.name.clone(),
            label: target.label.clone(),
            rig_path: None,
            motion_path: None,
            parts: Vec::new(),
            diagnostics: Vec::new(),
            report: None,
            copies: Vec::new(),
            written: Vec::new(),
            out_dir,
            log: Vec::new(),
            warnings: Vec::new(),
            elapsed: Duration::ZERO,
            profile: target.profile,
        },
    };
    if let Err(diags) = b.run() {
        b.result.diagnostics.extend(diags);
    }
    b.result.log = std::mem::take(&mut b.stages.log);
    b.result.warnings = env.cache.take_warnings();
    b.result.elapsed = start.elapsed();
    let writes = b.writes.take().map(|mut w| {
        w.start = start;
        w
    });
    (b.result, writes)
}

impl Build<'_> {
    fn key(&self, stage: &str, version: u32) -> KeyBuilder {
        KeyBuilder::new(stage, version, &self.tool)
    }

    fn run(&mut self) -> Result<(), Vec<Diagnostic>> {
        let cwd = self.env.cwd.clone();
        let rig_file = compile::read_spec(&self.target.rig, &cwd).map_err(|d| vec![d])?;
        let motion_file = compile::read_spec(&self.target.motion, &cwd).map_err(|d| vec![d])?;
        self.result.rig_path = Some(rig_file.path.clone());
        self.result.motion_path = Some(motion_file.path.clone());
        let project = Project::for_spec(&self.target.rig, &cwd);
        self.canon = project::Canon::under(&project.root);
        let rig_hash = cache::hash(rig_file.text.as_bytes());
        let motion_hash = cache::hash(motion_file.text.as_bytes());

        // The target trace: an unchanged target is its recorded build.
        let trace_key = self.trace_key(&project);
        if let Some(trace) = self
            .env
            .cache
            .get_binary_entry::<Trace>(&trace_key, TRACE_STAGE)
        {
            if self.replay(trace, &rig_hash, &motion_hash, &project) {
                return Ok(());
            }
        }

        // parse:rig, parse:motion — keyed by the bytes, output a summary. A parse
        // that runs keeps its spec for the stages after it that need the whole
        // spec (setup, animation), so no spec is parsed twice in one build (A18's
        // second compile parses its own, on purpose).
        let mut rig_spec: Option<spec::rig::RigSpec> = None;
        let mut motion_spec: Option<spec::motion::MotionSpec> = None;
        let key = self.key("parse:rig", V_PARSE).hash(&rig_hash).finish();
        let (rig, _) = self.stages.run("parse:rig", key, || {
            let json = spec::parse_json(&rig_file).map_err(|d| vec![d])?;
            let r = spec::rig::parse(&rig_file, &json)?;
            let summary = RigSummary {
                name: r.name().to_string(),
                images_dir: r.images_dir().map(|(d, _)| d.to_string()),
                image_refs: r.image_refs().into_iter().map(|(i, _)| i).collect(),
                content: json_hash(&json),
            };
            rig_spec = Some(r);
            Ok(summary)
        })?;
        let key = self
            .key("parse:motion", V_PARSE)
            .hash(&motion_hash)
            .finish();
        let (motion, _) = self.stages.run("parse:motion", key, || {
            let json = spec::parse_json(&motion_file).map_err(|d| vec![d])?;
            let m = spec::motion::parse(&motion_file, &json)?;
            let subtrees: HashMap<&str, Hash> = match json.get("animations").map(|a| &a.value) {
                Some(rigc_diag::json::Value::Object(members)) => members
                    .iter()
                    .map(|m| (m.key.as_str(), json_hash(&m.value)))
                    .collect(),
                _ => HashMap::new(),
            };
            let summary = MotionSummary {
                archetype: m.archetype.clone(),
                rest: members_hash(&json, &["animations"]),
                animations: m
                    .animations
                    .iter()
                    .map(|a| AnimSummary {
                        name: a.name.clone(),
                        content: subtrees.get(a.name.as_str()).copied().unwrap_or_default(),
                        duration: a.duration,
                    })
                    .collect(),
            };
            motion_spec = Some(m);
            Ok(summary)
        })?;
        if motion.archetype != rig.name {
            let (r, m) = (parse_rig(&rig_file)?, parse_motion(&motion_file)?);
            let d = spec::motion::check_archetype(&m, r.name(), &rig_file.display);
            return Err(d
                .map(|d| vec![d.related("the rig's name", r.name_loc().clone())])
                .unwrap_or_default());
        }

        // measure:<image> — the PNG's bytes are the key.
        let images = self.measure(&rig, &rig_file, &project)?;

        // setup
        let mut key = self.key("setup", V_SETUP);
        key.hash(&rig.content).hash(&motion.rest);
        for (name, image) in &images {
            key.text(name).hash(&image.measured);
        }
        let key = key.finish();
        let infos: HashMap<String, ImageInfo> = images
            .iter()
            .map(|(k, image)| (k.clone(), image.info.clone()))
            .collect();
        let (setup, setup_hash) = self.stages.run("setup", key, || {
            if rig_spec.is_none() {
                rig_spec = Some(parse_rig(&rig_file)?);
            }
            if motion_spec.is_none() {
                motion_spec = Some(parse_motion(&motion_file)?);
            }
            let (Some(r), Some(m)) = (&rig_spec, &motion_spec) else {
                return Err(Vec::new());
            };
            stages::setup::assemble(r, &m.setup, &infos)
        })?;

        // animation:<name>, each on its own.
        let mut animations = Vec::new();
        let mut diags = Vec::new();
        for a in &motion.animations {
            let name = format!("animation:{}", a.name);
            let key = self
                .key(&name, V_ANIMATION)
                .hash(&a.content)
                .hash(&motion.rest)
                .hash(&setup_hash)
                .finish();
            let skeleton = &setup.skeleton;
            let ran = self.stages.run(&name, key, || {
                if motion_spec.is_none() {
                    motion_spec = Some(parse_motion(&motion_file)?);
                }
                let m = motion_spec.as_ref().ok_or_else(Vec::new)?;
                let spec = m
                    .animations
                    .iter()
                    .find(|s| s.name == a.name)
                    .ok_or_else(Vec::new)?;
                stages::animation::compile(spec, m, skeleton)
            });
            match ran {
                Ok((anim, _)) => animations.push(anim),
                Err(d) => diags.extend(d),
            }
        }
        if !diags.is_empty() {
            return Err(diags);
        }
        animations.sort_by(|a, b| rigc_sdk::num::natural_cmp(&a.name, &b.name));
        let mut rig_info = setup.rig_info.clone();
        rig_info.animations = motion
            .animations
            .iter()
            .map(|a| DeclaredAnimation {
                name: a.name.clone(),
                duration: a.duration,
            })
            .collect();

        // atlas
        let out_dir = self.result.out_dir.clone();
        let parts: Vec<stages::atlas::PagePart> = setup
            .parts
            .iter()
            .map(|p| stages::atlas::PagePart {
                region: p.region.clone(),
                path: p.image.path.clone(),
                width: p.image.width(),
                height: p.image.height(),
            })
            .collect();
        let key = self
            .key("atlas", V_ATLAS)
            .hash(&setup_hash)
            .text(&out_dir.to_string_lossy())
            .text(if self.target.copy_images {
                "copy"
            } else {
                "refer"
            })
            .finish();
        let copy = self.target.copy_images;
        let (plan, _) = self.stages.run("atlas", key, || {
            Ok(stages::atlas::plan(&parts, &out_dir, copy))
        })?;
        let plan: AtlasPlan = plan;
        self.result.parts = parts
            .iter()
            .zip(&plan.pages)
            .map(|(p, page)| (p.region.clone(), p.width, p.height, page.name.clone()))
            .collect();
        let atlas_text = rigc_sdk::emit::atlas::to_string(&plan.pages);

        // the model, and bounds
        let mut skeleton = setup.skeleton.clone();
        if copy || skeleton.header.images.is_none() {
            if let Some(images) = &plan.images_path {
                skeleton.header.images = Some(images.clone());
            }
        }
        if rig_info.stage.is_some() {
            let key = self
                .key("bounds", V_BOUNDS)
                .hash(&setup_hash)
                .bytes(atlas_text.as_bytes())
                .finish();
            let (b, _) = self.stages.run::<Bounds, _>("bounds", key, || {
                stages::bounds::setup_bounds(&setup.skeleton, &atlas_text)
            })?;
            skeleton.header.bounds = Some(b);
        }
        skeleton.animations = animations;

        // emit:<emitter>
        let emitter = self.env.registry.emitter(EMITTER).ok_or_else(|| {
            vec![Diagnostic::new(codes::PLUGIN_NO_EMITTER, format!("no loaded plugin provides the emitter {EMITTER:?}"))
                .help("rigc's own rigc-spine-emitter provides it; a plugin list that replaces it must provide it too")]
        })?;
        let call = EmitCall {
            emitter: EMITTER.into(),
            skeleton,
            atlas: plan.pages.clone(),
            config: emitter.config.clone(),
        };
        let call_bytes = serde_json::to_vec(&call).unwrap_or_default();
        let stage_name = format!("emit:{EMITTER}");
        let key = self
            .key(&stage_name, V_EMIT)
            .hash(&emitter.identity())
            .text(&emitter.config.to_string())
            .bytes(&call_bytes)
            .finish();
        let (emitted, _) = self.stages.run::<EmitReply, _>(&stage_name, key, || {
            emitter.call::<EmitReply>("emit", &call).map_err(|e| {
                vec![Diagnostic::new(
                    codes::PLUGIN_EMIT_FAILED,
                    format!("emitter plugin {:?} {e}", emitter.name()),
                )
                .help("fix or remove the plugin")]
            })
        })?;
        let text_of = |name: &str| {
            emitted
                .files
                .iter()
                .find(|f| f.name == name)
                .map(|f| f.text.clone())
        };
        let (Some(skeleton_text), Some(emitted_atlas)) =
            (text_of("skeleton.json"), text_of("skeleton.atlas"))
        else {
            return Err(vec![Diagnostic::new(
                codes::PLUGIN_EMIT_FAILED,
                format!(
                    "emitter plugin {:?} did not return skeleton.json and skeleton.atlas",
                    emitter.name()
                ),
            )]);
        };

        // gate:<plugin>
        let page_files: std::collections::BTreeMap<String, PathBuf> = plan
            .copies
            .iter()
            .map(|c| (c.to_name.clone(), c.from.clone()))
            .collect();
        let mut input = GateInput {
            profile: self.target.profile,
            skeleton_text,
            atlas_text: Some(emitted_atlas),
            rig: Some(rig_info),
            second: None,
            pages: Vec::new(),
        };
        let input_bytes = serde_json::to_vec(&input).unwrap_or_default();
        let mut second_done = false;
        let mut replies: Vec<(&Plugin, Result<GateReply, crate::plugins::PluginCallError>)> =
            Vec::new();
        for plugin in self.env.registry.rule_plugins() {
            let name = format!("gate:{}", plugin.name());
            let mut key = self.key(&name, V_GATE);
            key.hash(&plugin.identity())
                .text(&plugin.config.to_string())
                .bytes(&input_bytes);
            for image in images.values() {
                key.hash(&image.content);
            }
            let key = key.finish();
            let mut failure = None;
            let ran = self.stages.run::<GateReply, _>(&name, key, || {
                if !second_done {
                    second_done = true;
                    input.pages = rigc_sdk::gate::pages::read(
                        input.atlas_text.as_deref().unwrap_or_default(),
                        &out_dir,
                        &page_files,
                    );
                    input.second = second_compile(
                        &rig_file,
                        &motion_file,
                        &project,
                        &self.target.images,
                        &cwd,
                        &out_dir,
                        copy,
                        &infos,
                    );
                }
                stages::gate::call_plugin(plugin, &input).map_err(|e| {
                    failure = Some(e);
                    Vec::new()
                })
            });
            match (ran, failure) {
                (Ok((reply, _)), _) => replies.push((plugin, Ok(reply))),
                (Err(_), Some(e)) => replies.push((plugin, Err(e))),
                (Err(d), None) => return Err(d),
            }
        }
        let report = stages::gate::assemble(&input, &replies);
        let green = report.is_green();
        self.result.report = Some(report);
        if green {
            let trace = self.trace(rig_hash, motion_hash, &plan, &emitted);
            self.writes = Some(Writes {
                out_dir: self.result.out_dir.clone(),
                copies: plan.copies.clone(),
                files: emitted.files,
                trace: trace.map(|t| (trace_key, t)),
                start: Instant::now(),
            });
        }
        Ok(())
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
            .text(if t.copy_images { "copy" } else { "refer" })
            .text(&project.root.to_string_lossy())
            .text(if project.has_manifest {
                "manifest"
            } else {
                "cwd"
            });
        for p in &self.env.registry.plugins {
            k.text(p.name())
                .hash(&p.identity())
                .text(&p.config.to_string());
        }
        k.finish()
    }

    /// Replays `trace` when the inputs and outputs on disk are what it recorded;
    /// `false` (and nothing changed) otherwise.
    fn replay(&mut self, trace: Trace, rig: &Hash, motion: &Hash, project: &Project) -> bool {
        let out_dir = &self.result.out_dir;
        if !trace.holds_on_disk(rig, motion, project, &mut self.canon, out_dir) {
            return false;
        }
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
        self.result.report = Some(trace.report);
        self.stages.log = trace
            .stages
            .into_iter()
            .map(|stage| StageEvent { stage, ran: false })
            .collect();
        true
    }

    /// The trace of a green build, to record once its files are written.
    fn trace(
        &mut self,
        rig: Hash,
        motion: Hash,
        plan: &AtlasPlan,
        emitted: &EmitReply,
    ) -> Option<Trace> {
        Trace::of_build(
            rig,
            motion,
            std::mem::take(&mut self.traced),
            self.result.parts.clone(),
            self.result.report.clone()?,
            self.stages.log.iter().map(|e| e.stage.clone()).collect(),
            &plan.copies,
            &emitted.files,
        )
    }
}

/// The second, independent compile A18 compares against: the whole pipeline
/// again, in memory, uncached, from the same inputs.
#[allow(clippy::too_many_arguments)]
fn second_compile(
    rig_file: &Arc<SourceFile>,
    motion_file: &Arc<SourceFile>,
    project: &Project,
    images_override: &Option<PathBuf>,
    cwd: &Path,
    out_dir: &Path,
    copy_images: bool,
    images: &HashMap<String, ImageInfo>,
) -> Option<SecondCompile> {
    let inputs = compile::Inputs {
        rig_file: rig_file.clone(),
        motion_file: motion_file.clone(),
        project: project.clone(),
        images_override: images_override.as_ref().map(|p| project::absolute(p, cwd)),
        out_dir: out_dir.to_path_buf(),
        copy_images,
        images: images.clone(),
    };
    compile::compile(&inputs).ok().map(|c| SecondCompile {
        skeleton_text: c.skeleton_text,
        atlas_text: c.atlas_text,
    })
}
