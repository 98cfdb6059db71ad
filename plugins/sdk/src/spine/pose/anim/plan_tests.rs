//! The plan's tests: the fast path against the general one, bit for bit, on
//! random timelines (shared and odd keys included), and which shapes stay general.

use super::*;
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
    let values = if matches!(kind, K::Translate(_)) {
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

/// The fast path samples every timeline it takes exactly as the
/// general path does, with times shared between timelines.
#[test]
fn values_agree_with_the_general_path() {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut fast, mut points, mut groups) = ([0; 2], 0, 0);
    for _ in 0..1500 {
        let s = shape(&mut r);
        let kinds = [K::Rotate(0), K::ScaleX(0), K::Translate(0)];
        let timelines: Vec<Timeline> = (0..1 + r.below(6))
            .map(|_| {
                let kind = kinds[r.below(3) as usize].clone();
                timeline(&mut r, &s, kind)
            })
            .collect();
        let mut plan = Plan::of(&timelines);
        groups += plan.xs.len();
        let mut times: Vec<f64> = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        for t in &timelines {
            times.extend(t.frames.iter().map(|&v| f64::from(v)));
            times.extend(t.curves.iter().map(|&v| f64::from(v)));
        }
        times.extend((0..40).map(|_| r.unit() * 4.0 - 1.5));
        for step in &plan.steps {
            let segs: Vec<_> = match step {
                Step::Rotate { curve, .. } | Step::Bone1 { curve, .. } => {
                    fast[0] += 1;
                    (curve.segs.iter())
                        .filter_map(|s| match s {
                            Seg::Points(p) => Some(p),
                            Seg::Stepped(_) => None,
                        })
                        .collect()
                }
                Step::Bone2 { curve, .. } => {
                    fast[1] += 1;
                    (curve.segs.iter())
                        .flat_map(|s| match s {
                            Seg2::Bezier(p) => p.iter().collect(),
                            _ => vec![],
                        })
                        .collect()
                }
                Step::General(_) => vec![],
            };
            points += segs.len();
        }
        for time in times {
            plan.search(time);
            for (step, t) in plan.steps.iter().zip(&timelines) {
                let c = Curves::new(t);
                let before = c.before_first(time);
                match step {
                    Step::Rotate { curve, .. } | Step::Bone1 { curve, .. } => {
                        let a = plan.value1(curve).map(f64::to_bits);
                        let b = (!before).then(|| c.curve_value(time).to_bits());
                        assert_eq!(a, b, "{t:?} at {time}");
                    }
                    Step::Bone2 { curve, .. } => {
                        let a = plan.value2(curve).map(|v| v.map(f64::to_bits));
                        let b = (!before).then(|| c.values::<2>(time, c.search(time)));
                        assert_eq!(a, b.map(|v| v.map(f64::to_bits)), "{t:?} at {time}");
                    }
                    Step::General(_) => {}
                }
            }
        }
    }
    assert!(
        fast[0] > 2000 && fast[1] > 1000,
        "only {fast:?} timelines fast"
    );
    // Most linear and Bezier segments share their times.
    assert!(
        points > 2 * groups,
        "{points} segments in {groups} x groups"
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
    let fast = |t: Timeline| Builder::default().step(&t).is_some();
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
