//! This module owns where a command's lines go: the report to stdout, refusals
//! and (under `--message-format json`) the gate's FAILs to stderr, and the
//! quiet end of a closed pipe — and how many diagnostics of one code in one
//! file are printed (`rigc_diag::limit`: 50, unless `--all-diagnostics`). What
//! the lines say is `crate::printer`'s.

use crate::cli;
use clap::CommandFactory;
use rigc_diag as diag;
use rigc_diag::streams::Streams;

/// Where a command's lines go: stdout for the report, stderr for refusals.
pub struct Output {
    format: cli::MessageFormat,
    all_diagnostics: bool,
    streams: Streams,
}

impl Output {
    /// An output printing diagnostics in `format`: every one kept with
    /// `all_diagnostics`, else the first [`diag::limit::SHOWN_PER_CODE`] of
    /// each code in each file.
    pub fn new(format: cli::MessageFormat, all_diagnostics: bool) -> Self {
        Output {
            format,
            all_diagnostics,
            streams: Streams::default(),
        }
    }

    /// The `--message-format` chosen.
    pub fn format(&self) -> cli::MessageFormat {
        self.format
    }

    /// Did a write find stdout or stderr closed?
    pub fn is_broken(&self) -> bool {
        self.streams.is_broken()
    }

    fn write(&mut self, err: bool, text: &str) {
        self.streams.write(err, text);
    }

    /// A report line on stdout.
    pub fn line(&mut self, s: &str) {
        self.write(false, &format!("{s}\n"));
    }

    /// Stdout, buffered, for a document written as it is made (`rigc
    /// sample` streams its frames); the command ends a closed pipe quietly
    /// itself, when a write through this fails with `BrokenPipe`.
    pub fn stream(&self) -> std::io::BufWriter<std::io::StdoutLock<'static>> {
        std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock())
    }

    /// A line on stderr.
    pub fn err_line(&mut self, s: &str) {
        self.write(true, &format!("{s}\n"));
    }

    /// Diagnostics on stderr, in the chosen format, as many of each code in
    /// each file as the output shows.
    pub fn diagnostics(&mut self, diags: &[diag::Diagnostic]) {
        let capped;
        let shown = if self.all_diagnostics {
            diags
        } else {
            capped = diag::limit::cap(diags, diag::limit::SHOWN_PER_CODE);
            &capped
        };
        for d in shown {
            let text = crate::printer::render_diagnostics(std::slice::from_ref(d), self.format);
            self.write(true, &text);
        }
    }

    /// Each FAIL of `report` as a JSON object on stderr, under
    /// `--message-format json` (its human lines are part of the report).
    pub fn gate_findings(&mut self, report: &crate::stages::gate::GateReport) {
        if self.format == cli::MessageFormat::Json {
            let text = crate::printer::gate::fail_json(report);
            self.write(true, &text);
        }
    }

    /// A usage error: `rigc: <message>`, a blank line, the usage.
    pub fn usage(&mut self, message: &str) {
        let usage = cli::Cli::command().render_usage().to_string();
        self.write(true, &format!("rigc: {message}\n\n{usage}\n"));
    }
}
