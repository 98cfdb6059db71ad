//! This module owns one MaxRects bin (CLI.md §7): Best Short Side Fit, no
//! rotation; ties go to the smaller long-side leftover, then the topmost, then
//! the leftmost spot; a placed cell splits every free rectangle it overlaps into
//! at most four, and a free rectangle inside another is pruned (of two equal
//! ones, the later loses).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rect {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

impl Rect {
    fn right(&self) -> u32 {
        self.x + self.w
    }
    fn bottom(&self) -> u32 {
        self.y + self.h
    }
    fn contains(&self, o: &Rect) -> bool {
        o.x >= self.x && o.y >= self.y && o.right() <= self.right() && o.bottom() <= self.bottom()
    }
    fn overlaps(&self, o: &Rect) -> bool {
        o.x < self.right() && self.x < o.right() && o.y < self.bottom() && self.y < o.bottom()
    }
}

/// A page being filled.
pub struct Bin {
    free: Vec<Rect>,
}

impl Bin {
    /// An empty `w`×`h` page.
    pub fn new(w: u32, h: u32) -> Bin {
        Bin {
            free: vec![Rect { x: 0, y: 0, w, h }],
        }
    }

    /// Places a `w`×`h` cell: its top-left corner, or `None` when no free
    /// rectangle holds it.
    pub fn insert(&mut self, w: u32, h: u32) -> Option<(u32, u32)> {
        let best = self
            .free
            .iter()
            .filter(|f| f.w >= w && f.h >= h)
            .map(|f| {
                let (dw, dh) = (f.w - w, f.h - h);
                ((dw.min(dh), dw.max(dh), f.y, f.x), (f.x, f.y))
            })
            .min_by_key(|(score, _)| *score)?;
        let (x, y) = best.1;
        self.split(Rect { x, y, w, h });
        Some((x, y))
    }

    fn split(&mut self, used: Rect) {
        let mut next = Vec::with_capacity(self.free.len() + 4);
        for f in &self.free {
            if !f.overlaps(&used) {
                next.push(*f);
                continue;
            }
            if used.x > f.x {
                next.push(Rect {
                    w: used.x - f.x,
                    ..*f
                });
            }
            if used.right() < f.right() {
                next.push(Rect {
                    x: used.right(),
                    w: f.right() - used.right(),
                    ..*f
                });
            }
            if used.y > f.y {
                next.push(Rect {
                    h: used.y - f.y,
                    ..*f
                });
            }
            if used.bottom() < f.bottom() {
                next.push(Rect {
                    y: used.bottom(),
                    h: f.bottom() - used.bottom(),
                    ..*f
                });
            }
        }
        // Prune: a rectangle inside another goes; of two equal ones, the later.
        let keep: Vec<bool> = (0..next.len())
            .map(|i| {
                !next
                    .iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.contains(&next[i]) && (next[i] != *o || j < i))
            })
            .collect();
        self.free = next
            .into_iter()
            .zip(keep)
            .filter_map(|(r, k)| k.then_some(r))
            .collect();
    }
}

/// Places every cell, in order, on one `w`×`h` page: their corners, or `None`
/// when one does not fit.
pub fn place_all(cells: &[(u32, u32)], w: u32, h: u32) -> Option<Vec<(u32, u32)>> {
    let mut bin = Bin::new(w, h);
    cells.iter().map(|&(cw, ch)| bin.insert(cw, ch)).collect()
}
