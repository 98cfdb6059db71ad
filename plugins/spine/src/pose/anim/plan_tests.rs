//! The plan's tests: the fast path against the general one, bit for bit, on
//! random timelines (shared and odd keys, repeated bones, every way of
//! mixing included), how runs are cut, and which shapes stay general.

use super::super::{apply, apply_timeline};
use super::*;
use crate::data::Inherit;
use crate::pose::Skeleton;
use crate::test_rng::Rng;

/// How a frame of a [`Shape`] is curved.
#[derive(Clone, Copy)]
enum Curve {
    Stepped,
    Linear,
    /// A curve type that is no type.
    Odd(f32),
    /// Bezier, the handle times as fractions of the frame's span.
    Bezier(f64, f64),
}

/// What the timelines of a pose keyed at once share: frame times
/// (sometimes odd: unsorted, repeated, NaN) and per frame a curve.
struct Shape {
    times: Vec<f32>,
    curves: Vec<Curve>,
}

fn curve(r: &mut Rng) -> Curve {
    match r.below(8) {
        0 => Curve::Stepped,
        1 | 2 => Curve::Linear,
        3 => Curve::Odd([2.5, -1.0, f32::NAN, 1e6][r.below(4) as usize]),
        _ => Curve::Bezier(r.unit(), r.unit()),
    }
}

fn shape(r: &mut Rng) -> Shape {
    let count = 1 + r.below(5) as usize;
    let mut times = Vec::new();
    let mut time = r.unit() - 0.5;
    for _ in 0..count {
        times.push(time as f32);
        time += match r.below(10) {
            0 => 0.0,
            1 => -0.3,
            _ => r.unit(),
        };
    }
    if r.below(20) == 0 {
        times[r.below(count as u64) as usize] = f32::NAN;
    }
    let curves = (0..count).map(|_| curve(r)).collect();
    Shape { times, curves }
}

/// A random timeline of `kind` on shape `s` (its own values; now and
/// then its own curve on a frame, or an odd shape: Beziers cut short, a
/// frame number missing).
fn timeline(r: &mut Rng, s: &Shape, kind: K) -> Timeline {
    let values = if matches!(kind, K::Translate(_) | K::Scale(_) | K::Shear(_)) {
        2
    } else {
        1
    };
    let count = s.times.len();
    let mut frames = Vec::new();
    for &time in &s.times {
        frames.push(time);
        frames.extend((0..values).map(|_| (r.unit() * 20.0 - 10.0) as f32));
    }
    let mut t = Timeline {
        kind,
        frames,
        curves: vec![0.0; count + count * values * BEZIER_SIZE],
    };
    let e = values + 1;
    for frame in 0..count {
        let c = if r.below(8) == 0 {
            curve(r)
        } else {
            s.curves[frame]
        };
        match c {
            Curve::Stepped => t.curves[frame] = 1.0,
            Curve::Linear => {}
            Curve::Odd(v) => t.curves[frame] = v,
            Curve::Bezier(h1, h2) => {
                let frames = t.frames.clone();
                let f = |k: usize| frames.get(k).map_or(0.0, |&v| f64::from(v));
                let (t1, t2) = (f(e * frame), f(e * frame + e));
                let (cx1, cx2) = (t1 + (t2 - t1) * h1, t1 + (t2 - t1) * h2);
                for v in 0..values {
                    let (v1, v2) = (f(e * frame + 1 + v), f(e * frame + e + 1 + v));
                    let (cy1, cy2) = (r.unit() * 20.0 - 10.0, r.unit() * 20.0 - 10.0);
                    let b = frame * values + v;
                    t.set_bezier(b, frame, v, t1, v1, cx1, cy1, cx2, cy2, t2, v2);
                }
            }
        }
    }
    match r.below(12) {
        0 => t
            .curves
            .truncate(r.below(t.curves.len() as u64 + 1) as usize),
        1 => t.frames.pop().map_or((), drop),
        _ => {}
    }
    t
}

/// Bones in the test skeleton (timelines also name one past them).
const BONES: usize = 4;

/// A skeleton's data of [`BONES`] bones and one animation (no timelines).
fn data() -> crate::data::SkeletonData {
    let json = r#"{"bones":[{"name":"root"},{"name":"a","parent":"root"},
        {"name":"b","parent":"a"},{"name":"c","parent":"root"}],
        "animations":{"a":{}}}"#;
    crate::read_skeleton(json, None).expect("reads").data
}

