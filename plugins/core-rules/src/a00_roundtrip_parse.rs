//! This module owns A00_ROUNDTRIP_PARSE (validity; GATE.md §1.1, §3; DECISIONS.md
//! "Round trip"): the skeleton text is JSON, the atlas text reads as
//! `new TextureAtlas(atlasText)` reads it, and the skeleton reads as
//! `new SkeletonJson(new AtlasAttachmentLoader(atlas)).readSkeletonData(json)`
//! reads it — through rigc's own Spine 4.3 reader ([`Facts::loaded`]), which the
//! SDK's test suite holds to spine-core 4.3.13.
//!
//! FAILs: `skeleton JSON is not parseable: <msg>` (V8's `JSON.parse` message);
//! `threw: <message>` for what the reader (or the atlas reader) throws; a file on
//! which the runtime would never finish reading is named as such. Where A08 has
//! already named the region miss the reader stopped at, A00 defers to it (a
//! SKIP) instead of repeating it. Never SKIPs otherwise.

use crate::a08_region_names_match_attachments::misses;
use crate::regions::lookups;
use rigc_sdk::gate::facts::{Facts, RoundTripError};
use rigc_sdk::gate::{Outcome, Rule, RuleKind};
use rigc_sdk::spine::{ReadError, ReadErrorKind};

/// A00_ROUNDTRIP_PARSE.
pub struct A00RoundtripParse;

impl Rule for A00RoundtripParse {
    fn code(&self) -> &'static str {
        "A00_ROUNDTRIP_PARSE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let e = match facts.loaded() {
            Ok(_) => return,
            Err(RoundTripError::Atlas(e)) => {
                out.fail(format!(
                    "threw: {} (new TextureAtlas refused the atlas text, so the skeleton was never read)",
                    e.message
                ));
                return;
            }
            Err(RoundTripError::Skeleton(e)) => e,
        };
        match e.kind {
            ReadErrorKind::Syntax => {
                out.fail(format!("skeleton JSON is not parseable: {}", e.message));
            }
            ReadErrorKind::WouldHang => out.fail(format!(
                "the round trip was not attempted: {} — spine-core would not finish reading this file",
                e.message
            )),
            _ => match a08_names(facts, e) {
                Some(reason) => out.skip(reason),
                None => out.fail(format!("threw: {}", e.message)),
            },
        }
    }
}

/// The SKIP reason when A08 already names the region miss `e` reports.
fn a08_names(facts: &Facts<'_>, e: &ReadError) -> Option<String> {
    if !e.message.starts_with("Region not found in atlas: ") {
        return None;
    }
    let Some(Ok(atlas)) = facts.atlas() else {
        return None;
    };
    let root = facts.raw().ok()?;
    let found = lookups(root);
    misses(&found, atlas)
        .iter()
        .any(|l| {
            e.message
                == format!(
                    "Region not found in atlas: {} (attachment: {})",
                    l.region, l.name
                )
        })
        .then(|| {
            format!(
                "the round trip stopped at \"{}\", a region miss A08_REGION_NAMES_MATCH_ATTACHMENTS names (A08 owns that failure)",
                e.message
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A00RoundtripParse = A00RoundtripParse;

    #[test]
    fn passes_on_the_fixture_with_and_without_an_atlas() {
        assert_pass(&RULE, &fixture());
        let mut input = fixture();
        input.atlas_text = None;
        assert_pass(&RULE, &input);
    }

    #[test]
    fn fails_on_a_slot_naming_an_unknown_bone() {
        let input = mutant(|v| v["slots"][0]["bone"] = json!("nobody"));
        assert_fails(
            &RULE,
            &input,
            &["threw: Couldn't find bone nobody for slot s"],
        );
    }

    #[test]
    fn fails_on_text_that_is_not_json() {
        assert_fails(
            &RULE,
            &not_json(),
            &["skeleton JSON is not parseable: Unexpected end of JSON input"],
        );
    }

    #[test]
    fn fails_on_an_atlas_the_runtime_refuses() {
        let input = input_texts(SKELETON, "p.png\nsize: 4, 4\nr\n\thasOwnProperty: 1\n");
        assert_fails(
            &RULE,
            &input,
            &["threw: Cannot convert undefined or null to object (new TextureAtlas refused the atlas text, so the skeleton was never read)"],
        );
    }

    #[test]
    fn defers_to_a08_on_a_region_miss() {
        let input = mutant(|v| v["skins"][0]["attachments"]["m"]["m"]["path"] = json!("gone"));
        assert_skips(
            &RULE,
            &input,
            "the round trip stopped at \"Region not found in atlas: gone (attachment: m)\", a region miss A08_REGION_NAMES_MATCH_ATTACHMENTS names (A08 owns that failure)",
        );
    }

    #[test]
    fn fails_on_a_region_miss_a08_cannot_see() {
        // A08 skips an entry whose `name` is not a string or number; the reader
        // still asks the atlas for the path.
        let input = mutant(|v| {
            v["skins"][0]["attachments"]["s"]["r"] =
                json!({ "name": true, "path": "zz", "width": 4, "height": 4 })
        });
        assert_fails(
            &RULE,
            &input,
            &["threw: Region not found in atlas: zz (attachment: true)"],
        );
    }

    #[test]
    fn names_a_file_the_runtime_would_never_finish() {
        let input = mutant(|v| {
            v["animations"]["a"]["drawOrder"] = json!([{ "offsets": [
                { "slot": "box", "offset": -2 }, { "slot": "s", "offset": 1 }
            ] }])
        });
        let out = check(&RULE, &input);
        assert_eq!(out.failures.len(), 1);
        assert!(
            out.failures[0]
                .detail
                .starts_with("the round trip was not attempted: ")
                && out.failures[0]
                    .detail
                    .ends_with(" — spine-core would not finish reading this file"),
            "{:?}",
            out.failures
        );
    }
}
