//! This module owns the lines clean prints, one per step in the steps' order,
//! each with its figures: SPIKES (and a SPIKE per replacement), OCCLUDED (and
//! one per replacement), SMOOTH, FLOOR and TRAVEL (with `--loop`), a HOLD per
//! hold, a SEAM per seam, an UNHELD per unheld run and the HOLD summary,
//! INFERRED (with `--hips-inferred`) and JITTER. Figures in trunk lengths carry
//! four decimals, pixels two.

use super::hold::{HoldParams, Holds, Test};
use super::{spikes, Cleaned, Params};

/// A frame range: `a–b`, or `a` for one frame.
pub fn frames(a: usize, b: usize) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}–{b}")
    }
}

/// `frame a`, or `frames a–b`.
pub fn range(a: usize, b: usize) -> String {
    if a == b {
        format!("frame {a}")
    } else {
        format!("frames {a}–{b}")
    }
}

/// A signed figure with a true minus sign, as POSE.md prints it (`−42`).
fn signed(x: f64, decimals: usize) -> String {
    let t = format!("{:+.*}", decimals, x);
    t.replacen('-', "−", 1)
}

fn list(frames: &[usize]) -> String {
    frames
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn px(x: Option<f64>) -> String {
    x.map_or("–".into(), |x| format!("{x:.2}"))
}

/// Every step's lines.
pub fn lines(c: &Cleaned, params: &Params) -> Vec<String> {
    let name = |j: usize| c.person.tracks.get(j).map_or("?", |t| t.joint);
    let mut out = Vec::new();
    let limit = spikes::LIMIT * c.trunk.length;
    let untested = if params.looped {
        "every frame tested (--loop: the windows wrap)".to_string()
    } else if c.spikes.untested.is_empty() {
        "every frame tested".to_string()
    } else {
        format!(
            "untested: frames {} (the clip's ends cut their window; --loop tests every frame)",
            list(&c.spikes.untested)
        )
    };
    out.push(format!(
        "SPIKES {} found (more than {} trunk lengths = {limit:.2} px from the 5-frame median); {untested}",
        c.spikes.found.len(),
        spikes::LIMIT
    ));
    for s in &c.spikes.found {
        out.push(format!(
            "SPIKE frame {} {}: {:.4} trunk lengths from its 5-frame median",
            s.frame,
            name(s.joint),
            s.distance
        ));
    }
    out.push(format!(
        "OCCLUDED {} replaced by their 3-frame median (state inferred, or score under 0.3)",
        c.occluded.len()
    ));
    for o in &c.occluded {
        let mut why = Vec::new();
        if o.inferred {
            why.push("inferred".to_string());
        }
        if let Some(k) = o.low_score {
            why.push(format!("score {k}"));
        }
        out.push(format!(
            "OCCLUDED frame {} {}: {}",
            o.frame,
            name(o.joint),
            why.join(", ")
        ));
    }
    out.push(smooth_line(params));
    if let Some(f) = c.floor {
        out.push(match f.lowest {
            Some(low) => format!(
                "FLOOR y {} px: the lowest ankle back at y {low:.2} px, where it was before smoothing",
                signed(f.shift, 2)
            ),
            None => "FLOOR no ankle has a position; y not shifted".to_string(),
        });
        out.push("TRAVEL in-place (--loop: one cycle, repeated, does not travel)".to_string());
    }
    match (&c.holds, params.hold) {
        (Some(h), Some(p)) => hold_lines(h, &p, &name, &mut out),
        _ => out.push("HOLD off (--hold off): no joint held".to_string()),
    }
    if let Some(hips) = &c.inferred {
        let each: Vec<String> = hips
            .iter()
            .map(|(j, n)| format!("{j} on {n} frame(s)"))
            .collect();
        let each = if each.is_empty() {
            "no hip (the person has none)".to_string()
        } else {
            each.join(", ")
        };
        out.push(format!(
            "INFERRED {each} marked inferred (--hips-inferred: declared); positions and scores unchanged"
        ));
    }
    out.push(match c.jitter {
        (Some(b), Some(a)) => {
            let change = if b > 0.0 {
                format!(" ({} %)", signed((a - b) / b * 100.0, 0))
            } else {
                String::new()
            };
            format!("JITTER {b:.2} → {a:.2} px/f²{change}")
        }
        _ => {
            "JITTER not measured: no joint has three consecutive frames with a position".to_string()
        }
    });
    out
}

fn smooth_line(p: &Params) -> String {
    let w = |n: usize| {
        if n == 1 {
            "1 frame (none)".to_string()
        } else {
            format!("{n} frames")
        }
    };
    if p.legs == 1 && p.rest == 1 {
        return "SMOOTH windows of 1 (--legs 1 --rest 1): nothing smoothed".to_string();
    }
    let ends = if p.looped {
        "wrapped on the loop"
    } else {
        "cut at the clip's ends"
    };
    format!(
        "SMOOTH quadratic Savitzky–Golay: the legs over {}, the rest over {}, {ends}",
        w(p.legs),
        w(p.rest)
    )
}

fn hold_lines(
    h: &Holds,
    p: &HoldParams,
    name: &dyn Fn(usize) -> &'static str,
    out: &mut Vec<String>,
) {
    for hold in &h.holds {
        let s = hold.span;
        let excursion = s.excursion.map_or(String::new(), |(a, b)| {
            format!(", excursion {} kept", frames(a, b))
        });
        let why = if s.excursion.is_some() {
            " (excursion)"
        } else if hold.ramp {
            " (ramp)"
        } else {
            ""
        };
        out.push(format!(
            "HOLD {} {}: speed ≤ {:.4}, reach {:.4}{excursion}; jitter {} → {} px/f²{why}",
            name(hold.joint),
            range(s.first, s.last),
            hold.speed,
            hold.reach,
            px(hold.jitter_before),
            px(hold.jitter_after)
        ));
    }
    for seam in &h.seams {
        out.push(format!(
            "SEAM {} frame {}: step {:.4} trunk lengths, gap {}; cross-faded over {}",
            name(seam.joint),
            seam.frame,
            seam.step,
            seam.gap,
            range(seam.faded.0, seam.faded.1)
        ));
    }
    for u in &h.unheld {
        let figure = match u.test {
            Test::Speed => format!("speed {:.4} ≥ {}", u.value, p.speed),
            Test::Reach => format!("reach {:.4} > {}", u.value, p.reach),
            Test::Short => format!("short {:.2} s < {} s", u.value, p.min_seconds),
            Test::Span => format!(
                "span (still and within reach for {:.2} s; its spans broke elsewhere)",
                u.value
            ),
        };
        out.push(format!(
            "UNHELD {} {}: {figure}",
            name(u.joint),
            range(u.first, u.last)
        ));
    }
    if h.holds.is_empty() {
        out.push(format!(
            "HOLD none: no joint still (speed under {}, reach within {}) for {} s",
            p.speed, p.reach, p.min_seconds
        ));
        return;
    }
    let mut joints: Vec<usize> = h.holds.iter().map(|x| x.joint).collect();
    joints.dedup();
    let regions: Vec<String> = h.regions.iter().map(|(a, b)| frames(*a, *b)).collect();
    out.push(format!(
        "HOLD {} hold(s) of {} joint(s) over {} region(s) (frames {}); {} seam(s) cross-faded; {} unheld run(s)",
        h.holds.len(),
        joints.len(),
        h.regions.len(),
        regions.join(", "),
        h.seams.len(),
        h.unheld.len()
    ));
}
