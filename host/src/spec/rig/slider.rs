//! This module owns a rig spec's `slider` constraint (FORMAT.md §2.8 slider):
//! its two models (bone-driven, `bone` + `property` + `from`/`to`/`scale`/`max`/
//! `local`; time-driven, `time`), every refusal the rig alone can make, and the
//! places a later pass needs (the `animation` it names is resolved against the
//! MOTION spec by `stages::sliders`, which also refuses a wrapping world
//! rotation). `"skin": true` is read here; whether a skin's `slider` list
//! activates it is `switch`'s question, as for every constraint kind. Numbers are rounded to 6 decimals here, as they are emitted.

use rigc_diag::codes;

use super::bones::Bones;
use super::properties::PROPERTIES;
use super::read::{absent_at, boolean, did_you_mean, not_a_string, number, q, Diags};
use super::types::SliderPlaces;
use rigc_diag::cursor::Node;
use rigc_sdk::model::{SliderConstraint, SliderDrive};
use rigc_sdk::num::quantise;

/// Every key a slider constraint may state.
const KEYS: &[&str] = &[
    "name",
    "type",
    "skin",
    "animation",
    "additive",
    "loop",
    "mix",
    "bone",
    "property",
    "from",
    "to",
    "scale",
    "max",
    "local",
    "time",
];

/// The fields read only inside the runtime's `if (boneName)` branch.
const BONE_FIELDS: &[&str] = &["property", "from", "to", "scale", "max", "local"];

/// Reads the slider `node` called `name`: the constraint and its places, or
/// `None` when something was refused (pushed onto `d`).
pub(super) fn parse(
    node: &Node,
    name: &str,
    label: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<(SliderConstraint, SliderPlaces)> {
    let before = d.len();
    d.extend(node.unknown_keys(KEYS, &format!("slider constraint {}", q(name))));
    let animation = match node.get("animation") {
        None => {
            d.push(
                absent_at(
                    node,
                    codes::RIG_SLIDER_ANIMATION_MISSING,
                    format!("{label}: a slider needs an \"animation\" — the animation it applies. Without one the parser's second pass over the constraints array throws `Slider animation not found`."),
                )
                .help("add \"animation\": \"<an animation of the motion spec>\""),
            );
            None
        }
        Some(a) => match a.as_str() {
            Some(s) => Some((s.to_string(), a.loc())),
            None => {
                d.push(not_a_string(&a, "animation", label));
                None
            }
        },
    };
    let num = |key: &str, d: &mut Diags| number(node, key, label, d).map(quantise);
    let additive = boolean(node, "additive", label, d);
    let looping = boolean(node, "loop", label, d);
    let mix = num("mix", d);
    let skin = boolean(node, "skin", label, d);
    let time = num("time", d);
    let driven = match node.get("bone") {
        Some(b) => {
            if let Some(t) = node.get("time") {
                d.push(
                    t.err(
                        codes::RIG_SLIDER_BONE_AND_TIME,
                        format!("{label}: declares both a \"bone\" and \"time\". A slider with a bone takes its time from that bone's property; \"time\" is read only by the bone-less form (`:361`), so it would be dropped in silence."),
                    )
                    .help("remove \"time\", or remove \"bone\" and the fields that go with it"),
                );
            }
            drive(node, &b, label, bones, d)
        }
        None => {
            for field in BONE_FIELDS {
                if let Some(f) = node.get(field) {
                    d.push(
                        f.err(
                            codes::RIG_SLIDER_FIELD_WITHOUT_BONE,
                            format!("{label}: declares {} but no \"bone\". Every one of property/from/to/scale/max/local is read only inside the parser's `if (boneName)` branch (`:350-360`), so it would be dropped in silence. Name the driving bone, or key `slider.{name}.time` in the motion spec instead.", q(field)),
                        )
                        .help("add \"bone\": \"<the driving bone>\", or remove this field"),
                    );
                    break;
                }
            }
            None
        }
    };
    let (animation, animation_loc) = animation?;
    if d.len() != before {
        return None;
    }
    let places = SliderPlaces {
        name: name.to_string(),
        animation: animation_loc,
        property: node.get("property").map(|p| p.loc()),
        local: node.get("local").map(|l| l.loc()),
    };
    Some((
        SliderConstraint {
            name: name.to_string(),
            animation,
            additive,
            looping,
            mix,
            driven,
            time,
            skin,
        },
        places,
    ))
}

/// The bone-driven model: `bone` (declared), `property` (one of the six),
/// `from`/`to`/`scale`/`max`/`local`, and a `scale` that is not 0.
fn drive(node: &Node, b: &Node, label: &str, bones: &Bones, d: &mut Diags) -> Option<SliderDrive> {
    let bone = match b.as_str() {
        Some(s) if bones.has(s) => Some(s.to_string()),
        Some(s) => {
            if bones.complete {
                d.push(
                    b.err(
                        codes::RIG_CONSTRAINT_BONE_UNDECLARED,
                        format!(
                            "{label}: bone names {}, which the rig does not declare as a bone",
                            q(s)
                        ),
                    )
                    .help(format!(
                        "name a declared bone{}",
                        did_you_mean(s, &bones.names())
                    )),
                );
            }
            None
        }
        None => {
            d.push(not_a_string(b, "bone", label));
            None
        }
    };
    let shown = b.as_str().unwrap_or_default();
    let known = PROPERTIES.join(", ");
    let property = match node.get("property") {
        None => {
            d.push(
                absent_at(
                    node,
                    codes::RIG_SLIDER_PROPERTY_UNKNOWN,
                    format!("{label}: drives off bone {} but names no property; known: {known} (the parser throws on anything else)", q(shown)),
                )
                .help("add \"property\": \"rotate\" (or x, y, scaleX, scaleY, shearY)"),
            );
            None
        }
        Some(p) => match p.as_str() {
            Some(s) if PROPERTIES.contains(&s) => Some(s.to_string()),
            Some(s) => {
                d.push(
                    p.err(
                        codes::RIG_SLIDER_PROPERTY_UNKNOWN,
                        format!("{label}: drives off bone {} but its property is {}; known: {known} (the parser throws on anything else)", q(shown), q(s)),
                    )
                    .help(format!("use one of {known}{}", did_you_mean(s, PROPERTIES))),
                );
                None
            }
            None => {
                d.push(not_a_string(&p, "property", label));
                None
            }
        },
    };
    let num = |key: &str, d: &mut Diags| number(node, key, label, d).map(quantise);
    let from = num("from", d);
    let to = num("to", d);
    let scale = num("scale", d);
    let max = num("max", d);
    let local = boolean(node, "local", label, d);
    if let (Some(0.0), Some(s)) = (scale, node.get("scale")) {
        let written = s.as_f64().unwrap_or(0.0);
        let what = if written == 0.0 {
            "scale is 0".to_string()
        } else {
            format!(
                "scale is {}, which is 0 at the six decimals it is written with",
                rigc_sdk::num::f64_text(written)
            )
        };
        d.push(
            s.err(
                codes::RIG_SLIDER_SCALE_ZERO,
                format!("{label}: {what}, so the bone's property cannot move the slider's time at all"),
            )
            .help("give scale the seconds per unit of the property (e.g. 0.05 s per degree), or leave it out for 1"),
        );
    }
    Some(SliderDrive {
        bone: bone?,
        property: property?,
        from,
        to,
        scale,
        max,
        local,
    })
}
