//! This module owns the one sequence of a target's compile stages, from the
//! spec files to the emitted texts — `parse:rig`, `parse:motion`, a
//! `measure:<image>` per part, `setup`, an `animation:<name>` per animation,
//! `atlas`, `bounds` (when the rig declares a stage), `emit:<emitter>` — run
//! by whichever [`Driver`] it is handed: the cached build, the uncached second
//! compile A18 compares against, the benches. There is no other sequence.
//!
//! What each stage is keyed by is its struct (`crate::stages`); this module
//! only says what feeds what.

use super::sources::{Images, Sources};
use crate::plugins::Registry;
use crate::project::Canon;
use crate::spec;
use crate::stage::{Driver, Encoded, Hashed, Lazy};
use crate::stages::animation::{AnimationStage, DeformKinds};
use crate::stages::atlas::{self, AtlasPlan, AtlasStage, PagePart};
use crate::stages::bounds::BoundsStage;
use crate::stages::emit::EmitStage;
use crate::stages::measure::{ImageInfo, Measure};
use crate::stages::mesh::{MeshInput, MeshLine, MeshStage};
use crate::stages::meshgen::{Generated, MeshgenStage};
use crate::stages::parse::{MotionSummary, ParseMotion, ParseRig, RigSummary};
use crate::stages::setup::{Setup, SetupStage};
use rigc_diag::{codes, Diagnostic};
use rigc_sdk::abi::EmitReply;
use rigc_sdk::emit::EmitCall;
use rigc_sdk::gate::{DeclaredAnimation, RigInfo};
use std::sync::Arc;

/// The emitter every build writes with.
pub const EMITTER: &str = rigc_spine_emitter::EMITTER;

/// A compiled target, emitted but not gated or written.
pub struct Compiled {
    /// `parse:rig`'s summary.
    pub rig: Hashed<RigSummary>,
    /// `parse:motion`'s summary.
    pub motion: Hashed<MotionSummary>,
    /// The part images as read.
    pub images: Arc<Images>,
    /// Each `image` value and what its measure stage found.
    pub measured: Vec<(String, Hashed<ImageInfo>)>,
    /// The setup stage's output.
    pub setup: Hashed<Setup>,
    /// What the gate knows of the rig beyond the Spine file.
    pub rig_info: RigInfo,
    /// The part pages, first-use order.
    pub parts: Vec<PagePart>,
    /// The atlas layout.
    pub plan: Hashed<AtlasPlan>,
    /// The emitter's reply (every file it writes).
    pub emitted: Hashed<EmitReply>,
    /// `skeleton.json` text.
    pub skeleton_text: String,
    /// `skeleton.atlas` text.
    pub atlas_text: String,
    /// One `MESH` line per mesh slot.
    pub meshes: Vec<MeshLine>,
    /// The compiled animations, in emission order (what `explain` reads its
    /// `MEMBER` block from).
    pub animations: Vec<rigc_sdk::model::Animation>,
}

/// Runs the meshgen stage of every generated mesh attachment `rig` lists, over
/// the bytes `images` read; a generator's refusal is placed at the key it
/// names (the sheet's name for a sheet's fault).
fn generate(
    driver: &mut Driver<'_>,
    sources: &Sources,
    rig: &RigSummary,
    images: &Images,
) -> Result<Vec<(String, Hashed<Generated>)>, Vec<Diagnostic>> {
    let content = |name: &str| {
        images
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, r)| r.as_ref().ok())
            .map(|i| crate::stage::Content {
                bytes: &i.bytes,
                hash: i.content,
            })
    };
    let mut out = Vec::new();
    let mut refused = Vec::new();
    for g in &rig.generated {
        let Some(part) = content(&g.image) else {
            continue; // an image that was not read is refused with the images
        };
        let stage = MeshgenStage {
            input: Encoded::new(g.clone()),
            part,
            depth: g.depth.as_ref().and_then(|(n, _)| content(n)),
            soft: g.soft.as_ref().and_then(|(_, n)| content(n)),
        };
        match driver.run(&stage) {
            Ok(made) => out.push((g.name.clone(), made)),
            Err(r) => refused.push((g.name.clone(), r)),
        }
    }
    if refused.is_empty() {
        return Ok(out);
    }
    let spec = sources.rig.spec()?;
    Err(refused
        .into_iter()
        .map(|(name, r)| crate::stages::meshgen::locate(spec, &name, &r))
        .collect())
}

