//! This module owns `rigc diff`'s comparison: two `skeleton.json` documents
//! measured against each other structurally, one ratio per measure in six
//! sections (bones, slots, attachments, constraints, animations, events), and
//! deliberately no combined score. The measures are [`measures`]'; the lines
//! and the `--json` document are [`report`]'s. Reading the files and refusing
//! them is the command's (`crate::commands::diff`).
//!
//! A name-matched measure is scored over the names both sides share; a
//! measure with nothing to compare is `0/0`. Animations are paired by name,
//! and differently named ones by `--as <candidate>=<reference>`.

pub mod measures;
pub mod report;

use serde_json::Value;

/// One measure's outcome: `matched` of `of` agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ratio {
    /// How many agree.
    pub matched: usize,
    /// Out of how many compared (`0` = nothing to compare).
    pub of: usize,
}

impl Ratio {
    /// `matched/of`.
    pub fn text(self) -> String {
        format!("{}/{}", self.matched, self.of)
    }
}

/// A measure: its full name (`bones.names`) and ratio.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Measure {
    /// `<section>.<measure>`.
    pub name: String,
    /// The outcome.
    pub ratio: Ratio,
}

/// One of the six sections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// `bones`, `slots`, `attachments`, `constraints`, `animations`, `events`.
    pub name: &'static str,
    /// Its measures, in a fixed order.
    pub measures: Vec<Measure>,
}

/// An animation of the candidate paired with one of the reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// The candidate's animation.
    pub candidate: String,
    /// The reference's animation.
    pub reference: String,
}

/// The whole comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The animations compared with each other.
    pub pairs: Vec<Pair>,
    /// The six sections, in order.
    pub sections: Vec<Section>,
}

/// The names of a skeleton's animations, in document order.
pub fn animation_names(skeleton: &Value) -> Vec<String> {
    skeleton
        .get("animations")
        .and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default()
}

/// The animation pairs: every `--as` pair, then every name both sides have
/// that no `--as` pair uses. Each `--as` names an animation of its side, and
/// no animation is paired twice; otherwise the refusal says which.
pub fn pair_animations(
    candidate: &Value,
    reference: &Value,
    explicit: &[(String, String)],
) -> Result<Vec<Pair>, String> {
    let (cand, refs) = (animation_names(candidate), animation_names(reference));
    let mut pairs: Vec<Pair> = Vec::new();
    for (c, r) in explicit {
        if !cand.contains(c) {
            return Err(format!(
                "--as {c}={r}: the candidate has no animation \"{c}\" (it has: {})",
                list(&cand)
            ));
        }
        if !refs.contains(r) {
            return Err(format!(
                "--as {c}={r}: the reference has no animation \"{r}\" (it has: {})",
                list(&refs)
            ));
        }
        if let Some(p) = pairs
            .iter()
            .find(|p| &p.candidate == c || &p.reference == r)
        {
            return Err(format!(
                "--as {c}={r}: already paired by --as {}={}; an animation is paired once",
                p.candidate, p.reference
            ));
        }
        pairs.push(Pair {
            candidate: c.clone(),
            reference: r.clone(),
        });
    }
    for name in &cand {
        let used = pairs
            .iter()
            .any(|p| &p.candidate == name || &p.reference == name);
        if !used && refs.contains(name) {
            pairs.push(Pair {
                candidate: name.clone(),
                reference: name.clone(),
            });
        }
    }
    Ok(pairs)
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

/// Parses one `--as` value, `<candidate>=<reference>`.
pub fn parse_as(value: &str) -> Result<(String, String), String> {
    match value.split_once('=') {
        Some((c, r)) if !c.trim().is_empty() && !r.trim().is_empty() => {
            Ok((c.trim().to_string(), r.trim().to_string()))
        }
        _ => Err(format!(
            "--as {value:?}: write <candidate animation>=<reference animation>, e.g. --as walk=stroll"
        )),
    }
}

/// Compares `candidate` with `reference` over the given animation pairs.
pub fn compare(candidate: &Value, reference: &Value, pairs: Vec<Pair>) -> Report {
    let sections = measures::sections(candidate, reference, &pairs);
    Report { pairs, sections }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pairs_by_name_and_by_as_and_refuses_a_second_pairing() {
        let c = json!({"animations": {"walk": {}, "idle": {}, "run": {}}});
        let r = json!({"animations": {"stroll": {}, "idle": {}, "walk": {}}});
        let p = pair_animations(&c, &r, &[("walk".into(), "stroll".into())]).expect("pairs");
        let got: Vec<(&str, &str)> = p
            .iter()
            .map(|p| (p.candidate.as_str(), p.reference.as_str()))
            .collect();
        assert_eq!(got, [("walk", "stroll"), ("idle", "idle")]);
        let twice = pair_animations(
            &c,
            &r,
            &[
                ("walk".into(), "stroll".into()),
                ("run".into(), "stroll".into()),
            ],
        )
        .unwrap_err();
        assert!(twice.contains("already paired"), "{twice}");
        let none = pair_animations(&c, &r, &[("jog".into(), "walk".into())]).unwrap_err();
        assert!(
            none.contains("the candidate has no animation \"jog\""),
            "{none}"
        );
        assert!(parse_as("walk").is_err() && parse_as("=x").is_err());
        assert_eq!(parse_as("a=b"), Ok(("a".into(), "b".into())));
    }
}