/// A random number, now and then an odd one.
fn number(r: &mut Rng) -> f64 {
    match r.below(30) {
        0 => -0.0,
        1 => 0.0,
        2 => f64::NAN,
        _ => r.unit() * 8.0 - 4.0,
    }
}

/// Random numbers into these.
fn fill(r: &mut Rng, values: [&mut f64; 7]) {
    for v in values {
        *v = number(r);
    }
}

/// A random pose's local values.
fn scramble(r: &mut Rng, p: &mut crate::pose::BonePose) {
    let (x, y, rotation) = (&mut p.x, &mut p.y, &mut p.rotation);
    let (scale_x, scale_y) = (&mut p.scale_x, &mut p.scale_y);
    fill(
        r,
        [
            x,
            y,
            rotation,
            scale_x,
            scale_y,
            &mut p.shear_x,
            &mut p.shear_y,
        ],
    );
}

/// The bits of a pose's local values.
fn bits(p: &crate::pose::BonePose) -> ([u64; 7], Option<Inherit>) {
    let v = [
        p.x, p.y, p.rotation, p.scale_x, p.scale_y, p.shear_x, p.shear_y,
    ];
    (v.map(f64::to_bits), p.inherit)
}

/// Applying an animation through its plan poses the bones exactly as
/// applying its timelines one by one through the general path does, with
/// times shared between timelines, bones repeated (runs cut), general
/// timelines among the fast ones, inactive and missing bones (which bones
/// are active changing between applies, as a new update cache changes
/// them), and every way of mixing.
#[test]
fn applies_agree_with_the_general_path() {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let base = data();
    let (mut parts, mut general, mut runs, mut points, mut groups) = (0, 0, 0, 0, 0);
    for case in 0..1500 {
        let mut data = base.clone();
        for b in &mut data.bones {
            let s = &mut b.setup;
            let (x, y, rotation) = (&mut s.x, &mut s.y, &mut s.rotation);
            let (scale_x, scale_y) = (&mut s.scale_x, &mut s.scale_y);
            let values = [
                x,
                y,
                rotation,
                scale_x,
                scale_y,
                &mut s.shear_x,
                &mut s.shear_y,
            ];
            fill(&mut r, values);
        }
        // Timelines of one or two shapes.
        let shapes = [shape(&mut r), shape(&mut r)];
        let timelines: Vec<Timeline> = (0..1 + r.below(10))
            .map(|_| {
                let b = r.below(BONES as u64 + 1) as usize;
                let kinds = [
                    K::Rotate(b),
                    K::TranslateX(b),
                    K::TranslateY(b),
                    K::ScaleX(b),
                    K::ScaleY(b),
                    K::ShearX(b),
                    K::ShearY(b),
                    K::Translate(b),
                    K::Scale(b),
                    K::Shear(b),
                    K::Inherit(b, vec![Some(Inherit::NoScale); 6]),
                ];
                let kind = kinds[r.below(kinds.len() as u64) as usize].clone();
                let s = &shapes[r.below(2) as usize];
                timeline(&mut r, s, kind)
            })
            .collect();
        data.animations[0].timelines = timelines;
        let mut fast = Skeleton::new(&data).expect("a skeleton");
        let plan = Plan::new(&data.animations[0], &fast.setup);
        for s in plan.steps.iter() {
            match s {
                Step::Run(run) => {
                    runs += 1;
                    for g in run.groups.iter() {
                        parts += g.blocks[0].iter().map(|l| l.targets.len()).sum::<usize>();
                        for lane in g.blocks.iter().flatten() {
                            if let Values::Points { .. } = lane.values {
                                points += lane.targets.len();
                            }
                        }
                    }
                }
                Step::General(_) => general += 1,
            }
        }
        groups += plan.xs.len();
        for b in &mut fast.bones {
            scramble(&mut r, &mut b.pose);
            scramble(&mut r, &mut b.constrained);
            b.constrained_applied = r.below(3) == 0;
            b.active = r.below(6) != 0;
        }
        if case % 7 == 0 {
            fast.bones.truncate(r.below(BONES as u64) as usize);
        }
        let mut slow = fast.clone();
        let mut times: Vec<f64> = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        for t in &data.animations[0].timelines {
            times.extend(t.frames.iter().map(|&v| f64::from(v)));
            // Some Bezier sample times (and values).
            let curves = t.curves.len() as u64;
            let samples = (0..8).filter_map(|_| t.curves.get(r.below(curves.max(1)) as usize));
            times.extend(samples.map(|&v| f64::from(v)).collect::<Vec<_>>());
        }
        times.extend((0..20).map(|_| r.unit() * 4.0 - 1.5));
        let froms = [MixFrom::Setup, MixFrom::First, MixFrom::Current];
        let mut last = -1.0;
        for time in times {
            let m = if r.below(3) == 0 {
                super::super::OVER_SETUP
            } else {
                Mix {
                    alpha: [1.0, 0.5, 0.0, -0.25, 1.5][r.below(5) as usize],
                    from: froms[r.below(3) as usize],
                    add: r.below(2) == 0,
                    out: r.below(2) == 0,
                    applied: r.below(2) == 0,
                }
            };
            if r.below(8) == 0 {
                // Another update cache build with other bones active: the
                // plan must not keep what it found for the last build.
                for (a, b) in fast.bones.iter_mut().zip(&mut slow.bones) {
                    a.active = r.below(6) != 0;
                    b.active = a.active;
                }
                fast.cache_builds += 1;
            }
            apply(&mut fast, 0, last, time, false, None, m).expect("bone timelines apply");
            for t in &data.animations[0].timelines {
                apply_timeline(&mut slow, t, last, time, None, m).expect("bone timelines apply");
            }
            for (a, b) in fast.bones.iter().zip(&slow.bones) {
                assert_eq!(
                    (bits(&a.pose), bits(&a.constrained)),
                    (bits(&b.pose), bits(&b.constrained)),
                    "case {case} at {time} with {m:?}: {:?}",
                    data.animations[0].timelines
                );
            }
            last = time;
        }
    }
    assert!(
        parts > 4000 && general > 2000 && runs > 1500,
        "{parts} parts in {runs} runs, {general} general"
    );
    // Most linear and Bezier segments share their times.
    assert!(
        points > 3 * groups / 2,
        "{points} segments in {groups} x groups"
    );
}

