//! This module owns lifting a part's pixels off an imported atlas page
//! (FORMAT.md §1.2.2, §2.7.3): the part's original window rebuilt as a
//! transparent RGBA raster of the region's original size, the region's
//! texels placed where trimming took them from — `offsets:` x from the left,
//! y from the bottom (Spine's convention), so the top row is at
//! `original_height - offset_y - height` — encoded as a PNG, the bytes a
//! generator (and the mesh stage's fit) reads where a loose build reads the
//! part's file. Those bytes are the region's texels and geometry, so the
//! stages keyed by them re-run exactly when either changes.
//!
//! What cannot be lifted is said, not guessed: a region packed with a
//! rotation (its texels lie sideways on the page), a page with a `scale:`
//! other than 1 (its texels are not part pixels: a generator's vertices would
//! be in the wrong unit), a region whose trimmed rectangle does not fit its
//! original window, a page whose PNG does not decode.

use super::{Imported, Region};
use rigc_sdk::png_image::{self, DecodedPng};
use std::collections::BTreeMap;

/// Why a region's pixels cannot be lifted.
#[derive(Debug, Clone, PartialEq)]
pub enum Unliftable {
    /// Packed with `rotate:` this many degrees.
    Rotated(u32),
    /// Its page's `scale:`.
    Scaled(f64),
    /// The trimmed rectangle (at the offset) runs out of the original window.
    OutOfWindow,
    /// The page PNG was not read, or does not decode (the reason).
    Page(String),
}

/// Decoded pages, each decoded at most once.
#[derive(Default)]
pub struct Pages {
    decoded: BTreeMap<usize, Result<DecodedPng, String>>,
}

impl Pages {
    fn page<'a>(&'a mut self, imported: &Imported, index: usize) -> &'a Result<DecodedPng, String> {
        self.decoded.entry(index).or_insert_with(|| {
            match imported.pages.get(index).and_then(|p| p.bytes.as_ref()) {
                None => Err("the page was not read".into()),
                Some(bytes) => png_image::decode(bytes).map_err(|e| e.to_string()),
            }
        })
    }
}

/// The PNG bytes of `region`'s original window with its texels in place.
pub fn lift(
    imported: &Imported,
    pages: &mut Pages,
    region: &Region,
) -> Result<Vec<u8>, Unliftable> {
    if region.degrees != 0 {
        return Err(Unliftable::Rotated(region.degrees));
    }
    let scale = imported.pages.get(region.page).map_or(1.0, |p| p.scale);
    if scale != 1.0 {
        return Err(Unliftable::Scaled(scale));
    }
    let (ow, oh) = (region.original_width, region.original_height);
    let (w, h) = (region.width, region.height);
    let right = u64::from(region.offset_x) + u64::from(w);
    let top = u64::from(oh).checked_sub(u64::from(region.offset_y) + u64::from(h));
    let (Some(top), true) = (top, right <= u64::from(ow)) else {
        return Err(Unliftable::OutOfWindow);
    };
    if ow == 0 || oh == 0 || ow > png_image::MAX_SIDE || oh > png_image::MAX_SIDE {
        return Err(Unliftable::OutOfWindow);
    }
    let page = pages
        .page(imported, region.page)
        .as_ref()
        .map_err(|e| Unliftable::Page(e.clone()))?;
    let (pw, ph) = (page.header.width, page.header.height);
    if u64::from(region.x) + u64::from(w) > u64::from(pw)
        || u64::from(region.y) + u64::from(h) > u64::from(ph)
    {
        return Err(Unliftable::Page(format!(
            "the page PNG is {pw}x{ph}, smaller than its `size:` says"
        )));
    }
    let (ow, w, pw) = (ow as usize, w as usize, pw as usize);
    let (ox, top) = (region.offset_x as usize, top as usize);
    let mut rgba = vec![0u8; ow * oh as usize * 4];
    for row in 0..h as usize {
        let from = ((region.y as usize + row) * pw + region.x as usize) * 4;
        let to = ((top + row) * ow + ox) * 4;
        if let (Some(src), Some(dst)) = (
            page.rgba.get(from..from + w * 4),
            rgba.get_mut(to..to + w * 4),
        ) {
            dst.copy_from_slice(src);
        }
    }
    Ok(png_image::encode_rgba(ow as u32, oh, &rgba))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_diag::source::SourceFile;
    use std::path::Path;

    fn imported(atlas: &str, page: Option<Vec<u8>>) -> Imported {
        let file = SourceFile::new("a.atlas", "/a.atlas", atlas.to_string());
        let mut i = super::super::parse(file, Path::new("/")).expect("parses");
        i.pages[0].bytes = page;
        i
    }

    /// A 4x3 page whose texel (x, y) is (x, y, 7, 255).
    fn page() -> Vec<u8> {
        let mut px = Vec::new();
        for y in 0..3u8 {
            for x in 0..4u8 {
                px.extend([x, y, 7, 255]);
            }
        }
        png_image::encode_rgba(4, 3, &px)
    }

    #[test]
    fn a_trimmed_region_lands_at_its_offset_from_the_bottom_left() {
        let i = imported(
            "p.png\nsize: 4, 3\nr\nbounds: 1, 1, 2, 2\noffsets: 1, 0, 5, 4\n",
            Some(page()),
        );
        let bytes = lift(&i, &mut Pages::default(), &i.regions[0]).expect("lifts");
        let d = png_image::decode(&bytes).expect("decodes");
        assert_eq!((d.header.width, d.header.height), (5, 4));
        let at = |x: usize, y: usize| d.rgba[(y * 5 + x) * 4..(y * 5 + x) * 4 + 4].to_vec();
        // offset y 0 = nothing trimmed at the bottom: the 2 rows are rows 2..4.
        assert_eq!(at(1, 2), vec![1, 1, 7, 255]);
        assert_eq!(at(2, 3), vec![2, 2, 7, 255]);
        assert_eq!(at(0, 2), vec![0, 0, 0, 0]);
        assert_eq!(at(1, 1), vec![0, 0, 0, 0]);
        assert_eq!(at(3, 2), vec![0, 0, 0, 0]);
    }

    #[test]
    fn rotation_scale_and_a_window_too_small_are_said() {
        let rotated = imported(
            "p.png\nsize: 4, 3\nr\nbounds: 0, 0, 2, 2\nrotate: 90\n",
            Some(page()),
        );
        assert_eq!(
            lift(&rotated, &mut Pages::default(), &rotated.regions[0]),
            Err(Unliftable::Rotated(90))
        );
        let scaled = imported(
            "p.png\nsize: 4, 3\nscale: 0.5\nr\nbounds: 0, 0, 2, 2\n",
            Some(page()),
        );
        assert_eq!(
            lift(&scaled, &mut Pages::default(), &scaled.regions[0]),
            Err(Unliftable::Scaled(0.5))
        );
        let out = imported(
            "p.png\nsize: 4, 3\nr\nbounds: 0, 0, 2, 2\noffsets: 1, 0, 2, 2\n",
            Some(page()),
        );
        assert_eq!(
            lift(&out, &mut Pages::default(), &out.regions[0]),
            Err(Unliftable::OutOfWindow)
        );
        let unread = imported("p.png\nsize: 4, 3\nr\nbounds: 0, 0, 2, 2\n", None);
        assert!(matches!(
            lift(&unread, &mut Pages::default(), &unread.regions[0]),
            Err(Unliftable::Page(_))
        ));
    }
}
