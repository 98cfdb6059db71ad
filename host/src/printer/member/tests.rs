//! Tests of the MEMBER block's lines: hand-built keys against FORMAT.md §6.5's
//! format, and the reference faces' keys (portrait's turn, nod's bow) against the
//! example lines FORMAT.md §6.5, FACE.md §3.1 and CLI.md print, read from those
//! documents at test time.

use super::{key_lines, render};
use crate::spec::motion::tests::{dump, parse_str, reference};
use crate::spec::motion::DeriveKind;
use crate::stages::animation::derive::Projection;
use crate::stages::animation::members::{member_keys, MemberKey, MemberRow, Model};
use crate::stages::animation::tests::builtin_registry;
use crate::stages::animation::tests::gallery::{setup_of, strip};
use crate::stages::animation::DeformKinds;
use serde_json::Value;

fn read(name: &str, file: &str) -> Value {
    let text = std::fs::read_to_string(reference(&format!("rigc-gallery/{name}/{file}")))
        .expect("reference file");
    serde_json::from_str(&text).expect("reference JSON")
}

fn narrowing_key() -> MemberKey {
    MemberKey {
        animation: "nod".into(),
        target_kind: "group",
        target: "face".into(),
        property: "scaley".into(),
        time: 0.9,
        model: Some(Model {
            kind: DeriveKind::Pitch,
            projection: Projection::Narrowing,
            degrees: 5.0,
            carried: None,
            about: Some(-2.5),
            radians: 5f64.to_radians(),
        }),
        rows: vec![
            MemberRow {
                member: "crown".into(),
                value: vec!["1.07".into()],
                derived: Some((120.0, 126.0)),
            },
            MemberRow {
                member: "mouth_corner".into(),
                value: vec!["0.9".into()],
                derived: Some((-80.5, 144.0)),
            },
        ],
    }
}

#[test]
fn a_narrowing_key_prints_its_formula_cos_t_and_rows() {
    let lines = key_lines(&narrowing_key());
    let t = 5f64.to_radians();
    let rows: Vec<String> = [
        ("crown", "1.07", " 120", "126"),
        ("mouth_corner", "0.9", "-80.5", "144"),
    ]
    .iter()
    .map(|(m, v, c, z)| {
        // FORMAT.md §6.5: 12 spaces, the name to max(6, longest) = 12,
        // 2 spaces, the value to 12, then `<- coord at depth z`.
        format!(
            "{}{m}{}  {}{v}  <- {c} at depth {z}",
            " ".repeat(12),
            " ".repeat(12 - m.len()),
            " ".repeat(12 - v.len())
        )
    })
    .collect();
    assert_eq!(
        lines,
        [
            "  MEMBER  nod  group \"face\".scaley  t=0.900000  2 member(s)  derive pitch  degrees=5 about=-2.5  -> the narrowing".to_string(),
            "          scaleY = cos(α − t) / cos α,  α = atan2(y − about, depth)".to_string(),
            format!("            t = {:.5} rad", t),
            format!("            cos t = {:.6}", t.cos()),
            rows[0].clone(),
            rows[1].clone(),
        ]
    );
}

#[test]
fn nothing_to_show_prints_nothing() {
    assert!(render(&[]).is_empty());
    let lines = render(&[narrowing_key()]);
    assert_eq!(lines.len(), 5 + 6);
    assert!(lines[0].starts_with("group members  ("));
}

/// The lines of the first fenced block after the line starting `heading` in the
/// spec document `doc` (`../shared/<doc>`), read at test time.
fn quoted(doc: &str, heading: &str) -> Vec<String> {
    let text = std::fs::read_to_string(reference(&format!("../{doc}"))).expect("spec document");
    let after = text
        .lines()
        .skip_while(|l| !l.starts_with(heading))
        .skip_while(|l| !l.starts_with("```"))
        .skip(1);
    after
        .take_while(|l| !l.starts_with("```"))
        .map(str::to_string)
        .collect()
}

