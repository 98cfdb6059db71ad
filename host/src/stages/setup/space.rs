//! This module owns where one bone sits in another's setup space: the affine
//! map of a descendant bone's setup transform expressed in an ancestor's
//! space, composed along the parent line as Spine's `updateWorldTransform`
//! composes bones that inherit normally (rotation, scale and shear of each
//! link). A generated mesh binds a vertex to a bone other than its slot's by
//! that map's inverse (the soft region's bone, a ribbon's chain); a segments
//! mesh weighs its vertices in setup world, the same composition from the
//! root.

use crate::spec::rig::RigSpec;
use rigc_sdk::model::Bone;

/// `[x, y] ↦ [a·x + b·y + tx, c·x + d·y + ty]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Affine {
    a: f64,
    b: f64,
    c: f64,
    d: f64,
    tx: f64,
    ty: f64,
}

impl Affine {
    const IDENTITY: Affine = Affine {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
        tx: 0.0,
        ty: 0.0,
    };

    /// The point `(x, y)` of the bone's space in the ancestor's.
    pub(super) fn apply(&self, x: f64, y: f64) -> [f64; 2] {
        [
            self.a * x + self.b * y + self.tx,
            self.c * x + self.d * y + self.ty,
        ]
    }

    /// The point `p` of the ancestor's space in the bone's; `None` for a
    /// singular transform.
    pub(super) fn invert_point(&self, p: [f64; 2]) -> Option<[f64; 2]> {
        self.inverse().map(|f| f(p[0], p[1]))
    }

    /// The inverse map (the ancestor's space into the bone's), when the
    /// transform is invertible.
    pub(super) fn inverse(self) -> Option<impl Fn(f64, f64) -> [f64; 2]> {
        let Affine { a, b, c, d, tx, ty } = self;
        let det = a * d - b * c;
        (det.is_finite() && det.abs() > 1e-12).then_some(move |x: f64, y: f64| {
            let (px, py) = (x - tx, y - ty);
            [(d * px - b * py) / det, (a * py - c * px) / det]
        })
    }
}

/// Why a bone has no setup transform this module can compose.
#[derive(Debug)]
pub(super) enum Unplaced {
    /// This bone (named) inherits other than normally (how).
    Inherit(String, String),
    /// The chain does not reach the ancestor or a root (a cycle, a missing
    /// parent, or a bone that does not descend from the ancestor).
    Chain,
}

/// `bone`'s setup transform in `ancestor`'s setup space: the identity when
/// they are the same bone; `None` when `bone` does not descend from
/// `ancestor` through bones that inherit normally.
pub(super) fn under(rig: &RigSpec, ancestor: &str, bone: &str) -> Option<Affine> {
    let bones: Vec<&Bone> = rig.bones.iter().map(|b| &b.bone).collect();
    composed(&bones, Some(ancestor), bone).ok()
}

/// `bone`'s setup transform in `ancestor`'s setup space, or (`None`) its
/// setup world transform, the skeleton at the origin and unscaled; every
/// bone composed on the way must inherit normally.
pub(super) fn composed(
    bones: &[&Bone],
    ancestor: Option<&str>,
    bone: &str,
) -> Result<Affine, Unplaced> {
    let find = |name: &str| bones.iter().find(|b| b.name == name).copied();
    let mut chain: Vec<&Bone> = Vec::new();
    let mut at = find(bone).ok_or(Unplaced::Chain)?;
    while Some(at.name.as_str()) != ancestor {
        if let Some(how) = at.inherit.as_deref() {
            if !how.eq_ignore_ascii_case("normal") {
                return Err(Unplaced::Inherit(at.name.clone(), how.to_string()));
            }
        }
        chain.push(at);
        if chain.len() > bones.len() {
            return Err(Unplaced::Chain);
        }
        match (at.parent.as_deref(), ancestor) {
            (None, None) => break,
            (None, Some(_)) => return Err(Unplaced::Chain),
            (Some(p), _) => at = find(p).ok_or(Unplaced::Chain)?,
        }
    }
    let mut t = Affine::IDENTITY;
    for l in chain.iter().rev() {
        let (rot, sx, sy) = (
            l.rotation.unwrap_or(0.0),
            l.scale_x.unwrap_or(1.0),
            l.scale_y.unwrap_or(1.0),
        );
        let (shx, shy) = (l.shear_x.unwrap_or(0.0), l.shear_y.unwrap_or(0.0));
        let (rx, ry) = ((rot + shx).to_radians(), (rot + 90.0 + shy).to_radians());
        let (la, lb, lc, ld) = (rx.cos() * sx, ry.cos() * sy, rx.sin() * sx, ry.sin() * sy);
        let (x, y) = (l.x.unwrap_or(0.0), l.y.unwrap_or(0.0));
        let Affine { a, b, c, d, tx, ty } = t;
        t = Affine {
            a: a * la + b * lc,
            b: a * lb + b * ld,
            c: c * la + d * lc,
            d: c * lb + d * ld,
            tx: tx + a * x + b * y,
            ty: ty + c * x + d * y,
        };
    }
    Ok(t)
}
