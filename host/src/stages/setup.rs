//! This module owns the setup stage: rig spec + motion `setup` table + measured
//! images → the setup skeleton, the part list and the rig info.
//!
//! The skeleton it builds is exactly what the rig declares (R1: a field is `Some`
//! iff declared) plus what rigc measures (R5: region sizes from the PNGs), with
//! the emission order of FORMAT.md §5.3 and DECISIONS.md: bones and slots in
//! declaration order, every slot emitted, `default` skin first (always present),
//! constraints and events in declaration order. Animations are left empty (the
//! animation stage compiles them), and so is the header's bounding box (the
//! bounds stage computes it from the setup pose).
//!
//! Submodules: `pose` (each slot's setup attachment and colour, rule R3),
//! `skins` (skins, attachments, regions and the part list), `mesh` (an
//! authored mesh), `path` (a path's measured `lengths`), `resolve` (what
//! both read: region names, vertices) and `physics` (the motion spec's
//! `physics` table, appended to the constraints).

use rigc_diag::codes;

mod generated;
mod mesh;
mod path;
mod physics;
mod pose;
pub(crate) mod resolve;
mod ribbon;
mod ring;
mod segments;
mod skins;
mod space;

#[cfg(test)]
mod tests;

use crate::spec::motion::MotionRest;
use crate::spec::rig::{RigSpec, Stage as StageDecl};
use crate::spec::setup_entry::SetupEntry;
use crate::stage::{Hashed, Lazy, Stage};
use crate::stages::measure::ImageInfo;
use crate::stages::meshgen::Generated;
use rigc_diag::Diagnostic;
use rigc_sdk::gate::RigInfo;
use rigc_sdk::model::{Bounds, Header, Skeleton, SPINE_VERSION};
use std::collections::HashMap;

/// One part: an atlas region and the PNG it is cut from (one part, one page).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Part {
    /// The region name: the PNG's basename without `.png`.
    pub region: String,
    /// The measured PNG.
    pub image: ImageInfo,
}

/// What the setup stage hands on.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// The setup skeleton: no animations, header bounds `None`.
    pub skeleton: Skeleton,
    /// One part per distinct region, in first-use order.
    pub parts: Vec<Part>,
    /// What the gate knows of the rig beyond the Spine file (animations left
    /// empty for the caller). `stage` is `None` exactly when the rig declares
    /// `"width": null, "height": null` — then the header carries no box either.
    pub rig_info: RigInfo,
    /// Every mesh attachment of the skeleton, in skin, slot and placeholder
    /// order, with the `image` it names.
    pub meshes: Vec<MeshRef>,
    /// What made each generated mesh attachment, by `skin/slot/attachment`
    /// (its MESH-line data; each vertex's depth a `"depth": true` key reads).
    pub generated: Vec<(String, Generated)>,
}

/// One mesh attachment of the setup skeleton and the `image` value it names.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeshRef {
    /// The skin.
    pub skin: String,
    /// The slot.
    pub slot: String,
    /// The placeholder.
    pub attachment: String,
    /// The `image`, as written (`None`: it names none).
    pub image: Option<String>,
}

crate::stage::stage! {
    /// `setup`: the rig spec, the rest of the motion spec (its `setup` table)
    /// and every measured image → the setup skeleton, the parts and the rig info.
    pub struct SetupStage<'a> {
        /// The rig spec, by its canonical hash.
        pub rig: Lazy<'a, &'a RigSpec>,
        /// The motion spec without its animations, by its canonical hash.
        pub rest: Lazy<'a, MotionRest<'a>>,
        /// Each `image` value as written, and what its measure stage found.
        pub images: Vec<(String, Hashed<ImageInfo>)>,
        /// Each generated attachment (`skin/slot/attachment`) and what its
        /// meshgen stage made.
        pub generated: Vec<(String, Hashed<Generated>)>,
    }
}

/// The meshgen stages' outputs by `skin/slot/attachment`.
pub type Made = HashMap<String, Generated>;

impl Stage for SetupStage<'_> {
    type Output = Setup;
    type Error = Vec<Diagnostic>;
    const VERSION: u32 = 3;

    fn name(&self) -> String {
        "setup".into()
    }

    fn compute(&self) -> Result<Setup, Vec<Diagnostic>> {
        let images: HashMap<String, ImageInfo> = self
            .images
            .iter()
            .map(|(name, info)| (name.clone(), (**info).clone()))
            .collect();
        let generated: Made = self
            .generated
            .iter()
            .map(|(name, g)| (name.clone(), (**g).clone()))
            .collect();
        let (rig, rest) = (self.rig.get()?, self.rest.get()?);
        let table = physics::table(rig, rest.physics);
        let mut setup = assemble_with(rig, rest.setup, &images, &generated);
        match (&mut setup, table) {
            (Ok(s), Ok(extra)) => s.skeleton.constraints.extend(extra),
            (Err(d), Err(more)) => d.extend(more),
            (Ok(_), Err(more)) => return Err(more),
            (Err(_), Ok(_)) => {}
        }
        setup
    }
}

#[cfg(test)]
/// Assembles the setup skeleton of `rig`, taking each slot's setup pose from the
/// rig or from the motion spec's `setup` entries, and each `image` from
/// `images` (keyed by the value as written, see `RigSpec::image_refs`).
pub fn assemble(
    rig: &RigSpec,
    setup: &[SetupEntry],
    images: &HashMap<String, ImageInfo>,
) -> Result<Setup, Vec<Diagnostic>> {
    assemble_with(rig, setup, images, &Made::new())
}

