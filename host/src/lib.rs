//! `rigc` compiles a rig spec (`rigc-rig/1`) and a motion spec (`rigc-motion/1`)
//! beside loose part PNGs into a Spine 4.3 `skeleton.json` + `skeleton.atlas`, and
//! writes nothing unless every named assertion of its gate is green.
//!
//! This crate is the host: the command line, the project (`rigc.toml`), spec
//! parsing with located refusals, the stages and their driver, the cache, the
//! plugin loader, the gate harness, `watch` and the printer. Diagnostics live
//! in `rigc-diag`, the plugin ABI in `rigc-abi`, the Spine runtime in
//! `rigc-spine`, what a plugin author names in `rigc-sdk`, the assertion
//! rules in `rigc-core-rules` (see ARCHITECTURE.md).
//!
//! Its library is the binary's ([`main_entry`]) with a small surface for the
//! benches and the end-to-end tests (the `pub use` block below); the modules
//! themselves are private.

// A `Diagnostic` carries its location, value and fix, so it is large; it is the
// cold path (a refused input), and boxing every refusal buys nothing.
#![allow(clippy::result_large_err)]

mod atlas_in;
mod build;
mod cache;
mod candidate;
mod check;
mod cli;
mod commands;
mod config;
mod diff;
mod explain;
mod layout;
mod output;
mod player;
mod plugins;
mod printer;
mod project;
mod runner;
mod spec;
mod stage;
mod stages;
mod status;
mod vote;
mod watch;
mod workspace;

// The library's surface: the binary's entry, and what the benches and the
// end-to-end tests call in process — compiling a target without a cache,
// loading plugins, running the gate. Everything else is the host's own.
pub use build::pipeline::Compiled;
pub use build::sources::{image_paths, read_spec, Sources};
pub use build::{compile_uncached, TargetSpec};
pub use cache::remote::REJECTED_BEFORE_OFF;
pub use plugins::{builtins, load, Plugin, Registry, Request};
pub use project::Project;
pub use stages::gate::{run_plugins, GateReport};
pub use workspace::find_manifest;

pub use output::Output;

use clap::{CommandFactory, Parser};
use status::Status;
use std::process::ExitCode;

/// Parses the command line, runs the command, and maps its outcome to the exit
/// code: 0 green, 1 red, 2 usage. A closed stdout ends quietly with 0.
pub fn main_entry() -> ExitCode {
    let argv: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Err(message) = cli::precheck(argv.get(1..).unwrap_or(&[])) {
        let usage = cli::Cli::command().render_usage().to_string();
        eprintln!("rigc: {message}\n\n{usage}");
        return ExitCode::from(2);
    }
    let parsed = match cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            return rigc_diag::args::clap_failure(e).unwrap_or_else(|message| {
                let usage = cli::Cli::command().render_usage().to_string();
                eprintln!("rigc: {message}\n\n{usage}");
                ExitCode::from(2)
            });
        }
    };
    let cwd = std::env::current_dir().unwrap_or_else(|_| ".".into());
    let mut out = Output::new(parsed.message_format, parsed.all_diagnostics);
    let status = match &parsed.command {
        cli::Command::Build(args) => commands::build::run(args, &cwd, &mut out),
        cli::Command::Validate(args) => commands::validate::run(args, &cwd, &mut out),
        cli::Command::Plugins(args) => commands::plugins::run(args, &cwd, &mut out),
        cli::Command::Cache(args) => commands::cache::run(args, &cwd, &mut out),
        cli::Command::Sample(args) => commands::sample::run(args, &cwd, &mut out),
        cli::Command::Watch(args) => commands::watch::run(args, &cwd, &mut out),
        cli::Command::Explain(args) => commands::explain::run(args, &cwd, &mut out),
        cli::Command::Check(args) => commands::check::run(args, &cwd, &mut out),
        cli::Command::Render(args) => commands::render::run(args, &cwd, &mut out),
        cli::Command::Diff(args) => commands::diff::run(args, &cwd, &mut out),
        cli::Command::Preview(args) => commands::preview::run(args, &cwd, &mut out),
        cli::Command::Vote(args) => commands::vote::run(args, &cwd, &mut out),
    };
    if out.is_broken() {
        return ExitCode::SUCCESS;
    }
    match status {
        Status::Green => ExitCode::SUCCESS,
        Status::Red => ExitCode::from(1),
        Status::Usage => ExitCode::from(2),
    }
}