/// Runs a target's compile stages over `sources` with `driver`, emitting with
/// `registry`'s emitter. `canon` remembers canonical directories for the
/// length of the build.
pub fn compile(
    driver: &mut Driver<'_>,
    sources: &Sources,
    registry: &Registry,
    canon: &mut Canon,
) -> Result<Compiled, Vec<Diagnostic>> {
    let rig = driver.run(&ParseRig { spec: &sources.rig })?;
    let motion = driver.run(&ParseMotion {
        spec: &sources.motion,
    })?;
    if motion.archetype != rig.name {
        let (r, m) = (sources.rig.spec()?, sources.motion.spec()?);
        let d = spec::motion::check_archetype(m, r.name(), &sources.rig.file.display);
        return Err(d
            .map(|d| vec![d.related("the rig's name", r.name_loc().clone())])
            .unwrap_or_default());
    }

    let images = match &sources.atlas_in {
        // Under --atlas-in the parts are the atlas's regions: no loose part PNG
        // is read; a generated mesh's part is lifted off its page.
        Some(imported) => {
            let mut read = sources.sheets(&rig, canon)?;
            read.extend(super::imported::generated_parts(imported, sources)?);
            Arc::new(read)
        }
        None => sources.images(&rig, canon)?,
    };
    let mut measured = Vec::new();
    let mut failed = Vec::new();
    for (name, read) in images.iter() {
        match read {
            Err(unread) => failed.push((name.clone(), Err(unread.clone()))),
            Ok(image) => {
                let stage = Measure {
                    image: name,
                    path: &image.path,
                    bytes: crate::stage::Content {
                        bytes: &image.bytes,
                        hash: image.content,
                    },
                };
                match driver.run(&stage) {
                    Ok(info) => measured.push((name.clone(), info)),
                    Err(e) => failed.push((name.clone(), Ok((image.path.clone(), e)))),
                }
            }
        }
    }
    if !failed.is_empty() {
        return Err(sources.image_refusals(failed));
    }
    if let Some(imported) = &sources.atlas_in {
        measured = super::imported::measured(imported, sources, &rig)?;
        let refused = super::imported::size_refusals(imported, sources);
        if !refused.is_empty() {
            return Err(refused);
        }
    }

    let generated = generate(driver, sources, &rig, &images)?;
    let rest = || Lazy::new(motion.rest, || sources.motion.spec().map(|m| m.rest()));
    let setup = driver.run(&SetupStage {
        rig: Lazy::new(rig.content, || sources.rig.spec()),
        rest: rest(),
        images: measured.clone(),
        generated,
    })?;

    let meshes = meshes(driver, &setup, &images);

    let mut animations = Vec::new();
    let mut diags = rigc_diag::Diags::new();
    for a in &motion.animations {
        let stage = AnimationStage {
            animation: &a.name,
            spec: Lazy::new(a.content, || {
                let m = sources.motion.spec()?;
                m.animations
                    .iter()
                    .find(|s| s.name == a.name)
                    .ok_or_else(Vec::new)
            }),
            rest: rest(),
            setup: setup.clone(),
            kinds: DeformKinds::resolve(&a.deform_kinds, registry),
        };
        match driver.run(&stage) {
            Ok(anim) => animations.push(anim.into_value()),
            Err(d) => diags.extend(d),
        }
    }
    if !diags.is_empty() {
        return Err(diags.into_vec());
    }
    let declared: Vec<super::sliders::Declared> = motion
        .animations
        .iter()
        .map(|a| super::sliders::Declared {
            name: &a.name,
            duration: a.duration,
        })
        .collect();
    let findings = super::sliders::check(&setup.skeleton, &declared, &animations);
    if !findings.is_empty() {
        return Err(super::sliders::refusals(findings, sources.rig.spec()?));
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

    let emitter = registry.emitter(EMITTER).ok_or_else(|| {
        vec![Diagnostic::new(codes::PLUGIN_NO_EMITTER, format!("no loaded plugin provides the emitter {EMITTER:?}"))
            .help("rigc's own rigc-spine-emitter provides it; a plugin list that replaces it must provide it too")]
    })?;
    let plan = driver
        .run(&AtlasStage {
            setup: setup.clone(),
            out_dir: sources.out_dir.clone(),
            copy_images: sources.copy_images,
            reserved: emitter
                .manifest
                .emitters
                .iter()
                .filter(|e| e.name == EMITTER)
                .flat_map(|e| e.files.iter().cloned())
                .collect(),
            layout: sources.layout.clone(),
        })
        .map_err(|e| vec![super::packed::too_big(e, sources, &measured)])?;
    let parts = atlas::page_parts(&setup);
    let mut atlas_text = rigc_sdk::emit::atlas::to_string(&plan.pages);
    let plan = match &sources.atlas_in {
        Some(imported) => {
            let (p, text) = super::imported::plan(imported, &sources.out_dir, plan.into_value());
            atlas_text = text;
            Hashed::new(p)
        }
        None => plan,
    };

    let mut skeleton = setup.skeleton.clone();
    if sources.copy_images || skeleton.header.images.is_none() {
        if let Some(images) = &plan.images_path {
            skeleton.header.images = Some(images.clone());
        }
    }
    if rig_info.stage.is_some() {
        let bounds = driver.run(&BoundsStage {
            setup: setup.clone(),
            atlas_text: &atlas_text,
            slid: Encoded::new(crate::stages::bounds::slid(&setup.skeleton, &animations)),
        })?;
        skeleton.header.bounds = Some(*bounds);
    }
    skeleton.animations = animations.clone();

    let emitted = driver.run(&EmitStage {
        plugin: emitter,
        call: Encoded::new(EmitCall {
            emitter: EMITTER.into(),
            skeleton,
            atlas: plan.pages.clone(),
            config: emitter.config.clone(),
        }),
    })?;
    let emitted = match &sources.atlas_in {
        Some(_) => Hashed::new(super::imported::with_atlas(
            emitted.into_value(),
            &atlas_text,
        )),
        None => emitted,
    };
    let text_of = |name: &str| {
        emitted
            .files
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.text.clone())
    };
    let (Some(skeleton_text), Some(atlas_text)) =
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
    Ok(Compiled {
        rig,
        motion,
        images,
        measured,
        setup,
        rig_info,
        parts,
        plan,
        emitted,
        skeleton_text,
        atlas_text,
        meshes,
        animations,
    })
}

