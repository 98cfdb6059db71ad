//! This module owns the place of the one block still to come: the transform
//! print-out of FORMAT.md §3.14.1 under a generated deform key (branch
//! `deform`). Until it lands, its place prints nothing. (The `MESH` lines and
//! the `MEMBER` block are `printer::mesh` and `printer::member`, called from
//! the section list.)

/// The transform print-out under one deform key (branch `deform`).
pub fn transform_lines() -> Vec<String> {
    Vec::new()
}

/// The model a generated deform key was made by (`transform yaw
/// radius=170 degrees=12`), for its `DEFORM` row (branch `deform`); `None`:
/// an authored table.
pub fn deform_model(_animation: &str, _target: &str, _key: usize) -> Option<String> {
    None
}
