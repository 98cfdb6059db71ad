//! This module owns a `ring` generator block (FORMAT.md §2.7.3): `hull`
//! (≥ 6 `[x, y]` points), `center`, `inner`, `size`, `bias` (`axis_deg`,
//! `ramp`) and `controls` (bone names) read into a [`RingSpec`], every
//! refusal located at its value — the shape here, the geometry through
//! `rigc_meshgen::ring::problem`, so the parser and the generator hold one
//! rule. `controls` is required and non-empty (`a mesh with no control bone
//! deforms nothing`), each a declared bone (`mesh bone "X" is not in the
//! rig's bone list`), none twice. A ring takes no `depth` or `soft` block
//! (unknown keys): its inside is moved by its controls.

use rigc_diag::codes;
use rigc_diag::cursor::Node;
use rigc_diag::Loc;
use rigc_meshgen::ring::{self, Bias, Where};

use super::super::bones::Bones;
use super::super::read::{absent_at, q, Diags};
use super::super::types::RingSpec;

/// The keys of a ring generator.
pub(super) const RING_KEYS: &[&str] = &[
    "kind", "hull", "center", "inner", "size", "bias", "controls",
];
const BIAS_KEYS: &[&str] = &["axis_deg", "ramp"];

/// A refusal of the ring at `at`.
fn refuse(d: &mut Diags, at: &Node, m: String, help: &str) {
    d.push(at.err(codes::RIG_GENERATOR_RING, m).help(help.to_string()));
}

/// The required field `key` of `g`, refused by name when absent.
fn required<'a>(
    g: &Node<'a>,
    key: &str,
    what: &str,
    where_: &str,
    d: &mut Diags,
) -> Option<Node<'a>> {
    let v = g.get(key);
    if v.is_none() {
        d.push(
            absent_at(
                g,
                codes::RIG_GENERATOR_RING,
                format!("{where_}: a ring generator needs \"{key}\", {what}"),
            )
            .help(format!("add \"{key}\" (FORMAT.md §2.7.3)")),
        );
    }
    v
}

/// `[x, y]`, two numbers.
fn pair(v: &Node, name: &str, where_: &str, d: &mut Diags) -> Option<[f64; 2]> {
    let xy: Vec<f64> = v.elements().filter_map(|e| e.as_f64()).collect();
    if v.is_array() && v.elements().len() == 2 && xy.len() == 2 {
        return Some([xy[0], xy[1]]);
    }
    refuse(
        d,
        v,
        format!(
            "{where_}: ring {name} is {}; it is [x, y], two finite numbers",
            v.describe()
        ),
        "write the point as [x, y] in part pixels (x right, y down)",
    );
    None
}

/// A number.
fn number(v: &Node, name: &str, what: &str, where_: &str, d: &mut Diags) -> Option<f64> {
    let n = v.as_f64();
    if n.is_none() {
        refuse(
            d,
            v,
            format!(
                "{where_}: ring {name} is {}, which is not a finite number; it is {what}",
                v.describe()
            ),
            "write it as a number",
        );
    }
    n
}

/// Reads the ring block `g`; `None` when refused (every refusal pushed).
pub(super) fn parse(g: &Node, where_: &str, bones: &Bones, d: &mut Diags) -> Option<RingSpec> {
    let before = d.len();
    let hull_n = required(
        g,
        "hull",
        "the seam contour, at least 6 [x, y] points in part pixels",
        where_,
        d,
    );
    let center_n = required(
        g,
        "center",
        "the aperture centre, [x, y] in part pixels",
        where_,
        d,
    );
    let inner_n = required(
        g,
        "inner",
        "where the inner ring sits between the centre (0) and the seam (1)",
        where_,
        d,
    );
    let size_n = required(g, "size", "the part window [w, h], pixels", where_, d);
    let mut hull = Vec::new();
    if let Some(h) = &hull_n {
        if h.is_array() {
            for (i, e) in h.elements().enumerate() {
                hull.extend(pair(&e, &format!("hull[{i}]"), where_, d));
            }
        } else {
            refuse(
                d,
                h,
                format!("{where_}: ring hull is {}; it is an array of at least 6 [x, y] points (the seam contour, part pixels, y down)", h.describe()),
                "write \"hull\": [[x, y], …] round the aperture",
            );
        }
    }
    let center = center_n.as_ref().and_then(|c| pair(c, "center", where_, d));
    let inner = inner_n.as_ref().and_then(|v| {
        number(
            v,
            "inner",
            "the inner ring's place between the centre (0) and the seam (1)",
            where_,
            d,
        )
    });
    let size = size_n.as_ref().and_then(|s| pair(s, "size", where_, d));
    let bias = g.get("bias").and_then(|b| bias(&b, where_, d));
    let controls = controls(g, where_, bones, d);
    if d.len() != before {
        return None;
    }
    let params = ring::Params {
        hull,
        center: center?,
        inner: inner?,
        size: size?,
        bias,
    };
    if let Some((at, m)) = ring::problem(&params) {
        let node = match at {
            Where::Hull(Some(i)) => hull_n.as_ref().and_then(|h| h.element(i)),
            Where::Hull(None) => hull_n.clone(),
            Where::Center => center_n.clone(),
            Where::Inner => inner_n.clone(),
            Where::Size => size_n.clone(),
            Where::Ramp => g.get("bias").and_then(|b| b.get("ramp")),
        }
        .unwrap_or_else(|| g.clone());
        refuse(d, &node, format!("{where_}: {m}"), "move the seam, centre or window so the aperture is seen whole from its centre (FORMAT.md §2.7.3)");
        return None;
    }
    Some(RingSpec {
        params,
        controls: controls?,
    })
}

