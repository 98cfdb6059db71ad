//! This module owns the measuring of every path attachment's `lengths`
//! (FORMAT.md §2.7.6, §5.5): the cumulative length at the end of each curve,
//! in world units, in the setup pose, measured the way spine-core's
//! `PathConstraint.computeWorldPositions` measures a curve when it goes at
//! constant speed — the four-sample forward difference, over the world
//! vertices it builds (open: the first and last handles dropped; closed: the
//! first knot's point and handle appended). The world vertices are the
//! runtime's own: the skeleton (path constraints left out, since they read
//! what is being measured, and sliders, whose animations come later) is written, read back by `rigc-spine`, posed in the
//! setup pose, and each path's `computeWorldVertices` taken. A path that
//! measures zero (or not a finite length) is refused by name.

use rigc_diag::codes;

use crate::spec::rig::RigSpec;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{Attachment, Constraint, Skeleton};
use rigc_sdk::spine;
use rigc_sdk::spine::data::AttachmentKind;

/// Fills the `lengths` of every path attachment of `skeleton`; refusals go
/// to `d`, placed at the attachment in `rig`.
pub(super) fn measure(rig: &RigSpec, skeleton: &mut Skeleton, d: &mut rigc_diag::Diags) {
    let paths: Vec<(usize, usize, usize)> = skeleton
        .skins
        .iter()
        .enumerate()
        .flat_map(|(k, skin)| {
            skin.attachments
                .iter()
                .enumerate()
                .flat_map(move |(s, slot)| {
                    slot.entries
                        .iter()
                        .enumerate()
                        .filter(|(_, (_, a))| matches!(a, Attachment::Path(_)))
                        .map(move |(e, _)| (k, s, e))
                })
        })
        .collect();
    if paths.is_empty() {
        return;
    }
    let mut probe = skeleton.clone();
    // Path constraints read what is being measured; a slider applies an
    // animation the setup skeleton does not hold yet (the animations compile
    // after setup), so neither is in the probe.
    probe
        .constraints
        .retain(|c| !matches!(c, Constraint::Path(_) | Constraint::Slider(_)));
    for &(k, s, e) in &paths {
        if let Attachment::Path(p) = &mut probe.skins[k].attachments[s].entries[e].1 {
            p.lengths = vec![0.0; (p.vertex_count / 3) as usize];
        }
    }
    let worlds = match world_vertices(&probe, &paths) {
        Ok(w) => w,
        Err(why) => {
            d.push(
                Diagnostic::new(
                    codes::SETUP_PATH_UNMEASURED,
                    format!("the path attachments' lengths could not be measured in the setup pose: {why}"),
                )
                .at_without_value(rig.name_loc().clone())
                .help("this is a compiler defect or a skeleton the runtime cannot pose; the gate's A00 names what the runtime refuses"),
            );
            return;
        }
    };
    for (&(k, s, e), world) in paths.iter().zip(worlds) {
        let skin = &mut skeleton.skins[k];
        let slot = &mut skin.attachments[s];
        let (placeholder, attachment) = &mut slot.entries[e];
        let Attachment::Path(p) = attachment else {
            continue;
        };
        let lengths = curve_lengths(&world, p.closed == Some(true));
        let total = lengths.last().copied().unwrap_or(0.0);
        if !(total.is_finite() && total > 0.0) {
            let loc = rig
                .skins
                .iter()
                .find(|x| x.name == skin.name)
                .and_then(|x| x.slots.iter().find(|x| x.slot == slot.slot))
                .and_then(|x| x.entries.iter().find(|x| x.placeholder == *placeholder))
                .map_or_else(|| rig.name_loc().clone(), |x| x.loc.clone());
            d.push(
                Diagnostic::new(
                    codes::SETUP_PATH_ZERO_LENGTH,
                    format!(
                        "skin {} slot {} attachment {}: the geometry measures {} curve(s) of total length {}; a path of zero length divides by zero the first time a bone is placed on it",
                        quote(&skin.name),
                        quote(&slot.slot),
                        quote(placeholder),
                        lengths.len(),
                        rigc_sdk::num::f64_text(total)
                    ),
                )
                .at_without_value(loc)
                .help("move the knots apart: a path is a curve a bone travels along"),
            );
        }
        p.lengths = lengths;
    }
}

