//! This module owns the command line as typed values (STYLE.md §4, the `LowArgs`
//! phase): pure clap parsing that validates flags and does no IO. `--help` and
//! `--version` short-circuit here, before anything can fail.

use clap::{Args, Parser, Subcommand, ValueEnum};
pub use rigc_diag::args::MessageFormat;
use rigc_sdk::gate::Profile;
use std::path::PathBuf;

/// rigc compiles a rig spec (`rigc-rig/1`) and a motion spec (`rigc-motion/1`)
/// into a Spine 4.3 `skeleton.json` + `skeleton.atlas`, and writes nothing unless
/// every named assertion of its gate is green.
#[derive(Debug, Parser)]
#[command(name = "rigc", version, about, long_about = None, disable_help_subcommand = true)]
pub struct Cli {
    /// How diagnostics are printed: `human` (a compiler-style block) or `json`
    /// (one JSON object per line on stderr).
    #[arg(long, global = true, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,

    /// Print every diagnostic kept (up to 10000 of one code in one file);
    /// without it the first 50 of a code in a file are printed, then
    /// `… and N more of the same code`, in either message format.
    #[arg(long, global = true)]
    pub all_diagnostics: bool,

    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compile, gate, and write only if every assertion is green.
    Build(BuildArgs),
    /// Re-gate artifacts already on disk.
    Validate(ValidateArgs),
    /// Pose a skeleton at given times and print what the runtime would see
    /// (the oracle's `spine-oracle-pose/1` JSON).
    Sample(SampleArgs),
    /// List every plugin the project loads: path, hash, ABI version, what it provides.
    Plugins(PluginsArgs),
    /// Look after the build cache.
    Cache(CacheArgs),
    /// Build, then rebuild on every change to a target's inputs until Ctrl-C
    /// (`--serve`: and play each target live on 127.0.0.1).
    Watch(WatchArgs),
    /// Compile (through the cache, as build does) and print the compiled rig
    /// as tables; never gates, writes nothing.
    Explain(ExplainArgs),
    /// Draw a candidate onto a reference render's pixel grid and say how far
    /// it is from it, frame by frame (exit 0 whenever the comparison ran).
    Check(CheckArgs),
    /// Draw a built skeleton with rigc's own rasteriser: PNG frames, a
    /// contact sheet and `frames.json` per animation (CLI.md §4).
    Render(RenderArgs),
    /// Compare two skeleton.json files structurally: a ratio per measure in
    /// six sections, no combined score.
    Diff(DiffArgs),
    /// Write one self-contained HTML page that plays each candidate in the
    /// official Spine Web Player, one pane each, under its gate summary.
    Preview(PreviewArgs),
    /// Write a ballot page of 2–4 green candidates (panes A–D), or record a
    /// vote saved from one (`--record`).
    Vote(VoteArgs),
}