/// [`assemble`], with the generated meshes the meshgen stages made.
pub fn assemble_with(
    rig: &RigSpec,
    setup: &[SetupEntry],
    images: &HashMap<String, ImageInfo>,
    generated: &Made,
) -> Result<Setup, Vec<Diagnostic>> {
    let mut d = rigc_diag::Diags::new();
    let stage = match &rig.header.stage {
        StageDecl::Declared {
            x,
            y,
            width,
            height,
        } => Some(Bounds {
            x: x.unwrap_or(0.0),
            y: y.unwrap_or(0.0),
            width: *width,
            height: *height,
        }),
        StageDecl::None => None,
        StageDecl::Missing => {
            d.push(
                Diagnostic::new(
                    codes::SETUP_NO_STAGE_SIZE,
                    "no stage size: give the rig spec a `skeleton.width`/`skeleton.height` — this build reads no cut manifest whose `crop` could state them",
                )
                .at_without_value(rig.header.loc.clone())
                .help("add \"skeleton\": { \"width\": <w>, \"height\": <h> }, or \"width\": null, \"height\": null for a rig with no stage"),
            );
            None
        }
    };
    let parts = skins::parts(rig, images, &mut d);
    let skins = skins::skins(rig, images, generated, &mut d);
    let slots = pose::slots(rig, setup, &mut d);
    if !d.is_empty() {
        return Err(d.into_vec());
    }
    let mut skeleton = Skeleton {
        header: Header {
            spine: SPINE_VERSION.to_string(),
            bounds: None,
            fps: rig.header.fps,
            reference_scale: rig.header.reference_scale,
            images: rig.header.images.clone(),
            audio: rig.header.audio.clone(),
        },
        bones: rig.bones.iter().map(|b| b.bone.clone()).collect(),
        slots,
        skins,
        events: rig.events.iter().map(|e| e.event.clone()).collect(),
        animations: Vec::new(),
        constraints: rig
            .constraints
            .iter()
            .map(|c| c.constraint.clone())
            .collect(),
    };
    path::measure(rig, &mut skeleton, &mut d);
    if !d.is_empty() {
        return Err(d.into_vec());
    }
    let rig_info = RigInfo {
        name: rig.name().to_string(),
        slot_order: rig.slots.iter().map(|s| s.name.clone()).collect(),
        animations: Vec::new(),
        invariants: rig.invariants.clone(),
        stage,
        base_plates: base_plates(&skeleton, stage),
        mesh_kinds: mesh_kinds(&skeleton),
        ..RigInfo::default()
    };
    let meshes = mesh::refs(rig, &skeleton);
    let mut generated: Vec<(String, Generated)> = generated
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    generated.sort_by(|a, b| a.0.cmp(&b.0));
    let mut rig_info = rig_info;
    for (slot, kind) in &mut rig_info.mesh_kinds {
        let made = rig
            .skins
            .iter()
            .flat_map(|s| s.slots.iter().filter(|x| x.slot == *slot))
            .flat_map(|x| x.entries.iter())
            .find_map(|e| match &e.kind {
                crate::spec::rig::AttachmentKind::Generated(g) => Some(g.generator.kind.name()),
                _ => None,
            });
        if let Some(name) = made {
            *kind = name.to_string();
        }
    }
    for slot in rig.skins.iter().flat_map(|s| s.slots.iter()) {
        for e in &slot.entries {
            let crate::spec::rig::AttachmentKind::Generated(g) = &e.kind else {
                continue;
            };
            let Some(soft) = &g.generator.soft else {
                continue;
            };
            if !rig_info
                .mesh_soft_bones
                .iter()
                .any(|(s, _)| *s == slot.slot)
            {
                rig_info
                    .mesh_soft_bones
                    .push((slot.slot.clone(), soft.bone.value.clone()));
            }
        }
    }
    rig_info.mesh_declared_bones = generated::declared_bones(rig);
    Ok(Setup {
        skeleton,
        parts,
        rig_info,
        meshes,
        generated,
    })
}

/// Each slot that carries a mesh in any skin, in slot order, with its kind
/// `authored` (FORMAT.md §2.7.2); `assemble_with` then gives a slot with a
/// generated mesh its generator's kind.
fn mesh_kinds(skeleton: &Skeleton) -> Vec<(String, String)> {
    skeleton
        .slots
        .iter()
        .filter(|slot| {
            skeleton.skins.iter().any(|skin| {
                skin.attachments.iter().any(|s| {
                    s.slot == slot.name
                        && s.entries
                            .iter()
                            .any(|(_, a)| matches!(a, rigc_sdk::model::Attachment::Mesh(_)))
                })
            })
        })
        .map(|slot| (slot.name.clone(), "authored".to_string()))
        .collect()
}

/// The regions whose size covers the whole stage (`width ≥ stage width` and
/// `height ≥ stage height`), by region name (`path`, else the placeholder), in
/// first-use order. None without a stage.
fn base_plates(skeleton: &Skeleton, stage: Option<Bounds>) -> Vec<String> {
    let Some(stage) = stage else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for skin in &skeleton.skins {
        for slot in &skin.attachments {
            for (placeholder, a) in &slot.entries {
                if let rigc_sdk::model::Attachment::Region(r) = a {
                    if r.width >= stage.width && r.height >= stage.height {
                        let name = r.path.clone().unwrap_or_else(|| placeholder.clone());
                        if !out.contains(&name) {
                            out.push(name);
                        }
                    }
                }
            }
        }
    }
    out
}
