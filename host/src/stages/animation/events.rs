//! This module owns an animation's `events` timeline (FORMAT.md §3.11): each
//! firing names an event the rig declares, overrides its payload, sets
//! `volume`/`balance` only on an event with `audio`, and times never go backwards
//! (equal times are allowed; the runtime never sorts them).

use rigc_diag::codes;

use super::timing::{self, KeyMeta};
use super::{secs, Cx};
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::EventKey;

/// The `balance` written on a firing. spine-core 4.3.13 reads a firing's missing
/// `balance` as the event's setup *volume* (`getValue(map, "balance", setup.volume)`),
/// so a firing of an audio event always states its balance: the stated one, else the
/// declared one, else the runtime's default 0 — the value the spec means.
fn firing_balance(def: &rigc_sdk::model::EventDef, stated: Option<f64>) -> Option<f64> {
    match stated {
        Some(b) => Some(b),
        None if def.audio.is_some() => Some(def.balance.unwrap_or(0.0)),
        None => None,
    }
}

/// Compiles the event timeline, when the animation states one.
pub(super) fn compile(cx: &mut Cx) -> Option<Vec<EventKey>> {
    let family = cx.anim.events.as_ref()?;
    let at = format!("{} events", cx.anim_label());
    if family.keys.is_empty() {
        cx.push(
            Diagnostic::new(codes::MOTION_EVENT_NO_KEYS, format!("{at}: no keys"))
                .at(family.loc.clone())
                .help("give the event timeline its keys, or remove it"),
        );
        return None;
    }
    let before = cx.diags.len();
    let declared: Vec<&str> = cx.setup.events.iter().map(|e| e.name.as_str()).collect();
    let mut out = Vec::with_capacity(family.keys.len());
    for k in &family.keys {
        let at_t = format!("{at} at t={}", secs(k.t));
        let Some(def) = cx.setup.events.iter().find(|e| e.name == k.name.name) else {
            let tail = if declared.is_empty() {
                "that block is empty or absent".to_string()
            } else {
                format!("declared: {}", declared.join(", "))
            };
            cx.push(
                Diagnostic::new(
                    codes::MOTION_EVENT_UNDECLARED,
                    format!(
                        "{at_t}: event {} is not declared in the rig spec's \"events\" block; {tail}",
                        quote(&k.name.name)
                    ),
                )
                .at(k.name.loc.clone())
                .help(super::suggest("event", &k.name.name, &declared)),
            );
            continue;
        };
        for (field, stated) in [("volume", &k.volume), ("balance", &k.balance)] {
            let Some((_, loc)) = stated else { continue };
            if def.audio.is_none() {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_EVENT_AUDIO_LESS,
                        format!(
                            "{at_t}: {field} is set but event {} declares no \"audio\"; the parser reads {field} only for an event with an audio path, so it would be dropped in silence",
                            quote(&def.name)
                        ),
                    )
                    .at(loc.clone())
                    .help(format!("remove \"{field}\", or give event {} an \"audio\" path in the rig spec", quote(&def.name))),
                );
            }
        }
        out.push(EventKey {
            time: k.t,
            name: k.name.name.clone(),
            int: k.int,
            float: k.float,
            string: k.string.clone(),
            volume: k.volume.as_ref().map(|v| v.0),
            balance: firing_balance(def, k.balance.as_ref().map(|b| b.0)),
        });
    }
    let metas: Vec<KeyMeta> = family
        .keys
        .iter()
        .map(|k| KeyMeta::at(k.t, &k.t_loc, &k.loc))
        .collect();
    let times = timing::times(cx, &at, &metas, 0.0, false)?;
    cx.saw_times(times.last().copied());
    (cx.diags.len() == before).then_some(out)
}
