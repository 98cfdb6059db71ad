//! This module owns the mesh stage, `mesh:<skin>/<slot>/<attachment>`, one per
//! mesh attachment of the setup skeleton: from the compiled mesh, its slot's
//! bone, the emitted bone names and the bytes of the PNG it names, the data a
//! `MESH` line reports (FORMAT.md §6.2) — its kind, its topology (vertex and
//! triangle counts, `hull` and the interior), the bones that drive it, and how
//! it sits on its art (`fit`) — computed once per attachment and cached. The
//! topology itself was derived, and refused, where the spec states it (the rig
//! parser, with `rigc_sdk::mesh::topology`): an accepted mesh lists its
//! outline first, `0 → 1 → … → hull − 1`.
//!
//! [`lines`] folds the attachments into one [`MeshLine`] per mesh slot, which
//! `printer::mesh` renders.

pub mod fit;

use crate::stage::{Content, Encoded, Stage};
use fit::Fit;
use rigc_sdk::model::{MeshAttachment, Vertices};

/// What the mesh stage reads of one mesh attachment.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct MeshInput {
    /// The skin.
    pub skin: String,
    /// The slot.
    pub slot: String,
    /// The placeholder.
    pub attachment: String,
    /// The slot's bone (what an unweighted mesh follows).
    pub slot_bone: String,
    /// The emitted bone names, in order (a weighted binding's index names one).
    pub bones: Vec<String>,
    /// The compiled mesh.
    pub mesh: MeshAttachment,
    /// The `image` the mesh names, as written (`None`: it names none).
    pub image: Option<String>,
    /// What made it, when a generator did (FORMAT.md §6.2.1).
    #[serde(default)]
    pub generated: Option<crate::stages::meshgen::Report>,
}

/// How the mesh sits on its art.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum FitOf {
    /// The mesh names no image: nothing to measure against.
    NoImage,
    /// Measured.
    Measured(Fit),
    /// The image could not be measured, and why.
    NotMeasured(String),
}

/// The mesh stage's output: one mesh attachment's report data.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeshFacts {
    /// The skin.
    pub skin: String,
    /// The slot.
    pub slot: String,
    /// The placeholder.
    pub attachment: String,
    /// `authored`, or the generator's kind (`grid`, `contour`).
    pub kind: String,
    /// Vertices (`uvs.len() / 2`).
    pub vertices: usize,
    /// Triangles.
    pub triangles: usize,
    /// Outline vertices (the first `hull` of the list).
    pub hull: u32,
    /// The bones that move it: the slot's bone when unweighted, else every
    /// bone a binding names, in bone order.
    pub bones: Vec<String>,
    /// How it sits on its art.
    pub fit: FitOf,
    /// What made it, when a generator did.
    #[serde(default)]
    pub generated: Option<crate::stages::meshgen::Report>,
}

crate::stage::stage! {
    /// `mesh:<skin>/<slot>/<attachment>`: one compiled mesh attachment and the
    /// bytes of the PNG it names → its report data.
    pub struct MeshStage<'a> {
        /// What it reads of the mesh.
        pub input: Encoded<MeshInput>,
        /// The named PNG's bytes (`None`: no image).
        pub image: Option<Content<'a>>,
    }
}

impl Stage for MeshStage<'_> {
    type Output = MeshFacts;
    type Error = std::convert::Infallible;
    // 2: a generated mesh's kind and report.
    // 3: a contour's line prints its own reach and hole.
    // 4: a segments mesh's influence and lattice.
    const VERSION: u32 = 4;

    fn name(&self) -> String {
        let i = &self.input.value;
        format!("mesh:{}/{}/{}", i.skin, i.slot, i.attachment)
    }

    fn compute(&self) -> Result<MeshFacts, Self::Error> {
        Ok(facts(
            &self.input.value,
            self.image.as_ref().map(|c| c.bytes),
        ))
    }
}