/// portrait's `turn` compiled, its MEMBER data and the block's lines.
fn portrait_block() -> (Vec<MemberKey>, Vec<String>) {
    let rig = read("portrait", "rig.json");
    let mut motion = read("portrait", "motion.json");
    strip(&mut motion);
    let spec = parse_str(&motion.to_string()).unwrap_or_else(|d| panic!("{}", dump(&d)));
    let setup = setup_of(&rig);
    let anim = spec
        .animations
        .iter()
        .find(|a| a.name == "turn")
        .expect("turn");
    let kinds = DeformKinds::resolve(&anim.deform_kinds(), builtin_registry());
    let compiled = crate::stages::animation::compile(anim, spec.rest(), &setup, &kinds)
        .unwrap_or_else(|d| panic!("{}", dump(&d)));
    let keys = member_keys(anim, spec.rest(), &setup, &compiled);
    let lines = render(&keys);
    (keys, lines)
}

#[test]
fn portrait_member_block_is_format_6_5s_example() {
    let (keys, lines) = portrait_block();
    let example = quoted("spec/FORMAT.md", "## 6.5 `MEMBER` block");
    assert!(example.len() > 10, "the example is read: {example:?}");
    // The header (5 lines), the MEMBER line, its formula and four scalars: the
    // example's first eleven lines, verbatim, are the block's first eleven.
    assert_eq!(lines[..11], example[..11]);
    // The example abridges the rows to three; each is the block's own row.
    for row in &example[11..] {
        assert!(
            lines[11..17].contains(row),
            "{row:?} not in {:#?}",
            &lines[11..17]
        );
    }
    // FACE.md §3.1 prints all six rows of the same key, in member order.
    let face = quoted("seeds/FACE.md", "**No run reproduces this:** abridged");
    assert_eq!(face[0], lines[5]);
    assert_eq!(face[1..7], lines[11..17]);
    // Every derive key and no key whose members share a value: translatex and
    // scalex and hair at t=0.62 and t=1.5; the shared v: [0] / [1] keys are not here.
    let heads: Vec<String> = keys
        .iter()
        .map(|k| format!("{}.{}@{}", k.target, k.property, k.time))
        .collect();
    assert_eq!(
        heads,
        [
            "features.translatex@0.62",
            "features.translatex@1.5",
            "features.scalex@0.62",
            "features.scalex@1.5",
            "hair.translatex@0.62",
            "hair.translatex@1.5"
        ]
    );
}

#[test]
fn nod_member_block_is_cli_mds_and_states_the_ears_per_member() {
    let rig = read("nod", "rig.json");
    let mut motion = read("nod", "motion.json");
    strip(&mut motion);
    let spec = parse_str(&motion.to_string()).unwrap_or_else(|d| panic!("{}", dump(&d)));
    let setup = setup_of(&rig);
    let anim = spec
        .animations
        .iter()
        .find(|a| a.name == "bow")
        .expect("bow");
    let kinds = DeformKinds::resolve(&anim.deform_kinds(), builtin_registry());
    let compiled = crate::stages::animation::compile(anim, spec.rest(), &setup, &kinds)
        .unwrap_or_else(|d| panic!("{}", dump(&d)));
    let keys = member_keys(anim, spec.rest(), &setup, &compiled);
    let lines = render(&keys);
    // CLI.md's MEMBER example for bow: its head, formula and crown row.
    let cli = quoted("spec/CLI.md", "MEMBER block:");
    let at = lines
        .iter()
        .position(|l| l == &cli[0])
        .unwrap_or_else(|| panic!("{:?} not in {lines:#?}", cli[0]));
    assert_eq!(lines[at + 1], cli[1]);
    assert!(lines[at..].contains(&cli[3]), "{:?}", cli[3]);
    // The ears' per-member `v` maps: stated per member, the emitted values.
    let ears = keys
        .iter()
        .find(|k| k.target == "ears" && k.time == 0.78)
        .expect("the ears' key at 0.78");
    let ear_lines = key_lines(ears);
    assert_eq!(
        ear_lines,
        [
            "  MEMBER  bow  group \"ears\".rotate  t=0.780000  2 member(s)  stated per member"
                .to_string(),
            // 12 spaces, the name padded to max(6, 9), 2 spaces, the value to 12.
            format!("{}earbase_l  {}-7.5", " ".repeat(12), " ".repeat(8)),
            format!("{}earbase_r  {}6.5", " ".repeat(12), " ".repeat(9)),
        ]
    );
}