/// A run ends at a general timeline and before a part that would set a
/// value it already sets; other parts join it, grouped by key group and
/// frame into lanes.
#[test]
fn runs_end_at_repeated_values() {
    let key = |kind: K, frames: Vec<f32>| Timeline {
        kind,
        frames,
        curves: vec![0.0, 0.0],
    };
    let one = |k: K| key(k, vec![0.0, 1.0, 1.0, 2.0]);
    let two = |k: K| key(k, vec![0.0, 1.0, 2.0, 2.0, 3.0, 4.0]);
    let setup = vec![
        BoneLocal {
            x: 0.0,
            y: 0.0,
            rotation: 0.0,
            scale_x: 1.0,
            scale_y: 1.0,
            shear_x: 0.0,
            shear_y: 0.0,
            inherit: Some(Inherit::Normal)
        };
        3
    ];
    let shape = |timelines: Vec<Timeline>| {
        let plan = Plan::of(&timelines, &setup);
        let steps = plan.steps.iter().map(|s| match s {
            // Per run: per key group, the lanes on the first frame.
            Step::Run(r) => r.groups.iter().map(|g| g.blocks[1].len()).collect(),
            Step::General(i) => vec![100 + i],
        });
        steps.collect::<Vec<Vec<usize>>>()
    };
    assert_eq!(
        shape(vec![
            one(K::Rotate(0)),
            one(K::Rotate(1)),
            one(K::TranslateX(0))
        ]),
        vec![vec![2]]
    );
    assert_eq!(
        shape(vec![one(K::Rotate(0)), one(K::Rotate(0))]),
        vec![vec![1], vec![1]]
    );
    assert_eq!(
        shape(vec![
            two(K::Translate(0)),
            one(K::Rotate(2)),
            one(K::TranslateY(0))
        ]),
        vec![vec![2, 1], vec![1]]
    );
    assert_eq!(
        shape(vec![
            one(K::Rotate(0)),
            one(K::Inherit(0, vec![])),
            one(K::Rotate(1))
        ]),
        vec![vec![1], vec![101], vec![1]]
    );
    // A bone without setup values is left out.
    assert_eq!(
        shape(vec![one(K::Rotate(3)), one(K::Rotate(3))]),
        Vec::<Vec<usize>>::new()
    );
}

