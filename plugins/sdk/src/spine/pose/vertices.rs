//! Attachment world vertices — `RegionAttachment.computeWorldVertices` (the
//! four quad corners BL, TL, TR, BR) and `VertexAttachment.computeWorldVertices`
//! (unweighted and weighted, with deform) — and `Skeleton.getBounds` over them.

use super::{pose_error, Bounds, PoseError, Skeleton};
use crate::spine::data::{AttachmentKind, VertexData};
use crate::spine::math::{js_max, js_min};

const NO_OFFSETS: &str = "Cannot read properties of undefined (reading '0')";
const NO_BONE: &str = "Cannot read properties of undefined (reading 'appliedPose')";

impl Skeleton<'_> {
    /// World vertices (x, y pairs) of the slot's current region or mesh
    /// attachment; `Ok(None)` for other attachment types or no attachment.
    pub fn world_vertices(&self, slot: usize) -> Result<Option<Vec<f64>>, PoseError> {
        let s = &self.slots[slot];
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
                let b = self.bones[s.bone].applied();
                let mut out = Vec::with_capacity(8);
                for k in 0..4 {
                    let (ox, oy) = (offsets[2 * k], offsets[2 * k + 1]);
                    out.push(ox * b.a + oy * b.b + b.world_x);
                    out.push(ox * b.c + oy * b.d + b.world_y);
                }
                Ok(Some(out))
            }
            AttachmentKind::Mesh(m) => self.vertex_world(slot, &m.vertex).map(Some),
            _ => Ok(None),
        }
    }

    /// `VertexAttachment.computeWorldVertices(skeleton, slot, 0, worldVerticesLength, …)`.
    pub fn vertex_world(&self, slot: usize, v: &VertexData) -> Result<Vec<f64>, PoseError> {
        let s = &self.slots[slot];
        let wvl = v.world_vertices_length;
        let count = if wvl.is_finite() {
            (wvl as i64 >> 1).max(0) as usize * 2
        } else {
            0
        };
        let mut out = vec![
            0.0;
            if wvl.is_finite() && wvl > 0.0 {
                wvl as usize
            } else {
                0
            }
            .max(count)
        ];
        let f = |a: &[f32], i: usize| a.get(i).map_or(f64::NAN, |&x| f64::from(x));
        let Some(bones) = &v.bones else {
            let vertices: &[f32] = if s.deform.is_empty() {
                &v.vertices
            } else {
                &s.deform
            };
            let b = self.bones[s.bone].applied();
            let mut w = 0;
            while w < count {
                let (vx, vy) = (f(vertices, w), f(vertices, w + 1));
                out[w] = vx * b.a + vy * b.b + b.world_x;
                out[w + 1] = vx * b.c + vy * b.d + b.world_y;
                w += 2;
            }
            return Ok(out);
        };
        let deform = &s.deform;
        let (mut vi, mut bi, mut fi) = (0usize, 0usize, 0usize);
        let mut w = 0;
        while w < count {
            let (mut wx, mut wy) = (0.0, 0.0);
            let n = bones.get(vi).copied().unwrap_or(f64::NAN);
            vi += 1;
            let end = n + vi as f64;
            while (vi as f64) < end {
                let index = bones.get(vi).copied().unwrap_or(f64::NAN);
                let bone = (index >= 0.0 && index.fract() == 0.0)
                    .then(|| self.bones.get(index as usize))
                    .flatten()
                    .ok_or_else(|| pose_error(NO_BONE))?
                    .applied();
                let mut vx = f(&v.vertices, bi);
                let mut vy = f(&v.vertices, bi + 1);
                if !deform.is_empty() {
                    vx += f(deform, fi);
                    vy += f(deform, fi + 1);
                }
                let weight = f(&v.vertices, bi + 2);
                wx += (vx * bone.a + vy * bone.b + bone.world_x) * weight;
                wy += (vx * bone.c + vy * bone.d + bone.world_y) * weight;
                vi += 1;
                bi += 3;
                fi += 2;
            }
            out[w] = wx;
            out[w + 1] = wy;
            w += 2;
        }
        Ok(out)
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
        for &slot in &self.draw_order {
            let s = &self.slots[slot];
            if !self.bones[s.bone].active {
                continue;
            }
            let Some(a) = s.attachment else { continue };
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
