//! This module owns the slider constraints' second pass (FORMAT.md §2.8 slider),
//! the one place the compile sees the rig's sliders and the motion spec's
//! animations together: each slider's `animation` must be one the motion spec
//! declares, and a slider driven by a bone's WORLD rotation (`"local": false`,
//! the default) is refused when the driving values that reach its animation
//! cross 0°, where the runtime's world reading (`atan2`, then `+ 360` below 0)
//! wraps.
//!
//! The driving values are the bone's setup world rotation (its chain's
//! `rotation + shearX`, which is the runtime's reading for unreflected,
//! unsheared parents) plus every value the compiled animations key on its
//! `rotate` timeline, Bezier control values included (a Bezier stays inside
//! their hull), narrowed to the values whose time `to + (v − from)·scale`
//! falls inside the animation, `0s..duration`.

use crate::spec::motion::secs;
use crate::spec::rig::RigSpec;
use rigc_diag::codes;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{Animation, Constraint, Curve, KeyValue, Skeleton, SliderConstraint};

/// An animation the motion spec declares: its name and duration.
pub struct Declared<'a> {
    /// The name.
    pub name: &'a str,
    /// `duration`, seconds.
    pub duration: f64,
}

/// What the pass refuses, before it is placed in the rig spec.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// The slider names an animation the motion spec does not declare.
    Undeclared {
        /// The slider.
        slider: String,
        /// The message.
        message: String,
    },
    /// A world rotation reading wraps inside the values that reach the animation.
    Wraps {
        /// The slider.
        slider: String,
        /// The message.
        message: String,
    },
}

/// The findings of every slider of `setup` against `declared` and the compiled
/// `animations`.
pub fn check(setup: &Skeleton, declared: &[Declared], animations: &[Animation]) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in &setup.constraints {
        let Constraint::Slider(s) = c else { continue };
        let label = format!("rig constraint {}", quote(&s.name));
        let Some(anim) = declared.iter().find(|a| a.name == s.animation) else {
            let names: Vec<&str> = declared.iter().map(|a| a.name).collect();
            let tail = if names.is_empty() {
                " (it declares none at all)".to_string()
            } else {
                format!(" (it declares: {})", names.join(", "))
            };
            out.push(Finding::Undeclared {
                slider: s.name.clone(),
                message: format!(
                    "{label}: applies animation {}, which the motion spec does not declare{tail}",
                    quote(&s.animation)
                ),
            });
            continue;
        };
        if let Some(message) = wraps(&label, s, anim, setup, animations) {
            out.push(Finding::Wraps {
                slider: s.name.clone(),
                message,
            });
        }
    }
    out
}

/// The refusal of a world-rotation slider whose reaching values cross 0°.
fn wraps(
    label: &str,
    s: &SliderConstraint,
    anim: &Declared,
    setup: &Skeleton,
    animations: &[Animation],
) -> Option<String> {
    let d = s.driven.as_ref()?;
    if d.property != "rotate" || d.local == Some(true) {
        return None;
    }
    let (from, to, scale) = (
        d.from.unwrap_or(0.0),
        d.to.unwrap_or(0.0),
        d.scale.unwrap_or(1.0),
    );
    if scale == 0.0 {
        return None;
    }
    let base = world_rotation(setup, &d.bone);
    let (mut lo, mut hi) = (base, base);
    for v in keyed(animations, &d.bone) {
        lo = lo.min(base + v);
        hi = hi.max(base + v);
    }
    // The values whose time falls in 0s..duration.
    let (a, b) = (
        from + (0.0 - to) / scale,
        from + (anim.duration - to) / scale,
    );
    let (lo, hi) = (lo.max(a.min(b)), hi.min(a.max(b)));
    if lo > hi || lo.is_nan() || hi.is_nan() || (lo / 360.0).floor() == (hi / 360.0).floor() {
        return None;
    }
    let read = lo.rem_euclid(360.0);
    let asked = to + (read - from) * scale;
    let meant = to + (lo - from) * scale;
    Some(format!(
        "{label}: drives off bone {} rotate with \"local\": false, and the driving values that reach animation {} (0s..{}s) run from {} to {}. A world rotation reads in [0°, 360°): {} reads as {} ({:.1} % of a full turn), so the slider asks {} for {}s where it means {}s, past its {}s end, and every value below 0° shows its last frame. Set \"local\": true, or keep the driving values on one side of 0°.",
        quote(&d.bone),
        quote(&s.animation),
        secs(anim.duration),
        degrees(lo),
        degrees(hi),
        degrees(lo),
        degrees(read),
        read / 360.0 * 100.0,
        quote(&s.animation),
        secs(rigc_sdk::num::quantise(asked)),
        secs(rigc_sdk::num::quantise(meant)),
        secs(anim.duration),
    ))
}

