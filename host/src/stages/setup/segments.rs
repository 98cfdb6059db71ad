//! This module owns a `segments` mesh's weights in the setup pose (FORMAT.md
//! §2.7.3, [cli-new]): each vertex placed by the no-manifest rule (the part
//! window centred on the slot bone, `px − w/2, h/2 − py` in its space), taken
//! to setup world, and weighed by `rigc_meshgen::segments::weigh` against the
//! named bones' setup segments in world units (origin to tip, `length` along
//! the bone's world x axis); each binding's `x, y` is the vertex in that
//! bone's setup world-inverse, so spine-core puts it back where setup placed
//! it.
//!
//! The setup world transforms are composed here, root first, the way
//! spine-core's `Bone.updateWorldTransform` composes them for `inherit:
//! normal` (skeleton at the origin, unscaled). A bone on the way to the root
//! of the slot bone or of a named bone that inherits otherwise is refused by
//! name (`meshgen.segments-bone`), as is a bone whose world transform cannot
//! be inverted (a zero scale).

use rigc_diag::codes;

use super::resolve::r6;
use crate::spec::rig::{AttachmentSpec, GeneratedSpec, RigSpec};
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_meshgen::segments::{weigh, Params};
use rigc_sdk::model::{Bone, WeightedBinding};

/// A bone's setup world transform: `world = [a b; c d]·local + (x, y)`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct World {
    a: f64,
    b: f64,
    c: f64,
    d: f64,
    x: f64,
    y: f64,
}

impl World {
    /// `p` (local) in world.
    fn apply(&self, p: [f64; 2]) -> [f64; 2] {
        [
            self.a * p[0] + self.b * p[1] + self.x,
            self.c * p[0] + self.d * p[1] + self.y,
        ]
    }

    /// `p` (world) in local; `None` for a singular transform.
    fn invert(&self, p: [f64; 2]) -> Option<[f64; 2]> {
        let det = self.a * self.d - self.b * self.c;
        if !(det.is_finite() && det.abs() > 1e-12) {
            return None;
        }
        let (px, py) = (p[0] - self.x, p[1] - self.y);
        Some([
            (self.d * px - self.b * py) / det,
            (self.a * py - self.c * px) / det,
        ])
    }
}

/// Why a bone has no setup world transform this module can compose.
#[derive(Debug)]
enum Unplaced {
    /// This bone inherits other than normally.
    Inherit(String, String),
    /// The chain does not reach a root (a cycle or a missing parent, which
    /// the rig parser refuses first).
    Chain,
}

/// The setup world transform of `name`, composed from the root.
fn world(bones: &[&Bone], name: &str) -> Result<World, Unplaced> {
    let find = |n: &str| bones.iter().find(|b| b.name == n).copied();
    let mut chain: Vec<&Bone> = Vec::new();
    let mut at = find(name).ok_or(Unplaced::Chain)?;
    loop {
        if let Some(i) = at.inherit.as_deref() {
            if !i.eq_ignore_ascii_case("normal") {
                return Err(Unplaced::Inherit(at.name.clone(), i.to_string()));
            }
        }
        chain.push(at);
        if chain.len() > bones.len() {
            return Err(Unplaced::Chain);
        }
        match at.parent.as_deref() {
            None => break,
            Some(p) => at = find(p).ok_or(Unplaced::Chain)?,
        }
    }
    let mut w = World {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
        x: 0.0,
        y: 0.0,
    };
    for l in chain.iter().rev() {
        let (rot, sx, sy) = (
            l.rotation.unwrap_or(0.0),
            l.scale_x.unwrap_or(1.0),
            l.scale_y.unwrap_or(1.0),
        );
        let (shx, shy) = (l.shear_x.unwrap_or(0.0), l.shear_y.unwrap_or(0.0));
        let (rx, ry) = ((rot + shx).to_radians(), (rot + 90.0 + shy).to_radians());
        let (la, lb, lc, ld) = (rx.cos() * sx, ry.cos() * sy, rx.sin() * sx, ry.sin() * sy);
        let [x, y] = w.apply([l.x.unwrap_or(0.0), l.y.unwrap_or(0.0)]);
        w = World {
            a: w.a * la + w.b * lc,
            b: w.a * lb + w.b * ld,
            c: w.c * la + w.d * lc,
            d: w.c * lb + w.d * ld,
            x,
            y,
        };
    }
    Ok(w)
}

