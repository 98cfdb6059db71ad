//! This module owns `rigc check` (CLI.md §6): the flags, the candidate and
//! the reference read, every refusal before anything is compared, the
//! report printed, and `--json` and `--out` written only once every set has
//! been compared. Exit 0 whenever the comparison ran (there is no pass bar),
//! 1 when it could not be made, 2 on flags.

use super::Status;
use crate::check::reference::Reference;
use crate::check::{compare_set, CheckError, Inputs, Pair, SetReport};
use crate::cli::CheckArgs;
use crate::output::Output;
use rigc_render::sidecar::{frame_file, Frames, FILE, SPEC};
use rigc_render::{Image, Pages, Show, Viewport};
use serde::Serialize;
use std::path::Path;

/// The `spec` of `--json`'s document.
pub const REPORT_SPEC: &str = "rigc-check/1";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonReport<'a> {
    spec: &'a str,
    candidate_path: String,
    frames_path: String,
    viewport: Viewport,
    framing: &'a str,
    sets: &'a [SetReport],
}

/// A set's directory and its comparison pictures (file name, PNG bytes).
type SetPictures = (String, Vec<(String, Vec<u8>)>);

/// Runs `rigc check`.
pub fn run(args: &CheckArgs, cwd: &Path, out: &mut Output) -> Status {
    match check(args, cwd, out) {
        Ok(()) => Status::Green,
        Err(Failure::Usage(m)) => {
            out.usage(&m);
            Status::Usage
        }
        Err(Failure::Check(CheckError(m))) => {
            out.err_line(&format!("rigc check error: {m}"));
            Status::Red
        }
    }
}

enum Failure {
    Usage(String),
    Check(CheckError),
}

impl From<CheckError> for Failure {
    fn from(e: CheckError) -> Failure {
        Failure::Check(e)
    }
}

fn check(args: &CheckArgs, cwd: &Path, out: &mut Output) -> Result<(), Failure> {
    let candidate = crate::candidate::load(&args.candidate, args.atlas.as_deref(), cwd).map_err(
        |r| match r {
            crate::candidate::Refusal::Usage(m) => Failure::Usage(m),
            crate::candidate::Refusal::Load(m) => Failure::Check(CheckError(m)),
        },
    )?;
    let frames_dir = crate::project::absolute(&args.frames, cwd);
    let reference = Reference::open(&frames_dir)?;
    if args.as_animation.is_some() && reference.sets.len() != 1 {
        return Err(Failure::Usage(format!(
            "--as pairs one set with a candidate animation, and {} holds {} sets; point --frames at one set's directory",
            frames_dir.display(),
            reference.sets.len()
        )));
    }
    let data = &candidate.data;
    let skin = args.skin.clone().or_else(|| reference.frames.skin.clone());
    if let Some(s) = &skin {
        if data.find_skin(s).is_none() {
            return Err(Failure::Usage(crate::candidate::unknown_name(
                "skin",
                "skin",
                s,
                data.skins.iter().map(|k| k.name.as_str()),
            )));
        }
    }
    let show = selection(data, &reference.frames)?;
    let declared = reference.frames.viewport;
    let viewport = match args.viewport {
        None => declared,
        Some([x, y, w, h]) => {
            let scale = f64::from(declared.pixel_width) / w;
            if (h * scale - f64::from(declared.pixel_height)).abs() > 1.0 {
                return Err(Failure::Usage(format!(
                    "--viewport {w}×{h} does not have the reference grid's shape ({}×{} px)",
                    declared.pixel_width, declared.pixel_height
                )));
            }
            Viewport {
                x,
                y,
                width: w,
                height: h,
                scale,
                ..declared
            }
        }
    };
    let atlas_dir = candidate.located.atlas.parent().unwrap_or(Path::new("."));
    let pages = Pages::load(&candidate.atlas, atlas_dir).map_err(|e| CheckError(e.to_string()))?;
    let mut animations = Vec::with_capacity(reference.sets.len());
    for set in &reference.sets {
        let name = args.as_animation.as_deref().or(set.animation.as_deref());
        let index = match name {
            None => None,
            Some(n) => Some(data.animations.iter().position(|a| a.name == n).ok_or_else(|| {
                CheckError(format!(
                    "set {:?} is animation {n:?}, which the candidate does not have (its animations: {}); pair it with --as <name>",
                    set.dir,
                    crate::candidate::name_list(data.animations.iter().map(|a| a.name.as_str()))
                ))
            })?),
        };
        animations.push(index);
    }
    out.line(&format!(
        "rigc check {}",
        candidate.located.skeleton.display()
    ));
    out.line(&format!(
        "  ..    atlas    {}",
        candidate.located.atlas.display()
    ));
    out.line(&format!(
        "  ..    frames   {}  {} set(s)",
        reference.root.display(),
        reference.sets.len()
    ));
    out.line(&crate::printer::check::framing(
        &viewport,
        args.viewport.is_none(),
    ));
    let inputs = Inputs {
        data,
        pages: &pages,
        skin: skin.as_deref(),
        show,
        viewport,
        all_frames: args.all_frames,
    };
    let mut reports = Vec::with_capacity(reference.sets.len());
    let mut pictures: Vec<SetPictures> = Vec::new();
    for (set, &animation) in reference.sets.iter().zip(&animations) {
        let mut files = Vec::new();
        let report = compare_set(
            &inputs,
            set,
            animation,
            |k| reference.frame(set, k),
            |k, pair| {
                if args.out.is_some() {
                    files.push((frame_file(k), triptych(pair).encode_png()));
                }
            },
        )?;
        for line in crate::printer::check::set_lines(&report, args.all_frames) {
            out.line(&line);
        }
        pictures.push((set.dir.clone(), files));
        reports.push(report);
    }
    if let Some(json) = &args.json {
        let path = crate::project::absolute(json, cwd);
        let doc = JsonReport {
            spec: REPORT_SPEC,
            candidate_path: candidate.located.skeleton.display().to_string(),
            frames_path: reference.root.display().to_string(),
            viewport,
            framing: if args.viewport.is_none() {
                "declared"
            } else {
                "viewport"
            },
            sets: &reports,
        };
        let text = rigc_render::sidecar::json_text(&doc);
        rigc_diag::write::write_atomic(&path, text.as_bytes())
            .map_err(|e| CheckError(format!("cannot write {}: {e}", path.display())))?;
        out.line(&format!("rigc: wrote {}", path.display()));
    }
    if let Some(dir) = &args.out {
        let dir = crate::project::absolute(dir, cwd);
        write_pictures(&dir, &reference, &viewport, &pictures)?;
        out.line(&format!("rigc: wrote {}", dir.join(FILE).display()));
    }
    Ok(())
}