/// `rigc check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// A directory holding skeleton.json + skeleton.atlas, or a skeleton.json.
    #[arg(long, value_name = "DIR|SKELETON.JSON")]
    pub candidate: PathBuf,
    /// The reference render: a `rigc render` output (its frames.json and every
    /// set) or one set's directory.
    #[arg(long, value_name = "DIR")]
    pub frames: PathBuf,
    /// The candidate's atlas, when it is not the one beside its skeleton.
    #[arg(long, value_name = "PATH")]
    pub atlas: Option<PathBuf>,
    /// With one set: the candidate animation to pose against it (default: the
    /// set's own animation name).
    #[arg(long = "as", value_name = "ANIMATION")]
    pub as_animation: Option<String>,
    /// The skin to pose in (default: the reference render's).
    #[arg(long, value_name = "NAME")]
    pub skin: Option<String>,
    /// Draw the candidate in this world box `x,y,w,h` instead of the one
    /// frames.json declares (the pixel grid stays the reference's).
    #[arg(long, value_name = "X,Y,W,H", value_parser = parse_box)]
    pub viewport: Option<[f64; 4]>,
    /// Search every differing frame for slot drift and list every frame.
    #[arg(long)]
    pub all_frames: bool,
    /// Write the report as JSON (`rigc-check/1`) to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write comparison pictures (candidate | reference | difference) per frame.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// `rigc render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// A directory holding skeleton.json + skeleton.atlas, or a skeleton.json.
    #[arg(long, value_name = "DIR|SKELETON.JSON")]
    pub candidate: PathBuf,
    /// The atlas, when it is not the one beside the skeleton.
    #[arg(long, value_name = "PATH")]
    pub atlas: Option<PathBuf>,
    /// Render only this animation (default: every animation).
    #[arg(long, value_name = "NAME")]
    pub animation: Option<String>,
    /// The skin to set before posing.
    #[arg(long, value_name = "NAME")]
    pub skin: Option<String>,
    /// Samples per second (the protocol rate, 12, by default).
    #[arg(
        long,
        value_name = "FPS",
        default_value_t = 12.0,
        allow_negative_numbers = true
    )]
    pub fps: f64,
    /// The long side of a frame, pixels (at least 16).
    #[arg(long, value_name = "PX", default_value_t = 256)]
    pub max: u32,
    /// Also write each set's `geometry.json` (refused with --slot/--hide).
    #[arg(long)]
    pub geometry: bool,
    /// Draw only these slots (`a,b`).
    #[arg(long, value_name = "A,B")]
    pub slot: Option<String>,
    /// Draw every slot but these (`a,b`).
    #[arg(long, value_name = "A,B")]
    pub hide: Option<String>,
    /// `core` or `spine`: rigc has one poser (its runtime), which both name.
    #[arg(long, value_name = "POSER", value_enum)]
    pub poser: Option<Poser>,
    /// Where the sets and frames.json go; resolved against the working directory.
    #[arg(long, value_name = "DIR", default_value = "render")]
    pub out: PathBuf,
}

/// `--poser`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Poser {
    /// rigc's own poser.
    Core,
    /// The Spine runtime.
    Spine,
}

/// `rigc diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The candidate's skeleton.json.
    #[arg(value_name = "CANDIDATE.JSON")]
    pub candidate: PathBuf,
    /// The reference's skeleton.json.
    #[arg(value_name = "REFERENCE.JSON")]
    pub reference: PathBuf,
    /// Pair a candidate animation with a differently named reference one
    /// (`<candidate>=<reference>`; repeatable).
    #[arg(long = "as", value_name = "CAND=REF")]
    pub pairs: Vec<String>,
    /// Also write the report as JSON to this file.
    #[arg(long, value_name = "OUT")]
    pub json: Option<PathBuf>,
}

/// `rigc vote`: a ballot (`--candidate` ×2–4) or a record (`--record`).
#[derive(Debug, Args)]
pub struct VoteArgs {
    /// A candidate build (a directory or a skeleton.json; 2 to 4, in pane order A–D).
    #[arg(long = "candidate", value_name = "DIR|SKELETON.JSON")]
    pub candidates: Vec<PathBuf>,
    /// The animation every pane plays (default: candidate A's first).
    #[arg(long, value_name = "NAME")]
    pub animation: Option<String>,
    /// Where the ballot page is written (default ballot.html).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// A result file saved from a ballot (`vote-<id>.json`) to record.
    #[arg(long, value_name = "RESULT.JSON")]
    pub record: Option<PathBuf>,
    /// With --record: the ballot the result was saved from (default ballot.html).
    #[arg(long, value_name = "FILE")]
    pub ballot: Option<PathBuf>,
    /// With --record: the ledger to append to (default votes.jsonl).
    #[arg(long, value_name = "FILE")]
    pub ledger: Option<PathBuf>,
    /// With --record: record a ballot the ledger already holds a vote on.
    #[arg(long)]
    pub again: bool,
    /// The Spine Web Player's `dist/` directory (or its package) to embed
    /// (default: `.player/` in the project root, from scripts/setup-player.sh).
    #[arg(long, value_name = "DIR", conflicts_with = "player_url")]
    pub player: Option<PathBuf>,
    /// Link the player's `dist/` from this URL instead of embedding it (the
    /// ballot then needs the network).
    #[arg(long, value_name = "URL")]
    pub player_url: Option<String>,
}

