//! This module owns the meshgen stage, `meshgen:<skin>/<slot>/<attachment>`,
//! one per generated mesh attachment (FORMAT.md §2.7.3–§2.7.5), run before
//! setup: keyed by the generator's parameters and the bytes of every image it
//! reads (the part PNG, the depth sheet, the soft mask), it decodes them and
//! calls `rigc_meshgen` — the lattice, the contour, the ring, the ribbon or
//! the segments lattice (a ring's or ribbon's part must be the window its
//! `size` states; the bone-driven kinds' weights are setup's), each vertex's
//! depth and the turn ceiling, each vertex's soft weight. Its output is in part pixels;
//! setup places it on the slot bone, and the mesh stage reports it. A
//! generator's refusal is the stage's error, placed at the generator key it
//! names by the pipeline.

use crate::spec::rig::GeneratorKind as Generator;
use crate::stage::{Content, Encoded, Stage};
use rigc_meshgen::ceiling::{self, Ceiling};
use rigc_meshgen::depth::{self, Sampled};
use rigc_meshgen::soft::{self, Soft};
use rigc_meshgen::{contour, grid, ribbon, ring, segments as lattice, Mesh, Raster, Refusal};

pub mod segments;
pub use segments::SegmentsReport;

/// What the meshgen stage reads of one generated attachment.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct GenInput {
    /// `skin/slot/attachment`.
    pub name: String,
    /// The part `image`, as written.
    pub image: String,
    /// The generator.
    pub generator: Generator,
    /// The depth map's `image` as written, and its parameters.
    pub depth: Option<(String, depth::Params)>,
    /// The soft region's bone and `mask` as written.
    pub soft: Option<(String, String)>,
}

/// A depth map's report data.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DepthFacts {
    /// The sheet's `image`, as written.
    pub image: String,
    /// Its parameters.
    pub params: depth::Params,
    /// What it gave each vertex.
    pub sampled: Sampled,
    /// The turn ceiling of the mesh on it.
    pub ceiling: Ceiling,
}

/// A soft region's report data.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SoftFacts {
    /// The mask, as written.
    pub mask: String,
    /// The bone its white end follows.
    pub bone: String,
    /// What it gave each vertex.
    pub soft: Soft,
}

/// The meshgen stage's output: one generated mesh, in part pixels.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Generated {
    /// `grid`, `contour` or `ring`.
    pub kind: String,
    /// The part window, pixels.
    pub size: [u32; 2],
    /// The mesh.
    pub mesh: Mesh,
    /// The depth map's data, when it names one.
    pub depth: Option<DepthFacts>,
    /// The soft region's data, when it names one.
    pub soft: Option<SoftFacts>,
    /// What a contour measured on its own silhouette (`None` for a grid).
    #[serde(default)]
    pub silhouette: Option<Silhouette>,
    /// A segments lattice's cell counts (`None` for the other kinds).
    #[serde(default)]
    pub cells: Option<lattice::Cells>,
}

/// How a contour mesh sits on the silhouette it traced (FORMAT.md §6.2's
/// `reaching … past it` and `enclosing … of hole` for a contour): the
/// furthest a covered pixel lies outside the filled silhouette, and the
/// pixels under the generator's `alpha` the outline encloses. A vertex's
/// distance to alpha > 0 (what an authored or grid mesh's line measures)
/// reads a contour's mitred corners, not the band the margin promises, so a
/// contour reports its own.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Silhouette {
    /// px past the filled silhouette.
    pub overshoot: f64,
    /// Enclosed pixels under `alpha`.
    pub hole: u64,
}

/// What the MESH line reports of a generated mesh (FORMAT.md §6.2.1): its
/// kind, the depth map's line data and ceiling, the soft mask's counts.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    /// `grid` or `contour`.
    pub kind: String,
    /// The depth continuation lines' data.
    pub depth: Option<DepthReport>,
    /// The soft line's data.
    pub soft: Option<SoftReport>,
    /// A contour's own reach and hole, which its line prints.
    #[serde(default)]
    pub silhouette: Option<Silhouette>,
    /// A segments mesh's lattice and influence lines.
    #[serde(default)]
    pub segments: Option<SegmentsReport>,
}

/// A depth map as the MESH line's continuation reports it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DepthReport {
    /// The sheet's `image`, as written.
    pub image: String,
    /// Its digest.
    pub digest: String,
    /// `white` or `black`.
    pub near: String,
    /// `zScale`.
    pub z_scale: f64,
    /// The sampled z range.
    pub z_range: [f64; 2],
    /// Vertices that sample a texel the part image does not draw.
    pub undrawn: u32,
    /// The mesh's vertex count.
    pub vertices: u32,
    /// The generator (`grid`/`contour`: why a vertex reads undrawn texels).
    pub kind: String,
    /// The turn ceiling.
    pub ceiling: Ceiling,
}

