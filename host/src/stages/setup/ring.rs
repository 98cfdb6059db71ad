//! This module owns a generated ring's weights in the setup skeleton
//! (FORMAT.md §2.7.3): where the rig puts each control bone in setup, in the
//! part's pixels (its setup world position taken into the slot bone's space,
//! then `x + w/2, h/2 − y`), handed to `rigc_meshgen::ring::weights`, and
//! each binding's `x, y` — the vertex's setup world position (the part window
//! centred on the slot bone) in that bone's setup world inverse. The setup
//! world transforms are the runtime's own: the bones alone (no constraint,
//! slot or skin) are written, read back by `rigc-spine` and posed in setup,
//! so every inherit mode places them as spine-core does; a constraint that
//! moves a control in the setup pose moves the aperture with it, as it would
//! at run time. A control that is the slot's own bone, one on the aperture
//! centre (two or more controls), two on one ray, a bias that gives no vertex
//! authority and a control that binds no vertex are refused by name at the
//! control (or the ramp) they concern.

use rigc_diag::codes;

use super::resolve::r6;
use crate::spec::rig::{AttachmentSpec, GeneratedSpec, RigSpec, RingSpec};
use crate::stages::meshgen::Generated;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_meshgen::ring::{self, Bind, WeightProblem};
use rigc_sdk::model::{Header, Skeleton, Vertices, WeightedBinding, SPINE_VERSION};
use rigc_sdk::num::f64_text;
use rigc_sdk::spine;

/// A bone's setup world transform: `[a, b, c, d, x, y]` (`x' = a·x + b·y + wx`).
type World = [f64; 6];

/// The weighted vertices of `made`, the ring `r` (`g` its spec); `None` when
/// refused, the refusal in `d`.
pub(super) fn vertices(
    rig: &RigSpec,
    r: &RingSpec,
    g: &GeneratedSpec,
    e: &AttachmentSpec,
    slot_bone: &str,
    made: &Generated,
    d: &mut rigc_diag::Diags,
) -> Option<Vertices> {
    let (skin, slot) = slot_of(rig, e).unwrap_or(("default", slot_bone));
    let a = format!(
        "skin {} slot {} attachment {}",
        quote(skin),
        quote(slot),
        quote(&e.placeholder)
    );
    let at = |i: usize| g.generator.loc_of(Some(&format!("controls.{i}")));
    let mut refuse = |i: Option<usize>, m: String, help: &str| {
        let loc = i.map_or_else(|| g.generator.loc_of(Some("bias")), at);
        d.push(
            Diagnostic::new(codes::MESHGEN_RING_CONTROL, m)
                .at(loc)
                .help(help.to_string()),
        );
    };
    if let Some(i) = r.controls.iter().position(|c| c == slot_bone) {
        refuse(Some(i), format!("{a}: control bone {} is the slot {}'s own bone, so it moves the whole ring and deforms nothing", quote(slot_bone), quote(slot)), "name a bone that moves independently of the slot's bone");
        return None;
    }
    let worlds = match setup_worlds(rig) {
        Ok(w) => w,
        Err(why) => {
            refuse(None, format!("{a}: the control bones' setup positions could not be measured: {why}"), "this is a compiler defect or a skeleton the runtime cannot pose; the gate's A00 names what the runtime refuses");
            return None;
        }
    };
    let index = |name: &str| rig.bones.iter().position(|b| b.bone.name == name);
    // A bone whose setup world matrix has no inverse (a zero scale) cannot
    // take a binding: refused by name rather than the ring left out.
    let flat = |name: &str| {
        index(name)
            .and_then(|i| worlds.get(i))
            .is_none_or(|w| inverse(w, 0.0, 0.0).is_none())
    };
    let mut named = std::iter::once(slot_bone).chain(r.controls.iter().map(String::as_str));
    if let Some(b) = named.find(|b| flat(b)) {
        let i = r.controls.iter().position(|c| c == b);
        refuse(i, format!("{a}: bone {} has a setup transform with no inverse (a zero scale), so no ring vertex can be bound to it", quote(b)), "give the bone a non-zero scale in setup (animate it to zero instead)");
        return None;
    }
    let slot_i = index(slot_bone)?;
    let ws = *worlds.get(slot_i)?;
    let [w, h] = made.size.map(f64::from);
    let mut controls = Vec::with_capacity(r.controls.len());
    let mut control_i = Vec::with_capacity(r.controls.len());
    for c in &r.controls {
        let i = index(c)?;
        let wc = worlds.get(i)?;
        let [x, y] = inverse(&ws, wc[4], wc[5])?;
        controls.push([x + w / 2.0, h / 2.0 - y]);
        control_i.push(i);
    }
    let name = |k: usize| quote(&r.controls[k]);
    let weights = match ring::weights(&made.mesh, &r.params, &controls) {
        Ok(v) => v,
        Err(p) => {
            match p {
                WeightProblem::OnCentre(k) => refuse(Some(k), format!("{a}: control bone {} sits on the aperture centre of slot {}, so it has no radial direction", name(k), quote(slot)), "move the bone off the centre, in the direction of the part of the ring it should carry"),
                WeightProblem::SameRay(j, k) => refuse(Some(k), format!("{a}: control bones {} and {} sit on one ray from the aperture centre of slot {}, so the ring cannot be split between them by angle", name(j), name(k), quote(slot)), "place each control at its own angle round the centre"),
                WeightProblem::NoAuthority { lo, hi } => refuse(None, format!("{a}: the bias ramp gives no vertex of slot {} any control authority — the inner ring and centre lie {}..{} px along its axis, all at or below the ramp's start", quote(slot), f64_text(r6(lo)), f64_text(r6(hi))), "move the ramp's start below the ring's reach along the axis"),
                WeightProblem::Unbound(k) => refuse(Some(k), format!("{a}: control bone {} binds no vertex of slot {}: no inner-ring vertex with control authority lies between it and the controls beside it (angles round the aperture centre), so it would move nothing", name(k), quote(slot)), "move the control to the part of the ring it should carry, widen the bias ramp, or drop the control"),
            }
            return None;
        }
    };
    let place = |p: &[f64; 2]| [p[0] - w / 2.0, h / 2.0 - p[1]];
    let mut out = Vec::with_capacity(weights.len());
    for (p, list) in made.mesh.points.iter().zip(&weights) {
        let [x, y] = place(p);
        let world = [ws[0] * x + ws[1] * y + ws[4], ws[2] * x + ws[3] * y + ws[5]];
        let mut v = Vec::with_capacity(list.len());
        for &(b, weight) in list {
            let (bone, [bx, by]) = match b {
                Bind::Slot => (slot_i, [x, y]),
                Bind::Control(k) => {
                    let i = control_i[k];
                    (i, inverse(worlds.get(i)?, world[0], world[1])?)
                }
            };
            v.push(WeightedBinding {
                bone: bone as u32,
                x: r6(bx),
                y: r6(by),
                weight,
            });
        }
        out.push(v);
    }
    Some(Vertices::Weighted(out))
}

