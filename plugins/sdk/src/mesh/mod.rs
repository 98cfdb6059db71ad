//! This module owns what rigc knows about an authored mesh's geometry apart
//! from any rig: today its [`topology`] — the outline the triangles trace, the
//! `hull` read off it and the `edges` written for the editor (FORMAT.md
//! §2.7.2). The host's rig parser derives both, so a refusal points at the
//! spec; gate rules may read the outline.

pub mod topology;
