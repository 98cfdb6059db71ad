//! This module owns A49_PACKED_FOOTPRINTS_DO_NOT_OVERLAP (renderer; GATE.md §3,
//! §4.15; DECISIONS.md: A06's old overlap clause lives here): no two regions on
//! one page overlap in what they draw. A pair fails when their rectangles'
//! strict interiors overlap (a shared edge is fine) **and** some piece of one
//! footprint overlaps some piece of the other (see [`crate::footprints`]).
//!
//! A region a mesh reaches (by its path, every sequence frame included) draws
//! that mesh's hull and triangles; a linked mesh draws its source's. A region
//! falls back to its whole rectangle when a region attachment uses it, nothing
//! uses it, it is rotated, the mesh cannot be mapped, or the skeleton did not
//! load. The detail reports the largest area two pieces share and the box around
//! every shared part. SKIPs with no atlas (A00 owns a refused one), no page, no
//! region, or no page holding two regions.

use crate::footprints::{area, clip, mesh_pieces, overlap, rect, Pt};
use crate::loaded::{paged_atlas_or_skip, placed};
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::spine::atlas::Atlas;
use rigc_sdk::spine::data::AttachmentKind;

/// A49_PACKED_FOOTPRINTS_DO_NOT_OVERLAP.
pub struct A49PackedFootprintsDoNotOverlap;

/// SKIP: no page holds two regions (`SKIP_NO_ATLAS_REGION_PAIR`; its text was
/// not captured).
pub(crate) const NO_PAIR: &str =
    "no page of the atlas holds two regions, so no two footprints can overlap";

/// The meshes drawing a region, each with its pieces.
type MeshUsers = Vec<(String, Vec<Vec<Pt>>)>;

/// What one region draws: its pieces and, in words, what they are.
struct Footprint {
    pieces: Vec<Vec<Pt>>,
    what: String,
    whole: bool,
}

/// `x` to at most 4 decimals, trailing zeros dropped.
fn n4(x: f64) -> String {
    num((x * 10_000.0).round() / 10_000.0)
}

fn footprints(facts: &Facts<'_>, atlas: &Atlas) -> Vec<Footprint> {
    // Per region: the meshes drawing it, or `None` once something draws the
    // whole rectangle (a region attachment, a mesh that cannot be mapped).
    let mut users: Vec<Option<MeshUsers>> = vec![Some(Vec::new()); atlas.regions.len()];
    if let Ok(loaded) = facts.loaded() {
        for p in placed(&loaded.data) {
            let (regions, mesh) = match &p.attachment.kind {
                AttachmentKind::Region(r) => (&r.sequence.regions, None),
                AttachmentKind::Mesh(m) => (&m.sequence.regions, Some(m)),
                _ => continue,
            };
            for tex in regions {
                let Some(i) = atlas.regions.iter().position(|r| r.name == tex.name) else {
                    continue;
                };
                let (Some(region), Some(slot)) = (atlas.regions.get(i), users.get_mut(i)) else {
                    continue;
                };
                match (mesh.and_then(|m| mesh_pieces(region, m)), slot.as_mut()) {
                    (Some(pieces), Some(list)) => list.push((p.attachment.name.clone(), pieces)),
                    (None, _) => *slot = None,
                    (Some(_), None) => {}
                }
            }
        }
    }
    atlas
        .regions
        .iter()
        .zip(users)
        .map(|(r, list)| match list.filter(|l| !l.is_empty()) {
            None => Footprint {
                pieces: vec![rect(r)],
                what: "its whole rectangle".into(),
                whole: true,
            },
            Some(list) => Footprint {
                what: list
                    .iter()
                    .map(|(m, p)| format!("mesh \"{m}\" ({} piece(s))", p.len()))
                    .collect::<Vec<_>>()
                    .join(" and "),
                pieces: list.into_iter().flat_map(|(_, p)| p).collect(),
                whole: false,
            },
        })
        .collect()
}

impl Rule for A49PackedFootprintsDoNotOverlap {
    fn code(&self) -> &'static str {
        "A49_PACKED_FOOTPRINTS_DO_NOT_OVERLAP"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Renderer
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(atlas) = paged_atlas_or_skip(facts, out) else {
            return;
        };
        if atlas.regions.is_empty() {
            out.skip(skip_reasons::NO_ATLAS_REGION);
            return;
        }
        let paired = (0..atlas.pages.len())
            .any(|p| atlas.regions.iter().filter(|r| r.page == p).count() >= 2);
        if !paired {
            out.skip(NO_PAIR);
            return;
        }
        let prints = footprints(facts, atlas);
        let regions: Vec<_> = atlas.regions.iter().zip(&prints).collect();
        for (i, (ra, fa)) in regions.iter().enumerate() {
            for (rb, fb) in regions.iter().skip(i + 1) {
                if ra.page != rb.page {
                    continue;
                }
                let (a, b) = (rect(ra), rect(rb));
                if !overlap(&a, &b) {
                    continue;
                }
                let shared: Vec<Vec<Pt>> = fa
                    .pieces
                    .iter()
                    .flat_map(|pa| fb.pieces.iter().map(move |pb| (pa, pb)))
                    .filter(|(pa, pb)| overlap(pa, pb))
                    .map(|(pa, pb)| clip(pa, pb))
                    .collect();
                if shared.is_empty() {
                    continue;
                }
                let largest = shared.iter().map(|s| area(s).abs()).fold(0.0, f64::max);
                let (mut x0, mut y0, mut x1, mut y1) = (
                    f64::INFINITY,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    f64::NEG_INFINITY,
                );
                for &(x, y) in shared.iter().flatten() {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
                let bx = format!("{},{} {}x{}", n4(x0), n4(y0), n4(x1 - x0), n4(y1 - y0));
                let how = if fa.whole && fb.whole {
                    format!("the two rectangles share {bx}")
                } else {
                    format!(
                        "what they draw overlaps by {} texel(s) of area inside {bx}",
                        n4(largest)
                    )
                };
                let page = atlas.pages.get(ra.page).map_or("", |p| p.name.as_str());
                let at = |r: &[Pt]| match (r.first(), r.get(2)) {
                    (Some(p), Some(q)) => format!(
                        "{},{} {}x{}",
                        n4(p.0),
                        n4(p.1),
                        n4(q.0 - p.0),
                        n4(q.1 - p.1)
                    ),
                    _ => String::new(),
                };
                // Two regions of one page: a finding about how that page is
                // packed.
                out.fail_at(Subject::of(Target::Page(page.to_string())), format!(
                    "regions \"{}\" ({}) and \"{}\" ({}) overlap on page \"{page}\", and so do their footprints — \"{}\" draws {}, \"{}\" draws {}; {how}. One drawing samples texels that are the other's: move one region clear of the other's footprint, or pack the page again",
                    ra.name, at(&a), rb.name, at(&b), ra.name, fa.what, rb.name, fb.what
                ));
            }
        }
    }
}

#[cfg(test)]
#[path = "a49_tests.rs"]
mod tests;
