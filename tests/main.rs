//! End-to-end and conformance tests of rigc: the real `rigc` binary run on
//! temporary projects, and its output held to the official Spine runtime.
//!
//! Modules (one per area):
//! - `util`      — the harness: temp projects, running `rigc`, the spine-core oracle
//! - `nginx`     — the harness's nginx: a WebDAV server per test in a temp dir (stop, start again), and its own positive control
//! - `cli`       — flags, usage errors, exit codes
//! - `check`     — `rigc check`: FACE.md §9.3's audit on portrait (0 < inverted < folded, worst where the turn arrives), its refusals
//! - `attach`    — clipping, linked meshes, sequences: compiled, read back by spine-core and our runtime, A11/A44/A46
//! - `attach_refusals` — their refusals, one test per class
//! - `deform`    — deform timelines: runs, kind plugins through the ABI, their refusals
//! - `deform_reference` — the reference rigs' deform figures (squash, portrait, nod), A39 on a fold
//! - `build`     — building the gallery and the reference rigs, what is written
//! - `diff`      — `rigc diff`: walk against itself n/n, a renamed bone, a removed key and a renamed animation (paired by --as) move exactly their measures, --json, refusals
//! - `explain`   — `rigc explain`: the compiled rig as tables, through build's cache, writing nothing
//! - `segments`  — the segments generator: an arm weighted by its bone segments, posed by spine-core, A20 on it, its refusals
//! - `generated` — generated meshes: trimmed look's MESH figures, a grid, every generator refusal
//! - `ribbon`    — the ribbon generator: a strand's chain weights, A20/A21/A28 measured and their mutants, posed by spine-core, every ribbon refusal
//! - `gallery_owl` — gallery/owl's head turn and nod: its README's figures from the closed forms, posed by spine-core, its fold bracketed by A39
//! - `raster_browser` — our rasteriser against the Spine Web Player in Chromium on owl: setup pose and a mid-turn frame within a stated MAE
//! - `refusals`  — one test per compile-error class: message, location, exit, nothing written
//! - `gate`      — every rule: a mutant of emitted text that FAILs it, and a positive control
//! - `mesh`      — authored meshes: squash builds past its mesh, spine-core poses it, refusals, the mesh rules
//! - `oracle`    — spine-core parses and poses what rigc emits, to figures derived here
//! - `physics`   — physics constraints (rig and motion table), their timelines, A23 and PHYS lines, posed by spine-core
//! - `physics_refusals` — one test per physics refusal class
//! - `pack`      — `build --pack`: pot pages holding the loose pixels, skeleton.json unchanged, the refusal, A06/A49 on a pack
//! - `layout_targets` — `pack`/`atlas_in` keys of rigc.toml built by `--all`, their refusals, `explain --atlas-in`, sequence frames packed and imported
//! - `atlas_in`  — `build --atlas-in`: a pack round trip, a `scale: 0.5` page, the four refusals, A06/A49 on an import
//! - `derive`    — `derive` models: spine-core poses the derived members at their closed forms
//! - `sample`    — `rigc sample` against spine-core (`compare.mjs`) on fixtures and built rigs
//! - `sample_stream` — `rigc sample` streams: flat memory, the oracle's layout, a closed pipe, a late refusal
//! - `sliders`   — slider constraints: look's dials trimmed, headroll's composition, bone- and time-driven closed forms posed by spine-core and rigc-spine, A37/A40/A42 measured, every slider refusal
//! - `watch`     — `rigc watch` on a live project: rebuilds, red keeps green, reloads, SIGINT
//! - `serve`     — `rigc watch --serve`: the page, its events and files over HTTP (404 for escapes); in Chromium an edit reloaded in place keeping animation and time, a red build's failures over the last green pose, then cleared; a port in use refused before any build
//! - `projects`  — one project per build: the nearest rigc.toml above the rig spec, else its directory
//! - `layout`    — the workspace's sources: no import cycle between the modules of any crate
//! - `render`    — `rigc render` on walk, squash and portrait to FIGURES.md's frame counts, sizes and seams; --slot/--hide, --geometry, the setup pose, every refusal writing nothing
//! - `reliability` — the adversarial checks: kills, cache and plugin faults, hostile input
//! - `flex`      — the reference rig flex: its four contour meshes' MESH lines, both profiles, posed by spine-core
//! - `look`      — the reference rig look: red by A23 alone as it stands, green with its whip's measured length, posed by spine-core
//! - `ring`      — the ring generator: an eye rig built green, posed by spine-core to the model's closed forms, an A21 mutant, every ring refusal
//! - `ride`      — the reference rig ride: its path attachment and constraint to FIGURES.md and spine-core, the path refusals
//! - `rule_audit` — every rule the gate registers measures on some build (A29/A30/A50 SKIP with their reason), both profiles
//! - `audit_fixtures` — the rigs that make A24, A25 and A43 measure: a positive control and a build-level mutant each
//! - `preview`   — `rigc preview` in the official Spine Web Player, opened in headless Chromium (loads, draws the posed box, plays), one and two panes, every refusal; `official_frame`, the player's pixels on a given grid
//! - `vote`      — `rigc vote`: a ballot of two built walks, a result recorded and its ledger line, tampered and repeat results refused, --again, ballot refusals; in Chromium when installed, both panes play and the page saves a vote that --record takes
//! - `remote_cache` — the remote cache against nginx: clones served by each other's uploads, concurrent shards, corrupt blobs and swapped entries named and rebuilt, a down/stopping/503 server costs one warning, read-only, the bearer token, a hung server; a garbage-answering server named a few times, then left alone; a hostile hand-written server (truncated, flipped, swapped, huge, broken, slow answers) never decides a build, each bad answer counted
//! - `verdicts`  — a build's verdicts read from its `--report`, the registered rules from `rigc plugins`

mod fixture;
mod nginx;
mod util;

mod atlas_in;
mod atlas_in_generated;
mod attach;
mod attach_refusals;
mod audit_fixtures;
mod build;
mod check;
mod cli;
mod deform;
mod deform_reference;
mod derive;
mod diff;
mod explain;
mod face_builds;
mod flex;
mod gallery_owl;
mod gate;
mod generated;
mod incremental;
mod layout;
mod layout_targets;
mod look;
mod mesh;
mod oracle;
mod pack;
mod physics;
mod physics_refusals;
mod plugins;
mod preview;
mod projects;
mod raster_browser;
mod refusals;
mod reliability;
mod remote_cache;
mod render;
mod ribbon;
mod ride;
mod ring;
mod rule_audit;
mod sample;
mod sample_stream;
mod segments;
mod serve;
mod sliders;
mod verdicts;
mod vote;
#[cfg(unix)]
mod watch;