/// The weighted vertices of the segments mesh `points` (slot-bone space,
/// already placed) of attachment `e`; `None` when refused.
pub(super) fn vertices(
    rig: &RigSpec,
    p: &Params,
    g: &GeneratedSpec,
    e: &AttachmentSpec,
    slot_bone: &str,
    placed: &[[f64; 2]],
    d: &mut rigc_diag::Diags,
) -> Option<Vec<Vec<WeightedBinding>>> {
    let bones: Vec<&Bone> = rig.bones.iter().map(|b| &b.bone).collect();
    let loc = g.generator.loc_of(Some("bones"));
    let refuse = |d: &mut rigc_diag::Diags, m: String, help: &str| {
        d.push(
            Diagnostic::new(
                codes::MESHGEN_SEGMENTS_BONE,
                format!("attachment {}: {m}", quote(&e.placeholder)),
            )
            .at(loc.clone())
            .help(help.to_string()),
        );
    };
    let place = |name: &str, d: &mut rigc_diag::Diags| match world(&bones, name) {
        Ok(w) => Some(w),
        Err(Unplaced::Inherit(b, how)) => {
            refuse(d, format!("bone {} inherits {} from its parent (on the way to the root of {}), and this build places a segments mesh's bones only through bones that inherit normally", quote(&b), quote(&how), quote(name)), "give the bones between the root and the named bones \"inherit\": \"normal\", or author the weights");
            None
        }
        Err(Unplaced::Chain) => {
            refuse(d, format!("bone {} has no setup world transform: its parent chain does not reach a root bone of the rig", quote(name)), "name a bone declared under \"bones\" whose parents are declared");
            None
        }
    };
    let slot = place(slot_bone, d)?;
    let mut worlds = Vec::with_capacity(p.bones.len());
    for name in &p.bones {
        let w = place(name, d)?;
        let index = rig.bones.iter().position(|b| b.bone.name == *name)?;
        worlds.push((index as u32, w, name));
    }
    let world_points: Vec<[f64; 2]> = placed.iter().map(|&q| slot.apply(q)).collect();
    let segments: Vec<[[f64; 2]; 2]> = worlds
        .iter()
        .map(|(i, w, _)| {
            let length = rig.bones[*i as usize].bone.length.unwrap_or(0.0);
            [w.apply([0.0, 0.0]), w.apply([length, 0.0])]
        })
        .collect();
    let weights = weigh::weigh(&world_points, &segments, p.falloff);
    let mut out = Vec::with_capacity(placed.len());
    for (q, bindings) in world_points.iter().zip(weights) {
        let mut v = Vec::with_capacity(bindings.len());
        for (k, weight) in bindings {
            let (bone, w, name) = &worlds[k];
            let Some([x, y]) = w.invert(*q) else {
                refuse(d, format!("bone {}'s setup world transform cannot be inverted (a zero scale collapses it), so no vertex can be bound in its space", quote(name)), "give the bone a non-zero scale in setup, or leave it out of \"bones\"");
                return None;
            };
            v.push(WeightedBinding {
                bone: *bone,
                x: r6(x),
                y: r6(y),
                weight: r6(weight),
            });
        }
        out.push(v);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bone(name: &str, parent: Option<&str>, x: f64, y: f64, rotation: f64, scale: f64) -> Bone {
        Bone {
            name: name.into(),
            parent: parent.map(Into::into),
            x: Some(x),
            y: Some(y),
            rotation: Some(rotation),
            scale_x: Some(scale),
            scale_y: Some(scale),
            ..Bone::default()
        }
    }

    #[test]
    fn world_composes_root_first_and_inverts() {
        // root at (10, 0) turned 90° and doubled; its child 3 along the
        // root's x: world (10, 6), its x axis the root's (0, 2)·… turned 90°.
        let root = bone("root", None, 10.0, 0.0, 90.0, 2.0);
        let child = bone("c", Some("root"), 3.0, 0.0, 90.0, 1.0);
        let bones = [&root, &child];
        let Ok(w) = world(&bones, "c") else {
            panic!("placed")
        };
        let [x, y] = w.apply([0.0, 0.0]);
        assert!((x - 10.0).abs() < 1e-9 && (y - 6.0).abs() < 1e-9, "{x} {y}");
        // Its tip at local (1, 0): 180° in all, scale 2 → (8, 6).
        let [tx, ty] = w.apply([1.0, 0.0]);
        assert!(
            (tx - 8.0).abs() < 1e-9 && (ty - 6.0).abs() < 1e-9,
            "{tx} {ty}"
        );
        let back = w.invert([tx, ty]).unwrap();
        assert!((back[0] - 1.0).abs() < 1e-9 && back[1].abs() < 1e-9);
        let mut odd = child.clone();
        odd.inherit = Some("noScale".into());
        assert!(matches!(
            world(&[&root, &odd], "c"),
            Err(Unplaced::Inherit(..))
        ));
        let flat = bone("f", None, 0.0, 0.0, 0.0, 0.0);
        assert!(world(&[&flat], "f").unwrap().invert([1.0, 1.0]).is_none());
    }
}
