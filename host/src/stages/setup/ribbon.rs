//! This module owns a ribbon mesh's weights in the setup skeleton (FORMAT.md
//! §2.7.3; GATE.md A21 §4.6 step 2, A28): where the rig puts the chain in
//! setup (each bone's origin, then the last bone's tip at `length` along its
//! x axis), expressed in part pixels by the inverse of the no-manifest
//! placement (slot-bone space `(x, y)` is pixel `(x + w/2, h/2 − y)`), is
//! handed to `rigc_meshgen::ribbon::row_weights`; the entry row is pinned to
//! the slot bone at weight 1, every other row's two vertices get the same
//! chain bindings, each at the vertex's position in that bone's setup space.
//! It also names each ribbon slot's chain as the bones the rig declares for
//! it (`RigInfo.mesh_declared_bones`, A20's policy).
//!
//! Decided where the spec is silent: a chain bone must hang under the slot's
//! bone (or be it) through bones that inherit normally — the only chain this
//! build can place in the slot bone's setup space; any other is refused by
//! name rather than bound at a guessed position.

use rigc_diag::codes;

use super::resolve::r6;
use super::space;
use crate::spec::rig::{AttachmentSpec, GeneratedSpec, GeneratorKind, RigSpec};
use crate::stages::meshgen::Generated;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_meshgen::ribbon;
use rigc_sdk::model::{Vertices, WeightedBinding};

/// The weighted vertices of the ribbon `g` (`made` its strip, `slot_bone`
/// its slot's bone); `None` when refused (pushed onto `d`).
pub(super) fn vertices(
    rig: &RigSpec,
    g: &GeneratedSpec,
    e: &AttachmentSpec,
    slot_bone: &str,
    made: &Generated,
    d: &mut rigc_diag::Diags,
) -> Option<Vertices> {
    let GeneratorKind::Ribbon(p) = &g.generator.kind else {
        return None;
    };
    let refuse = |d: &mut rigc_diag::Diags, m: String, help: &str| {
        d.push(
            Diagnostic::new(
                codes::MESHGEN_RIBBON_CHAIN,
                format!("attachment {}: {m}", quote(&e.placeholder)),
            )
            .at(g.generator.loc_of(Some("chain")))
            .help(help.to_string()),
        );
    };
    let [w, h] = made.size.map(f64::from);
    let index = |name: &str| rig.bones.iter().position(|b| b.bone.name == name);
    let slot_i = index(slot_bone)? as u32;
    let mut joints = Vec::with_capacity(p.chain.len() + 1);
    let mut binds = Vec::with_capacity(p.chain.len());
    let px = |q: [f64; 2]| [q[0] + w / 2.0, h / 2.0 - q[1]];
    for name in &p.chain {
        let placed = space::under(rig, slot_bone, name);
        let Some((t, inv)) = placed.and_then(|t| Some((t, t.inverse()?))) else {
            refuse(d, format!("chain bone {} does not hang under the slot's bone {} through bones that inherit normally (with a scale that can be undone) — this build binds a ribbon only to a chain it can place in the slot bone's setup space", quote(name), quote(slot_bone)), "make the chain's root the slot's bone or a descendant of it, its bones inheriting normally");
            return None;
        };
        joints.push(px(t.apply(0.0, 0.0)));
        binds.push((index(name)? as u32, inv));
        if joints.len() == p.chain.len() {
            let length = rig
                .bones
                .iter()
                .find(|b| b.bone.name == *name)
                .and_then(|b| b.bone.length)
                .unwrap_or(0.0);
            joints.push(px(t.apply(length, 0.0)));
        }
    }
    let rows = match ribbon::row_weights(w, h, p, &joints) {
        Ok(rows) => rows,
        Err(r) => {
            refuse(
                d,
                r.message,
                "give the ribbon more rows, or place the chain's bones along the strip",
            );
            return None;
        }
    };
    let m = &made.mesh;
    let n = m.points.len();
    let out = m
        .points
        .iter()
        .enumerate()
        .map(|(v, pt)| {
            let row = if v < n / 2 { v } else { n - 1 - v };
            let [x, y] = [pt[0] - w / 2.0, h / 2.0 - pt[1]];
            match rows.get(row).filter(|l| row > 0 && !l.is_empty()) {
                None => vec![WeightedBinding {
                    bone: slot_i,
                    x: r6(x),
                    y: r6(y),
                    weight: 1.0,
                }],
                Some(list) => list
                    .iter()
                    .filter_map(|&(k, weight)| {
                        let (bone, inv) = binds.get(k)?;
                        let [bx, by] = inv(x, y);
                        Some(WeightedBinding {
                            bone: *bone,
                            x: r6(bx),
                            y: r6(by),
                            weight,
                        })
                    })
                    .collect(),
            }
        })
        .collect();
    Some(Vertices::Weighted(out))
}
