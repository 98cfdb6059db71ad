//! This module owns how far one slot's pixels have moved between a candidate
//! and a reference picture: the slot's own contribution to the candidate
//! (the pixels that change when the slot is hidden) is slid over the
//! reference by whole pixels, and the offset with the least absolute error
//! is the slot's drift (`check`'s slot-drift table). An identical picture
//! answers offset 0 exactly; a tie keeps the shorter offset.

use crate::image::Image;

/// The largest offset searched, pixels, each way.
pub const SEARCH: i32 = 6;

/// Where a slot's pixels sit best on the reference.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drift {
    /// The best whole-pixel offset (x right, y down).
    pub offset: (i32, i32),
    /// Its length, pixels.
    pub distance: f64,
    /// The slot's pixels compared.
    pub pixels: u64,
}

/// The drift of the pixels where `with` (the candidate) and `without` (the
/// candidate with the slot hidden) differ, searched over `reference`;
/// `None` when the slot contributes no pixel or the sizes differ.
pub fn drift(with: &Image, without: &Image, reference: &Image) -> Option<Drift> {
    let (w, h) = (with.width, with.height);
    if (without.width, without.height) != (w, h) || (reference.width, reference.height) != (w, h) {
        return None;
    }
    let mut own: Vec<(i32, i32, [u8; 4])> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let p = with.pixel(x, y);
            if p != without.pixel(x, y) {
                own.push((x as i32, y as i32, p));
            }
        }
    }
    if own.is_empty() {
        return None;
    }
    // Many pixels: compare an even subsample, enough to place a slot.
    let step = own.len().div_ceil(4096);
    let sample: Vec<_> = own.iter().step_by(step).collect();
    let at = |x: i32, y: i32| {
        if x < 0 || y < 0 {
            [0; 4]
        } else {
            reference.pixel(x as u32, y as u32)
        }
    };
    let mut best = (u64::MAX, 0.0, (0, 0));
    for dy in -SEARCH..=SEARCH {
        for dx in -SEARCH..=SEARCH {
            let err: u64 = sample
                .iter()
                .map(|&&(x, y, p)| {
                    let q = at(x + dx, y + dy);
                    p.iter()
                        .zip(q)
                        .map(|(a, b)| u64::from(a.abs_diff(b)))
                        .sum::<u64>()
                })
                .sum();
            let d = f64::from(dx * dx + dy * dy).sqrt();
            if err < best.0 || (err == best.0 && d < best.1) {
                best = (err, d, (dx, dy));
            }
        }
    }
    Some(Drift {
        offset: best.2,
        distance: best.1,
        pixels: own.len() as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x0: u32, y0: u32) -> Image {
        let mut img = Image::new(20, 20);
        for y in y0..y0 + 5 {
            for x in x0..x0 + 5 {
                let i = ((y * 20 + x) * 4) as usize;
                img.rgba[i..i + 4].copy_from_slice(&[200, (x * 10) as u8, (y * 10) as u8, 255]);
            }
        }
        img
    }

    #[test]
    fn a_moved_square_is_found_where_it_moved_and_a_still_one_at_zero() {
        let empty = Image::new(20, 20);
        let here = square(5, 5);
        let still = drift(&here, &empty, &here).expect("drawn");
        assert_eq!(
            (still.offset, still.distance, still.pixels),
            ((0, 0), 0.0, 25)
        );
        let moved = drift(&here, &empty, &square(8, 9)).expect("drawn");
        assert_eq!(moved.offset, (3, 4));
        assert_eq!(moved.distance, 5.0);
        assert!(
            drift(&empty, &empty, &here).is_none(),
            "a slot that draws nothing"
        );
    }
}
