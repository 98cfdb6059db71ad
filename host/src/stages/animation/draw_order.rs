//! This module owns an animation's `drawOrder` timeline (FORMAT.md §3.10,
//! SPINE43.md §8.10): offsets counted against the setup order (the emitted slots),
//! every slot at most once per key, every move landing inside the slot list and on
//! a place no other moved slot takes, emitted sorted into slot-index order (the
//! runtime's forward-only walk hangs otherwise).

use rigc_diag::codes;

use super::timing::{self, KeyMeta};
use super::{secs, Cx};
use crate::spec::motion::DrawOrderKeySpec;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{DrawOrderKey, DrawOrderOffset};

/// Compiles the draw-order timeline, when the animation states one.
pub(super) fn compile(cx: &mut Cx) -> Option<Vec<DrawOrderKey>> {
    let family = cx.anim.draw_order.as_ref()?;
    let at = format!("{} drawOrder", cx.anim_label());
    if family.keys.is_empty() {
        cx.push(
            Diagnostic::new(codes::MOTION_DRAW_ORDER_NO_KEYS, format!("{at}: no keys"))
                .at(family.loc.clone())
                .help("give the draw-order timeline its keys, or remove it"),
        );
        return None;
    }
    let before = cx.diags.len();
    let mut out = Vec::with_capacity(family.keys.len());
    for key in &family.keys {
        if let Some(k) = one(cx, &at, key) {
            out.push(k);
        }
    }
    let metas: Vec<KeyMeta> = family
        .keys
        .iter()
        .map(|k| KeyMeta::at(k.t, &k.t_loc, &k.loc))
        .collect();
    let times = timing::times(cx, &at, &metas, 0.0, true)?;
    cx.saw_times(times.last().copied());
    (cx.diags.len() == before).then_some(out)
}

fn one(cx: &mut Cx, at: &str, key: &DrawOrderKeySpec) -> Option<DrawOrderKey> {
    let at = format!("{at} at t={}", secs(key.t));
    let slots = &cx.setup.slots;
    let n = slots.len();
    let mut moved: Vec<(usize, DrawOrderOffset, usize, &str)> = Vec::new();
    let mut ok = true;
    for o in &key.offsets {
        let name = o.slot.name.as_str();
        let Some(index) = slots.iter().position(|s| s.name == name) else {
            ok = false;
            let names: Vec<&str> = slots.iter().map(|s| s.name.as_str()).collect();
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DRAW_ORDER_UNKNOWN_SLOT,
                    format!("{at}: slot {} is not one this rig emits", quote(name)),
                )
                .at(o.slot.loc.clone())
                .help(super::suggest("slot (an emitted slot)", name, &names)),
            );
            continue;
        };
        if moved.iter().any(|(i, ..)| *i == index) {
            ok = false;
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DRAW_ORDER_SLOT_TWICE,
                    format!("{at}: slot {} is offset twice in one key", quote(name)),
                )
                .at(o.slot.loc.clone())
                .help("give each slot one offset per key"),
            );
            continue;
        }
        if o.offset.fract() != 0.0 {
            ok = false;
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DRAW_ORDER_OFFSET_NOT_WHOLE,
                    format!(
                        "{at}: slot {} offset {} is not a whole number",
                        quote(name),
                        secs(o.offset)
                    ),
                )
                .at(o.offset_loc.clone())
                .help("an offset counts places in the draw order; write a whole number"),
            );
            continue;
        }
        let place = index as f64 + o.offset;
        if place < 0.0 || place >= n as f64 {
            ok = false;
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DRAW_ORDER_OUT_OF_RANGE,
                    format!(
                        "{at}: slot {} is at index {index} and offset {} puts it at {}, outside the {n} emitted slots",
                        quote(name),
                        secs(o.offset),
                        secs(place)
                    ),
                )
                .at(o.offset_loc.clone())
                .help(format!("an offset from index {index} lies in {}..{}", -(index as i64), n as i64 - 1 - index as i64)),
            );
            continue;
        }
        let place = place as usize;
        if let Some((_, _, _, other)) = moved.iter().find(|(_, _, p, _)| *p == place) {
            ok = false;
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DRAW_ORDER_COLLISION,
                    format!(
                        "{at}: slot {} and slot {} both land at index {place}; a draw order holds one slot per place",
                        quote(other),
                        quote(name)
                    ),
                )
                .at(o.offset_loc.clone())
                .help("give the two slots different places"),
            );
            continue;
        }
        moved.push((
            index,
            DrawOrderOffset {
                slot: name.to_string(),
                offset: o.offset as i64,
            },
            place,
            name,
        ));
    }
    if !ok {
        return None;
    }
    moved.sort_by_key(|(i, ..)| *i);
    let offsets: Vec<DrawOrderOffset> = moved.into_iter().map(|(_, o, ..)| o).collect();
    Some(DrawOrderKey {
        time: key.t,
        offsets: (!offsets.is_empty()).then_some(offsets),
    })
}
