//! This module owns the shape of `animations` (FORMAT.md §3.6): each animation's
//! own fields, its `tracks` (§3.7) and their keys (§3.8). The families that sit
//! beside `tracks` (`drawOrder`, `events`, `ik`, `transform`) are in `families`,
//! `deform` in `deform`; a `path` track is read by `path`.

use rigc_diag::codes;

use super::shape::{absent, wrong, Cx};
use super::{
    deform, families, AnimationSpec, KeySpec, Named, RawValue, TargetKind, TrackSpec, TrackTarget,
};
use rigc_diag::cursor::Node;

const ANIMATION_KEYS: &[&str] = &[
    "duration",
    "loop",
    "note",
    "tracks",
    "ik",
    "transform",
    "deform",
    "drawOrder",
    "events",
];
const TRACK_KEYS: &[&str] = &[
    "slot", "group", "bone", "physics", "path", "slider", "property", "lag", "stagger", "keys",
];
const KEY_KEYS: &[&str] = &["t", "v", "derive", "ease", "curve"];

/// `animations` (required, may be `{}`).
pub(super) fn animations(cx: &mut Cx, root: &Node) -> Vec<AnimationSpec> {
    let hint = "it is a table keyed by animation name, `{ \"<name>\": { \"duration\": …, \"tracks\": [...] } }` (write `{}` for a static rig)";
    let Some(table) = root.get("animations") else {
        cx.push(absent(
            root,
            "animations",
            codes::MOTION_ANIMATIONS_SHAPE,
            hint,
        ));
        return Vec::new();
    };
    if !cx.object(&table, codes::MOTION_ANIMATIONS_SHAPE, hint) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (name, node) in table.entries() {
        if name.is_empty() {
            let loc = table.key_loc(&name).unwrap_or_else(|| node.loc());
            cx.push(
                rigc_diag::Diagnostic::new(
                    codes::MOTION_ANIMATION_EMPTY_NAME,
                    "an animation has an empty name",
                )
                .at(loc)
                .help("name the animation; the name is how a player asks for it"),
            );
            continue;
        }
        if let Some(a) = animation(cx, name, &node) {
            out.push(a);
        }
    }
    out
}

fn animation(cx: &mut Cx, name: String, node: &Node) -> Option<AnimationSpec> {
    if !cx.object(
        node,
        codes::MOTION_ANIMATION_SHAPE,
        "an animation is an object, `{ \"duration\": <seconds>, \"tracks\": [...] }`",
    ) {
        return None;
    }
    cx.unknown(node, ANIMATION_KEYS);
    let duration = cx.number(
        node,
        "duration",
        true,
        codes::MOTION_ANIMATION_DURATION,
        "a duration is a finite number of seconds — it is checked against the compiled last key (rule R7), and a comparison against a non-number is silently false",
    );
    if let Some((d, _)) = &duration {
        if *d < 0.0 {
            if let Some(n) = node.get("duration") {
                cx.push(wrong(
                    &n,
                    codes::MOTION_ANIMATION_DURATION_NEGATIVE,
                    "a duration is a length of time, so it is not negative",
                ));
            }
        }
    }
    let looping = match node.get("loop") {
        None => None,
        Some(l) => match l.as_bool() {
            Some(b) => Some(b),
            None => {
                cx.push(wrong(
                    &l,
                    codes::MOTION_ANIMATION_LOOP,
                    "it is a player hint, so true or false (absent means the player decides)",
                ));
                None
            }
        },
    };
    let note = cx.note(node);
    let tracks_node = cx.array(
        node,
        "tracks",
        true,
        codes::MOTION_ANIMATION_TRACKS,
        "it is an array of tracks (write `[]` for an animation whose timelines are all in the families beside it)",
    );
    let mut tracks = Vec::new();
    let mut path = Vec::new();
    for t in tracks_node.iter().flat_map(|t| t.elements()) {
        if t.is_object() && t.has("path") {
            path.extend(super::path::track(cx, &t, key));
            continue;
        }
        if let Some(track) = track(cx, &t) {
            tracks.push(track);
        }
    }
    let deform = deform::tracks(cx, node, &name);
    let draw_order = families::draw_order(cx, node, &name);
    let events = families::events(cx, node, &name);
    let ik = families::constraint_tracks(cx, node, &name, families::Family::Ik);
    let transform = families::constraint_tracks(cx, node, &name, families::Family::Transform);
    let (duration, duration_loc) = duration?;
    Some(AnimationSpec {
        name,
        loc: node.loc(),
        duration,
        duration_loc,
        looping,
        note,
        tracks,
        draw_order,
        events,
        ik,
        transform,
        deform,
        path,
    })
}

