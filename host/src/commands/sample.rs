//! This module owns `rigc sample`: pose a skeleton (compiled by rigc or not)
//! with the SDK's Spine 4.3 runtime at given times and print the pose document
//! in the oracle's schema (`spine-oracle-pose/1`), so that it can be diffed
//! against spine-core with `compare.mjs`. Exit 0 posed, 1 the runtime refused
//! (the skeleton, atlas, skin or animation), 2 usage.
//!
//! The document is streamed to stdout as the frames are posed (memory flat
//! in the number of frames): nothing is printed unless the first frame
//! poses; a later frame the runtime refuses ends the document unfinished,
//! named on stderr with its time.

use super::Status;
use crate::cli::{PhysicsMode, SampleArgs};
use crate::output::Output;
use rigc_sdk::spine::sample::{parse_times, write_document, Layout, SampleError, SampleOptions};
use rigc_sdk::spine::{read_atlas, read_skeleton};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// Runs `rigc sample`.
pub fn run(args: &SampleArgs, cwd: &Path, out: &mut Output) -> Status {
    let path = crate::project::absolute(&args.candidate, cwd);
    let (skeleton, atlas) = match locate(&path, args.atlas.as_deref(), cwd) {
        Ok(found) => found,
        Err(msg) => {
            out.usage(&msg);
            return Status::Usage;
        }
    };
    let times = match parse_times(args.times.as_deref().unwrap_or("0")) {
        Ok(t) => t,
        Err(msg) => {
            out.usage(&format!("--times: {msg}"));
            return Status::Usage;
        }
    };
    if !(args.dt > 0.0 && args.dt.is_finite()) {
        out.usage("--dt must be a number > 0");
        return Status::Usage;
    }
    let text = match std::fs::read_to_string(&skeleton) {
        Ok(t) => t,
        Err(e) => {
            out.err_line(&format!("rigc: cannot read {}: {e}", skeleton.display()));
            return Status::Red;
        }
    };
    let atlas = match atlas {
        None => None,
        Some(a) => match std::fs::read_to_string(&a) {
            Ok(t) => match read_atlas(&t) {
                Ok(atlas) => Some(atlas),
                Err(e) => {
                    out.err_line(&format!("rigc: load: {e}"));
                    return Status::Red;
                }
            },
            Err(e) => {
                out.err_line(&format!("rigc: cannot read {}: {e}", a.display()));
                return Status::Red;
            }
        },
    };
    let data = match read_skeleton(&text, atlas.as_ref()) {
        Ok(outcome) => outcome.data,
        Err(e) => {
            out.err_line(&format!("rigc: load: {}", e.message));
            return Status::Red;
        }
    };
    let options = SampleOptions {
        animation: if args.setup {
            None
        } else {
            args.animation.clone()
        },
        times,
        skin: args.skin.clone(),
        looped: args.looped,
        physics: args.physics == PhysicsMode::Update,
        dt: args.dt,
    };
    let layout = if args.compact {
        Layout::Compact
    } else {
        Layout::Pretty
    };
    match write_document(&data, &options, layout, out.stream()) {
        Ok(_) => Status::Green,
        // A closed stdout (`rigc sample … | head`) ends quietly, as a line's does.
        Err(SampleError::Write(e)) if e.kind() == ErrorKind::BrokenPipe => Status::Green,
        Err(SampleError::Write(e)) => {
            out.err_line(&format!("rigc: cannot write the document: {e}"));
            Status::Red
        }
        Err(SampleError::Pose {
            error,
            time,
            started,
        }) => {
            let at = match time {
                Some(t) if started => format!(
                    " (at t = {}; the document on stdout stops unfinished before that frame)",
                    rigc_sdk::spine::num::f64_text(t)
                ),
                Some(t) => format!(" (at t = {})", rigc_sdk::spine::num::f64_text(t)),
                None => String::new(),
            };
            out.err_line(&format!("rigc: pose: {}{at}", error.message));
            Status::Red
        }
        Err(e) => {
            out.err_line(&format!("rigc: pose: {e}"));
            Status::Red
        }
    }
}

/// The skeleton and atlas (`None`: the 1×1 stand-in) of `--candidate`.
fn locate(
    path: &Path,
    atlas: Option<&Path>,
    cwd: &Path,
) -> Result<(PathBuf, Option<PathBuf>), String> {
    let skeleton = if path.is_dir() {
        path.join("skeleton.json")
    } else {
        path.to_path_buf()
    };
    let atlas = match atlas {
        Some(a) if a == Path::new("-") => None,
        Some(a) => Some(crate::project::absolute(a, cwd)),
        None if path.is_dir() => Some(path.join("skeleton.atlas")),
        None => Some(
            crate::candidate::atlas_beside(&skeleton)
                .map_err(|m| format!("{m}, or --atlas - for 1×1 stand-in regions"))?,
        ),
    };
    Ok((skeleton, atlas))
}
