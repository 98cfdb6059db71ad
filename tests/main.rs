//! End-to-end and conformance tests of rigc: the real `rigc` binary run on
//! temporary projects, and its output held to the official Spine runtime.
//!
//! Modules (one per area):
//! - `util`      — the harness: temp projects, running `rigc`, the spine-core oracle
//! - `cli`       — flags, usage errors, exit codes
//! - `deform`    — deform timelines: runs, kind plugins through the ABI, their refusals
//! - `deform_reference` — the reference rigs' deform figures (squash, portrait, nod), A39 on a fold
//! - `build`     — building the gallery and the reference rigs, what is written
//! - `explain`   — `rigc explain`: the compiled rig as tables, through build's cache, writing nothing
//! - `gallery_owl` — gallery/owl's head turn and nod: its README's figures from the closed forms, posed by spine-core, its fold bracketed by A39
//! - `refusals`  — one test per compile-error class: message, location, exit, nothing written
//! - `gate`      — every rule: a mutant of emitted text that FAILs it, and a positive control
//! - `mesh`      — authored meshes: squash builds past its mesh, spine-core poses it, refusals, the mesh rules
//! - `oracle`    — spine-core parses and poses what rigc emits, to figures derived here
//! - `pack`      — `build --pack`: pot pages holding the loose pixels, skeleton.json unchanged, the refusal, A06/A49 on a pack
//! - `atlas_in`  — `build --atlas-in`: a pack round trip, a `scale: 0.5` page, the four refusals, A06/A49 on an import
//! - `derive`    — `derive` models: spine-core poses the derived members at their closed forms
//! - `sample`    — `rigc sample` against spine-core (`compare.mjs`) on fixtures and built rigs
//! - `sample_stream` — `rigc sample` streams: flat memory, the oracle's layout, a closed pipe, a late refusal
//! - `watch`     — `rigc watch` on a live project: rebuilds, red keeps green, reloads, SIGINT
//! - `projects`  — one project per build: the nearest rigc.toml above the rig spec, else its directory
//! - `layout`    — the workspace's sources: no import cycle between the modules of any crate
//! - `reliability` — the adversarial checks: kills, cache and plugin faults, hostile input

mod fixture;
mod util;

mod atlas_in;
mod build;
mod cli;
mod deform;
mod deform_reference;
mod derive;
mod explain;
mod face_builds;
mod gallery_owl;
mod gate;
mod incremental;
mod layout;
mod mesh;
mod oracle;
mod pack;
mod plugins;
mod projects;
mod refusals;
mod reliability;
mod sample;
mod sample_stream;
#[cfg(unix)]
mod watch;
