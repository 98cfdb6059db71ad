//! This module owns rig-pose's command line as typed values: pure clap parsing
//! that validates flags and does no IO (the host's `cli.rs` style), and the
//! flags that take no value, which the host's pre-check of the raw arguments
//! (`rigc_diag::args::precheck_flags`) needs for the two usage errors clap words
//! differently (`--<flag> needs a value`, `--<flag> was given more than once`).

use clap::{Args, Parser, Subcommand, ValueEnum};
pub use rigc_diag::args::MessageFormat;
use std::path::PathBuf;

/// rig-pose puts motion from a pose sequence (joint positions over time) onto a
/// rig rigc built. `clean` cleans the sequence first: spikes, occlusion,
/// smoothing, the floor and the stillness hold, every step printed and recorded.
#[derive(Debug, Parser)]
#[command(name = "rig-pose", version, about, long_about = None, disable_help_subcommand = true)]
pub struct Cli {
    /// How refusals are printed: `human` (a compiler-style block) or `json`
    /// (one JSON object per line on stderr).
    #[arg(long, global = true, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,

    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Clean a pose sequence (rig-pose-sequence/1) and write it with its record.
    Clean(CleanArgs),
}

/// `--hold on|off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HoldSwitch {
    /// Hold joints that have stopped (the default).
    On,
    /// Turn the stillness hold off.
    Off,
}

/// `rig-pose clean`.
#[derive(Debug, Args)]
pub struct CleanArgs {
    /// The sequence to clean (rig-pose-sequence/1).
    #[arg(long, value_name = "IN")]
    pub pose: PathBuf,
    /// Where the cleaned sequence is written (atomically; nothing on a refusal).
    #[arg(long, value_name = "OUT")]
    pub out: PathBuf,
    /// The sequence is one cycle: every window wraps; the floor is restored and
    /// the output is written "travel": "in-place".
    #[arg(long = "loop")]
    pub looped: bool,
    /// The legs' smoothing window (hips, knees, ankles): 1 (none) or odd and at least 5.
    #[arg(long, value_name = "FRAMES", default_value_t = 5)]
    pub legs: u64,
    /// Every other joint's smoothing window: 1 (none) or odd and at least 5.
    #[arg(long, value_name = "FRAMES", default_value_t = 7)]
    pub rest: u64,
    /// Declare the hips not seen: r_hip and l_hip are marked inferred.
    #[arg(long)]
    pub hips_inferred: bool,
    /// The stillness hold: on (the default) or off.
    #[arg(long, value_enum, value_name = "on|off", default_value_t = HoldSwitch::On)]
    pub hold: HoldSwitch,
    /// A frame is still under this median speed, in trunk lengths a frame.
    #[arg(long, value_name = "TRUNKS", default_value_t = 0.015, value_parser = positive, allow_hyphen_values = true)]
    pub hold_speed: f64,
    /// A hold stays within this of its median, in trunk lengths.
    #[arg(long, value_name = "TRUNKS", default_value_t = 0.03, value_parser = positive, allow_hyphen_values = true)]
    pub hold_reach: f64,
    /// Read COCO-17 joint names and convert them to body-18 first.
    #[arg(long)]
    pub coco: bool,
    /// Which person to clean when the sequence holds more than one (0-based).
    #[arg(long, value_name = "N")]
    pub person: Option<usize>,
}

fn positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("{s:?} is not a number above 0")),
    }
}

/// Flags that take no value (for `rigc_diag::args::precheck_flags`, which words
/// the two usage errors clap words differently).
pub const SWITCHES: &[&str] = &["help", "version", "loop", "hips-inferred", "coco"];

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn values_and_repeats() {
        let precheck = |a: &[String]| rigc_diag::args::precheck_flags(a, SWITCHES);
        assert_eq!(
            precheck(&args("clean --pose a --out=b --loop --coco")),
            Ok(())
        );
        assert_eq!(
            precheck(&args("clean --pose --out b")),
            Err("--pose needs a value".into())
        );
        assert_eq!(
            precheck(&args("clean --legs 5 --legs=7")),
            Err(
                "--legs was given more than once (\"5\" then \"7\"); this command takes it once"
                    .into()
            )
        );
    }
}