/// Timelines of odd shape take the general path.
#[test]
fn odd_shapes_are_general() {
    let t = |frames: Vec<f32>, curves: Vec<f32>| Timeline {
        kind: K::ShearY(0),
        frames,
        curves,
    };
    let fast = |t: Timeline| Builder::default().parts(&t, &mut Vec::new());
    assert!(!fast(t(vec![0.0], vec![1.0])));
    assert!(!fast(t(vec![0.0, 1.0, 2.0], vec![1.0])));
    assert!(!fast(t(vec![0.0, 1.0, 2.0, 3.0], vec![1.0])));
    assert!(!fast(t(vec![0.0, 1.0, 2.0, 3.0], vec![2.5, 1.0])));
    assert!(!fast(t(vec![0.0, 1.0, 2.0, 3.0], vec![4.0, 1.0, 0.0])));
    assert!(fast(t(vec![0.0, 1.0, 2.0, 3.0], vec![0.0, 1.0])));
    let t2 = |frames: Vec<f32>, curves: Vec<f32>| Timeline {
        kind: K::Scale(0),
        frames,
        curves,
    };
    assert!(!fast(t2(vec![0.0, 1.0, 2.0, 3.0], vec![0.0, 0.0])));
    let mut bezier = vec![4.0, 0.0];
    bezier.extend([0.5; 2 * BEZIER_SIZE]);
    assert!(fast(t2(vec![0.0; 6], bezier.clone())));
    bezier.pop();
    assert!(
        !fast(t2(vec![0.0; 6], bezier)),
        "the second value cut short"
    );
}

/// Skeletons of one data made with one `Plans` share its animations'
/// plans: the second skeleton copies the first one's plan, and a change to
/// the data between two skeletons — a key's value, a zero's sign, a curve
/// handle, a setup value — makes the next one build its own, posing as the
/// general path does. A skeleton made without shared plans builds its own
/// and leaves the shared ones alone.
#[test]
fn skeletons_share_plans_until_the_data_changes() {
    let json = r#"{"bones":[{"name":"root"},{"name":"a","parent":"root","rotation":10},
        {"name":"b","parent":"a","x":5}],
        "animations":{"run":{"bones":{
            "a":{"rotate":[{"time":0,"value":0,"curve":[0.25,0,0.5,30]},{"time":1,"value":30},
                {"time":2,"value":-10}]},
            "b":{"translate":[{"time":0,"x":0,"y":0},{"time":1,"x":10,"y":-5}]}}}}}"#;
    let mut data = crate::read_skeleton(json, None).expect("reads").data;
    let plans = crate::pose::Plans::default();
    // The bones' local values after each of a few applies, through the
    // plan or through the general path.
    let poses = |data: &crate::data::SkeletonData, general: bool| {
        let mut sk = Skeleton::with_plans(data, &plans).expect("a skeleton");
        let (mut out, mut last) = (Vec::new(), -1.0);
        for time in [0.0, 0.3, 1.0, 1.5, 2.5] {
            sk.setup_pose();
            if general {
                for t in &data.animations[0].timelines {
                    apply_timeline(&mut sk, t, last, time, None, super::super::OVER_SETUP)
                        .expect("applies");
                }
            } else {
                apply(
                    &mut sk,
                    0,
                    last,
                    time,
                    false,
                    None,
                    super::super::OVER_SETUP,
                )
                .expect("applies");
            }
            out.extend(sk.bones.iter().map(|b| bits(&b.pose)));
            last = time;
        }
        out
    };
    let first = poses(&data, false);
    assert_eq!(first, poses(&data, true));
    let built = plans.entry(0).expect("cached");
    assert_eq!(poses(&data, false), first);
    assert_eq!(plans.entry(0), Some(built), "the second skeleton copies");
    let mut own = Skeleton::new(&data).expect("a skeleton");
    own.apply_over_setup(0, -1.0, 0.3, false, None)
        .expect("applies");
    assert_eq!(
        plans.entry(0),
        Some(built),
        "an unshared skeleton builds its own"
    );
    let changes: [fn(&mut crate::data::SkeletonData); 4] = [
        |d| d.animations[0].timelines[0].frames[3] += 5.0,
        |d| d.animations[0].timelines[0].frames[1] = -0.0,
        |d| d.animations[0].timelines[0].curves[2] += 0.125,
        |d| d.bones[2].setup.x += 2.0,
    ];
    for (k, change) in changes.into_iter().enumerate() {
        let before = plans.entry(0);
        change(&mut data);
        assert_eq!(poses(&data, false), poses(&data, true), "change {k}");
        assert_ne!(plans.entry(0), before, "change {k} builds anew");
    }
}