fn track(cx: &mut Cx, node: &Node) -> Option<TrackSpec> {
    if !cx.object(
        node,
        codes::MOTION_TRACK_SHAPE,
        "a track is an object naming one target and a property, `{ \"bone\": \"<bone>\", \"property\": \"rotate\", \"keys\": [...] }`",
    ) {
        return None;
    }
    cx.unknown(node, TRACK_KEYS);
    let mut ok = true;
    let mut targets = Vec::new();
    for kind in [
        TargetKind::Slot,
        TargetKind::Group,
        TargetKind::Bone,
        TargetKind::Slider,
        TargetKind::Physics,
    ] {
        let field = kind.field();
        if let Some((name, loc)) = cx.string(
            node,
            field,
            codes::MOTION_TRACK_TARGET_SHAPE,
            "it names the track's target, a string",
        ) {
            targets.push(TrackTarget {
                kind,
                name: Named { name, loc },
            });
        } else if node.has(field) {
            ok = false;
        }
    }
    let property = cx.nonempty_str(
        node,
        "property",
        true,
        codes::MOTION_TRACK_PROPERTY_SHAPE,
        "a track states the property it keys — the table is AUTHORING §4.4",
    );
    let lag = cx.number(
        node,
        "lag",
        false,
        codes::MOTION_TRACK_LAG,
        "\"lag\" is seconds added to every key time of this track, so a finite number — a string is CONCATENATED onto each time and a boolean adds 1",
    );
    let stagger = cx.number(
        node,
        "stagger",
        false,
        codes::MOTION_TRACK_STAGGER,
        "\"stagger\" is the extra per-member delay inside a group, in seconds, so a finite number",
    );
    ok &= node.get("lag").is_none_or(|_| lag.is_some())
        && node.get("stagger").is_none_or(|_| stagger.is_some());
    let keys_node = cx.array(
        node,
        "keys",
        true,
        codes::MOTION_TRACK_KEYS_SHAPE,
        "a track's keys are an array, `[{ \"t\": <seconds>, \"v\": [...] }, …]`",
    );
    let keys_loc = keys_node.as_ref().map(|k| k.loc());
    let mut keys = Vec::new();
    for k in keys_node.iter().flat_map(|k| k.elements()) {
        match key(cx, &k) {
            Some(key) => keys.push(key),
            None => ok = false,
        }
    }
    let (name, loc) = property?;
    ok.then(|| TrackSpec {
        loc: node.loc(),
        targets,
        property: Named { name, loc },
        lag: lag.map_or(0.0, |l| l.0),
        stagger: stagger.map_or(0.0, |s| s.0),
        keys,
        keys_loc: keys_loc.unwrap_or_else(|| node.loc()),
    })
}

fn key(cx: &mut Cx, node: &Node) -> Option<KeySpec> {
    if !cx.object(
        node,
        codes::MOTION_KEY_SHAPE,
        "a key is an object, `{ \"t\": <seconds>, \"v\": [...] }`",
    ) {
        return None;
    }
    cx.unknown(node, KEY_KEYS);
    let t = cx.number(
        node,
        "t",
        true,
        codes::MOTION_KEY_TIME_SHAPE,
        "a key states its time in seconds, as a finite number",
    );
    let ease = cx.string(
        node,
        "ease",
        codes::MOTION_KEY_EASE_SHAPE,
        "it names an entry of this spec's `easings` table, or is \"stepped\"",
    );
    let mut ok = node.get("ease").is_none_or(|_| ease.is_some());
    let derive = node.get("derive").and_then(|d| {
        let spec = super::derive::derive(cx, &d);
        ok &= spec.is_some();
        spec
    });
    let (t, t_loc) = t?;
    ok.then(|| KeySpec {
        loc: node.loc(),
        t,
        t_loc,
        v: node.get("v").map(|v| RawValue::of(&v)),
        derive,
        ease: ease.map(|(name, loc)| Named { name, loc }),
        curve: node.get("curve").map(|c| RawValue::of(&c)),
    })
}