/// `rigc preview` (CLI.md §5).
#[derive(Debug, Args)]
pub struct PreviewArgs {
    /// A directory holding skeleton.json + skeleton.atlas, or a skeleton.json;
    /// repeat it for one pane per candidate.
    #[arg(long, value_name = "DIR|SKELETON.JSON", required = true)]
    pub candidate: Vec<PathBuf>,
    /// The atlas, when it is not the one beside the skeleton (one candidate only).
    #[arg(long, value_name = "PATH")]
    pub atlas: Option<PathBuf>,
    /// The animation every pane plays (default: the first candidate's first).
    #[arg(long, value_name = "NAME")]
    pub animation: Option<String>,
    /// The page to write.
    #[arg(long, value_name = "FILE", default_value = "preview.html")]
    pub out: PathBuf,
    /// The Spine Web Player to embed: its `dist/`, its package, or the
    /// directory npm installed it in
    /// (default: `.player/` in the project root, from scripts/setup-player.sh).
    #[arg(long, value_name = "DIR", conflicts_with = "player_url")]
    pub player: Option<PathBuf>,
    /// Link the player's `dist/` from this URL instead of embedding it (the
    /// page then needs the network).
    #[arg(long, value_name = "URL")]
    pub player_url: Option<String>,
    /// `spine` (the default) or `spine-html`: the profile of each pane's gate summary.
    #[arg(long, value_name = "PROFILE", value_parser = parse_profile)]
    pub profile: Option<Profile>,
    /// A render flag, refused here by name: the player plays the whole skeleton.
    #[arg(long, value_name = "SLOTS", hide = true)]
    pub slot: Option<String>,
    /// A render flag, refused here by name: the player plays the whole skeleton.
    #[arg(long, value_name = "SLOTS", hide = true)]
    pub hide: Option<String>,
}

/// `rigc explain`: the target-selecting flags of `rigc build`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The rig spec (structure).
    #[arg(long, value_name = "PATH")]
    pub rig: Option<PathBuf>,
    /// The motion spec (time).
    #[arg(long, value_name = "PATH")]
    pub motion: Option<PathBuf>,
    /// Where the rig's `image` names resolve; overrides the rig's own `images`
    /// field; relative to the working directory.
    #[arg(long, value_name = "DIR")]
    pub images: Option<PathBuf>,
    /// Where a build would write: only used to resolve page paths (explain
    /// writes nothing).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The cache directory (default: RIGC_CACHE_DIR, else rigc.toml's `cache`,
    /// else `cache/` in the project root).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Explain the rig as it would be built against this atlas (CLI.md §3,
    /// `build --atlas-in`); resolved against the working directory.
    #[arg(long, value_name = "ATLAS")]
    pub atlas_in: Option<PathBuf>,
    /// A target of rigc.toml to explain, by name.
    #[arg(value_name = "TARGET", conflicts_with_all = ["rig", "motion", "out", "images"])]
    pub target: Option<String>,
}