/// A soft mask as the MESH line's continuation reports it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SoftReport {
    /// The mask, as written.
    pub mask: String,
    /// Its digest.
    pub digest: String,
    /// The bone its white end follows.
    pub bone: String,
    /// Vertices fully carried.
    pub carried: u32,
    /// Vertices in the falloff.
    pub falloff: u32,
}

impl Generated {
    /// What the MESH line reports of it.
    pub fn report(&self) -> Report {
        Report {
            kind: self.kind.clone(),
            depth: self.depth.as_ref().map(|d| DepthReport {
                image: d.image.clone(),
                digest: d.sampled.digest.clone(),
                near: d.params.near.name().into(),
                z_scale: d.params.z_scale,
                z_range: d.sampled.z_range,
                undrawn: d.sampled.undrawn,
                vertices: self.mesh.points.len() as u32,
                kind: self.kind.clone(),
                ceiling: d.ceiling.clone(),
            }),
            soft: self.soft.as_ref().map(|s| SoftReport {
                mask: s.mask.clone(),
                digest: s.soft.digest.clone(),
                bone: s.bone.clone(),
                carried: s.soft.carried,
                falloff: s.soft.falloff,
            }),
            silhouette: self.silhouette,
            segments: self.cells.map(SegmentsReport::of),
        }
    }
}

crate::stage::stage! {
    /// `meshgen:<skin>/<slot>/<attachment>`: a generator's parameters and the
    /// bytes of the images it reads → the generated mesh.
    pub struct MeshgenStage<'a> {
        /// What it reads of the attachment.
        pub input: Encoded<GenInput>,
        /// The part PNG's bytes.
        pub part: Content<'a>,
        /// The depth sheet's bytes, when it names one.
        pub depth: Option<Content<'a>>,
        /// The soft mask's bytes, when it names one.
        pub soft: Option<Content<'a>>,
    }
}

impl Stage for MeshgenStage<'_> {
    type Output = Generated;
    type Error = Refusal;
    // 3: a segments lattice's cells.
    const VERSION: u32 = 3;

    fn name(&self) -> String {
        format!("meshgen:{}", self.input.value.name)
    }

    fn compute(&self) -> Result<Generated, Refusal> {
        generate(
            &self.input.value,
            self.part.bytes,
            self.depth.as_ref().map(|c| c.bytes),
            self.soft.as_ref().map(|c| c.bytes),
        )
    }
}

/// What the meshgen stage of each generated attachment of `rig` reads, in
/// skin, slot and placeholder order.
pub fn inputs(rig: &crate::spec::rig::RigSpec) -> Vec<GenInput> {
    let mut out = Vec::new();
    for skin in &rig.skins {
        for slot in &skin.slots {
            for e in &slot.entries {
                let crate::spec::rig::AttachmentKind::Generated(g) = &e.kind else {
                    continue;
                };
                out.push(GenInput {
                    name: format!("{}/{}/{}", skin.name, slot.slot, e.placeholder),
                    image: g.image.value.clone(),
                    generator: g.generator.kind.clone(),
                    depth: g
                        .generator
                        .depth
                        .as_ref()
                        .map(|d| (d.image.value.clone(), d.params)),
                    soft: g
                        .generator
                        .soft
                        .as_ref()
                        .map(|s| (s.bone.value.clone(), s.mask.value.clone())),
                });
            }
        }
    }
    out
}

/// The refusal `r` of the meshgen stage of `name` (`skin/slot/attachment`),
/// placed in `rig` at the generator key it names: a sheet's fault at the
/// sheet's name, the part's at the attachment's `image`.
pub fn locate(rig: &crate::spec::rig::RigSpec, name: &str, r: &Refusal) -> rigc_diag::Diagnostic {
    let found = rig.skins.iter().find_map(|skin| {
        skin.slots.iter().find_map(|slot| {
            slot.entries.iter().find_map(|e| match &e.kind {
                crate::spec::rig::AttachmentKind::Generated(g)
                    if format!("{}/{}/{}", skin.name, slot.slot, e.placeholder) == name =>
                {
                    Some((
                        skin.name.as_str(),
                        slot.slot.as_str(),
                        e.placeholder.as_str(),
                        g,
                    ))
                }
                _ => None,
            })
        })
    });
    let q = rigc_diag::json::quote;
    let Some((skin, slot, placeholder, g)) = found else {
        return rigc_diag::Diagnostic::new(
            rigc_diag::codes::MESHGEN_REFUSED,
            format!("{name}: {}", r.message),
        );
    };
    let loc = match r.field {
        Some("image") => g.image.loc.clone(),
        Some("depth") => g.generator.loc_of(Some("depth.image")),
        Some("soft") => g.generator.loc_of(Some("soft.mask")),
        f => g.generator.loc_of(f),
    };
    let help = match r.field {
        Some("depth") => "fix the depth sheet (FORMAT.md §2.7.4), or drop \"depth\"",
        Some("soft") => "fix the soft mask (FORMAT.md §2.7.5), or drop \"soft\"",
        _ => "change the generator's parameters, or author the mesh",
    };
    rigc_diag::Diagnostic::new(
        rigc_diag::codes::MESHGEN_REFUSED,
        format!(
            "skin {} slot {} attachment {}: {}",
            q(skin),
            q(slot),
            q(placeholder),
            r.message
        ),
    )
    .at(loc)
    .help(help)
}

