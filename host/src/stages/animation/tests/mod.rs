//! Tests of the animation stage: the reference motions compile to the curves
//! their closed forms give, every refusal class is raised where it should be,
//! and no input panics.

mod constraints;
mod deform;
mod deform_fuzz;
mod deform_refusals;
mod derive;
mod derive_fuzz;
mod face;
mod families;
mod fuzz;
pub(crate) mod gallery;
mod keys;
mod reference;
mod slider;
mod tracks;

use super::{compile, DeformKinds};
use crate::plugins::{builtins, Registry};
use crate::spec::motion::tests::{dump, motion, parse_str};
use crate::spec::motion::MotionSpec;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{
    Animation, Attachment, Bone, Constraint, Curve, EventDef, Header, IkConstraint, Key, KeyValue,
    RegionAttachment, Skeleton, Skin, SkinSlot, Slot, TransformConstraint,
};

/// A setup skeleton with the given bones (`(name, parent)`), slots
/// (`(name, bone, placeholders)`), and nothing else.
pub(super) fn skeleton(
    bones: &[(&str, Option<&str>)],
    slots: &[(&str, &str, &[&str])],
) -> Skeleton {
    Skeleton {
        header: Header {
            spine: "4.3.13".into(),
            ..Header::default()
        },
        bones: bones
            .iter()
            .map(|(name, parent)| Bone {
                name: name.to_string(),
                parent: parent.map(str::to_string),
                ..Bone::default()
            })
            .collect(),
        slots: slots
            .iter()
            .map(|(name, bone, atts)| Slot {
                name: name.to_string(),
                bone: bone.to_string(),
                attachment: atts.first().map(|a| a.to_string()),
                ..Slot::default()
            })
            .collect(),
        skins: vec![Skin {
            name: "default".into(),
            attachments: slots
                .iter()
                .filter(|(_, _, atts)| !atts.is_empty())
                .map(|(name, _, atts)| SkinSlot {
                    slot: name.to_string(),
                    entries: atts
                        .iter()
                        .map(|a| {
                            (
                                a.to_string(),
                                Attachment::Region(RegionAttachment {
                                    width: 10.0,
                                    height: 10.0,
                                    ..Default::default()
                                }),
                            )
                        })
                        .collect(),
                })
                .collect(),
            ..Skin::default()
        }],
        events: Vec::new(),
        animations: Vec::new(),
        constraints: Vec::new(),
    }
}

/// The setup the refusal tests compile against: bones `root, a, b, c`; slots
/// `lid_l` (placeholders open, shut), `lid_r` (open), `body` (with a dark colour),
/// `bare` (no attachments); ik `reach` (bendPositive false, compress true),
/// transform `follow`; events `step` and `thud` (with audio).
pub(super) fn setup() -> Skeleton {
    let mut s = skeleton(
        &[
            ("root", None),
            ("a", Some("root")),
            ("b", Some("root")),
            ("c", Some("a")),
        ],
        &[
            ("lid_l", "a", &["open", "shut"]),
            ("lid_r", "b", &["open"]),
            ("body", "root", &["body"]),
            ("bare", "c", &[]),
        ],
    );
    if let Some(body) = s.slots.iter_mut().find(|s| s.name == "body") {
        body.dark = Some("000000".into());
    }
    s.constraints = vec![
        Constraint::Ik(IkConstraint {
            name: "reach".into(),
            bones: vec!["a".into(), "c".into()],
            target: "b".into(),
            bend_positive: Some(false),
            compress: Some(true),
            ..IkConstraint::default()
        }),
        Constraint::Transform(TransformConstraint {
            name: "follow".into(),
            bones: vec!["c".into()],
            source: "b".into(),
            ..TransformConstraint::default()
        }),
        Constraint::Slider(rigc_sdk::model::SliderConstraint {
            name: "knob".into(),
            animation: "a".into(),
            ..Default::default()
        }),
    ];
    s.events = vec![
        EventDef {
            name: "step".into(),
            int: Some(1),
            ..EventDef::default()
        },
        EventDef {
            name: "thud".into(),
            audio: Some("thud.wav".into()),
            ..EventDef::default()
        },
    ];
    s
}

/// The built-in plugins (rigc's deform kinds among them), as a build without
/// `rigc.toml` has them.
pub(super) fn builtin_registry() -> &'static Registry {
    static REGISTRY: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    REGISTRY.get_or_init(|| Registry::new(builtins()).expect("the built-ins claim nothing twice"))
}

/// Compiles every animation of a parsed spec against `setup`, with the
/// deform kinds of `registry`.
pub(super) fn compile_with(
    spec: &MotionSpec,
    setup: &Skeleton,
    registry: &Registry,
) -> Result<Vec<Animation>, Vec<Diagnostic>> {
    let mut out = Vec::new();
    let mut diags = Vec::new();
    for a in &spec.animations {
        let kinds = DeformKinds::resolve(&a.deform_kinds(), registry);
        match compile(a, spec.rest(), setup, &kinds) {
            Ok(a) => out.push(a),
            Err(d) => diags.extend(d),
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

/// Compiles every animation of a parsed spec against `setup`, with the
/// built-in deform kinds.
pub(super) fn compile_all(
    spec: &MotionSpec,
    setup: &Skeleton,
) -> Result<Vec<Animation>, Vec<Diagnostic>> {
    compile_with(spec, setup, builtin_registry())
}

/// Compiles the animations text (wrapped by [`motion`]) against [`setup`].
pub(super) fn build(animations: &str) -> Result<Vec<Animation>, Vec<Diagnostic>> {
    let spec = parse_str(&motion(animations))
        .unwrap_or_else(|d| panic!("the motion spec does not parse:\n{}", dump(&d)));
    compile_all(&spec, &setup())
}

/// Compiles, which must succeed; returns the one animation.
#[track_caller]
pub(super) fn ok(animations: &str) -> Animation {
    match build(animations) {
        Ok(mut a) if a.len() == 1 => a.remove(0),
        Ok(a) => panic!("expected one animation, got {}", a.len()),
        Err(d) => panic!("refused:\n{}", dump(&d)),
    }
}

/// Compiles, which must be refused; returns the refusals.
#[track_caller]
pub(super) fn refused(animations: &str) -> Vec<Diagnostic> {
    match build(animations) {
        Ok(_) => panic!("accepted:\n{animations}"),
        Err(d) => d,
    }
}

/// The keys of `group`'s `target`'s `timeline`.
#[track_caller]
pub(super) fn timeline<'a>(
    groups: &'a [rigc_sdk::model::TargetTimelines],
    target: &str,
    timeline: &str,
) -> &'a [Key] {
    groups
        .iter()
        .find(|g| g.target == target)
        .and_then(|g| g.timelines.iter().find(|t| t.name == timeline))
        .map(|t| t.keys.as_slice())
        .unwrap_or_else(|| panic!("no timeline {target}.{timeline}"))
}

/// The Bezier points of a key's curve.
#[track_caller]
pub(super) fn bezier(k: &Key) -> &[f64] {
    match &k.curve {
        Some(Curve::Bezier(p)) => p,
        other => panic!("expected a Bezier curve, got {other:?}"),
    }
}

/// Asserts two point lists agree to 1e-12.
#[track_caller]
pub(super) fn close(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-12, "{got:?} vs {want:?}");
    }
}

/// The value of a key field.
#[track_caller]
pub(super) fn field<'k>(k: &'k Key, name: &str) -> &'k KeyValue {
    k.fields
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("no field {name} in {k:?}"))
}
