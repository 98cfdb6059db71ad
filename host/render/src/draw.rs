//! This module owns drawing a posed skeleton: the slots in the applied draw
//! order, each region or mesh attachment's triangles filled with tiny-skia
//! through their UVs (bilinear, no anti-aliasing, so a mesh's triangles tile
//! without hairlines), tinted and blended by [`crate::blend`], inside the
//! clipping polygon of a clipping attachment from its slot to its end slot —
//! as the official renderer walks a skeleton (`SkeletonRenderer.draw`): an
//! inactive bone's slot draws nothing, an attachment at alpha 0 is skipped,
//! and a clip ends after its end slot.

use crate::blend::{composite, PixelBox, Tint};
use crate::pages::Pages;
use crate::viewport::Viewport;
use crate::Image;
use rigc_spine::data::{AttachmentKind, BlendMode, Color, Sequence};
use rigc_spine::Skeleton;
use std::fmt;
use tiny_skia::{
    FillRule, FilterQuality, Mask, Paint, PathBuilder, Pattern, Pixmap, SpreadMode, Transform,
};

/// Which slots draw.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Show {
    /// Every slot.
    #[default]
    All,
    /// Only these slots (indices into `SkeletonData::slots`).
    Only(Vec<usize>),
    /// Every slot but these.
    Hide(Vec<usize>),
}

impl Show {
    /// Does slot `i` draw?
    pub fn shows(&self, i: usize) -> bool {
        match self {
            Show::All => true,
            Show::Only(s) => s.contains(&i),
            Show::Hide(s) => !s.contains(&i),
        }
    }
}

/// Why a skeleton could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawError {
    /// The viewport has no pixels, or more than [`crate::image::MAX_PIXELS`].
    Size(u32, u32),
    /// The runtime refused to compute an attachment's vertices.
    Pose(String),
    /// An attachment names a region no page holds.
    Region {
        /// The slot.
        slot: String,
        /// The region.
        region: String,
    },
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::Size(w, h) => write!(f, "a {w}×{h} picture cannot be drawn"),
            DrawError::Pose(m) => write!(f, "the runtime cannot pose a vertex: {m}"),
            DrawError::Region { slot, region } => write!(
                f,
                "slot {slot:?} draws region {region:?}, which no atlas page holds"
            ),
        }
    }
}

impl std::error::Error for DrawError {}

/// Draws the skeleton's current pose (world transforms already updated)
/// onto a transparent picture of the viewport's size.
pub fn draw(
    skeleton: &Skeleton,
    pages: &Pages,
    viewport: &Viewport,
    show: &Show,
) -> Result<Image, DrawError> {
    let (w, h) = (viewport.pixel_width, viewport.pixel_height);
    if u64::from(w) * u64::from(h) > crate::image::MAX_PIXELS {
        return Err(DrawError::Size(w, h));
    }
    let (Some(mut canvas), Some(mut layer)) = (Pixmap::new(w, h), Pixmap::new(w, h)) else {
        return Err(DrawError::Size(w, h));
    };
    let mut clip: Option<Clip> = None;
    let data = skeleton.data;
    for &slot in skeleton.applied_draw_order() {
        let s = &skeleton.slots[slot];
        let pose = s.applied();
        let attachment = pose.attachment.map(|a| &data.attachments[a]);
        if !skeleton.bones[s.bone].active() {
            end_clip(&mut clip, slot);
            continue;
        }
        let Some(attachment) = attachment else {
            end_clip(&mut clip, slot);
            continue;
        };
        let drawn = match &attachment.kind {
            AttachmentKind::Clipping(c) => {
                if clip.is_none() {
                    let world = skeleton
                        .vertex_world(slot, &c.vertex)
                        .map_err(|e| DrawError::Pose(e.message))?;
                    clip = Clip::new(&world, viewport, c.end_slot, c.inverse);
                }
                continue;
            }
            AttachmentKind::Region(r) => Some((&r.sequence, r.color, None)),
            AttachmentKind::Mesh(m) => Some((&m.sequence, m.color, m.triangles.as_deref())),
            _ => None,
        };
        if let Some((sequence, color, triangles)) = drawn {
            if show.shows(slot) {
                let tint = tint(pose.color, color, pose.dark);
                if tint.light[3] > 0.0 {
                    let world = skeleton
                        .world_vertices(slot)
                        .map_err(|e| DrawError::Pose(e.message))?
                        .unwrap_or_default();
                    let index = sequence.resolve_index(pose.sequence_index);
                    if let Some((page, uvs)) =
                        texture(sequence, index, pages, &data.slots[slot].name)?
                    {
                        let quad = [0.0, 1.0, 2.0, 2.0, 3.0, 0.0];
                        let tris = triangles.unwrap_or(&quad);
                        let area = fill(&mut layer, page, &world, uvs, tris, viewport);
                        if let Some(area) = area {
                            let mode = data.slots[slot].blend_mode.unwrap_or(BlendMode::Normal);
                            let mask = clip.as_ref().map(|c| c.mask.data());
                            composite(
                                canvas.data_mut(),
                                layer.data_mut(),
                                w as usize,
                                area,
                                &tint,
                                mask,
                                mode,
                            );
                        }
                    }
                }
            }
        }
        end_clip(&mut clip, slot);
    }
    Ok(straight(&canvas))
}

