//! This module owns the shape of a `path` track (FORMAT.md §3.15): a track
//! naming a path constraint (`"path": "<constraint>"`) and one of its three
//! timelines (`position`, `spacing`, `mix`), with `lag` and its keys; a path
//! track targets nothing else and its keys take no `derive`. Each key's `v` is
//! read by the animation stage (`stages/animation/path.rs`).

use rigc_diag::codes;

use super::shape::Cx;
use super::{KeySpec, Named, PathTrackSpec};
use rigc_diag::cursor::Node;
use rigc_sdk::model::names::PathTimeline;

/// The keys of a path track.
const PATH_TRACK_KEYS: &[&str] = &["path", "property", "lag", "keys"];

/// Reads the track `node`, which states `path`, its keys read by `key` (the
/// one reading of a track's key); `None` when refused.
pub(super) fn track(
    cx: &mut Cx,
    node: &Node,
    key: impl Fn(&mut Cx, &Node) -> Option<KeySpec>,
) -> Option<PathTrackSpec> {
    let before = cx.diags.len();
    for stray in ["slot", "group", "bone", "physics", "slider", "stagger"] {
        if let Some(n) = node.get(stray) {
            cx.push(
                n.err(
                    codes::MOTION_PATH_TRACK_SHAPE,
                    format!(
                        "`{}`: a path track keys one path constraint, named by \"path\", and states \"{stray}\" too — a track has one target, and a path timeline has no members to stagger",
                        n.key_path()
                    ),
                )
                .help(format!("remove \"{stray}\", or split the track in two")),
            );
        }
    }
    cx.unknown(node, PATH_TRACK_KEYS);
    let constraint = cx.nonempty_str(
        node,
        "path",
        true,
        codes::MOTION_TRACK_TARGET_SHAPE,
        "it names the path constraint the track keys, a string",
    );
    let property = cx.nonempty_str(
        node,
        "property",
        true,
        codes::MOTION_TRACK_PROPERTY_SHAPE,
        "a path track states the timeline it keys: position, spacing or mix",
    );
    let timeline = property.as_ref().and_then(|(p, loc)| {
        let t = PathTimeline::from_name(p);
        if t.is_none() {
            cx.push(
                rigc_diag::Diagnostic::new(
                    codes::MOTION_PATH_PROPERTY_UNKNOWN,
                    format!(
                        "`{}`: a path constraint's timelines are {}; \"{p}\" is not one of them",
                        node.key_path(),
                        PathTimeline::NAMES.join(", ")
                    ),
                )
                .at(loc.clone())
                .help(format!(
                    "key position, spacing or mix{}",
                    rigc_diag::cursor::nearest(p, PathTimeline::NAMES)
                        .map(|n| format!(" (did you mean \"{n}\"?)"))
                        .unwrap_or_default()
                )),
            );
        }
        t
    });
    let lag = cx.number(
        node,
        "lag",
        false,
        codes::MOTION_TRACK_LAG,
        "\"lag\" is seconds added to every key time of this track, so a finite number — a string is CONCATENATED onto each time and a boolean adds 1",
    );
    let keys_node = cx.array(
        node,
        "keys",
        true,
        codes::MOTION_TRACK_KEYS_SHAPE,
        "a track's keys are an array, `[{ \"t\": <seconds>, \"v\": [...] }, …]`",
    );
    let keys_loc = keys_node.as_ref().map_or_else(|| node.loc(), |k| k.loc());
    let mut keys = Vec::new();
    for k in keys_node.iter().flat_map(|k| k.elements()) {
        if let Some(d) = k.get("derive") {
            cx.push(
                d.err(
                    codes::MOTION_PATH_VALUE_SHAPE,
                    format!(
                        "`{}`: a path key states its value in \"v\"; \"derive\" computes a group member's value, and a path timeline has no members",
                        d.key_path()
                    ),
                )
                .help("write the value as \"v\": [<number>] (mix: [mixRotate, mixX, mixY])"),
            );
            continue;
        }
        if let Some(key) = key(cx, &k) {
            keys.push(key);
        }
    }
    if cx.diags.len() != before {
        return None;
    }
    let (name, loc) = constraint?;
    let (_, property_loc) = property?;
    Some(PathTrackSpec {
        loc: node.loc(),
        constraint: Named { name, loc },
        timeline: timeline?,
        property_loc,
        lag: lag.map_or(0.0, |l| l.0),
        keys,
        keys_loc,
    })
}
