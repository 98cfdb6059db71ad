//! Tests of the name tables: each held to the runtime port (`rigc-spine`),
//! which reads the same names on its own.

//! The tables against the runtime port, which spells every name on its own.
use super::*;
use rigc_spine::data::{ConstraintKind, TimelineKind};
use rigc_spine::read_skeleton;
use serde_json::{json, Value};

/// A skeleton with bone `b`, slot `s` (dark colour, region `r` with a
/// 3-frame series), an ik, a transform driving every property, a path, a
/// physics constraint and a bone-less slider, and animation `a`.
fn skeleton(animation: Value) -> Value {
    json!({
        "bones": [{ "name": "b" }, { "name": "t" }],
        "slots": [{ "name": "s", "bone": "b", "dark": "000000" }],
        "skins": [{ "name": "default", "attachments": { "s": {
            "r": { "width": 1, "height": 1, "sequence": { "count": 3 } },
            "p": { "type": "path", "vertexCount": 3, "vertices": [0, 0, 1, 1, 2, 2], "lengths": [3] }
        } } }],
        "constraints": [
            { "type": "ik", "name": "k", "bones": ["b"], "target": "t" },
            { "type": "transform", "name": "tc", "bones": ["b"], "source": "t", "properties": {
                "rotate": { "to": { "rotate": {}, "x": {}, "y": {}, "scaleX": {}, "scaleY": {}, "shearY": {} } }
            } },
            { "type": "path", "name": "pc", "bones": ["b"], "slot": "s" },
            { "type": "physics", "name": "ph", "bone": "b", "x": 1 },
            { "type": "slider", "name": "sl", "animation": "a" }
        ],
        "animations": { "a": animation }
    })
}

fn read(animation: Value) -> rigc_spine::ReadOutcome {
    let text = skeleton(animation).to_string();
    match read_skeleton(&text, None) {
        Ok(r) => r,
        Err(e) => panic!("the port refuses {text}: {}", e.message),
    }
}

fn timelines(animation: Value) -> Vec<TimelineKind> {
    let r = read(animation);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    r.data.animations[0]
        .timelines
        .iter()
        .map(|t| t.kind.clone())
        .collect()
}

/// A key stating every value field, of the right kind.
fn key(fields: &[Field]) -> Value {
    let mut k = json!({ "time": 0 });
    for f in fields {
        k[f.name] = match f.kind {
            Kind::Num => json!(1),
            Kind::Bool => json!(true),
            Kind::Int => json!(0),
            Kind::Nums => json!([0]),
            Kind::Text if f.name == field::INHERIT => json!("normal"),
            Kind::Text if f.name == field::MODE => json!("hold"),
            Kind::Text => json!("r"),
            Kind::Hex(n) => json!("ff".repeat(n)),
        };
    }
    k
}

#[test]
fn every_bone_and_slot_timeline_is_one_the_port_reads() {
    for t in BoneTimeline::ALL {
        let tls = timelines(json!({ "bones": { "b": { t.name(): [key(t.fields())] } } }));
        assert_eq!(tls.len(), 1, "{t}");
    }
    for t in SlotTimeline::ALL {
        let tls = timelines(json!({ "slots": { "s": { t.name(): [key(t.fields())] } } }));
        assert_eq!(tls.len(), 1, "{t}");
    }
    let refused = skeleton(json!({ "bones": { "b": { "translateX": [{}] } } }));
    assert!(read_skeleton(&refused.to_string(), None).is_err());
}

#[test]
fn every_constraint_and_attachment_timeline_is_one_the_port_reads() {
    let ik = json!([key(&IkMix::ALL
        .iter()
        .map(|c| Field {
            name: c.name(),
            kind: c.kind()
        })
        .collect::<Vec<_>>())]);
    let tc = json!([key(&TransformMix::ALL
        .iter()
        .map(|c| num(c.name()))
        .collect::<Vec<_>>())]);
    assert_eq!(timelines(json!({ "ik": { "k": ik } })).len(), 1);
    assert_eq!(timelines(json!({ "transform": { "tc": tc } })).len(), 1);
    for t in PathTimeline::ALL {
        let tls = timelines(json!({ "path": { "pc": { t.name(): [key(t.fields())] } } }));
        assert_eq!(tls.len(), 1, "{t}");
    }
    for t in PhysicsTimeline::ALL {
        let tls = timelines(json!({ "physics": { "ph": { t.name(): [key(t.fields())] } } }));
        assert_eq!(tls.len(), 1, "{t}");
    }
    for t in SliderTimeline::ALL {
        let tls = timelines(json!({ "slider": { "sl": { t.name(): [key(t.fields())] } } }));
        assert_eq!(tls.len(), 1, "{t}");
    }
    for t in AttachmentTimeline::ALL {
        // A deform needs vertices (the path); a sequence, a series (the region).
        let att = match t {
            AttachmentTimeline::Deform => "p",
            AttachmentTimeline::Sequence => "r",
        };
        let at = json!({ "default": { "s": { att: { t.name(): [key(t.fields())] } } } });
        let tls = timelines(json!({ "attachments": at }));
        assert_eq!(tls.len(), 1, "{t}");
    }
}

