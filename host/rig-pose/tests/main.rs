//! The tests of `rig-pose`, in one binary (STYLE.md §15). Each module is an area:
//!
//! - `util` — the harness: hand-built sequences, a temporary directory per run,
//!   the real binary (`CARGO_BIN_EXE_rig-pose`), independent readings (median,
//!   jitter) of what it wrote;
//! - `steps` — spikes, occlusion, Savitzky–Golay, the jitter;
//! - `hold` — the stillness hold: median, blends, seams, excursions, the face;
//! - `options` — `--loop` and the floor, `--hips-inferred`, `--coco`, `--person`,
//!   JSON refusals, deterministic bytes;
//! - `refusals` — every named refusal, located, with nothing written;
//! - `props` — property tests: no panic, and the output re-reads as input.

mod hold;
mod options;
mod props;
mod refusals;
mod steps;
mod util;
