//! This module owns A08_REGION_NAMES_MATCH_ATTACHMENTS (validity; GATE.md §3,
//! §1.1): every region lookup a skin entry makes (see [`crate::regions`]) exists
//! verbatim among the atlas region names, and neither a lookup nor a region name
//! carries stray whitespace (the runtime trims neither, so an indent renames the
//! region). A miss names the near one — the region whose trimmed,
//! case-insensitive name matches — when the atlas has one.
//!
//! Runs **before** the round trip, on the raw JSON and the atlas text as the
//! runtime parses it; A00 defers to it on a region miss it names. SKIPs when the
//! gate has no atlas text, the atlas text does not parse, the skeleton JSON does
//! not parse, or no entry looks a region up and the atlas declares none.

use crate::loaded::atlas_or_skip;
use crate::raw::{quote, raw_or_skip};
use crate::regions::{lookups, Lookup};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::spine::atlas::js_trim;
use rigc_sdk::spine::Atlas;
use std::collections::HashSet;

/// A08_REGION_NAMES_MATCH_ATTACHMENTS.
pub struct A08RegionNamesMatchAttachments;

/// The lookups the atlas does not answer (A00 defers to A08 on these).
pub(crate) fn misses<'v>(found: &[Lookup<'v>], atlas: &Atlas) -> Vec<Lookup<'v>> {
    let names: HashSet<&str> = atlas.regions.iter().map(|r| r.name.as_str()).collect();
    found
        .iter()
        .filter(|l| !names.contains(l.region.as_str()))
        .cloned()
        .collect()
}

impl Rule for A08RegionNamesMatchAttachments {
    fn code(&self) -> &'static str {
        "A08_REGION_NAMES_MATCH_ATTACHMENTS"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(atlas) = atlas_or_skip(facts, out) else {
            return;
        };
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let found = lookups(root);
        if found.is_empty() && atlas.regions.is_empty() {
            out.skip(skip_reasons::NO_JOIN);
            return;
        }
        let names: HashSet<&str> = atlas.regions.iter().map(|r| r.name.as_str()).collect();
        for l in &found {
            let at = format!(
                "skin \"{}\" slot \"{}\" placeholder \"{}\": attachment \"{}\"",
                l.skin, l.slot, l.placeholder, l.name
            );
            let subject = Subject::attachment(l.skin, l.slot, l.placeholder);
            if js_trim(&l.region) != l.region {
                out.fail_at(subject, format!(
                    "{at} wants region {}, whose name has stray whitespace — the atlas reader trims no region name, so the lookup and the atlas agree only by accident. Write the name trimmed on both sides",
                    quote(&l.region)
                ));
                continue;
            }
            if names.contains(l.region.as_str()) {
                continue;
            }
            let wanted = js_trim(&l.region).to_lowercase();
            let near = atlas
                .regions
                .iter()
                .find(|r| js_trim(&r.name).to_lowercase() == wanted)
                .map(|r| format!(" — it does have {}", quote(&r.name)))
                .unwrap_or_default();
            out.fail_at(subject, format!(
                "{at} wants region \"{}\", which this atlas does not have{near}. Either the skeleton's \"path\" or the atlas region name is the one that moved",
                l.region
            ));
        }
        for r in &atlas.regions {
            if js_trim(&r.name) != r.name {
                out.fail_at(
                    Subject::of(Target::Region(r.name.clone())),
                    format!("atlas region {} has stray whitespace", quote(&r.name)),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a07_atlas_text_shape::NO_ATLAS_TEXT;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A08RegionNamesMatchAttachments = A08RegionNamesMatchAttachments;

    #[test]
    fn passes_on_the_fixture() {
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn fails_on_a_region_the_atlas_does_not_have() {
        let input = mutant(|v| v["skins"][0]["attachments"]["m"]["m"]["path"] = json!("gone"));
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "skin \"default\" slot \"m\" placeholder \"m\": attachment \"m\" wants region \"gone\", which this atlas does not have. Either the skeleton's \"path\" or the atlas region name is the one that moved",
                Some(Subject::attachment("default", "m", "m")),
            )],
        );
    }

    #[test]
    fn names_the_near_miss() {
        let input = mutant(|v| v["skins"][0]["attachments"]["s"]["r"]["path"] = json!("R"));
        assert_fails(
            &RULE,
            &input,
            &["skin \"default\" slot \"s\" placeholder \"r\": attachment \"r\" wants region \"R\", which this atlas does not have — it does have \"r\". Either the skeleton's \"path\" or the atlas region name is the one that moved"],
        );
    }

    #[test]
    fn fails_on_stray_whitespace_in_a_lookup_or_a_region() {
        let input = mutant(|v| v["skins"][0]["attachments"]["s"]["r"]["path"] = json!("q "));
        assert_fails(
            &RULE,
            &input,
            &["skin \"default\" slot \"s\" placeholder \"r\": attachment \"r\" wants region \"q \", whose name has stray whitespace — the atlas reader trims no region name, so the lookup and the atlas agree only by accident. Write the name trimmed on both sides"],
        );
        let input = input_texts(SKELETON, &ATLAS.replacen("\nq\n", "\nq\t\n", 1));
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "atlas region \"q\\t\" has stray whitespace",
                Some(Subject::of(Target::Region("q\t".into()))),
            )],
        );
    }

    #[test]
    fn walks_sequence_frames() {
        let input = mutant(|v| {
            v["skins"][0]["attachments"]["s"]["r"]["sequence"] = json!({ "count": 2, "start": 0 })
        });
        assert_fails(
            &RULE,
            &input,
            &[
                "skin \"default\" slot \"s\" placeholder \"r\": attachment \"r\" wants region \"r0\", which this atlas does not have. Either the skeleton's \"path\" or the atlas region name is the one that moved",
                "skin \"default\" slot \"s\" placeholder \"r\": attachment \"r\" wants region \"r1\", which this atlas does not have. Either the skeleton's \"path\" or the atlas region name is the one that moved",
            ],
        );
    }

    #[test]
    fn skips_without_a_join() {
        let mut input = fixture();
        input.atlas_text = None;
        assert_skips(&RULE, &input, NO_ATLAS_TEXT);
        let input = input_texts(SKELETON, "p\nr\n\thasOwnProperty: 1\n");
        assert_skips(&RULE, &input, skip_reasons::NO_ATLAS);
        assert_skips(&RULE, &not_json(), NOT_JSON);
        let input = input_texts(r#"{"skins": [{"name": "default", "attachments": {}}]}"#, "");
        assert_skips(&RULE, &input, skip_reasons::NO_JOIN);
    }
}