/// The report data of `input`, its image's bytes given when it names one.
pub fn facts(input: &MeshInput, image: Option<&[u8]>) -> MeshFacts {
    let m = &input.mesh;
    let bones = match &m.vertices {
        Vertices::Unweighted(_) => vec![input.slot_bone.clone()],
        Vertices::Weighted(per_vertex) => {
            let mut used: Vec<u32> = per_vertex.iter().flatten().map(|b| b.bone).collect();
            used.sort_unstable();
            used.dedup();
            used.iter()
                .map(|&i| {
                    input
                        .bones
                        .get(i as usize)
                        .cloned()
                        .unwrap_or_else(|| format!("#{i}"))
                })
                .collect()
        }
    };
    let mut bones = bones;
    let segments = input
        .generated
        .as_ref()
        .is_some_and(|g| g.segments.is_some());
    if segments && !bones.contains(&input.slot_bone) {
        // A segments line lists the slot bone (its placement) with the bound.
        bones.insert(0, input.slot_bone.clone());
    }
    let fit = match (&input.image, image) {
        (None, _) => FitOf::NoImage,
        (Some(_), None) => FitOf::NotMeasured("its image was not read".into()),
        (Some(_), Some(bytes)) => match rigc_sdk::png_image::decode(bytes) {
            Err(e) => FitOf::NotMeasured(format!("its image does not decode ({e})")),
            Ok(png) => match fit::measure(&m.uvs, &m.triangles, &png) {
                Ok(mut f) => {
                    if let Some(s) = input.generated.as_ref().and_then(|g| g.silhouette) {
                        f.reach = s.overshoot;
                        f.hole = s.hole;
                    }
                    FitOf::Measured(f)
                }
                Err(why) => FitOf::NotMeasured(why),
            },
        },
    };
    MeshFacts {
        skin: input.skin.clone(),
        slot: input.slot.clone(),
        attachment: input.attachment.clone(),
        kind: input
            .generated
            .as_ref()
            .map_or_else(|| "authored".into(), |g| g.kind.clone()),
        vertices: m.uvs.len() / 2,
        triangles: m.triangles.len() / 3,
        hull: m.hull,
        bones,
        fit,
        generated: input.generated.clone().map(|mut g| {
            g.segments = g.segments.map(|s| s.with_weights(m));
            g
        }),
    }
}

/// One `MESH` line: a mesh slot, as FORMAT.md §6.2 reports it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeshLine {
    /// The slot.
    pub slot: String,
    /// The kind of its first mesh (in skin order).
    pub kind: String,
    /// That mesh's vertices.
    pub vertices: usize,
    /// That mesh's triangles.
    pub triangles: usize,
    /// `invariants.meshTriangles`, when declared.
    pub budget: Option<u32>,
    /// Every bone any of the slot's meshes follows, first-seen order.
    pub bones: Vec<String>,
    /// The slot's mesh attachments, first-seen order (skins in order).
    pub attachments: Vec<String>,
    /// How its first mesh sits on its art.
    pub fit: FitOf,
    /// What made its first mesh, when a generator did.
    #[serde(default)]
    pub generated: Option<crate::stages::meshgen::Report>,
}

/// One line per slot that carries a mesh, in `slot_order`, from the facts of
/// every mesh attachment; `budget` is `invariants.meshTriangles`.
pub fn lines(facts: &[MeshFacts], slot_order: &[String], budget: Option<u32>) -> Vec<MeshLine> {
    let mut out = Vec::new();
    for slot in slot_order {
        let mine: Vec<&MeshFacts> = facts.iter().filter(|f| &f.slot == slot).collect();
        let Some(first) = mine.first() else {
            continue;
        };
        let mut bones: Vec<String> = Vec::new();
        let mut attachments: Vec<String> = Vec::new();
        for f in &mine {
            for b in &f.bones {
                if !bones.contains(b) {
                    bones.push(b.clone());
                }
            }
            if !attachments.contains(&f.attachment) {
                attachments.push(f.attachment.clone());
            }
        }
        out.push(MeshLine {
            slot: slot.clone(),
            kind: first.kind.clone(),
            vertices: first.vertices,
            triangles: first.triangles,
            budget,
            bones,
            attachments,
            fit: first.fit.clone(),
            generated: first.generated.clone(),
        });
    }
    out
}

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;