/// `rigc watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// How long a batch collects events, from its first, in milliseconds (at most a minute).
    #[arg(long, value_name = "MS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub debounce: u64,
    /// The cache directory (default: RIGC_CACHE_DIR, else rigc.toml's `cache`,
    /// else `cache/` in the project root).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// `spine` or `spine-html`, for every target (default: each target's own).
    #[arg(long, value_name = "PROFILE", value_parser = parse_profile)]
    pub profile: Option<Profile>,
    /// Serve a live preview of each target on 127.0.0.1: the Spine Web Player,
    /// reloaded in place after every green build, the failures shown over the
    /// last green pose after a red one.
    #[arg(long)]
    pub serve: bool,
    /// The port `--serve` listens on, on 127.0.0.1 (0: any free port).
    #[arg(long, value_name = "PORT", default_value_t = 7878, requires = "serve")]
    pub port: u16,
    /// With `--serve`: the Spine Web Player's `dist/` (default: `.player/` in
    /// the project root, from scripts/setup-player.sh).
    #[arg(
        long,
        value_name = "DIR",
        conflicts_with = "player_url",
        requires = "serve"
    )]
    pub player: Option<PathBuf>,
    /// With `--serve`: link the player's `dist/` from this URL instead of
    /// embedding it (the page then needs the network).
    #[arg(long, value_name = "URL", requires = "serve")]
    pub player_url: Option<String>,
    /// Targets of rigc.toml to watch, by name (default: all of them).
    #[arg(value_name = "TARGET")]
    pub targets: Vec<String>,
}

/// `rigc plugins`.
#[derive(Debug, Args)]
pub struct PluginsArgs {
    /// The cache directory (where plugin copies are kept).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
}

/// `rigc cache`.
#[derive(Debug, Args)]
pub struct CacheArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: CacheAction,
    /// The cache directory (default: RIGC_CACHE_DIR, else rigc.toml's `cache`,
    /// else `cache/` in the project root).
    #[arg(long, value_name = "DIR", global = true)]
    pub cache_dir: Option<PathBuf>,
}

/// What `rigc cache` does.
#[derive(Debug, Subcommand)]
pub enum CacheAction {
    /// What the cache holds.
    Stats,
    /// Delete the least recently written entries until the cache fits.
    Gc {
        /// The largest size to keep, in bytes (`k`, `M`, `G` suffixes allowed).
        #[arg(long, value_name = "BYTES", value_parser = parse_size)]
        max_size: u64,
    },
}

/// `rigc build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// The rig spec (structure).
    #[arg(long, value_name = "PATH", conflicts_with = "all")]
    pub rig: Option<PathBuf>,
    /// The motion spec (time).
    #[arg(long, value_name = "PATH", conflicts_with = "all")]
    pub motion: Option<PathBuf>,
    /// Where the rig's `image` names resolve; overrides the rig's own `images`
    /// field; relative to the working directory.
    #[arg(long, value_name = "DIR", conflicts_with = "all")]
    pub images: Option<PathBuf>,
    /// Directory for skeleton.json + skeleton.atlas (created only when green).
    #[arg(long, value_name = "DIR", conflicts_with = "all")]
    pub out: Option<PathBuf>,
    /// `spine` (validity rules, the default) or `spine-html` (every rule).
    #[arg(long, value_name = "PROFILE", value_parser = parse_profile)]
    pub profile: Option<Profile>,
    /// Also copy every page PNG into --out and point the atlas at the copies.
    #[arg(long)]
    pub copy_images: bool,
    /// Pack every part onto shared atlas pages written into --out (CLI.md §7).
    #[arg(long)]
    pub pack: bool,
    /// With --pack: the largest page side, floored to a power of two (2048).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(1..))]
    pub page_size: Option<u32>,
    /// With --pack: the empty texels around each region (2).
    #[arg(long, value_name = "PX")]
    pub padding: Option<u32>,
    /// With --pack: `pot` (power-of-two pages, the default) or `free`.
    #[arg(long, value_name = "EDGES", value_enum)]
    pub page_edges: Option<PageEdges>,
    /// Re-emit an atlas packed elsewhere instead of laying one out (CLI.md §7:
    /// every part joins the atlas region named as its PNG; refused with
    /// --pack); resolved against the working directory.
    #[arg(long, value_name = "ATLAS")]
    pub atlas_in: Option<PathBuf>,
    /// Build every target declared in rigc.toml.
    #[arg(long)]
    pub all: bool,
    /// How many targets build at once (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// Build only shard I of N (targets in rigc.toml order, every N-th from I).
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// Write a JSON report of the build (`rigc-build-report/1`) to this file.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// The cache directory (default: RIGC_CACHE_DIR, else rigc.toml's `cache`,
    /// else `cache/` in the project root).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    #[command(flatten)]
    pub remote: RemoteArgs,
    /// Targets of rigc.toml to build, by name.
    #[arg(value_name = "TARGET", conflicts_with_all = ["rig", "motion", "out", "images"])]
    pub targets: Vec<String>,
}

