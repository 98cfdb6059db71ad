//! This module owns the compile stages, one file each, in the order a build runs
//! them. Each stage is a function of its inputs only: it reads no clock and no
//! file (only `inputs` and `measure` touch the disk), and it returns its output or
//! the diagnostics that refuse the input.
//!
//! 1. `parse` — rig spec + motion spec bytes → located specs (`spec::rig`,
//!    `spec::motion`).
//! 2. `measure` — one part PNG → [`measure::ImageInfo`] (per image file).
//! 3. `setup` — rig spec + motion `setup` table + measured images → the setup
//!    skeleton (`rigc_sdk::model::Skeleton` with no animations), the part list
//!    (first-use order) and the rig info for the gate.
//! 4. `animation` — one animation of the motion spec + the setup skeleton →
//!    `rigc_sdk::model::Animation` (per animation).
//! 5. `atlas` — the part list → atlas pages (one page per part).
//! 6. `bounds` — the setup skeleton + atlas → the header's setup-pose bounding box.
//! 7. `gate` — emitted text + atlas + rig info → the report (rules run here).
//! 8. `emit` — the model → `skeleton.json` / `skeleton.atlas` bytes, written only
//!    when the gate is green, atomically.

pub mod animation;
pub mod atlas;
pub mod bounds;
pub mod gate;
pub mod measure;
pub mod setup;
