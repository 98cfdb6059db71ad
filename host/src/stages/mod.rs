//! This module owns the compile stages, one file each, in the order a build runs
//! them. Each is a stage of [`crate::stage`]: a struct naming exactly its
//! inputs, keyed by all of them, computed from them alone — no clock, no file
//! (the build reads the spec files and the part images before the stages run,
//! and writes a green result after them) — returning its output or what refuses
//! the input.
//!
//! 1. [`parse`] — `parse:rig`, `parse:motion`: a spec's bytes → its summary
//!    (and, when a later stage needs it, its one parse).
//! 2. [`measure`] — `measure:<image>`: one part PNG's bytes → its facts.
//! 3. [`setup`] — `setup`: rig spec + motion `setup` table + measured images →
//!    the setup skeleton (`rigc_sdk::model::Skeleton` with no animations), the
//!    part list (first-use order) and the rig info for the gate.
//! 4. [`mesh`] — `mesh:<skin>/<slot>/<attachment>`: one mesh attachment of
//!    the setup skeleton + its PNG's bytes → what its `MESH` line reports.
//! 5. [`animation`] — `animation:<name>`: one animation of the motion spec + the
//!    rest of it + the setup skeleton → `rigc_sdk::model::Animation`.
//! 6. [`atlas`] — `atlas`: the part list → atlas pages (one page per part).
//! 7. [`bounds`] — `bounds`: the setup skeleton + atlas → the header's
//!    setup-pose bounding box.
//! 8. [`emit`] — `emit:<emitter>`: the model → `skeleton.json` /
//!    `skeleton.atlas` text, through the emitter plugin.
//! 9. [`gate`] — `gate:<plugin>`: emitted text + atlas pages + rig info + the
//!    second compile → each rule plugin's verdicts.
//!
//! `crate::build::pipeline` runs them in this order, cached or not.

pub mod animation;
pub mod atlas;
pub mod bounds;
pub mod emit;
pub mod gate;
pub mod measure;
pub mod mesh;
pub mod meshgen;
pub mod pack;
pub mod parse;
pub mod setup;
