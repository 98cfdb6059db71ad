//! This module owns comparing two pictures pixel for pixel: the largest
//! channel difference and how many pixels differ at all ([`Difference`], the
//! loop seam's figure), the mean absolute error over the pixels either
//! draws ([`mae`], `check`'s figure), and the box of drawn pixels
//! ([`drawn_box`]).

use crate::image::Image;
use std::fmt;

/// How two same-sized images differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difference {
    /// The largest difference of any channel (r, g, b or a) at any pixel, 0..255.
    pub max: u8,
    /// Pixels where any channel differs.
    pub differing: u64,
    /// Pixels compared.
    pub total: u64,
}

/// Compares two images channel by channel; `None` when their sizes differ.
pub fn difference(a: &Image, b: &Image) -> Option<Difference> {
    if a.width != b.width || a.height != b.height || a.rgba.len() != b.rgba.len() {
        return None;
    }
    let mut max = 0u8;
    let mut differing = 0u64;
    for (p, q) in a.rgba.chunks_exact(4).zip(b.rgba.chunks_exact(4)) {
        let d = p
            .iter()
            .zip(q)
            .map(|(x, y)| x.abs_diff(*y))
            .max()
            .unwrap_or(0);
        if d > 0 {
            differing += 1;
            max = max.max(d);
        }
    }
    Some(Difference {
        max,
        differing,
        total: u64::from(a.width) * u64::from(a.height),
    })
}

/// The mean absolute error of two same-sized pictures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mae {
    /// The mean over the union pixels of the mean absolute difference of the
    /// four channels (straight RGBA), 0..255; 0 when neither draws anything.
    pub mean: f64,
    /// Pixels where either picture has any alpha (the union alpha).
    pub union: u64,
}

/// The mean absolute error over the union alpha; `None` when the sizes differ.
pub fn mae(a: &Image, b: &Image) -> Option<Mae> {
    if a.width != b.width || a.height != b.height || a.rgba.len() != b.rgba.len() {
        return None;
    }
    let mut sum = 0u64;
    let mut union = 0u64;
    for (p, q) in a.rgba.chunks_exact(4).zip(b.rgba.chunks_exact(4)) {
        if p[3] == 0 && q[3] == 0 {
            continue;
        }
        union += 1;
        sum += p
            .iter()
            .zip(q)
            .map(|(x, y)| u64::from(x.abs_diff(*y)))
            .sum::<u64>();
    }
    let mean = if union == 0 {
        0.0
    } else {
        sum as f64 / (4 * union) as f64
    };
    Some(Mae { mean, union })
}

/// `0/255, 0 of 66 240 px`: the largest channel difference, then the
/// differing pixels of all compared (FIGURES.md's spelling of a seam).
impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/255, {} of {} px",
            self.max,
            grouped(self.differing),
            grouped(self.total)
        )
    }
}

/// A whole number with its thousands grouped by a space (`66 240`).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// The box `[x0, y0, x1, y1)` of the pixels with any alpha; `None` when
/// nothing is drawn.
pub fn drawn_box(img: &Image) -> Option<[u32; 4]> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in 0..img.height {
        for x in 0..img.width {
            if img.pixel(x, y)[3] > 0 {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + 1);
                y1 = y1.max(y + 1);
            }
        }
    }
    (x1 > 0).then_some([x0, y0, x1, y1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seam_is_counted_and_spelled_as_figures_md_does() {
        let a = Image::new(4, 3);
        let mut b = a.clone();
        assert_eq!(
            difference(&a, &b).expect("same size").to_string(),
            "0/255, 0 of 12 px"
        );
        b.rgba[0] = 169;
        b.rgba[7] = 3;
        let d = difference(&a, &b).expect("same size");
        assert_eq!((d.max, d.differing, d.total), (169, 2, 12));
        assert!(difference(&a, &Image::new(3, 4)).is_none());
        assert_eq!(grouped(66_240), "66 240");
        assert_eq!(grouped(375_040), "375 040");
        assert_eq!(grouped(941), "941");
        assert_eq!(grouped(1_000_000), "1 000 000");
        assert_eq!(drawn_box(&a), None);
        let m = mae(&a, &b).expect("same size");
        assert_eq!((m.union, m.mean), (1, 3.0 / 4.0), "only pixel 1 has alpha");
        assert_eq!(mae(&a, &a).expect("same").mean, 0.0);
        assert_eq!(drawn_box(&b), Some([1, 0, 2, 1]));
    }
}
