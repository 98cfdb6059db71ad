//! The adversarial checks of issue #14, kept as part of the suite and bounded
//! to stay inside CI's time: each area's faults, their trials and failures.
//!
//! - `outputs` — SIGKILLed builds never leave a mixed pair; temporaries swept; the out boundary
//! - `cache`   — corrupted, swapped and non-UTF-8 cache entries; substituted and truncated plugins
//! - `input`   — out-of-range numbers, diagnostic floods, huge PNGs, refusals with their location

mod cache;
mod input;
mod outputs;
