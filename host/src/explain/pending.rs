//! This module owns the places of the three blocks other branches render, so
//! the section list names them now and each lands as one call here: the
//! `MESH` lines of FORMAT.md §6.2 (branch `mesh`), the `MEMBER` block of
//! §6.5 (branch `derive`) and the transform print-out of §3.14.1 under a
//! generated deform key (branch `deform`). Until a branch lands, its place
//! prints nothing: the compiled model carries no mesh kind, derived group or
//! transform model to print from yet.

/// The `meshes` section: the `MESH` line renderer's output (branch `mesh`).
pub fn mesh_lines() -> Vec<String> {
    Vec::new()
}

/// The `MEMBER` block (branch `derive`).
pub fn member_lines() -> Vec<String> {
    Vec::new()
}

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
