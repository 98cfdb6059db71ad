//! This module owns a `ribbon` generator block's parameters (FORMAT.md
//! §2.7.3): `size` (the part window `[w, h]`, two positive numbers; the part
//! image must be that size, which the meshgen stage checks), `rows` (cross
//! rows, the entry row included, a whole number 2..512) and `chain` (the bones
//! that move the strip, root first) — each refusal located at its value.
//!
//! Decided where the spec is silent: the chain is a **parent chain**, each
//! bone the parent of the next (`chain[i+1].parent == chain[i]`). A row
//! between two chain bones is blended between them; two bones that are not
//! joined move independently, so the blend would tear the strip where one
//! bone's span should meet the next — a ribbon over unrelated bones is
//! refused rather than built to come apart. A bone named twice is refused
//! (its second place in the chain means nothing). The chain's root need not
//! be the slot's bone; setup refuses a chain it cannot place in the slot
//! bone's setup space. `depth` and `soft` are not a ribbon's keys (its
//! weights are the chain's).

use rigc_diag::codes;

use super::super::bones::Bones;
use super::super::read::{absent_at, q, Diags};
use super::refuse;
use rigc_diag::cursor::Node;
use rigc_meshgen::ribbon::{self, Params};

/// A ribbon block's keys.
pub(super) const KEYS: &[&str] = &["kind", "size", "rows", "chain"];

/// `size`, `rows` and `chain` of the ribbon block `g`.
pub(super) fn params(g: &Node, where_: &str, bones: &Bones, d: &mut Diags) -> Option<Params> {
    let code = codes::RIG_GENERATOR_RIBBON;
    let (rows, chain) = (g.get("rows"), g.get("chain"));
    if rows.is_none() || chain.is_none() {
        d.push(
            absent_at(g, code, format!("{where_}: a ribbon mesh needs \"rows\" and a \"chain\" — its cross rows (the entry row included) and the bones that move it, root first"))
                .help("add \"rows\": 6, \"chain\": [\"<root bone>\", \"<its child>\"]"),
        );
    }
    let size = match g.get("size") {
        None => {
            d.push(
                absent_at(g, code, format!("{where_}: a ribbon mesh needs \"size\", its part window [w, h] in pixels (the part image's size)"))
                    .help("add \"size\": [<image width>, <image height>]"),
            );
            None
        }
        Some(s) => size(&s, where_, d),
    };
    let rows = rows.and_then(|r| row_count(&r, where_, d));
    let chain = chain.and_then(|c| bone_chain(&c, where_, bones, d));
    Some(Params {
        size: size?,
        rows: rows?,
        chain: chain?,
    })
}

/// `size`: two positive numbers.
fn size(s: &Node, where_: &str, d: &mut Diags) -> Option<[f64; 2]> {
    let help = "write \"size\": [w, h], the part image's width and height in pixels";
    let pair: Option<Vec<f64>> = s
        .is_array()
        .then(|| {
            s.elements()
                .map(|e| e.as_f64())
                .collect::<Option<Vec<f64>>>()
        })
        .flatten();
    let problem = match pair.as_deref() {
        Some(&[w, h]) => ribbon::size_problem([w, h]).map(|m| (m, Some([w, h]))),
        _ => Some((
            format!(
                "\"size\" is {}; it is the part window [w, h] in pixels, two positive numbers",
                s.describe()
            ),
            None,
        )),
    };
    match problem {
        Some((m, _)) => {
            refuse(
                d,
                s,
                codes::RIG_GENERATOR_RIBBON,
                format!("{where_}: {m}"),
                help,
            );
            None
        }
        None => pair.map(|p| [p[0], p[1]]),
    }
}

/// `rows`: a whole number 2..=512.
fn row_count(r: &Node, where_: &str, d: &mut Diags) -> Option<u32> {
    let problem = match r.as_f64() {
        None => Some(format!(
            "\"rows\" is {}; it is the strip's cross rows, the entry row included — a whole number of at least 2",
            r.describe()
        )),
        Some(n) => ribbon::rows_problem(n),
    };
    if let Some(m) = problem {
        refuse(
            d,
            r,
            codes::RIG_GENERATOR_RIBBON,
            format!("{where_}: {m}"),
            "state a whole number of rows, 2 to 512",
        );
        return None;
    }
    r.as_f64().map(|n| n as u32)
}

/// `chain`: declared bones, root first, each the parent of the next, none
/// twice.
fn bone_chain(c: &Node, where_: &str, bones: &Bones, d: &mut Diags) -> Option<Vec<String>> {
    let code = codes::RIG_GENERATOR_RIBBON;
    if !c.is_array() || c.array_len() == Some(0) {
        let is = if c.is_array() {
            "an empty array".to_string()
        } else {
            c.describe()
        };
        refuse(
            d,
            c,
            code,
            format!(
                "{where_}: \"chain\" is {is}; it is a non-empty array of bone names, root first"
            ),
            "write \"chain\": [\"<root bone>\", \"<its child>\", …]",
        );
        return None;
    }
    let mut out: Vec<String> = Vec::new();
    for (i, e) in c.elements().enumerate() {
        let Some(name) = e.as_str() else {
            refuse(
                d,
                &e,
                code,
                format!(
                    "{where_}: \"chain\"[{i}] is {}; it is a bone name",
                    e.describe()
                ),
                "write each chain entry as a bone's name",
            );
            return None;
        };
        if !bones.has(name) {
            if bones.complete {
                refuse(
                    d,
                    &e,
                    code,
                    format!(
                        "{where_}: mesh bone {} is not in the rig's bone list",
                        q(name)
                    ),
                    "declare the bone under \"bones\", or name one that is declared",
                );
            }
            return None;
        }
        if let Some(j) = out.iter().position(|b| b == name) {
            refuse(
                d,
                &e,
                code,
                format!("{where_}: \"chain\"[{i}] names bone {} again (it is \"chain\"[{j}]); a chain names each bone once", q(name)),
                "drop the repeated bone",
            );
            return None;
        }
        if let Some(prev) = out.last() {
            let parent = bones
                .list
                .iter()
                .find(|b| b.bone.name == name)
                .and_then(|b| b.bone.parent.clone());
            if parent.as_deref() != Some(prev.as_str()) {
                let has = parent.map_or_else(
                    || "it is a root".to_string(),
                    |p| format!("its parent is {}", q(&p)),
                );
                refuse(
                    d,
                    &e,
                    code,
                    format!("{where_}: chain bone {} is not a child of {} ({has}); a ribbon's chain runs root first, each bone the parent of the next, so the rows blended between two of them move with joined bones", q(name), q(prev)),
                    "list the chain from its root down one line of parents, or make each bone the child of the one before it",
                );
                return None;
            }
        }
        out.push(name.to_string());
    }
    Some(out)
}