/// A clipping polygon in force, as a coverage mask of the canvas.
struct Clip {
    mask: Mask,
    end_slot: Option<usize>,
}

impl Clip {
    fn new(
        world: &[f64],
        viewport: &Viewport,
        end_slot: Option<usize>,
        inverse: bool,
    ) -> Option<Clip> {
        let mut mask = Mask::new(viewport.pixel_width, viewport.pixel_height)?;
        let mut pb = PathBuilder::new();
        for (i, p) in world.chunks_exact(2).enumerate() {
            let (x, y) = viewport.to_pixel(p[0], p[1]);
            if i == 0 {
                pb.move_to(x as f32, y as f32);
            } else {
                pb.line_to(x as f32, y as f32);
            }
        }
        pb.close();
        if let Some(path) = pb.finish() {
            mask.fill_path(&path, FillRule::EvenOdd, false, Transform::identity());
        }
        if inverse {
            mask.invert();
        }
        Some(Clip { mask, end_slot })
    }
}

/// `clipEndWithSlot`: the clip ends after its end slot.
fn end_clip(clip: &mut Option<Clip>, slot: usize) {
    if clip.as_ref().is_some_and(|c| c.end_slot == Some(slot)) {
        *clip = None;
    }
}

/// The light colour (slot · attachment) and the slot's dark colour.
fn tint(slot: Color, attachment: Color, dark: Option<Color>) -> Tint {
    let c = |a: f64, b: f64| (a * b).clamp(0.0, 1.0) as f32;
    Tint {
        light: [
            c(slot.r, attachment.r),
            c(slot.g, attachment.g),
            c(slot.b, attachment.b),
            c(slot.a, attachment.a),
        ],
        dark: dark.map(|d| [d.r, d.g, d.b].map(|v| v.clamp(0.0, 1.0) as f32)),
    }
}

/// The page and the UVs of a sequence frame; `None` when the frame index is
/// not one the sequence has (the runtime would draw nothing there).
fn texture<'p>(
    sequence: &'p Sequence,
    index: f64,
    pages: &'p Pages,
    slot: &str,
) -> Result<Option<(&'p Pixmap, &'p [f32])>, DrawError> {
    if !(index >= 0.0 && index.fract() == 0.0) {
        return Ok(None);
    }
    let i = index as usize;
    let (Some(region), Some(uvs)) = (sequence.regions.get(i), sequence.uvs.get(i)) else {
        return Ok(None);
    };
    let page = pages
        .page_of(&region.name)
        .ok_or_else(|| DrawError::Region {
            slot: slot.to_string(),
            region: region.name.clone(),
        })?;
    Ok(Some((page, uvs)))
}

