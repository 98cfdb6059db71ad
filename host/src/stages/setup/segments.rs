//! This module owns a `segments` mesh's weights in the setup pose (FORMAT.md
//! §2.7.3, [cli-new]): each vertex placed by the no-manifest rule (the part
//! window centred on the slot bone, `px − w/2, h/2 − py` in its space), taken
//! to setup world, and weighed by `rigc_meshgen::segments::weigh` against the
//! named bones' setup segments in world units (origin to tip, `length` along
//! the bone's world x axis); each binding's `x, y` is the vertex in that
//! bone's setup world-inverse, so spine-core puts it back where setup placed
//! it.
//!
//! The setup world transforms are `space::composed`'s, root first, the way
//! spine-core's `Bone.updateWorldTransform` composes them for `inherit:
//! normal` (skeleton at the origin, unscaled). A bone on the way to the root
//! of the slot bone or of a named bone that inherits otherwise is refused by
//! name (`meshgen.segments-bone`), as is a bone whose world transform cannot
//! be inverted (a zero scale).

use rigc_diag::codes;

use super::resolve::r6;
use super::space::{self, Unplaced};
use crate::spec::rig::{AttachmentSpec, GeneratedSpec, RigSpec};
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_meshgen::segments::{weigh, Params};
use rigc_sdk::model::{Bone, WeightedBinding};

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
    let place = |name: &str, d: &mut rigc_diag::Diags| match space::composed(&bones, None, name) {
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
    let world_points: Vec<[f64; 2]> = placed.iter().map(|q| slot.apply(q[0], q[1])).collect();
    let segments: Vec<[[f64; 2]; 2]> = worlds
        .iter()
        .map(|(i, w, _)| {
            let length = rig.bones[*i as usize].bone.length.unwrap_or(0.0);
            [w.apply(0.0, 0.0), w.apply(length, 0.0)]
        })
        .collect();
    let weights = weigh::weigh(&world_points, &segments, p.falloff);
    let mut out = Vec::with_capacity(placed.len());
    for (q, bindings) in world_points.iter().zip(weights) {
        let mut v = Vec::with_capacity(bindings.len());
        for (k, weight) in bindings {
            let (bone, w, name) = &worlds[k];
            let Some([x, y]) = w.invert_point(*q) else {
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
        let Ok(w) = space::composed(&bones, None, "c") else {
            panic!("placed")
        };
        let [x, y] = w.apply(0.0, 0.0);
        assert!((x - 10.0).abs() < 1e-9 && (y - 6.0).abs() < 1e-9, "{x} {y}");
        // Its tip at local (1, 0): 180° in all, scale 2 → (8, 6).
        let [tx, ty] = w.apply(1.0, 0.0);
        assert!(
            (tx - 8.0).abs() < 1e-9 && (ty - 6.0).abs() < 1e-9,
            "{tx} {ty}"
        );
        let back = w.invert_point([tx, ty]).unwrap();
        assert!((back[0] - 1.0).abs() < 1e-9 && back[1].abs() < 1e-9);
        let mut odd = child.clone();
        odd.inherit = Some("noScale".into());
        assert!(matches!(
            space::composed(&[&root, &odd], None, "c"),
            Err(Unplaced::Inherit(..))
        ));
        let flat = bone("f", None, 0.0, 0.0, 0.0, 0.0);
        assert!(space::composed(&[&flat], None, "f")
            .unwrap()
            .invert_point([1.0, 1.0])
            .is_none());
    }
}
