//! This module owns `geometry.json` (`render --geometry`, CLI.md §4): what
//! every frame of a set drew, as numbers — per frame, per drawn slot in the
//! applied draw order, the attachment's world vertices and where they land
//! on the frame's pixel grid, so that a tool can measure a render without
//! reading its pixels.
//!
//! Schema `rigc-geometry/1` (two-space JSON, a trailing newline):
//!
//! ```text
//! { "spec": "rigc-geometry/1",
//!   "set": "walk@20fps", "animation": "walk" | null, "fps": 20,
//!   "viewport": { x, y, width, height, scale, pixelWidth, pixelHeight },
//!   "frames": [
//!     { "frame": "f0000", "time": 0,
//!       "slots": [
//!         { "slot": "torso", "attachment": "torso", "kind": "region" | "mesh",
//!           "world":  [x0, y0, x1, y1, …],   // world units, y up
//!           "pixels": [px0, py0, …],          // the viewport's grid, y down
//!           "triangles": [i, j, k, …] } ] } ] }   // mesh only: vertex indices
//! ```
//!
//! A slot is listed when it would draw: its bone is active and it shows a
//! region or a mesh attachment (a region's four corners are in the
//! runtime's order: bottom-left, top-left, top-right, bottom-right of the
//! region before rotation). The `--slot/--hide` selection does not apply:
//! `render` refuses `--geometry` with it.

use crate::Viewport;
use rigc_spine::data::AttachmentKind;
use rigc_spine::Skeleton;
use serde::Serialize;

/// The `spec` of the document.
pub const SPEC: &str = "rigc-geometry/1";

/// The whole document of one set.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Geometry {
    /// Always [`SPEC`].
    pub spec: &'static str,
    /// The set's directory name.
    pub set: String,
    /// The animation (`None`: the setup pose).
    pub animation: Option<String>,
    /// Samples per second.
    pub fps: f64,
    /// The grid the pixel coordinates are on.
    pub viewport: Viewport,
    /// One entry per frame written.
    pub frames: Vec<Frame>,
}

/// One frame.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Frame {
    /// `f0000`.
    pub frame: String,
    /// Seconds.
    pub time: f64,
    /// The drawn slots, in draw order.
    pub slots: Vec<SlotGeometry>,
}

/// One drawn slot.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlotGeometry {
    /// The slot's name.
    pub slot: String,
    /// The attachment's name.
    pub attachment: String,
    /// `region` or `mesh`.
    pub kind: &'static str,
    /// World vertices, x y pairs.
    pub world: Vec<f64>,
    /// The same on the pixel grid.
    pub pixels: Vec<f64>,
    /// A mesh's triangles (vertex indices).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triangles: Option<Vec<u32>>,
}

/// The drawn slots of the skeleton's current pose (world transforms
/// updated); `Err` with the runtime's message when a vertex cannot be posed.
pub fn frame(skeleton: &Skeleton, viewport: &Viewport) -> Result<Vec<SlotGeometry>, String> {
    let data = skeleton.data;
    let mut out = Vec::new();
    for &slot in skeleton.applied_draw_order() {
        let s = &skeleton.slots[slot];
        if !skeleton.bones[s.bone].active() {
            continue;
        }
        let Some(a) = s.applied().attachment else {
            continue;
        };
        let attachment = &data.attachments[a];
        let (kind, triangles) = match &attachment.kind {
            AttachmentKind::Region(_) => ("region", None),
            AttachmentKind::Mesh(m) => (
                "mesh",
                m.triangles
                    .as_ref()
                    .map(|t| t.iter().map(|&i| i as u32).collect::<Vec<u32>>()),
            ),
            _ => continue,
        };
        let Some(world) = skeleton.world_vertices(slot).map_err(|e| e.message)? else {
            continue;
        };
        let mut pixels = Vec::with_capacity(world.len());
        for p in world.chunks_exact(2) {
            let (px, py) = viewport.to_pixel(p[0], p[1]);
            pixels.push(px);
            pixels.push(py);
        }
        out.push(SlotGeometry {
            slot: data.slots[slot].name.clone(),
            attachment: attachment.name.clone(),
            kind,
            world,
            pixels,
            triangles,
        });
    }
    Ok(out)
}

impl Geometry {
    /// The document as written (see [`crate::sidecar::json_text`]).
    pub fn to_text(&self) -> String {
        crate::sidecar::json_text(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_names_its_spec_and_omits_a_regions_triangles() {
        let g = Geometry {
            spec: SPEC,
            set: "@setup".into(),
            animation: None,
            fps: 12.0,
            viewport: Viewport {
                x: 0.0,
                y: 0.0,
                width: 2.0,
                height: 2.0,
                scale: 1.0,
                pixel_width: 2,
                pixel_height: 2,
            },
            frames: vec![Frame {
                frame: "f0000".into(),
                time: 0.0,
                slots: vec![SlotGeometry {
                    slot: "a".into(),
                    attachment: "a".into(),
                    kind: "region",
                    world: vec![0.0, 0.0],
                    pixels: vec![0.0, 2.0],
                    triangles: None,
                }],
            }],
        };
        let text = g.to_text();
        assert!(text.contains("\"spec\": \"rigc-geometry/1\""), "{text}");
        assert!(text.contains("\"pixelWidth\": 2"), "{text}");
        assert!(!text.contains("triangles"), "{text}");
        assert!(text.ends_with("}\n"));
    }
}
