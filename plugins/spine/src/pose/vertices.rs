//! Attachment world vertices — `RegionAttachment.computeWorldVertices` (the
//! four quad corners BL, TL, TR, BR), `VertexAttachment.computeWorldVertices`
//! (unweighted and weighted, with deform, from any start vertex),
//! `PointAttachment.computeWorldPosition`/`computeWorldRotation` — and
//! `Skeleton.getBounds` over them. Every read goes through the slot's and the
//! bones' applied poses, as in the runtime.

use super::weights::{bone_index, Weights};
use super::{pose_error, PoseError, Skeleton};
use crate::data::{AttachmentKind, PointAttachment, VertexData};
use crate::math::{atan2_deg, js_max, js_min, sin_cos, DEG_RAD};

/// An axis-aligned box, as `Skeleton.getBounds` returns it: `x, y` the
/// lower left corner (y up), `width, height` its size.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Bounds {
    /// Left edge.
    pub x: f64,
    /// Bottom edge (y up).
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

const NO_OFFSETS: &str = "Cannot read properties of undefined (reading '0')";
/// Beyond this many world vertex numbers (a `worldVerticesLength` no real
/// attachment has) we refuse rather than allocate: the runtime would build a
/// JavaScript array of that length, we would abort on memory.
const MAX_WORLD_VERTICES: usize = 1 << 24;
const TOO_MANY: &str = "Invalid array length (worldVerticesLength beyond 2^24)";
const NO_BONE: &str = "Cannot read properties of undefined (reading 'appliedPose')";

fn at32(a: &[f32], i: usize) -> f64 {
    a.get(i).map_or(f64::NAN, |&x| f64::from(x))
}

fn at64(a: &[f64], i: usize) -> f64 {
    a.get(i).copied().unwrap_or(f64::NAN)
}

