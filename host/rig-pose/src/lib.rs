//! `rig-pose` puts motion from a pose sequence — joint positions over time, from
//! a video, a dataset or placed by hand — onto a rig rigc built
//! (`../shared/seeds/POSE.md`). Its first command, `clean`, cleans the sequence
//! once, where it can be inspected: spikes, occlusion, smoothing, the floor and
//! the stillness hold, each step printed with its figures and recorded in the
//! output's `cleaned` record. `retarget` comes later and reads only what
//! `clean` wrote.
//!
//! This crate owns the pose sequence format (`rig-pose-sequence/1`,
//! [`sequence`]), the cleaning steps as pure functions ([`clean`]), the command
//! line ([`cli`]) and the one command that reads and writes files
//! ([`command`]). It deliberately owns no JSON reader and no diagnostic type:
//! it reads with the spanned reader rigc uses (`rigc_diag::json`) and refuses
//! with `rigc_diag::Diagnostic`, printed with its own head ([`diag`]). It links
//! `rigc-diag` and `rigc-spine`, not the rigc host.
//!
//! ```
//! use rig_pose::clean::smooth::fit_at_zero;
//! // A quadratic Savitzky–Golay fit through a parabola gives the parabola back.
//! let pts: Vec<(f64, f64)> = (-2..=2).map(|x| (x as f64, 1.0 + (x * x) as f64)).collect();
//! assert!((fit_at_zero(&pts).unwrap() - 1.0).abs() < 1e-12);
//! ```

#![deny(missing_docs)]
// A `Diagnostic` carries its location, value and fix, so it is large; it is the
// cold path (a refused input), and boxing every refusal buys nothing.
#![allow(clippy::result_large_err)]

pub mod clean;
pub mod cli;
pub mod command;
pub mod diag;
pub mod sequence;

use clap::{CommandFactory, Parser};
use command::Status;
use std::process::ExitCode;

/// Where the command's lines go: stdout for its report, stderr for refusals,
/// and the quiet end of a closed pipe.
pub struct Output {
    format: cli::MessageFormat,
    streams: rigc_diag::streams::Streams,
}

impl Output {
    /// An output printing refusals in `format`.
    pub fn new(format: cli::MessageFormat) -> Self {
        Output {
            format,
            streams: rigc_diag::streams::Streams::default(),
        }
    }

    fn write(&mut self, err: bool, text: &str) {
        self.streams.write(err, text);
    }

    /// A line on stdout.
    pub fn line(&mut self, s: &str) {
        self.write(false, &format!("{s}\n"));
    }

    /// Refusals on stderr, in the chosen format (at most 20, then a count).
    pub fn diagnostics(&mut self, diags: &[rigc_diag::Diagnostic]) {
        const SHOWN: usize = 20;
        let mut text: String = diags
            .iter()
            .take(SHOWN)
            .map(|d| diag::render(d, self.format))
            .collect();
        if diags.len() > SHOWN && self.format == cli::MessageFormat::Human {
            text.push_str(&format!(
                "rig-pose: … and {} more refusal(s) of the same input\n",
                diags.len() - SHOWN
            ));
        }
        self.write(true, &text);
    }

    /// A usage error: `rig-pose: <message>`, a blank line, the usage.
    pub fn usage(&mut self, message: &str) {
        let usage = cli::Cli::command().render_usage().to_string();
        self.write(true, &format!("rig-pose: {message}\n\n{usage}\n"));
    }
}

/// Parses the command line, runs the command, and maps its outcome to the exit
/// code: 0 written, 1 refused input, 2 usage. A closed stdout ends quietly with 0.
pub fn main_entry() -> ExitCode {
    let argv: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let args = argv.get(1..).unwrap_or(&[]);
    let mut out = Output::new(cli::MessageFormat::Human);
    if let Err(message) = rigc_diag::args::precheck_flags(args, cli::SWITCHES) {
        out.usage(&message);
        return ExitCode::from(2);
    }
    let parsed = match cli::Cli::try_parse_from(&argv) {
        Ok(c) => c,
        Err(e) => {
            return rigc_diag::args::clap_failure(e).unwrap_or_else(|message| {
                out.usage(&message);
                ExitCode::from(2)
            });
        }
    };
    let mut out = Output::new(parsed.message_format);
    let status = match &parsed.command {
        cli::Command::Clean(a) => command::run(a, args, &mut out),
    };
    if out.streams.is_broken() {
        return ExitCode::SUCCESS;
    }
    match status {
        Status::Ok => ExitCode::SUCCESS,
        Status::Refused => ExitCode::from(1),
        Status::Usage => ExitCode::from(2),
    }
}
