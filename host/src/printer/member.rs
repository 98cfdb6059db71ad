//! This module owns the lines of the `MEMBER` block `explain` prints (FORMAT.md
//! §6.5): the block's header and its `..` explanation, then per key one
//! `MEMBER` line, for a `derive` model its formula and the scalars it is
//! evaluated from, and a row per member — rendered from
//! `stages::animation::members`' data, never re-read.

use crate::stages::animation::derive::{scale_word, Projection};
use crate::stages::animation::members::{MemberKey, Model};
use rigc_sdk::num::{f64_text, fixed};

/// The block's header and explanation, printed once above its keys.
const HEADER: [&str; 5] = [
    "group members  (the per-member values of one track, side by side — issue #295)",
    "  ..    a row per member and a block per key, because a wrong sign is visible in a column of six and",
    "  ..    invisible in six tracks. Values are the EMITTED ones, so this and the artifact cannot disagree",
    "  ..    a group whose members all share one value is not here: there is one number and the timelines",
    "  ..    above already carry it. `stagger` is not here either — the shifted key times are on those timelines",
];

/// The whole block: nothing when no key qualifies, else the header and every key.
pub fn render(keys: &[MemberKey]) -> Vec<String> {
    if keys.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<String> = HEADER.iter().map(|l| l.to_string()).collect();
    for k in keys {
        out.extend(key_lines(k));
    }
    out
}

/// One key's lines: its `MEMBER` line, a model's formula and scalars, its rows.
pub fn key_lines(k: &MemberKey) -> Vec<String> {
    let states = match &k.model {
        None => "stated per member".to_string(),
        Some(m) => format!(
            "derive {}  {}  -> {}",
            m.kind.name(),
            params(m),
            match m.projection {
                Projection::Displacement => "the displacement",
                Projection::Narrowing => "the narrowing",
            }
        ),
    };
    let mut out = vec![format!(
        "  MEMBER  {}  {} \"{}\".{}  t={}  {} member(s)  {states}",
        k.animation,
        k.target_kind,
        k.target,
        k.property,
        fixed(k.time, 6),
        k.rows.len()
    )];
    if let Some(m) = &k.model {
        out.push(format!("          {}", formula(m)));
        out.extend(scalars(m).into_iter().map(|s| format!("            {s}")));
    }
    let width = k
        .rows
        .iter()
        .map(|r| r.member.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    for r in &k.rows {
        let mut line = format!(
            "            {:<width$}  {:>12}",
            r.member,
            r.value.join(", ")
        );
        if let Some((coord, depth)) = r.derived {
            let pad = if coord >= 0.0 { " " } else { "" };
            line.push_str(&format!(
                "  <- {pad}{} at depth {}",
                f64_text(coord),
                f64_text(depth)
            ));
        }
        out.push(line);
    }
    out
}

/// The stated parameters, `degrees=12 carried=170` (and `about=…` when stated).
fn params(m: &Model) -> String {
    let mut p = vec![format!("degrees={}", f64_text(m.degrees))];
    if let Some(c) = m.carried {
        p.push(format!("carried={}", f64_text(c)));
    }
    if let Some(a) = m.about {
        p.push(format!("about={}", f64_text(a)));
    }
    p.join(" ")
}

/// The closed form the model evaluates, in the kind's own coordinate.
fn formula(m: &Model) -> String {
    let axis = m.kind.axis();
    match m.projection {
        Projection::Displacement => {
            format!("d{axis} = ({axis}−about)·(cos t − 1) − (depth − carried)·sin t")
        }
        Projection::Narrowing => format!(
            "{} = cos(α − t) / cos α,  α = atan2({axis} − about, depth)",
            scale_word(m.kind)
        ),
    }
}

/// The scalars the rows are evaluated from.
fn scalars(m: &Model) -> Vec<String> {
    let t = m.radians;
    let mut out = vec![format!("t = {} rad", fixed(t, 5))];
    match m.projection {
        Projection::Displacement => {
            out.push(format!("cos t − 1 = {}", fixed(t.cos() - 1.0, 6)));
            out.push(format!("sin t = {}", fixed(t.sin(), 6)));
            if let Some(c) = m.carried {
                out.push(format!(
                    "shift the parent carries = −carried·sin t = {}",
                    fixed(-c * t.sin(), 6)
                ));
            }
        }
        Projection::Narrowing => out.push(format!("cos t = {}", fixed(t.cos(), 6))),
    }
    out
}

#[cfg(test)]
mod tests;