/// The remote cache flags of `rigc build` (README *Remote cache*).
#[derive(Debug, Default, Clone, Args)]
pub struct RemoteArgs {
    /// A shared remote cache (Bazel's HTTP layout: <URL>/ac/<key>, <URL>/cas/<blake3>)
    /// consulted after the local cache (default: RIGC_REMOTE_CACHE, else rigc.toml's
    /// `remote_cache`). The bearer token, if any, is read from RIGC_REMOTE_CACHE_TOKEN.
    #[arg(long, value_name = "URL")]
    pub remote_cache: Option<String>,
    /// Read from the remote cache but upload nothing (forks, untrusted branches;
    /// also RIGC_REMOTE_CACHE_READ_ONLY=1).
    #[arg(long)]
    pub remote_cache_read_only: bool,
    /// Use no remote cache, whatever RIGC_REMOTE_CACHE or rigc.toml say.
    #[arg(long, conflicts_with_all = ["remote_cache", "remote_cache_read_only"])]
    pub no_remote_cache: bool,
}

/// `rigc validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// A directory holding skeleton.json + skeleton.atlas, or a skeleton.json.
    #[arg(value_name = "DIR|SKELETON.JSON")]
    pub path: PathBuf,
    /// The atlas, when it is not the one `.atlas` beside the skeleton.
    #[arg(long, value_name = "PATH")]
    pub atlas: Option<PathBuf>,
    /// `spine` (the default) or `spine-html`.
    #[arg(long, value_name = "PROFILE", value_parser = parse_profile)]
    pub profile: Option<Profile>,
}

/// `rigc sample`.
#[derive(Debug, Args)]
pub struct SampleArgs {
    /// A directory holding skeleton.json (+ skeleton.atlas), or a skeleton.json.
    #[arg(long, value_name = "DIR|SKELETON.JSON")]
    pub candidate: PathBuf,
    /// The atlas, when it is not the one beside the skeleton; `-` answers every
    /// region with a 1×1 region on a 1×1 page (the oracle's `-`).
    #[arg(long, value_name = "PATH|-")]
    pub atlas: Option<PathBuf>,
    /// The animation to pose.
    #[arg(
        long,
        value_name = "NAME",
        required_unless_present = "setup",
        conflicts_with = "setup"
    )]
    pub animation: Option<String>,
    /// Pose the setup pose instead of an animation.
    #[arg(long)]
    pub setup: bool,
    /// `t1,t2,…` or `start:end:step` (end inclusive); `0` with --setup.
    #[arg(long, value_name = "TIMES", required_unless_present = "setup")]
    pub times: Option<String>,
    /// The skin to set before posing.
    #[arg(long, value_name = "NAME")]
    pub skin: Option<String>,
    /// `none` (physics constraints do nothing) or `update` (simulate from 0).
    #[arg(long, value_name = "MODE", value_enum, default_value_t = PhysicsMode::None)]
    pub physics: PhysicsMode,
    /// The physics frame step, seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0 / 60.0)]
    pub dt: f64,
    /// Loop the animation (`time %= duration`).
    #[arg(long = "loop")]
    pub looped: bool,
    /// Print one line of JSON.
    #[arg(long)]
    pub compact: bool,
}

