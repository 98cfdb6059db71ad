//! This module owns the one piece of the motion spec the rig side reads: an entry
//! of the motion spec's `setup` table (FORMAT.md §3.4), already shape-checked by
//! the motion parser, with the locations a compile refusal points at.

use rigc_diag::Loc;

/// `setup."<slot>": { attachment?, color? }`.
#[derive(Debug, Clone)]
pub struct SetupEntry {
    /// The slot name (the table key).
    pub slot: String,
    /// Where the entry is (its object).
    pub loc: Loc,
    /// `attachment`: `None` = the key is absent (which means show nothing),
    /// `Some(None)` = `null`, `Some(Some(name))` = a placeholder name.
    pub attachment: Option<Option<String>>,
    /// Where `attachment` is, when stated.
    pub attachment_loc: Option<Loc>,
    /// `color` as four channels in 0..1, when stated.
    pub color: Option<[f64; 4]>,
    /// Where `color` is, when stated.
    pub color_loc: Option<Loc>,
}