/// `bias`: `{ axis_deg, ramp: [a, b] }`.
fn bias(b: &Node, where_: &str, d: &mut Diags) -> Option<Bias> {
    if !b.is_object() {
        refuse(
            d,
            b,
            format!(
                "{where_}: ring bias is {}; it is an object {{ \"axis_deg\", \"ramp\": [a, b] }}",
                b.describe()
            ),
            "write \"bias\": { \"axis_deg\": 90, \"ramp\": [-4, 4] }",
        );
        return None;
    }
    let unknown = b.unknown_keys(BIAS_KEYS, &format!("ring bias ({where_})"));
    if !unknown.is_empty() {
        d.extend(unknown);
        return None;
    }
    let axis = required(
        b,
        "axis_deg",
        "the axis control authority grows along, screen degrees (y down)",
        where_,
        d,
    )
    .and_then(|v| number(&v, "bias axis_deg", "screen degrees, y down", where_, d));
    let ramp = required(
        b,
        "ramp",
        "the signed distances [a, b] over which control authority goes 0 to 1",
        where_,
        d,
    )
    .and_then(|v| pair(&v, "bias ramp", where_, d));
    Some(Bias {
        axis_deg: axis?,
        ramp: ramp?,
    })
}

/// `controls`: declared bone names, at least one, none twice.
fn controls(g: &Node, where_: &str, bones: &Bones, d: &mut Diags) -> Option<Vec<String>> {
    let help = "name the bone(s) that move the aperture: \"controls\": [\"<bone>\"]";
    let none = format!("{where_}: a mesh with no control bone deforms nothing");
    let Some(c) = g.get("controls") else {
        d.push(absent_at(g, codes::RIG_GENERATOR_RING, none).help(help));
        return None;
    };
    if !c.is_array() {
        refuse(
            d,
            &c,
            format!(
                "{where_}: ring controls is {}; it is an array of bone names",
                c.describe()
            ),
            help,
        );
        return None;
    }
    if c.elements().len() == 0 {
        refuse(d, &c, none, help);
        return None;
    }
    let mut out: Vec<String> = Vec::new();
    for (i, e) in c.elements().enumerate() {
        let Some(name) = e.as_str() else {
            refuse(
                d,
                &e,
                format!(
                    "{where_}: ring controls[{i}] is {}; it is a bone name",
                    e.describe()
                ),
                help,
            );
            return None;
        };
        if !bones.has(name) {
            refuse(
                d,
                &e,
                format!(
                    "{where_}: mesh bone {} is not in the rig's bone list",
                    q(name)
                ),
                "declare the bone under \"bones\", or name one that is declared",
            );
            return None;
        }
        if out.iter().any(|o| o == name) {
            refuse(d, &e, format!("{where_}: ring controls names bone {} twice; each control takes its own share of the ring", q(name)), "name each control bone once");
            return None;
        }
        out.push(name.to_string());
    }
    Some(out)
}

/// Where each control is (`controls.<i>`), for the setup refusals that name
/// one.
pub(super) fn locs(g: &Node) -> Vec<(String, Loc)> {
    g.get("controls")
        .map(|c| {
            c.elements()
                .enumerate()
                .map(|(i, e)| (format!("controls.{i}"), e.loc()))
                .collect()
        })
        .unwrap_or_default()
}