/// Fills the triangles into `layer`, each mapped from its texels on `page`;
/// returns the pixel box they touched (`None`: nothing on the canvas).
fn fill(
    layer: &mut Pixmap,
    page: &Pixmap,
    world: &[f64],
    uvs: &[f32],
    triangles: &[f64],
    viewport: &Viewport,
) -> Option<PixelBox> {
    let (tw, th) = (f64::from(page.width()), f64::from(page.height()));
    let (cw, ch) = (f64::from(layer.width()), f64::from(layer.height()));
    let (mut x0, mut y0, mut x1, mut y1) = (
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    );
    for tri in triangles.chunks_exact(3) {
        let mut p = [(0.0, 0.0); 3];
        let mut t = [(0.0, 0.0); 3];
        let mut ok = true;
        for k in 0..3 {
            let v = tri[k];
            if !(v >= 0.0 && v.fract() == 0.0) {
                ok = false;
                break;
            }
            let v = v as usize;
            match (world.get(2 * v..2 * v + 2), uvs.get(2 * v..2 * v + 2)) {
                (Some(wv), Some(uv)) => {
                    p[k] = viewport.to_pixel(wv[0], wv[1]);
                    t[k] = (f64::from(uv[0]) * tw, f64::from(uv[1]) * th);
                }
                _ => ok = false,
            }
        }
        if !ok || p.iter().any(|q| !(q.0.is_finite() && q.1.is_finite())) {
            continue;
        }
        let Some(transform) = texel_to_pixel(t, p) else {
            continue;
        };
        let mut pb = PathBuilder::new();
        pb.move_to(p[0].0 as f32, p[0].1 as f32);
        pb.line_to(p[1].0 as f32, p[1].1 as f32);
        pb.line_to(p[2].0 as f32, p[2].1 as f32);
        pb.close();
        let Some(path) = pb.finish() else {
            continue;
        };
        let paint = Paint {
            shader: Pattern::new(
                page.as_ref(),
                SpreadMode::Pad,
                FilterQuality::Bilinear,
                1.0,
                transform,
            ),
            anti_alias: false,
            ..Paint::default()
        };
        layer.fill_path(
            &path,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        for q in p {
            x0 = x0.min(q.0);
            y0 = y0.min(q.1);
            x1 = x1.max(q.0);
            y1 = y1.max(q.1);
        }
    }
    let clamp = |v: f64, max: f64| v.clamp(0.0, max) as usize;
    let area = [
        clamp(x0.floor() - 1.0, cw),
        clamp(y0.floor() - 1.0, ch),
        clamp(x1.ceil() + 1.0, cw),
        clamp(y1.ceil() + 1.0, ch),
    ];
    (x0.is_finite() && area[0] < area[2] && area[1] < area[3]).then_some(area)
}

/// The affine map taking texel points `t` to pixel points `p`; `None` when
/// the texels (or the pixels) span no area.
fn texel_to_pixel(t: [(f64, f64); 3], p: [(f64, f64); 3]) -> Option<Transform> {
    let (a, b) = (t[1].0 - t[0].0, t[2].0 - t[0].0);
    let (c, d) = (t[1].1 - t[0].1, t[2].1 - t[0].1);
    let det = a * d - b * c;
    if det.abs() < 1e-12 {
        return None;
    }
    let (pa, pb) = (p[1].0 - p[0].0, p[2].0 - p[0].0);
    let (pc, pd) = (p[1].1 - p[0].1, p[2].1 - p[0].1);
    if (pa * pd - pb * pc).abs() < 1e-12 {
        return None;
    }
    // M = P · T⁻¹, T⁻¹ = [d −b; −c a] / det.
    let sx = (pa * d - pb * c) / det;
    let kx = (-pa * b + pb * a) / det;
    let ky = (pc * d - pd * c) / det;
    let sy = (-pc * b + pd * a) / det;
    let tx = p[0].0 - (sx * t[0].0 + kx * t[0].1);
    let ty = p[0].1 - (ky * t[0].0 + sy * t[0].1);
    let m = [sx, ky, kx, sy, tx, ty];
    m.iter().all(|v| v.is_finite()).then(|| {
        Transform::from_row(
            m[0] as f32,
            m[1] as f32,
            m[2] as f32,
            m[3] as f32,
            m[4] as f32,
            m[5] as f32,
        )
    })
}

/// A premultiplied pixmap as straight RGBA.
fn straight(pixmap: &Pixmap) -> Image {
    let rgba = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| {
            let a = u16::from(p[3]);
            if a == 0 {
                return [0; 4];
            }
            let u = |c: u8| ((u16::from(c) * 255 + a / 2) / a).min(255) as u8;
            [u(p[0]), u(p[1]), u(p[2]), p[3]]
        })
        .collect();
    Image {
        width: pixmap.width(),
        height: pixmap.height(),
        rgba,
    }
}