/// `−19.000°`: three decimals, a true minus sign.
fn degrees(x: f64) -> String {
    let t = format!("{:.3}°", x);
    match t.strip_prefix('-') {
        Some(rest) if x != 0.0 => format!("−{rest}"),
        Some(rest) => rest.to_string(),
        None => t,
    }
}

/// The setup world rotation of `bone`: its chain's `rotation + shearX`.
fn world_rotation(setup: &Skeleton, bone: &str) -> f64 {
    let mut sum = 0.0;
    let mut at = Some(bone);
    let mut guard = 0;
    while let Some(name) = at {
        let Some(b) = setup.bones.iter().find(|b| b.name == name) else {
            break;
        };
        sum += b.rotation.unwrap_or(0.0) + b.shear_x.unwrap_or(0.0);
        at = b.parent.as_deref();
        guard += 1;
        if guard > setup.bones.len() {
            break;
        }
    }
    sum
}

/// Every value the animations key on `bone`'s `rotate`, with the Bezier
/// control values of its curves.
fn keyed<'a>(animations: &'a [Animation], bone: &'a str) -> impl Iterator<Item = f64> + 'a {
    animations
        .iter()
        .flat_map(|a| &a.bones)
        .filter(move |t| t.target == bone)
        .flat_map(|t| &t.timelines)
        .filter(|t| t.name == "rotate")
        .flat_map(|t| &t.keys)
        .flat_map(|k| {
            let value = k.fields.iter().filter_map(|(_, v)| match v {
                KeyValue::Num(x) => Some(*x),
                _ => None,
            });
            let controls = match &k.curve {
                Some(Curve::Bezier(p)) => p.iter().skip(1).step_by(2).copied().collect(),
                _ => Vec::new(),
            };
            value.chain(controls).collect::<Vec<_>>()
        })
}