#[test]
fn curve_channels_are_the_channels_of_the_value_fields() {
    let sum = |fields: &[Field]| {
        let n: usize = fields.iter().map(|f| f.channels()).sum();
        (n > 0).then_some(n)
    };
    for t in BoneTimeline::ALL {
        assert_eq!(t.curves(), sum(t.fields()), "{t}");
    }
    for t in SlotTimeline::ALL {
        assert_eq!(t.curves(), sum(t.fields()), "{t}");
    }
    for t in PathTimeline::ALL {
        assert_eq!(t.curves(), sum(t.fields()), "{t}");
    }
    for t in PhysicsTimeline::ALL {
        assert_eq!(t.curves(), sum(t.fields()), "{t}");
    }
    for t in SliderTimeline::ALL {
        assert_eq!(t.curves(), sum(t.fields()), "{t}");
    }
    let ik: Vec<IkMix> = IkMix::ALL
        .iter()
        .copied()
        .filter(|c| c.kind() == Kind::Num)
        .collect();
    assert_eq!(ik, IkMix::CURVED);
}

#[test]
fn sequence_modes_are_in_the_runtime_index_order() {
    let keys: Vec<Value> = SequenceMode::ALL
        .iter()
        .enumerate()
        .map(|(i, m)| json!({ "time": i, "mode": m.name(), "delay": 0.1 }))
        .collect();
    let at = json!({ "default": { "s": { "r": { "sequence": keys } } } });
    let tls = timelines(json!({ "attachments": at }));
    let Some(TimelineKind::Sequence { modes, .. }) = tls.first() else {
        panic!("no sequence timeline: {tls:?}");
    };
    let want: Vec<Option<u8>> = SequenceMode::ALL
        .iter()
        .map(|m| Some(m.index() as u8))
        .collect();
    assert_eq!(*modes, want);
    assert_eq!(SequenceMode::Hold.index(), 0);
}

#[test]
fn inherit_modes_are_the_ones_the_port_reads() {
    for m in InheritMode::ALL {
        let text = json!({ "bones": [{ "name": "b", "inherit": m.name() }] }).to_string();
        let r = read_skeleton(&text, None).expect("reads");
        assert!(r.findings.is_empty(), "{m}: {:?}", r.findings);
    }
}

#[test]
fn setup_defaults_are_what_the_port_reads() {
    let r = read(json!({}));
    let mut seen = 0;
    let value = |s: Setup, other: &dyn Fn(&str) -> f64| match s {
        Setup::Num(x) => x,
        Setup::Bool(b) => f64::from(u8::from(b)),
        Setup::As(name) => other(name),
    };
    for c in &r.data.constraints {
        match &c.kind {
            ConstraintKind::Ik(k) => {
                let p = &k.setup;
                let read = |m: IkMix| match m {
                    IkMix::Mix => p.mix,
                    IkMix::Softness => p.softness,
                    IkMix::BendPositive => f64::from(u8::from(p.bend_direction == 1.0)),
                    IkMix::Compress => f64::from(u8::from(p.compress)),
                    IkMix::Stretch => f64::from(u8::from(p.stretch)),
                };
                for m in IkMix::ALL {
                    assert_eq!(read(*m), value(m.setup(), &|_| f64::NAN), "{m}");
                }
            }
            ConstraintKind::Transform(t) => {
                let p = &t.setup;
                let read = |m: TransformMix| match m {
                    TransformMix::Rotate => p.mix_rotate,
                    TransformMix::X => p.mix_x,
                    TransformMix::Y => p.mix_y,
                    TransformMix::ScaleX => p.mix_scale_x,
                    TransformMix::ScaleY => p.mix_scale_y,
                    TransformMix::ShearY => p.mix_shear_y,
                };
                let other = |n: &str| TransformMix::from_name(n).map_or(f64::NAN, read);
                for m in TransformMix::ALL {
                    assert_eq!(read(*m), value(m.setup(), &other), "{m}");
                }
            }
            ConstraintKind::Path(pd) => {
                let p = &pd.setup;
                let read = |m: PathMix| match m {
                    PathMix::Rotate => p.mix_rotate,
                    PathMix::X => p.mix_x,
                    PathMix::Y => p.mix_y,
                };
                let other = |n: &str| PathMix::from_name(n).map_or(f64::NAN, read);
                for m in PathMix::ALL {
                    assert_eq!(read(*m), value(m.setup(), &other), "{m}");
                }
            }
            ConstraintKind::Physics(ph) => {
                let p = &ph.setup;
                for t in PhysicsTimeline::ALL {
                    let got = match t {
                        PhysicsTimeline::Inertia => p.inertia,
                        PhysicsTimeline::Strength => p.strength,
                        PhysicsTimeline::Damping => p.damping,
                        PhysicsTimeline::Mass => 1.0 / p.mass_inverse,
                        PhysicsTimeline::Wind => p.wind,
                        PhysicsTimeline::Gravity => p.gravity,
                        PhysicsTimeline::Mix => p.mix,
                        PhysicsTimeline::Reset => continue,
                    };
                    let want = t.setup().map(|s| value(s, &|_| f64::NAN));
                    assert_eq!(Some(got), want, "{t}");
                }
            }
            ConstraintKind::Slider(s) => {
                assert_eq!(Setup::Num(s.setup.time), SliderTimeline::Time.setup());
                assert_eq!(Setup::Num(s.setup.mix), SliderTimeline::Mix.setup());
            }
        }
        seen += 1;
    }
    assert_eq!(seen, 5);
}
