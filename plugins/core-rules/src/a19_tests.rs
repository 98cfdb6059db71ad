//! Tests of A19_OVERLAY_PNGS_HAVE_ALPHA (GATE.md §4.5): a mutant per FAIL clause,
//! the base-plate exemptions, and the SKIPs.

use super::*;
use crate::a07_atlas_text_shape::NO_ATLAS_TEXT;
use crate::testkit::*;
use rigc_sdk::gate::{GateInput, Subject, Target};
use serde_json::json;

const RULE: A19OverlayPngsHaveAlpha = A19OverlayPngsHaveAlpha;
/// The fixture's atlas with its pages renamed into a temporary directory.
const ONE: &str = "r.png\nsize: 4, 4\nr\nbounds: 0, 0, 4, 4\n";
const SHARED: &str = "s.png\nsize: 8, 4\nr\nbounds: 0, 0, 4, 4\na\nbounds: 4, 0, 4, 4\n";

fn opaque(w: u32, h: u32) -> Vec<u8> {
    png_rgba(w, h, |_, _| [9, 9, 9, 255])
}

fn fail(detail: &str) -> String {
    format!("{detail}{POLICY}")
}

#[test]
fn passes_on_the_fixture() {
    assert_pass(&RULE, &fixture());
}

#[test]
fn fails_an_overlay_whose_file_cannot_hold_transparency() {
    for (ct, name) in [(0u8, "greyscale"), (2, "truecolour"), (3, "indexed-colour")] {
        let (_dir, input) = with_pages(ONE, &[("r.png", png_plain(4, 4, ct, false))]);
        assert_fails_at(
            &RULE,
            &input,
            &[(
                &fail(&format!("part image \"r.png\" cannot be transparent anywhere: it is colour type {ct} ({name}) with no tRNS chunk, so every texel draws opaque.")),
                Some(Subject::of(Target::Page("r.png".into()))),
            )],
        );
    }
}

#[test]
fn passes_an_overlay_whose_trns_makes_texels_transparent() {
    for ct in [0u8, 2, 3] {
        let (_dir, input) = with_pages(ONE, &[("r.png", png_plain(4, 4, ct, true))]);
        assert_pass(&RULE, &input);
    }
}

#[test]
fn passes_an_overlay_whose_file_holds_alpha_even_if_no_texel_uses_it() {
    // The file's header decides for a page of its own (issue #2: "an overlay PNG
    // with no alpha fails"); the buoy quickstart's solid RGBA plates are green.
    let (_dir, input) = with_pages(ONE, &[("r.png", opaque(4, 4))]);
    assert_pass(&RULE, &input);
}

fn full_stage(input: &mut GateInput) {
    let mut v = skeleton();
    v["skins"][0]["attachments"]["s"]["r"] = json!({ "width": 10, "height": 12 });
    input.skeleton_text = v.to_string();
}

#[test]
fn exempts_a_full_stage_base_plate() {
    let (_dir, mut input) = with_pages(ONE, &[("r.png", png_plain(4, 4, 2, false))]);
    full_stage(&mut input);
    assert_skips(
        &RULE,
        &input,
        "every region here is a base plate, so no part is drawn over another",
    );
    // A named base plate wins over the stage.
    let (_dir, mut input) = with_pages(ONE, &[("r.png", png_plain(4, 4, 2, false))]);
    if let Some(rig) = input.rig.as_mut() {
        rig.base_plates = vec!["r".into()];
    }
    assert_skips(
        &RULE,
        &input,
        "every region here is a base plate, so no part is drawn over another",
    );
}

#[test]
fn says_how_to_name_a_plate_when_nothing_can_be_exempt() {
    let (_dir, mut input) = with_pages(ONE, &[("r.png", png_plain(4, 4, 2, false))]);
    let mut v = skeleton();
    v["skeleton"] = json!({ "spine": "4.3.13" });
    input.skeleton_text = v.to_string();
    assert_fails(
        &RULE,
        &input,
        &[&format!("part image \"r.png\" cannot be transparent anywhere: it is colour type 2 (truecolour) with no tRNS chunk, so every texel draws opaque.{POLICY_UNNAMED}")],
    );
}

