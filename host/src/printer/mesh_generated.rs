//! This module owns the continuation lines under a generated mesh's `MESH`
//! line (FORMAT.md §6.2.1): the depth map (`depth "<image>" <digest> near=…
//! zScale=… z=[lo, hi]`), how many vertices sample a texel the art does not
//! draw, the turn ceiling per axis and direction, its 1st percentile, the
//! first triangle to fold with the sheet's level step across it, and the soft
//! mask's line, a segments mesh's influence and lattice lines — each `\n` + 8 spaces + text, rendered from
//! `stages::meshgen::Report`.

use crate::stages::meshgen::{DepthReport, Report, SoftReport};
use rigc_meshgen::ceiling::{Axis, Side};
use rigc_sdk::num::{f64_text, quantise};

/// The continuation text of `r` (empty when it reports nothing more).
pub fn continuation(r: &Report) -> String {
    let mut lines = Vec::new();
    if let Some(d) = &r.depth {
        depth(d, &mut lines);
    }
    if let Some(s) = &r.soft {
        lines.push(soft(s));
    }
    if let Some(s) = &r.segments {
        lines.extend(s.lines());
    }
    lines.iter().map(|l| format!("\n        {l}")).collect()
}

/// A number as the report spells it: six decimals at most, JS's spelling.
fn n(x: f64) -> String {
    f64_text(quantise(x))
}

/// `+19.32°` / `-none`.
fn pair(side: &Option<Side>, sign: char) -> String {
    match side {
        Some(s) => format!("{sign}{:.2}°", s.degrees),
        None => format!("{sign}none"),
    }
}

/// `+19.32° x1.000 of 80`, `+unranked of 5`, `+none`.
fn pct(side: &Option<Side>, sign: char) -> String {
    match side {
        Some(Side {
            p1: Some(p),
            degrees,
            count,
            ..
        }) => {
            format!("{sign}{p:.2}° x{:.3} of {count}", p / degrees)
        }
        Some(Side { count, .. }) => format!("{sign}unranked of {count}"),
        None => format!("{sign}none"),
    }
}

fn depth(d: &DepthReport, lines: &mut Vec<String>) {
    lines.push(format!(
        "depth {} {} near={} zScale={} z=[{}, {}]",
        rigc_diag::json::quote(&d.image),
        d.digest,
        d.near,
        n(d.z_scale),
        n(d.z_range[0]),
        n(d.z_range[1])
    ));
    if d.undrawn > 0 {
        let why = if d.kind == "contour" {
            "a contour mesh pushes every vertex out past the silhouette by its margin"
        } else {
            "a grid spans the whole part window, so the vertices off the art read the sheet where nothing is drawn"
        };
        lines.push(format!(
            "{} of {} vertices sample a texel the part image does not draw — {why}",
            d.undrawn, d.vertices
        ));
    }
    let c = &d.ceiling;
    let [yp, ym, pp, pm] = &c.sides;
    lines.push(format!(
        "turn ceiling  yaw {} / {}   pitch {} / {}",
        pair(yp, '+'),
        pair(ym, '-'),
        pair(pp, '+'),
        pair(pm, '-')
    ));
    let Some(f) = &c.first else {
        lines.push(format!(
            "              nothing in this sheet folds: {} triangle(s) measured, none with a depth gradient across it",
            c.measured
        ));
        return;
    };
    lines.push(format!(
        "  1st pct     yaw {} / {}   pitch {} / {}",
        pct(yp, '+'),
        pct(ym, '-'),
        pct(pp, '+'),
        pct(pm, '-')
    ));
    let flat = if c.flat > 0 {
        format!("; {} triangle(s) too flat in setup to measure", c.flat)
    } else {
        String::new()
    };
    let [i, j, k] = f.vertices;
    lines.push(format!(
        "              first to fold: {} {} at {:.2}°, triangle {} [{i},{j},{k}], the sheet steps {:.2} level(s) across it, which is {:.3} of the range this mesh sampled{flat}",
        match f.axis {
            Axis::Yaw => "yaw",
            Axis::Pitch => "pitch",
        },
        if f.positive { '+' } else { '-' },
        f.degrees,
        f.triangle,
        f.levels,
        f.share
    ));
}

fn soft(s: &SoftReport) -> String {
    format!(
        "soft {} {} -> {}, {} carried / {} in the falloff",
        rigc_diag::json::quote(&s.mask),
        s.digest,
        s.bone,
        s.carried,
        s.falloff
    )
}
