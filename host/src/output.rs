//! This module owns where a command's lines go: the report to stdout, refusals
//! and (under `--message-format json`) the gate's FAILs to stderr, and the
//! quiet end of a closed pipe. What the lines say is `crate::printer`'s.

use crate::cli;
use clap::CommandFactory;
use rigc_diag as diag;
use rigc_diag::streams::Streams;

/// Where a command's lines go: stdout for the report, stderr for refusals.
pub struct Output {
    format: cli::MessageFormat,
    streams: Streams,
}

impl Output {
    /// An output printing diagnostics in `format`.
    pub fn new(format: cli::MessageFormat) -> Self {
        Output {
            format,
            streams: Streams::default(),
        }
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

    /// Diagnostics on stderr, in the chosen format.
    pub fn diagnostics(&mut self, diags: &[diag::Diagnostic]) {
        let text = crate::printer::render_diagnostics(diags, self.format);
        self.write(true, &text);
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