/// The reference's slot selection, as the candidate's slot indices.
fn selection(data: &rigc_sdk::spine::SkeletonData, frames: &Frames) -> Result<Show, CheckError> {
    let index = |names: &[String]| {
        names
            .iter()
            .map(|n| {
                data.slots.iter().position(|s| &s.name == n).ok_or_else(|| {
                    CheckError(format!(
                        "the reference was drawn with slot {n:?}, which the candidate does not have"
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()
    };
    Ok(match (&frames.slots, &frames.hidden) {
        (Some(only), _) => Show::Only(index(only)?),
        (None, Some(hidden)) => Show::Hide(index(hidden)?),
        (None, None) => Show::All,
    })
}

/// Candidate, reference and their difference (×4, on white), side by side.
fn triptych(pair: &Pair) -> Image {
    let (w, h) = (pair.candidate.width, pair.candidate.height);
    let mut img = Image::new(w * 3, h);
    for y in 0..h {
        for x in 0..w {
            let c = pair.candidate.pixel(x, y);
            let r = pair.reference.pixel(x, y);
            let d = (0..4).map(|i| c[i].abs_diff(r[i])).max().unwrap_or(0);
            let heat = 255u8.saturating_sub(d.saturating_mul(4));
            for (panel, p) in [(0, c), (1, r), (2, [255, heat, heat, 255])] {
                let i = ((y * w * 3 + panel * w + x) * 4) as usize;
                img.rgba[i..i + 4].copy_from_slice(&p);
            }
        }
    }
    img
}

fn write_pictures(
    dir: &Path,
    reference: &Reference,
    viewport: &Viewport,
    pictures: &[SetPictures],
) -> Result<(), CheckError> {
    use rigc_diag::write::set::{write_set, Content, File};
    let fail =
        |e: &dyn std::fmt::Display| CheckError(format!("cannot write {}: {e}", dir.display()));
    for (set, files) in pictures {
        let list: Vec<File> = files
            .iter()
            .map(|(name, bytes)| File {
                name,
                content: Content::Bytes(bytes),
            })
            .collect();
        write_set(&dir.join(set), &list, None).map_err(|e| fail(&e))?;
    }
    // The pictures are three viewport-sized panels side by side.
    let sidecar = Frames {
        spec: SPEC.to_string(),
        viewport: Viewport {
            pixel_width: viewport.pixel_width * 3,
            width: viewport.width * 3.0,
            ..*viewport
        },
        sets: reference.sets.clone(),
        ..reference.frames.clone()
    };
    rigc_diag::write::write_atomic(&dir.join(FILE), sidecar.to_text().as_bytes())
        .map_err(|e| fail(&e))?;
    Ok(())
}
