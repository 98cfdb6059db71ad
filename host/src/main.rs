//! `rigc`: compile rig + motion specs into gated Spine 4.3 skeletons.

mod diag;
mod spec;
mod stages;

fn main() {}