#[test]
fn fails_an_opaque_part_on_a_shared_page() {
    let page = png_rgba(8, 4, |x, _| [0, 0, 0, if x == 0 { 0 } else { 255 }]);
    let (_dir, input) = with_pages(SHARED, &[("s.png", page)]);
    assert_fails_at(
        &RULE,
        &input,
        &[(
            &fail("part \"a\" is opaque in every one of its 4x4 texels on shared page \"s.png\" — spine-html draws it as a solid rectangle over everything below it."),
            Some(Subject::of(Target::Region("a".into()))),
        )],
    );
}

#[test]
fn a_shared_base_plate_is_exempt_and_its_page_still_scanned() {
    let page = png_rgba(8, 4, |x, _| [0, 0, 0, if x == 0 { 0 } else { 255 }]);
    let (_dir, mut input) = with_pages(SHARED, &[("s.png", page)]);
    if let Some(rig) = input.rig.as_mut() {
        rig.base_plates = vec!["a".into()];
    }
    assert_pass(&RULE, &input);
}

#[test]
fn words_a_part_read_only_in_part_or_not_at_all() {
    let atlas = SHARED.replace(
        "bounds: 4, 0, 4, 4",
        "bounds: 6, 2, 4, 4\nb\nbounds: 9, 9, 2, 2",
    );
    let page = png_rgba(8, 4, |x, _| [0, 0, 0, if x == 0 { 0 } else { 255 }]);
    let (_dir, input) = with_pages(&atlas, &[("s.png", page)]);
    let region = |name: &str| Some(Subject::of(Target::Region(name.into())));
    assert_fails_at(
        &RULE,
        &input,
        &[
            (
                &fail("part \"a\" is opaque in every one of the 4 of its 16 texels that lie on shared page \"s.png\" (the rest of its 4x4 rectangle runs off the page) — spine-html draws it as a solid rectangle over everything below it."),
                region("a"),
            ),
            (
                &fail("part \"b\" is not measured: its 2x2 rectangle at 9,9 lies off page \"s.png\" (8x4), so the scan read 0 of the 4 texels (A06_ATLAS_PAGE_SIZE_MATCHES_PNG names the region)."),
                region("b"),
            ),
        ],
    );
}

#[test]
fn fails_every_part_of_a_shared_page_of_the_wrong_size() {
    let (_dir, input) = with_pages(SHARED, &[("s.png", png_rgba(4, 4, |_, _| [0; 4]))]);
    let detail = |r: &str| {
        fail(&format!("part \"{r}\" is not measured: page \"s.png\" declares 8x4 and its PNG is 4x4, so which texels are the region's is not known (A06_ATLAS_PAGE_SIZE_MATCHES_PNG names the mismatch)."))
    };
    let region = |name: &str| Some(Subject::of(Target::Region(name.into())));
    assert_fails_at(
        &RULE,
        &input,
        &[(&detail("r"), region("r")), (&detail("a"), region("a"))],
    );
}

#[test]
fn skips_unread_pages_only_when_nothing_failed() {
    let two = format!("{ONE}\n{SHARED}");
    let (_dir, input) = with_pages(&two, &[("r.png", b"not a png".to_vec())]);
    assert_skips(&RULE, &input, "2 page(s) carrying parts were not read — 1 missing (A17_ATLAS_PAGE_FILES_EXIST names them) and 1 unreadable (A06_ATLAS_PAGE_SIZE_MATCHES_PNG names them) — so their parts' alpha was not measured");
    let (_dir, input) = with_pages(&two, &[("r.png", png_plain(4, 4, 2, false))]);
    assert_eq!(check(&RULE, &input).failures.len(), 1);
    assert_eq!(check(&RULE, &input).skip, None);
}

#[test]
fn skips_without_atlas_page_or_skeleton() {
    let mut input = fixture();
    input.atlas_text = None;
    assert_skips(&RULE, &input, NO_ATLAS_TEXT);
    assert_skips(&RULE, &input_texts(SKELETON, ""), skip_reasons::NO_PAGE);
    assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
}
