//! Hostile input (issue #14 items 5, 6, 7 and 12): every number of a spec held
//! to the float32 range its Spine field stores, diagnostic floods bounded in
//! memory and output, images with a huge declared size refused from their
//! header, and every refusal located in its file.
//!
//! - `numbers`  — a sweep over every numeric leaf of walk and the snail (item 5)
//! - `flood`    — a million refused elements, peak RSS read from `/proc` (item 6)
//! - `png`      — a hand-made IHDR declaring 100000×100000 (item 7)
//! - `located`  — the refusals item 12 found without a place

mod flood;
mod located;
mod numbers;
mod png;

/// 1-based line and character column of byte `offset` of `text`, counted here.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}