/// `--page-edges`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PageEdges {
    /// Power-of-two pages.
    Pot,
    /// Pages as small as their regions.
    Free,
}

impl PageEdges {
    /// The packer's value.
    pub fn edges(self) -> crate::stages::pack::Edges {
        match self {
            PageEdges::Pot => crate::stages::pack::Edges::Pot,
            PageEdges::Free => crate::stages::pack::Edges::Free,
        }
    }
}

/// `--physics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PhysicsMode {
    /// `Physics.none`.
    None,
    /// `Physics.update`, stepped from 0.
    Update,
}

fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (num, mult) = match t.char_indices().last() {
        Some((i, 'k' | 'K')) => (&t[..i], 1u64 << 10),
        Some((i, 'm' | 'M')) => (&t[..i], 1 << 20),
        Some((i, 'g' | 'G')) => (&t[..i], 1 << 30),
        _ => (t, 1),
    };
    num.trim()
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .ok_or_else(|| {
            format!("--max-size {s:?}: a whole number of bytes, optionally with k, M or G")
        })
}

fn parse_shard(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--shard {s:?}: write I/N with 1 <= I <= N, e.g. 2/4");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (u32, u32) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || n == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

fn parse_box(s: &str) -> Result<[f64; 4], String> {
    let bad = || format!("--viewport {s:?}: write x,y,w,h in world units, with w and h > 0");
    let v: Vec<f64> = s
        .split(',')
        .map(|p| p.trim().parse::<f64>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    match v[..] {
        [x, y, w, h] if v.iter().all(|n| n.is_finite()) && w > 0.0 && h > 0.0 => Ok([x, y, w, h]),
        _ => Err(bad()),
    }
}

fn parse_profile(s: &str) -> Result<Profile, String> {
    Profile::from_name(s)
        .ok_or_else(|| format!("--profile {s:?}; known profiles: spine, spine-html"))
}

/// Flags that take no value (CLI.md §0: boolean switches are a closed list).
const SWITCHES: &[&str] = &[
    "help",
    "serve",
    "version",
    "copy-images",
    "pack",
    "all",
    "setup",
    "loop",
    "compact",
    "all-diagnostics",
    "geometry",
    "all-frames",
    "again",
    "remote-cache-read-only",
    "no-remote-cache",
];

/// The flags a command takes more than once (CLI.md §0).
const REPEATABLE: &[(&str, &str)] = &[
    ("diff", "as"),
    ("vote", "candidate"),
    ("preview", "candidate"),
];

/// The rules of CLI.md §0 that clap words differently, checked on rigc's raw
/// arguments before clap sees them (see [`precheck_flags`]).
pub fn precheck(args: &[String]) -> Result<(), String> {
    rigc_diag::args::precheck_flags_repeatable(args, SWITCHES, REPEATABLE)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn values_and_repeats() {
        assert_eq!(
            precheck(&args("build --rig a --out=b --copy-images")),
            Ok(())
        );
        assert_eq!(
            precheck(&args("build --rig --out b")),
            Err("--rig needs a value".into())
        );
        assert_eq!(
            precheck(&args("build --out b --rig")),
            Err("--rig needs a value".into())
        );
        assert_eq!(
            precheck(&args("build --rig a --rig=b")),
            Err(
                "--rig was given more than once (\"a\" then \"b\"); this command takes it once"
                    .into()
            )
        );
        assert_eq!(
            precheck(&args("build --all --all")).unwrap_err(),
            "--all was given more than once (\"true\" then \"true\"); this command takes it once"
        );
        assert_eq!(
            precheck(&args("preview --candidate a --candidate b")),
            Ok(())
        );
        assert_eq!(precheck(&args("diff a b --as x=y --as=p=q")), Ok(()));
        assert!(precheck(&args("render --candidate a --candidate b")).is_err());
        assert_eq!(
            precheck(&args("render --candidate a --geometry --out o")),
            Ok(())
        );
    }
}