/// Runs a mesh stage per mesh attachment of the setup skeleton and folds them
/// into one `MESH` line per mesh slot.
fn meshes(
    driver: &mut Driver<'_>,
    setup: &Setup,
    images: &super::sources::Images,
) -> Vec<MeshLine> {
    let k = &setup.skeleton;
    let bones: Vec<String> = k.bones.iter().map(|b| b.name.clone()).collect();
    let mut facts = Vec::new();
    for r in &setup.meshes {
        let mesh = k
            .skins
            .iter()
            .filter(|s| s.name == r.skin)
            .flat_map(|s| s.attachments.iter().filter(|a| a.slot == r.slot))
            .flat_map(|a| a.entries.iter().filter(|(p, _)| *p == r.attachment))
            .find_map(|(_, a)| match a {
                rigc_sdk::model::Attachment::Mesh(m) => Some(m.clone()),
                _ => None,
            });
        let Some(mesh) = mesh else { continue };
        let slot_bone = k
            .slots
            .iter()
            .find(|s| s.name == r.slot)
            .map(|s| s.bone.clone())
            .unwrap_or_default();
        let image = r.image.as_ref().and_then(|v| {
            images
                .iter()
                .find(|(name, _)| name == v)
                .and_then(|(_, read)| read.as_ref().ok())
        });
        let stage = MeshStage {
            input: Encoded::new(MeshInput {
                skin: r.skin.clone(),
                slot: r.slot.clone(),
                attachment: r.attachment.clone(),
                slot_bone,
                bones: bones.clone(),
                mesh,
                image: r.image.clone(),
                generated: setup
                    .generated
                    .iter()
                    .find(|(n, _)| *n == format!("{}/{}/{}", r.skin, r.slot, r.attachment))
                    .map(|(_, g)| g.report()),
            }),
            image: image.map(|i| crate::stage::Content {
                bytes: &i.bytes,
                hash: i.content,
            }),
        };
        match driver.run(&stage) {
            Ok(f) => facts.push(f.into_value()),
            Err(never) => match never {},
        }
    }
    let slots: Vec<String> = k.slots.iter().map(|s| s.name.clone()).collect();
    crate::stages::mesh::lines(&facts, &slots, setup.rig_info.invariants.mesh_triangles)
}