/// The findings placed in the rig spec: `animation`'s value for an undeclared
/// animation, `local` (or else `property`) for a wrapping world rotation.
pub fn refusals(findings: Vec<Finding>, rig: &RigSpec) -> Vec<Diagnostic> {
    findings
        .into_iter()
        .map(|f| {
            let (slider, code, message) = match f {
                Finding::Undeclared { slider, message } => {
                    (slider, codes::RIG_SLIDER_ANIMATION_UNDECLARED, message)
                }
                Finding::Wraps { slider, message } => {
                    (slider, codes::RIG_SLIDER_WORLD_ROTATION_WRAPS, message)
                }
            };
            let places = rig.sliders.iter().find(|p| p.name == slider);
            let loc = places.and_then(|p| match code {
                codes::RIG_SLIDER_ANIMATION_UNDECLARED => Some(p.animation.clone()),
                _ => p.local.clone().or_else(|| p.property.clone()),
            });
            let help = if code == codes::RIG_SLIDER_ANIMATION_UNDECLARED {
                "name an animation of the motion spec, or declare this one there"
            } else {
                "set \"local\": true, so the slider reads the bone's own rotation, which does not wrap"
            };
            let d = Diagnostic::new(code, message).help(help);
            match loc {
                Some(loc) => d.at(loc),
                None => d,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_sdk::model::{Bone, Header, Key, SliderDrive, TargetTimelines, Timeline};

    /// A dial under a gauge turned `parent` degrees, a world-rotation slider
    /// over it (look's mapping: from −19, scale 0.05) applying `turn` (1.9 s),
    /// and an animation keying the dial at `keys`.
    fn case(parent: f64, keys: &[f64]) -> (Skeleton, Vec<Animation>) {
        let bones = vec![
            Bone {
                name: "gauge".into(),
                rotation: Some(parent),
                ..Bone::default()
            },
            Bone {
                name: "dial".into(),
                parent: Some("gauge".into()),
                ..Bone::default()
            },
        ];
        let constraints = vec![Constraint::Slider(SliderConstraint {
            name: "yaw".into(),
            animation: "turn".into(),
            driven: Some(SliderDrive {
                bone: "dial".into(),
                property: "rotate".into(),
                from: Some(-19.0),
                scale: Some(0.05),
                ..SliderDrive::default()
            }),
            ..SliderConstraint::default()
        })];
        let s = Skeleton {
            header: Header::default(),
            bones,
            slots: Vec::new(),
            skins: Vec::new(),
            events: Vec::new(),
            animations: Vec::new(),
            constraints,
        };
        let sweep = Animation {
            name: "sweep".into(),
            bones: vec![TargetTimelines {
                target: "dial".into(),
                timelines: vec![Timeline {
                    name: "rotate".into(),
                    keys: keys
                        .iter()
                        .enumerate()
                        .map(|(i, v)| Key {
                            time: i as f64,
                            fields: vec![("value".into(), KeyValue::Num(*v))],
                            curve: None,
                        })
                        .collect(),
                }],
            }],
            ..Animation::default()
        };
        (s, vec![sweep])
    }

    const DECLARED: &[Declared] = &[
        Declared {
            name: "turn",
            duration: 1.9,
        },
        Declared {
            name: "sweep",
            duration: 3.0,
        },
    ];

    #[test]
    fn a_dial_crossing_0_is_refused_and_one_side_of_it_is_not() {
        let (s, a) = case(0.0, &[0.0, 19.0, -19.0]);
        let f = check(&s, DECLARED, &a);
        assert!(
            matches!(&f[..], [Finding::Wraps { slider, message }] if slider == "yaw" && message.contains("run from −19.000° to 19.000°") && message.contains("reads as 341.000° (94.7 % of a full turn)")),
            "{f:?}"
        );
        // Keyed on one side of 0°, or turned clear of it by the gauge.
        assert_eq!(check(&s, DECLARED, &case(0.0, &[0.0, 19.0]).1), []);
        let (turned, a) = case(90.0, &[0.0, 19.0, -19.0]);
        assert_eq!(check(&turned, DECLARED, &a), []);
    }

    #[test]
    fn only_the_values_that_reach_the_animation_count() {
        // −30° maps to time −0.55 s, before turn starts: the values that reach
        // it are −19..10, which still cross 0°; 0..10 alone do not.
        let (s, a) = case(0.0, &[-30.0, 10.0]);
        let f = check(&s, DECLARED, &a);
        assert!(
            matches!(&f[..], [Finding::Wraps { message, .. }] if message.contains("run from −19.000° to 10.000°")),
            "{f:?}"
        );
        let (mut local, a) = case(0.0, &[-30.0, 10.0]);
        if let Constraint::Slider(SliderConstraint {
            driven: Some(d), ..
        }) = &mut local.constraints[0]
        {
            d.local = Some(true);
        }
        assert_eq!(check(&local, DECLARED, &a), []);
    }

    #[test]
    fn an_animation_the_motion_does_not_declare() {
        let (s, a) = case(0.0, &[0.0]);
        assert_eq!(
            check(&s, &DECLARED[1..], &a),
            [Finding::Undeclared {
                slider: "yaw".into(),
                message: "rig constraint \"yaw\": applies animation \"turn\", which the motion spec does not declare (it declares: sweep)".into()
            }]
        );
        assert!(
            matches!(&check(&s, &[], &a)[..], [Finding::Undeclared { message, .. }] if message.ends_with("(it declares none at all)"))
        );
    }
}
