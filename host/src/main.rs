//! `rigc`: compile rig + motion specs into gated Spine 4.3 skeletons.

mod cli;
mod diag;
mod project;
mod spec;
mod stages;

fn main() {}
