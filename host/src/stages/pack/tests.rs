use super::compose::compose;
use super::*;
use proptest::prelude::*;
use rigc_sdk::png_image;

fn items<'a>(sizes: &[(&'a str, u32, u32)], path: &'a PathBuf) -> Vec<Item<'a>> {
    sizes
        .iter()
        .map(|&(region, width, height)| Item {
            region,
            path,
            width,
            height,
        })
        .collect()
}

fn opts(page: u32, padding: u32, edges: Edges) -> PackOptions {
    PackOptions::new(Some(page), Some(padding), Some(edges))
}

#[test]
fn the_page_size_is_floored_to_a_power_of_two() {
    assert_eq!(PackOptions::new(Some(1000), None, None).max_edge, 512);
    assert_eq!(PackOptions::new(None, None, None).max_edge, 2048);
    assert_eq!(PackOptions::new(None, None, None).padding, 2);
    assert_eq!(PackOptions::new(Some(u32::MAX), None, None).max_edge, 16384);
}

/// Two 500×100 parts, padding 2: cells 504×104. No power-of-two page of area
/// 65536 holds them (256 wide is narrower than a cell; 512×128 and 1024×64
/// are lower than two cells or one), and at 131072 the narrower, 512×256, holds
/// them stacked: regions at 2,2 and 2,2+104.
#[test]
fn two_parts_take_the_smallest_power_of_two_pair_that_holds_them() {
    let p = PathBuf::from("/x.png");
    let (pages, summary) = pack(
        &items(&[("b", 500, 100), ("a", 500, 100)], &p),
        opts(2048, 2, Edges::Pot),
    )
    .unwrap();
    assert_eq!(pages.len(), 1);
    assert_eq!((pages[0].width, pages[0].height), (512, 256));
    assert_eq!(pages[0].name, "skeleton.png");
    // Packed in name order for equal sizes ("a" first), listed by name.
    let at: Vec<_> = pages[0]
        .regions
        .iter()
        .map(|r| (r.name.as_str(), r.x, r.y))
        .collect();
    assert_eq!(at, [("a", 2, 2), ("b", 2, 106)]);
    assert_eq!(summary.placements[0].0, "a");
}

/// `free`: at width 500 the two cells stack (500×200), at 1000 they sit side
/// by side (1000×100): the same area, and the squarer wins.
#[test]
fn free_edges_keep_the_least_area_then_the_squarer_page() {
    let p = PathBuf::from("/x.png");
    let (pages, _) = pack(
        &items(&[("a", 500, 100), ("b", 500, 100)], &p),
        opts(2048, 0, Edges::Free),
    )
    .unwrap();
    assert_eq!((pages[0].width, pages[0].height), (500, 200));
}

/// Three 100×100 parts on 128-pixel pages: one cell (104) per page, each page
/// shrunk to the smallest power-of-two pair holding it, 128×128.
#[test]
fn a_pack_spills_onto_numbered_pages() {
    let p = PathBuf::from("/x.png");
    let (pages, summary) = pack(
        &items(&[("a", 100, 100), ("b", 100, 100), ("c", 100, 100)], &p),
        opts(128, 2, Edges::Pot),
    )
    .unwrap();
    let names: Vec<_> = pages.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["skeleton.png", "skeleton2.png", "skeleton3.png"]);
    assert!(pages.iter().all(|p| (p.width, p.height) == (128, 128)));
    assert_eq!(summary.pages.len(), 3);
}

#[test]
fn a_cell_larger_than_the_page_is_refused_by_its_part() {
    let p = PathBuf::from("/big.png");
    let e = pack(
        &items(&[("small", 10, 10), ("big", 125, 10)], &p),
        opts(128, 2, Edges::Pot),
    )
    .unwrap_err();
    assert_eq!(e.region, "big");
    assert_eq!(e.cell, (129, 14));
    let e = pack(&items(&[("a", 1, 1)], &p), opts(128, u32::MAX, Edges::Free)).unwrap_err();
    assert_eq!(e.cell, (u32::MAX, u32::MAX));
}

/// A 2×1 part (red, blue) with padding 1: the gutter repeats the nearest
/// edge texel, the part's own texels are copied as they are, outside the cell
/// the page is transparent.
#[test]
fn padding_is_filled_by_extruding_the_edge_texels() {
    let red = [255, 0, 0, 255];
    let blue = [0, 0, 255, 128];
    let png = png_image::encode_rgba(2, 1, &[red, blue].concat());
    let p = PathBuf::from("/rb.png");
    let (pages, summary) = pack(&items(&[("rb", 2, 1)], &p), opts(64, 1, Edges::Pot)).unwrap();
    // Cell 4×3: the smallest power-of-two pair is 4×4.
    assert_eq!((pages[0].width, pages[0].height), (4, 4));
    let files = compose(&pages, &summary, |_| Some(png.as_slice())).unwrap();
    let page = png_image::decode(&files[0].1).unwrap();
    let px = |x: usize, y: usize| page.rgba[(y * 4 + x) * 4..(y * 4 + x) * 4 + 4].to_vec();
    for y in 0..3 {
        assert_eq!(px(0, y), red, "row {y}");
        assert_eq!(px(1, y), red, "row {y}");
        assert_eq!(px(2, y), blue, "row {y}");
        assert_eq!(px(3, y), blue, "row {y}");
    }
    assert!((0..4).all(|x| px(x, 3) == [0, 0, 0, 0]));
}

fn sizes() -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec((1u32..200, 1u32..200), 1..24)
}

proptest! {
    /// Any set of parts: every page is a power-of-two pair no larger than the
    /// page size, every padded cell lies on its page, and no two cells overlap.
    #[test]
    fn packed_cells_lie_on_their_pot_page_and_never_overlap(
        parts in sizes(), padding in 0u32..4, page in 6u32..10
    ) {
        let names: Vec<String> = (0..parts.len()).map(|i| format!("p{i}")).collect();
        let p = PathBuf::from("/x.png");
        let list: Vec<Item<'_>> = parts
            .iter()
            .zip(&names)
            .map(|(&(width, height), region)| Item { region, path: &p, width, height })
            .collect();
        let o = opts(1 << page, padding, Edges::Pot);
        match pack(&list, o) {
            Err(e) => prop_assert!(e.cell.0 > o.max_edge || e.cell.1 > o.max_edge),
            Ok((pages, _)) => {
                let placed: usize = pages.iter().map(|p| p.regions.len()).sum();
                prop_assert_eq!(placed, list.len());
                for page in &pages {
                    prop_assert!(page.width.is_power_of_two() && page.height.is_power_of_two());
                    prop_assert!(page.width <= o.max_edge && page.height <= o.max_edge);
                    let cells: Vec<(u32, u32, u32, u32)> = page.regions.iter().map(|r| {
                        (r.x - padding, r.y - padding, r.width + 2 * padding, r.height + 2 * padding)
                    }).collect();
                    for (i, a) in cells.iter().enumerate() {
                        prop_assert!(a.0 + a.2 <= page.width && a.1 + a.3 <= page.height);
                        for b in &cells[i + 1..] {
                            let apart = a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0
                                || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1;
                            prop_assert!(apart, "{:?} and {:?} overlap", a, b);
                        }
                    }
                }
            }
        }
    }
}