/// The setup-pose world vertices of each path `(skin, slot, entry)` of
/// `probe`, as the runtime computes them.
fn world_vertices(
    probe: &Skeleton,
    paths: &[(usize, usize, usize)],
) -> Result<Vec<Vec<f64>>, String> {
    let text = rigc_sdk::emit::spine_json::to_string(probe)
        .map_err(|e| format!("a number at {} cannot be written", e.pointer()))?;
    let data = spine::read_skeleton(&text, None)
        .map_err(|e| format!("the skeleton does not read back: {}", e.message))?
        .data;
    let mut pose = spine::Skeleton::new(&data).map_err(|e| e.message)?;
    pose.setup_pose();
    pose.update_world_transform().map_err(|e| e.message)?;
    let mut out = Vec::new();
    for &(k, s, e) in paths {
        let skin = &probe.skins[k];
        let slot_name = &skin.attachments[s].slot;
        let placeholder = &skin.attachments[s].entries[e].0;
        let slot = data
            .slots
            .iter()
            .position(|x| &x.name == slot_name)
            .ok_or("a slot does not read back")?;
        let vertex = data
            .skins
            .iter()
            .find(|x| x.name == skin.name)
            .and_then(|x| x.attachments.get(slot))
            .and_then(|entries| entries.iter().find(|x| &x.placeholder == placeholder))
            .and_then(|x| data.attachments.get(x.attachment))
            .and_then(|a| match &a.kind {
                AttachmentKind::Path(p) => Some(&p.vertex),
                _ => None,
            })
            .ok_or("a path attachment does not read back")?;
        out.push(pose.vertex_world(slot, vertex).map_err(|e| e.message)?);
    }
    Ok(out)
}

/// The cumulative length at the end of each curve of a path whose world
/// vertices are `world` (`x, y` per vertex), as `PathConstraint` measures it
/// at constant speed: per cubic, four steps of its forward difference.
pub(crate) fn curve_lengths(world: &[f64], closed: bool) -> Vec<f64> {
    let n = world.len() / 2;
    if n < 3 {
        return Vec::new();
    }
    let chain: Vec<f64> = if closed {
        world[2..2 * n]
            .iter()
            .chain(&world[0..4])
            .copied()
            .collect()
    } else {
        world[2..2 * n - 2].to_vec()
    };
    let curves = (chain.len() / 2).saturating_sub(1) / 3;
    let mut out = Vec::with_capacity(curves);
    let (mut x1, mut y1) = (chain[0], chain[1]);
    let mut length = 0.0;
    for i in 0..curves {
        let w = 2 + 6 * i;
        let [cx1, cy1, cx2, cy2, x2, y2] = [0, 1, 2, 3, 4, 5].map(|j| chain[w + j]);
        let tmpx = (x1 - cx1 * 2.0 + cx2) * 0.1875;
        let tmpy = (y1 - cy1 * 2.0 + cy2) * 0.1875;
        let dddfx = ((cx1 - cx2) * 3.0 - x1 + x2) * 0.09375;
        let dddfy = ((cy1 - cy2) * 3.0 - y1 + y2) * 0.09375;
        let (mut ddfx, mut ddfy) = (tmpx * 2.0 + dddfx, tmpy * 2.0 + dddfy);
        let mut dfx = (cx1 - x1) * 0.75 + tmpx + dddfx * 0.16666667;
        let mut dfy = (cy1 - y1) * 0.75 + tmpy + dddfy * 0.16666667;
        length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx;
        dfy += ddfy;
        ddfx += dddfx;
        ddfy += dddfy;
        length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx;
        dfy += ddfy;
        length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx + dddfx;
        dfy += ddfy + dddfy;
        length += (dfx * dfx + dfy * dfy).sqrt();
        out.push(length);
        x1 = x2;
        y1 = y2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::curve_lengths;

    /// A straight cubic with its handles on the chord at thirds is traced at
    /// constant speed, so every forward-difference step is a quarter of it.
    #[test]
    fn a_straight_curve_measures_its_chord() {
        // open: handle, knot (0,0), handle (30,0) | handle (60,0), knot (90,0), handle
        let world = [
            -30.0, 0.0, 0.0, 0.0, 30.0, 0.0, 60.0, 0.0, 90.0, 0.0, 120.0, 0.0,
        ];
        let l = curve_lengths(&world, false);
        assert_eq!(l.len(), 1);
        assert!((l[0] - 90.0).abs() < 1e-5, "{l:?}");
        // closed, one knot: its one curve runs from the knot back to itself,
        // and a knot whose handles sit on it measures nothing.
        let l = curve_lengths(&[1.0, 1.0, 1.0, 1.0, 1.0, 1.0], true);
        assert_eq!(l, [0.0]);
    }
}