/// The skin and slot whose entry `e` is.
fn slot_of<'a>(rig: &'a RigSpec, e: &AttachmentSpec) -> Option<(&'a str, &'a str)> {
    rig.skins.iter().find_map(|k| {
        k.slots
            .iter()
            .find(|s| s.entries.iter().any(|x| std::ptr::eq(x, e)))
            .map(|s| (k.name.as_str(), s.slot.as_str()))
    })
}

/// `(x, y)` (world) in the space of the bone whose world transform is `w`.
fn inverse(w: &World, x: f64, y: f64) -> Option<[f64; 2]> {
    let [a, b, c, d, wx, wy] = *w;
    let det = a * d - b * c;
    if !(det.is_finite() && det.abs() > 1e-12) {
        return None;
    }
    let (px, py) = (x - wx, y - wy);
    Some([(d * px - b * py) / det, (a * py - c * px) / det])
}

/// Every bone's setup world transform, in `rig.bones` order, as the runtime
/// poses the bones alone.
fn setup_worlds(rig: &RigSpec) -> Result<Vec<World>, String> {
    let probe = Skeleton {
        header: Header {
            spine: SPINE_VERSION.to_string(),
            ..Header::default()
        },
        bones: rig.bones.iter().map(|b| b.bone.clone()).collect(),
        slots: Vec::new(),
        skins: Vec::new(),
        events: Vec::new(),
        animations: Vec::new(),
        constraints: Vec::new(),
    };
    let text = rigc_sdk::emit::spine_json::to_string(&probe)
        .map_err(|e| format!("a number at {} cannot be written", e.pointer()))?;
    let data = spine::read_skeleton(&text, None)
        .map_err(|e| format!("the bones do not read back: {}", e.message))?
        .data;
    let mut pose = spine::Skeleton::new(&data).map_err(|e| e.message)?;
    pose.setup_pose();
    pose.update_world_transform().map_err(|e| e.message)?;
    rig.bones
        .iter()
        .map(|b| {
            let i = data
                .bones
                .iter()
                .position(|x| x.name == b.bone.name)
                .ok_or_else(|| format!("bone {} does not read back", quote(&b.bone.name)))?;
            let p = pose.bones.get(i).ok_or("a bone is not posed")?.applied();
            Ok([p.a, p.b, p.c, p.d, p.world_x, p.world_y])
        })
        .collect()
}