/// Decodes `bytes` (the file `field` of the generator names).
fn decode(
    bytes: &[u8],
    field: &'static str,
    what: &str,
) -> Result<rigc_sdk::png_image::DecodedPng, Refusal> {
    rigc_sdk::png_image::decode(bytes)
        .map_err(|e| Refusal::at(field, format!("{what} does not decode as a PNG ({e})")))
}

/// The generated mesh of `input` over the part PNG `part`, its depth sheet
/// and soft mask given when it names them.
pub fn generate(
    input: &GenInput,
    part: &[u8],
    depth_png: Option<&[u8]>,
    soft_png: Option<&[u8]>,
) -> Result<Generated, Refusal> {
    let art = decode(part, "image", "the part image")?;
    let (w, h) = (art.header.width, art.header.height);
    let raster = Raster {
        width: w,
        height: h,
        rgba: &art.rgba,
    };
    let mut cells = None;
    let (mesh, silhouette) = match &input.generator {
        Generator::Grid(l) => (grid::generate(w, h, l)?, None),
        Generator::Ring(r) => (ring::generate_on(&input.image, w, h, &r.params)?, None),
        Generator::Segments(p) => {
            let s = lattice::generate(&raster, &p.lattice)?;
            cells = Some(s.cells);
            (s.mesh, None)
        }
        Generator::Contour(p) => {
            let c = contour::generate(&raster, p)?;
            let s = Silhouette {
                overshoot: c.overshoot,
                hole: c.hole_pixels,
            };
            (c.mesh, Some(s))
        }
        Generator::Ribbon(p) => {
            if let Some(r) = ribbon::window_problem(&input.image, w, h, p.size) {
                return Err(r);
            }
            (ribbon::generate(w, h, p)?, None)
        }
    };
    let on = match input.generator {
        Generator::Contour(_) => depth::On::Contour,
        // A ring, a ribbon or a segments lattice takes no depth map (not one
        // of its keys).
        Generator::Grid(_) | Generator::Ring(_) | Generator::Ribbon(_) | Generator::Segments(_) => {
            depth::On::Grid
        }
    };
    let depth = match (&input.depth, depth_png) {
        (Some((image, params)), Some(bytes)) => {
            let what = format!("the depth map \"{image}\"");
            let sheet = decode(bytes, "depth", &what)?;
            let map = Raster {
                width: sheet.header.width,
                height: sheet.header.height,
                rgba: &sheet.rgba,
            };
            let sampled = depth::sample(&mesh, &raster, &map, image, params, on)?;
            let ceiling = ceiling::measure(&mesh, &sampled.z, &sampled.levels);
            Some(DepthFacts {
                image: image.clone(),
                params: *params,
                sampled,
                ceiling,
            })
        }
        (Some((image, _)), None) => {
            return Err(Refusal::at(
                "depth",
                format!("the depth map \"{image}\" was not read"),
            ))
        }
        (None, _) => None,
    };
    let soft = match (&input.soft, soft_png) {
        (Some((bone, mask)), Some(bytes)) => {
            let what = format!("the soft mask \"{mask}\"");
            let png = decode(bytes, "soft", &what)?;
            let m = Raster {
                width: png.header.width,
                height: png.header.height,
                rgba: &png.rgba,
            };
            Some(SoftFacts {
                mask: mask.clone(),
                bone: bone.clone(),
                soft: soft::sample(&mesh, (w, h), &m, mask)?,
            })
        }
        (Some((_, mask)), None) => {
            return Err(Refusal::at(
                "soft",
                format!("the soft mask \"{mask}\" was not read"),
            ))
        }
        (None, _) => None,
    };
    Ok(Generated {
        kind: input.generator.name().into(),
        size: [w, h],
        mesh,
        depth,
        soft,
        silhouette,
        cells,
    })
}

#[cfg(test)]
mod fuzz;
