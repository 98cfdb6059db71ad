//! This module owns how a build's stage log reads: the stages that ran or
//! came from the cache as one list, in order, with the measure stages of a
//! first build folded (`measure×13`) and those of an edit named.

use crate::stage::{named, StageEvent};

/// More measure stages than this fold into `measure×N`; fewer are named.
const NAMED_MEASURES: usize = 3;

/// `names` as one list: more than three `measure:*` stages fold into
/// `measure×N`, first; otherwise every stage is named, in order.
pub fn stage_list(names: &[&str]) -> String {
    let measures = names.iter().filter(|n| n.starts_with("measure:")).count();
    if measures <= NAMED_MEASURES {
        return names.join(", ");
    }
    let mut out = vec![format!("measure×{measures}")];
    out.extend(
        names
            .iter()
            .filter(|n| !n.starts_with("measure:"))
            .map(|n| n.to_string()),
    );
    out.join(", ")
}

/// The stages of `log` that ran, and those the cache served.
pub fn split(log: &[StageEvent]) -> (Vec<&str>, Vec<&str>) {
    (named(log, true), named(log, false))
}

/// `ran a, b (N cached)`, or `nothing ran (N cached)`.
pub fn ran_text(log: &[StageEvent]) -> String {
    let (ran, cached) = split(log);
    if ran.is_empty() {
        format!("nothing ran ({} cached)", cached.len())
    } else {
        format!("ran {} ({} cached)", stage_list(&ran), cached.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(stages: &[(&str, bool)]) -> Vec<StageEvent> {
        stages
            .iter()
            .map(|(s, ran)| {
                if *ran {
                    StageEvent::ran(s.to_string())
                } else {
                    StageEvent::cached(s.to_string())
                }
            })
            .collect()
    }

    #[test]
    fn stage_lists() {
        let edit = log(&[
            ("parse:rig", false),
            ("parse:motion", true),
            ("measure:a.png", false),
            ("setup", false),
            ("animation:crawl", true),
            ("animation:idle", false),
            ("emit:spine", true),
        ]);
        assert_eq!(
            ran_text(&edit),
            "ran parse:motion, animation:crawl, emit:spine (4 cached)"
        );
        let first: Vec<(String, bool)> = (0..5)
            .map(|i| (format!("measure:{i}.png"), true))
            .chain([("setup".to_string(), true)])
            .collect();
        let first: Vec<(&str, bool)> = first.iter().map(|(s, r)| (s.as_str(), *r)).collect();
        assert_eq!(ran_text(&log(&first)), "ran measure×5, setup (0 cached)");
        assert_eq!(
            ran_text(&log(&[("parse:rig", false)])),
            "nothing ran (1 cached)"
        );
    }

    #[test]
    fn an_edit_names_its_few_measures() {
        let edit = log(&[
            ("parse:rig", false),
            ("measure:a.png", true),
            ("measure:b.png", false),
            ("setup", true),
        ]);
        assert_eq!(ran_text(&edit), "ran measure:a.png, setup (2 cached)");
        assert_eq!(
            stage_list(&[
                "measure:a",
                "measure:b",
                "measure:c",
                "measure:d",
                "emit:spine"
            ]),
            "measure×4, emit:spine"
        );
        assert_eq!(
            stage_list(&["measure:a", "measure:b", "setup"]),
            "measure:a, measure:b, setup"
        );
    }
}
