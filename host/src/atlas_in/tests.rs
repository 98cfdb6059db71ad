use super::*;
use proptest::prelude::*;

fn file(text: &str) -> Arc<SourceFile> {
    SourceFile::new("in.atlas", "/a/in.atlas", text.to_string())
}

const TWO: &str = "pack.png\nsize: 64, 32\nfilter: Linear, Linear\nscale: 0.5\nhull\nbounds: 2, 2, 20, 10\noffsets: 0, 0, 20, 10\nrotate: 90\nmast\nbounds: 30, 2, 8, 20\n\n\n\nb.png\nsize: 8,8\nx\nxy: 0, 0\nsize: 8, 8\n";

#[test]
fn pages_regions_scale_and_rotation_are_read() {
    let a = parse(file(TWO), Path::new("/a")).unwrap();
    assert_eq!(a.pages.len(), 2);
    assert_eq!(
        (a.pages[0].width, a.pages[0].height, a.pages[0].scale),
        (64, 32, 0.5)
    );
    assert_eq!(a.pages[0].path, Path::new("/a/pack.png"));
    assert_eq!(a.pages[1].line, 13);
    let hull = &a.regions[0];
    assert_eq!(
        (hull.x, hull.y, hull.width, hull.height, hull.degrees),
        (2, 2, 20, 10, 90)
    );
    assert_eq!(hull.footprint(), (10, 20));
    assert_eq!(join::part_size(&a, hull), (40, 20));
    assert_eq!((a.regions[2].name.as_str(), a.regions[2].page), ("x", 1));
}

#[test]
fn reanchoring_rewrites_page_lines_only_and_canonicalises_blank_lines() {
    let a = parse(file(TWO), Path::new("/a")).unwrap();
    let text = reanchor(&a, Path::new("/a/out"));
    let want = TWO
        .replace("pack.png\n", "../pack.png\n")
        .replace("\n\n\n\nb.png", "\n\n../b.png");
    assert_eq!(text, want);
}

fn refusal(text: &str) -> Diagnostic {
    let d = parse(file(text), Path::new("/a")).unwrap_err();
    d.into_iter().next().unwrap()
}

#[test]
fn a_number_that_is_not_an_integer_is_refused_at_it() {
    let d = refusal("p.png\nsize: 8, 8\nr\nbounds: 0, 0, 2.5, 4\n");
    assert_eq!(d.code, codes::BUILD_ATLAS_IN_MALFORMED);
    assert!(
        d.message
            .contains("`bounds:` value \"2.5\" is not a non-negative integer"),
        "{}",
        d.message
    );
    assert_eq!(d.loc.as_ref().unwrap().line_col(), (4, 15));
}

#[test]
fn a_page_without_a_size_and_a_bad_scale_are_refused() {
    let d = refusal("p.png\nfilter: Linear, Linear\n");
    assert!(d.message.contains("declares no `size:`"), "{}", d.message);
    assert_eq!(d.loc.as_ref().unwrap().line_col(), (1, 1));
    let d = refusal("p.png\nsize: 8, 8\nscale: zero\n");
    assert!(
        d.message.contains("`scale:` value \"zero\""),
        "{}",
        d.message
    );
    assert_eq!(d.loc.as_ref().unwrap().line_col(), (3, 8));
}

#[test]
fn a_region_off_its_page_is_refused_at_its_rectangle() {
    // 6 + 4 > 8 once rotated: the footprint is 4 wide and 6 high.
    let d = refusal("p.png\nsize: 8, 8\nr\nbounds: 6, 0, 6, 4\nrotate: 90\n");
    assert_eq!(d.code, codes::BUILD_ATLAS_IN_OFF_PAGE);
    assert!(
        d.message
            .contains("occupies 6,0 4x6 of page \"p.png\", which is 8x8"),
        "{}",
        d.message
    );
    assert_eq!(d.loc.as_ref().unwrap().line_col(), (4, 1));
}

#[test]
fn the_runtime_reader_s_throw_is_located() {
    let d = refusal("p.png\nsize: 8, 8\nr\nvalueOf: 1\n");
    assert!(
        d.message.contains("the runtime's reader throws"),
        "{}",
        d.message
    );
    assert_eq!(d.loc.as_ref().unwrap().line_col(), (4, 1));
}

#[test]
fn a_missing_region_names_the_nearest() {
    let a = parse(file(TWO), Path::new("/a")).unwrap();
    assert!(join::missing(&a, "parts/hul.png").contains("did you mean \"hull\"?"));
    assert_eq!(join::region_name("a/b/Arm.PNG"), "Arm");
    assert!(join::measured(&a, &["hull.png".into(), "nope.png".into()], Path::new("/i")).is_err());
}

proptest! {
    /// Any text: the reader returns atlas or located refusals, never panics;
    /// what it accepts re-emits to text that reads back to the same pages and
    /// regions.
    #[test]
    fn any_text_reads_or_is_refused_and_accepted_text_round_trips(
        text in "([a-z.]{1,6}|size: [0-9]{1,2}, ?[0-9]{1,2}|bounds: [0-9]{1,2}, [0-9]{1,2}, [0-9]{1,2}, [0-9]{1,2}|rotate: (0|90|true|x)|scale: [0-9.]{1,3}|xy: [0-9], [0-9]|orig: [0-9]{1,2}, [0-9]{1,2}|[ :,\r]{0,3}|)(\n([a-z.]{1,6}|size: [0-9]{1,2}, ?[0-9]{1,2}|bounds: [0-9]{1,2}, [0-9]{1,2}, [0-9]{1,2}, [0-9]{1,2}|rotate: (0|90|true|x)|scale: [0-9.]{1,3}|[ :,\r]{0,3}|)){0,14}"
    ) {
        match parse(file(&text), Path::new("/a")) {
            Err(d) => prop_assert!(d.iter().all(|d| d.loc.is_some())),
            Ok(a) => {
                let again = reanchor(&a, Path::new("/a"));
                let b = parse(file(&again), Path::new("/a"));
                prop_assert!(b.is_ok(), "{again:?}");
                let b = b.unwrap();
                // Lines move where blank lines were canonicalised.
                let unlined = |x: &Imported| {
                    x.regions.iter().map(|r| Region { line: 0, ..r.clone() }).collect::<Vec<_>>()
                };
                prop_assert_eq!(unlined(&a), unlined(&b));
                let names = |x: &Imported| x.pages.iter().map(|p| (p.path.clone(), p.width, p.height)).collect::<Vec<_>>();
                prop_assert_eq!(names(&a), names(&b));
            }
        }
    }
}
