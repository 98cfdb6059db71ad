//! This module owns the rig spec's `skeleton` header (FORMAT.md §2.3): the stage
//! (`x, y, width, height`, including the `null`/`null` "no stage" form), `fps`,
//! `referenceScale`, the editor's `images` path and `audio`.

use rigc_diag::codes;

use super::read::{absent_at, number, string, Diags};
use super::types::{HeaderSpec, Stage};
use rigc_diag::cursor::Node;
use rigc_sdk::num::f64_text;

/// The keys a `skeleton` header may carry.
pub(super) const HEADER_KEYS: &[&str] = &[
    "x",
    "y",
    "width",
    "height",
    "fps",
    "referenceScale",
    "images",
    "audio",
];

/// Reads the `skeleton` header of the rig `root`.
pub(super) fn parse(root: &Node, d: &mut Diags) -> HeaderSpec {
    let mut h = HeaderSpec {
        stage: Stage::Missing,
        loc: root.loc(),
        fps: None,
        reference_scale: None,
        images: None,
        audio: None,
    };
    let Some(s) = root.get("skeleton") else {
        return h;
    };
    h.loc = s.loc();
    if !s.is_object() {
        d.push(
            s.err(
                codes::RIG_SKELETON_NOT_AN_OBJECT,
                format!(
                    "\"skeleton\" is {}; it is the header object, {{ \"width\": …, \"height\": … }}",
                    s.describe()
                ),
            )
            .help("write \"skeleton\": { \"width\": <stage width>, \"height\": <stage height> }"),
        );
        return h;
    }
    let unknown = s.unknown_keys(HEADER_KEYS, "\"skeleton\"");
    let quiet = !unknown.is_empty();
    d.extend(unknown);
    const WHAT: &str = "\"skeleton\"";
    h.fps = number(&s, "fps", WHAT, d);
    h.reference_scale = number(&s, "referenceScale", WHAT, d);
    h.images = string(&s, "images", WHAT, d);
    if let Some(a) = s.get("audio") {
        if a.is_null() {
            h.audio = Some(None);
        } else {
            h.audio = string(&s, "audio", WHAT, d).map(Some);
        }
    }
    h.stage = stage(&s, quiet, d);
    h
}

/// Reads the stage fields of the header `s`; `quiet` holds back the refusal of
/// a half-declared stage (an unknown key is likely the other half).
fn stage(s: &Node, quiet: bool, d: &mut Diags) -> Stage {
    let (w, h) = (s.get("width"), s.get("height"));
    let null_w = w.as_ref().is_some_and(|v| v.is_null());
    let null_h = h.as_ref().is_some_and(|v| v.is_null());
    if null_w || null_h {
        if !(null_w && null_h) {
            let (nul, other) = if null_w {
                ("width", "height")
            } else {
                ("height", "width")
            };
            let at = s.get(nul).unwrap_or_else(|| s.clone());
            d.push(
                at.err(
                    codes::RIG_SKELETON_HALF_NULL_STAGE,
                    format!(
                        "\"skeleton\" has {nul}: null but {other} is not null; \"width\": null, \"height\": null together say \"this rig declares no stage\", and one null beside a size says neither"
                    ),
                )
                .help(format!("write {other}: null too, or give {nul} a number")),
            );
            return Stage::Missing;
        }
        let mut ok = true;
        for key in ["x", "y"] {
            if let Some(v) = s.get(key) {
                ok = false;
                d.push(
                    v.err(
                        codes::RIG_SKELETON_ORIGIN_WITHOUT_STAGE,
                        format!(
                            "\"skeleton\" declares {key} beside \"width\": null, \"height\": null; a rig that declares no stage has no stage origin either"
                        ),
                    )
                    .help(format!("remove {key}, or give the stage a width and height")),
                );
            }
        }
        return if ok { Stage::None } else { Stage::Missing };
    }
    let width = number(s, "width", "\"skeleton\"", d);
    let height = number(s, "height", "\"skeleton\"", d);
    let x = number(s, "x", "\"skeleton\"", d);
    let y = number(s, "y", "\"skeleton\"", d);
    let mut ok = true;
    for (key, v) in [("width", width), ("height", height)] {
        if let (Some(n), Some(node)) = (v, s.get(key)) {
            if n <= 0.0 {
                ok = false;
                d.push(
                    node.err(
                        codes::RIG_SKELETON_STAGE_NOT_POSITIVE,
                        format!(
                            "\"skeleton\" has {key} {}; a stage is a positive size",
                            f64_text(n)
                        ),
                    )
                    .help(format!("give {key} the stage's size in pixels")),
                );
            }
        }
    }
    match (w.is_some(), h.is_some()) {
        (true, false) | (false, true) if quiet => Stage::Missing,
        (true, false) | (false, true) => {
            let (have, missing) = if w.is_some() {
                ("width", "height")
            } else {
                ("height", "width")
            };
            d.push(
                absent_at(
                    s,
                    codes::RIG_SKELETON_HALF_STAGE,
                    format!(
                        "\"skeleton\" declares {have} but no {missing}; a stage is both, or neither"
                    ),
                )
                .help(format!("give \"skeleton\" a {missing} as well")),
            );
            Stage::Missing
        }
        _ => match (width, height) {
            (Some(width), Some(height)) if ok => Stage::Declared {
                x,
                y,
                width,
                height,
            },
            _ => Stage::Missing,
        },
    }
}