impl Skeleton<'_> {
    /// World vertices (x, y pairs) of the slot's current region or mesh
    /// attachment; `Ok(None)` for other attachment types or no attachment.
    pub fn world_vertices(&self, slot: usize) -> Result<Option<Vec<f64>>, PoseError> {
        let s = self.slots[slot].applied();
        let Some(a) = s.attachment else {
            return Ok(None);
        };
        match &self.data.attachments[a].kind {
            AttachmentKind::Region(r) => {
                let index = r.sequence.resolve_index(s.sequence_index);
                let offsets = r
                    .sequence
                    .offsets
                    .as_ref()
                    .and_then(|o| {
                        (index >= 0.0 && index.fract() == 0.0)
                            .then(|| o.get(index as usize))
                            .flatten()
                    })
                    .ok_or_else(|| pose_error(NO_OFFSETS))?;
                let b = self.bones[self.slots[slot].bone].applied();
                let mut out = Vec::with_capacity(8);
                for k in 0..4 {
                    let (ox, oy) = (offsets[2 * k], offsets[2 * k + 1]);
                    out.extend(b.place([ox; 2], [oy; 2]));
                }
                Ok(Some(out))
            }
            AttachmentKind::Mesh(m) => self.vertex_world(slot, &m.vertex).map(Some),
            _ => Ok(None),
        }
    }

    /// `VertexAttachment.computeWorldVertices(skeleton, slot, 0, worldVerticesLength, …)`.
    pub fn vertex_world(&self, slot: usize, v: &VertexData) -> Result<Vec<f64>, PoseError> {
        let wvl = v.world_vertices_length;
        let n = if wvl.is_finite() && wvl > 0.0 {
            wvl as usize
        } else {
            0
        };
        if n > MAX_WORLD_VERTICES {
            return Err(pose_error(TOO_MANY));
        }
        let mut out = vec![0.0; n];
        self.vertex_world_range(slot, v, 0, n, &mut out, 0)?;
        Ok(out)
    }

    /// `VertexAttachment.computeWorldVertices(skeleton, slot, start, count,
    /// out, offset, 2)`: `count / 2` vertices from vertex number `start / 2`
    /// into `out[offset..]` (grown as a JavaScript array would be).
    pub fn vertex_world_range(
        &self,
        slot: usize,
        v: &VertexData,
        start: usize,
        count: usize,
        out: &mut Vec<f64>,
        offset: usize,
    ) -> Result<(), PoseError> {
        let end = offset + (count >> 1) * 2;
        if end > MAX_WORLD_VERTICES {
            return Err(pose_error(TOO_MANY));
        }
        if out.len() < end {
            out.resize(end, 0.0);
        }
        let s = &self.slots[slot];
        let deform = &s.applied().deform;
        let Some(bones) = &v.bones else {
            let b = self.bones[s.bone].applied();
            let spans = out[offset..end]
                .chunks_exact_mut(2)
                .zip((start..).step_by(2));
            if deform.is_empty() {
                for (o, k) in spans {
                    let (x, y) = (at32(&v.vertices, k), at32(&v.vertices, k + 1));
                    o.copy_from_slice(&b.place([x; 2], [y; 2]));
                }
            } else {
                for (o, k) in spans {
                    let (x, y) = (at64(deform, k), at64(deform, k + 1));
                    o.copy_from_slice(&b.place([x; 2], [y; 2]));
                }
            }
            return Ok(());
        };
        if self.weighted_fast(slot, v, start, &mut out[offset..end]) {
            return Ok(());
        }
        let (mut vi, mut skip) = (0usize, 0usize);
        let mut i = 0;
        while i < start {
            let n = at64(bones, vi);
            let n = if n.is_finite() && n >= 0.0 {
                n as usize
            } else {
                return Err(pose_error(NO_BONE));
            };
            vi += n + 1;
            skip += n;
            i += 2;
        }
        let (mut bi, mut fi) = (skip * 3, skip * 2);
        let with_deform = !deform.is_empty();
        let verts = &v.vertices;
        let mut w = offset;
        while w < end {
            let (mut wx, mut wy) = (0.0, 0.0);
            let n = at64(bones, vi);
            vi += 1;
            let k = n as usize;
            let fits = n >= 0.0
                && k as f64 == n
                && vi + k <= bones.len()
                && bi + 3 * k <= verts.len()
                && (!with_deform || fi + 2 * k <= deform.len());
            if fits {
                // Every index is in range: the runtime's loop without the
                // `undefined` cases.
                for j in 0..k {
                    let bone = bone_index(bones[vi + j])
                        .and_then(|b| self.bones.get(b))
                        .ok_or_else(|| pose_error(NO_BONE))?
                        .applied();
                    let (mut vx, mut vy) = (f64::from(verts[bi]), f64::from(verts[bi + 1]));
                    if with_deform {
                        vx += deform[fi];
                        vy += deform[fi + 1];
                    }
                    let weight = f64::from(verts[bi + 2]);
                    wx += (vx * bone.a + vy * bone.b + bone.world_x) * weight;
                    wy += (vx * bone.c + vy * bone.d + bone.world_y) * weight;
                    bi += 3;
                    fi += 2;
                }
                vi += k;
            } else {
                let stop = n + vi as f64;
                while (vi as f64) < stop {
                    let bone = bone_index(at64(bones, vi))
                        .and_then(|k| self.bones.get(k))
                        .ok_or_else(|| pose_error(NO_BONE))?
                        .applied();
                    let mut vx = at32(verts, bi);
                    let mut vy = at32(verts, bi + 1);
                    if with_deform {
                        vx += at64(deform, fi);
                        vy += at64(deform, fi + 1);
                    }
                    let weight = at32(verts, bi + 2);
                    wx += (vx * bone.a + vy * bone.b + bone.world_x) * weight;
                    wy += (vx * bone.c + vy * bone.d + bone.world_y) * weight;
                    vi += 1;
                    bi += 3;
                    fi += 2;
                }
            }
            out[w] = wx;
            out[w + 1] = wy;
            w += 2;
        }
        Ok(())
    }

    /// The decoded weights of `v` when it is the slot's applied attachment's
    /// (decoded on first use; the data cannot change while the skeleton
    /// borrows it).
    fn weights_of(&self, slot: usize, v: &VertexData) -> Option<&Weights> {
        let a = self.slots[slot].applied().attachment?;
        let att = self.data.attachments.get(a)?;
        if !std::ptr::eq(att.vertex()?, v) {
            return None;
        }
        self.weights
            .get(a)?
            .get_or_init(|| Weights::new(v, &self.bones))
            .as_ref()
    }

    /// Weighted world vertices from the decoded weights into `out` (`count /
    /// 2` vertices from vertex number `start / 2`); `false` (nothing written)
    /// when the general path must run: no decoded weights, vertices or deform
    /// numbers out of range.
    fn weighted_fast(&self, slot: usize, v: &VertexData, start: usize, out: &mut [f64]) -> bool {
        let Some(w) = self.weights_of(slot, v) else {
            return false;
        };
        let deform = &self.slots[slot].applied().deform;
        // The runtime skips one vertex per 2 of `start`, rounding up.
        w.world(&self.bones, start.div_ceil(2), deform, out)
    }

    /// `computeWorldPosition` and `computeWorldRotation` of a point
    /// attachment on the slot's bone: (x, y, degrees).
    pub fn point_world(&self, slot: usize, p: &PointAttachment) -> (f64, f64, f64) {
        let b = self.bones[self.slots[slot].bone].applied();
        let x = p.x * b.a + p.y * b.b + b.world_x;
        let y = p.x * b.c + p.y * b.d + b.world_y;
        let r = p.rotation * DEG_RAD;
        let (sn, cs) = sin_cos(r);
        let rx = cs * b.a + sn * b.b;
        let ry = cs * b.c + sn * b.d;
        (x, y, atan2_deg(ry, rx))
    }

    /// `Skeleton.getBounds` without a clipper: the box around the world
    /// vertices of every region and mesh (with triangles) in draw order whose
    /// bone is active. `None` when nothing contributes or when posing the
    /// vertices fails (see [`Skeleton::try_bounds`]).
    pub fn bounds(&self) -> Option<Bounds> {
        self.try_bounds().ok().flatten()
    }

    /// [`Skeleton::bounds`], with the runtime's error when computing the
    /// vertices throws.
    pub fn try_bounds(&self) -> Result<Option<Bounds>, PoseError> {
        let (mut min_x, mut min_y) = (f64::INFINITY, f64::INFINITY);
        let (mut max_x, mut max_y) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        let mut any = false;
        for &slot in self.applied_draw_order() {
            let s = &self.slots[slot];
            if !self.bones[s.bone].active {
                continue;
            }
            let Some(a) = s.applied().attachment else {
                continue;
            };
            let counts = match &self.data.attachments[a].kind {
                AttachmentKind::Region(_) => true,
                AttachmentKind::Mesh(m) => m.triangles.is_some(),
                _ => false,
            };
            if !counts {
                continue;
            }
            let Some(v) = self.world_vertices(slot)? else {
                continue;
            };
            let mut i = 0;
            while i < v.len() {
                let (x, y) = (v[i], v.get(i + 1).copied().unwrap_or(f64::NAN));
                min_x = js_min(min_x, x);
                min_y = js_min(min_y, y);
                max_x = js_max(max_x, x);
                max_y = js_max(max_y, y);
                any = true;
                i += 2;
            }
        }
        if !any {
            return Ok(None);
        }
        Ok(Some(Bounds {
            x: min_x,
            y: min_y,
            width: max_x - min_x,
            height: max_y - min_y,
        }))
    }
}
