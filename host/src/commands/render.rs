//! This module owns `rigc render` (CLI.md §4): a built skeleton posed with
//! rigc's runtime and drawn with rigc's own rasteriser (`rigc-render`), one
//! set per animation (or the setup pose, for a skeleton with none): PNG
//! frames `f0000.png …`, a labelled `contact.png` when a set has more than one
//! frame, `geometry.json` with `--geometry`, and the `frames.json` sidecar.
//!
//! Every set is framed in one viewport: the union of every animation's posed
//! extent at the render's rate (`rigc_render::framing`), whichever sets are
//! rendered, so that `--animation` and `--slot/--hide` never move a pixel.
//!
//! Everything is checked before anything is written — the flags, the names
//! (`--animation`, `--skin`, `--slot/--hide`, each unknown one a usage error
//! listing the known names), the skeleton (the runtime must load it), every
//! atlas page (missing or truncated: exit 1), the frame — and the outputs
//! change together or not at all (`stage`): a failed render leaves the old
//! one as it was.
//!
//! The loop seam: `skeleton.json` carries no loop flag (looping is the
//! player's choice, not the animation's), so every set of more than one frame
//! is a loop candidate and gets a `seam` line — its last frame compared with
//! its first, pixel for pixel; a one-shot animation's line simply shows how
//! far it travels. When the sample grid misses the end (walk's 0.9 s at 12
//! fps: the last frame is at 0.916667 s) the line says so: the figure is
//! then not the loop's seam.

mod stage;

use super::Status;
use crate::cli::{Poser, RenderArgs};
use crate::output::Output;
use rigc_render::framing::{self, Shot};
use rigc_render::sidecar::{self, Frames, Set};
use rigc_render::{compare, contact, geometry, Image, Pages, Show, Viewport};
use rigc_sdk::spine::SkeletonData;
use std::io::IsTerminal;
use std::path::{Component, Path, PathBuf};

/// What a render draws once every check has passed.
struct Plan {
    shots: Vec<Shot>,
    dirs: Vec<String>,
    show: Show,
    viewport: Viewport,
}

/// Why a render stopped.
enum Stop {
    /// A usage error (exit 2): `rigc: <message>` and the usage.
    Usage(String),
    /// A refusal of the input (exit 1): `rigc render: <message>`.
    Refused(String),
    /// The input cannot be framed (exit 2): `rigc render: <message>`.
    Unframeable(String),
}

impl From<framing::FrameError> for Stop {
    fn from(e: framing::FrameError) -> Stop {
        match e {
            framing::FrameError::Pose { .. } => Stop::Refused(e.to_string()),
            _ => Stop::Unframeable(e.to_string()),
        }
    }
}

/// Runs `rigc render`.
pub fn run(args: &RenderArgs, cwd: &Path, out: &mut Output) -> Status {
    match render(args, cwd, out) {
        Ok(()) => Status::Green,
        Err(Stop::Usage(m)) => {
            out.usage(&m);
            Status::Usage
        }
        Err(Stop::Refused(m)) => {
            out.err_line(&format!("rigc render: {m}"));
            Status::Red
        }
        Err(Stop::Unframeable(m)) => {
            out.err_line(&format!("rigc render: {m}"));
            Status::Usage
        }
    }
}

/// The flags alone (no IO).
fn check_flags(args: &RenderArgs) -> Result<(), String> {
    if args.max < framing::MIN_MAX {
        return Err(format!(
            "--max {} is too small; a frame's long side is at least {} px",
            args.max,
            framing::MIN_MAX
        ));
    }
    if !(args.fps.is_finite() && args.fps > 0.0) {
        return Err(format!("--fps {}: the rate must be a number > 0", args.fps));
    }
    if args.slot.is_some() && args.hide.is_some() {
        return Err("--slot and --hide cannot be given together: name the slots to draw, or the slots to leave out".into());
    }
    if args.geometry && (args.slot.is_some() || args.hide.is_some()) {
        return Err(
            "--geometry cannot be given with --slot/--hide: the geometry is of every drawn slot"
                .into(),
        );
    }
    Ok(())
}

/// The slots `a,b` names, by index.
fn slots(data: &SkeletonData, flag: &str, list: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for name in list.split(',').map(str::trim) {
        match data.slots.iter().position(|s| s.name == name) {
            Some(i) => out.push(i),
            None => {
                return Err(crate::candidate::unknown_name(
                    "slot",
                    flag,
                    name,
                    data.slots.iter().map(|s| s.name.as_str()),
                ))
            }
        }
    }
    Ok(out)
}

/// Is `dir` one plain directory name (no separator, no `.`/`..`)?
fn plain_dir(dir: &str) -> bool {
    let mut parts = Path::new(dir).components();
    matches!(parts.next(), Some(Component::Normal(n)) if n == dir) && parts.next().is_none()
}

/// Checks names, frames the skeleton: everything a render needs, nothing written.
fn plan(args: &RenderArgs, data: &SkeletonData) -> Result<Plan, Stop> {
    if let Some(skin) = &args.skin {
        if data.find_skin(skin).is_none() {
            return Err(Stop::Usage(crate::candidate::unknown_name(
                "skin",
                "skin",
                skin,
                data.skins.iter().map(|s| s.name.as_str()),
            )));
        }
    }
    let every: Vec<Shot> = (0..data.animations.len())
        .map(|a| Shot {
            animation: Some(a),
            fps: args.fps,
        })
        .collect();
    let shots = match &args.animation {
        Some(name) => match data.animations.iter().position(|a| &a.name == name) {
            Some(a) => vec![Shot {
                animation: Some(a),
                fps: args.fps,
            }],
            None => {
                return Err(Stop::Usage(crate::candidate::unknown_name(
                    "animation",
                    "animation",
                    name,
                    data.animations.iter().map(|a| a.name.as_str()),
                )))
            }
        },
        None if every.is_empty() => vec![Shot {
            animation: None,
            fps: args.fps,
        }],
        None => every.clone(),
    };
    let show = match (&args.slot, &args.hide) {
        (Some(list), _) => Show::Only(slots(data, "slot", list).map_err(Stop::Usage)?),
        (_, Some(list)) => Show::Hide(slots(data, "hide", list).map_err(Stop::Usage)?),
        _ => Show::All,
    };
    let mut dirs = Vec::with_capacity(shots.len());
    for shot in &shots {
        let name = shot.animation.map(|a| data.animations[a].name.as_str());
        let dir = sidecar::set_dir(name, shot.fps);
        if !plain_dir(&dir) || dir.starts_with('.') {
            return Err(Stop::Refused(format!(
                "animation {:?} cannot name a directory under --out ({dir:?} is not one plain name)",
                shot.name(data)
            )));
        }
        if shot.samples(data) == 0 {
            return Err(Stop::Refused(format!(
                "animation {:?} has a duration of {} s, which gives no frame count at {} fps",
                shot.name(data),
                data.animations
                    .get(shot.animation.unwrap_or(0))
                    .map_or(0.0, |a| a.duration),
                args.fps
            )));
        }
        dirs.push(dir);
    }
    let framed = if every.is_empty() {
        shots.clone()
    } else {
        every
    };
    let extent = framing::extent(data, args.skin.as_deref(), &framed)?;
    let viewport = framing::fit(&extent, args.max)?;
    let pixels = u64::from(viewport.pixel_width) * u64::from(viewport.pixel_height);
    if pixels > rigc_render::image::MAX_PIXELS {
        return Err(Stop::Usage(format!(
            "--max {} makes {}x{} px frames, more than the {} px a frame may hold",
            args.max,
            viewport.pixel_width,
            viewport.pixel_height,
            rigc_render::image::MAX_PIXELS
        )));
    }
    Ok(Plan {
        shots,
        dirs,
        show,
        viewport,
    })
}

/// The `poser` line's note.
fn poser_note(poser: Option<Poser>) -> String {
    let runtime = "rigc-spine, the port of spine-core 4.3.13";
    match poser {
        None => format!("{runtime} (the only poser)"),
        Some(p) => {
            let name = if p == Poser::Core { "core" } else { "spine" };
            format!("{runtime} (--poser {name}: rigc has one poser, its runtime, and both names choose it)")
        }
    }
}

/// One set rendered into its staging directory.
struct Rendered {
    frames: u32,
    seam: Option<compare::Difference>,
}

fn render(args: &RenderArgs, cwd: &Path, out: &mut Output) -> Result<(), Stop> {
    check_flags(args).map_err(Stop::Usage)?;
    let loaded = crate::candidate::load(&args.candidate, args.atlas.as_deref(), cwd).map_err(
        |r| match r {
            crate::candidate::Refusal::Usage(m) => Stop::Usage(m),
            crate::candidate::Refusal::Load(m) => Stop::Refused(m),
        },
    )?;
    let data = &loaded.data;
    let plan = plan(args, data)?;
    let atlas_dir = loaded.located.atlas.parent().unwrap_or(Path::new(""));
    let pages = Pages::load(&loaded.atlas, atlas_dir).map_err(|e| Stop::Refused(e.to_string()))?;
    let root = crate::project::absolute(&args.out, cwd);
    let fps_text = rigc_sdk::spine::num::f64_text(args.fps);
    let v = plan.viewport;
    out.line("rigc render");
    out.line(&format!(
        "  ..    skeleton {}",
        loaded.located.skeleton.display()
    ));
    out.line(&format!(
        "  ..    atlas    {}",
        loaded.located.atlas.display()
    ));
    out.line(&format!("  ..    poser    {}", poser_note(args.poser)));
    out.line(&format!(
        "  ..    {}x{}px at {fps_text} fps, {} set(s) -> {}",
        v.pixel_width,
        v.pixel_height,
        plan.shots.len(),
        root.display()
    ));
    let total: u64 = plan.shots.iter().map(|s| u64::from(s.samples(data))).sum();
    let bar = if std::io::stderr().is_terminal() && total > 1 {
        let pb = indicatif::ProgressBar::new(total);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} frames  {msg}")
        {
            pb.set_style(style);
        }
        pb
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut staging = stage::Staging::begin(&root)
        .map_err(|e| Stop::Refused(format!("cannot make {}: {e}", root.display())))?;
    let mut sets = Vec::with_capacity(plan.shots.len());
    let mut seams = Vec::new();
    for (shot, dir) in plan.shots.iter().zip(&plan.dirs) {
        bar.set_message(dir.clone());
        let staged = staging
            .dir(dir)
            .map_err(|e| Stop::Refused(format!("cannot write under {}: {e}", root.display())))?;
        let done = render_set(args, data, &pages, &plan, *shot, dir, &staged, &bar)?;
        let duration = shot
            .animation
            .and_then(|a| data.animations.get(a))
            .map_or(0.0, |a| a.duration);
        let contact = if done.frames > 1 {
            format!(" + {}", sidecar::CONTACT_FILE)
        } else {
            String::new()
        };
        out.line(&format!(
            "  ..    {:<16} {} frame(s), {duration:.3}s{contact} -> {}",
            shot.name(data),
            done.frames,
            root.join(dir).display()
        ));
        if let Some(seam) = done.seam {
            let end = rigc_render::sampler::sample_time(done.frames - 1, shot.fps);
            seams.push(format!(
                "  ..    seam     {}: last frame vs first {seam}{}",
                shot.name(data),
                off_the_end(end, duration)
            ));
        }
        sets.push(Set {
            dir: dir.clone(),
            animation: shot.animation.map(|a| data.animations[a].name.clone()),
            fps: args.fps,
            sampled: done.frames,
            written: done.frames,
            stride: 1,
            duration,
        });
    }
    bar.finish_and_clear();
    let frames = Frames {
        spec: sidecar::SPEC.into(),
        skeleton: loaded.located.skeleton.display().to_string(),
        skin: args.skin.clone(),
        slots: args.slot.as_ref().map(|l| names(l)),
        hidden: args.hide.as_ref().map(|l| names(l)),
        background: "#00000000".into(),
        viewport: plan.viewport,
        sets,
    };
    staging
        .file(sidecar::FILE, frames.to_text().as_bytes())
        .map_err(|e| Stop::Refused(format!("cannot write under {}: {e}", root.display())))?;
    staging.commit().map_err(|e| {
        Stop::Refused(format!(
            "cannot put the render in place under {}: {e}",
            root.display()
        ))
    })?;
    for line in seams {
        out.line(&line);
    }
    out.line(&format!(
        "rigc: wrote {}",
        root.join(sidecar::FILE).display()
    ));
    Ok(())
}

/// The seam line's note when the sample grid misses the animation's end
/// (`round(duration·fps)/fps ≠ duration`): the last frame is then not the
/// pose the loop closes on, and the figure is not the seam's.
fn off_the_end(last: f64, duration: f64) -> String {
    if (last - duration).abs() <= 1e-5 {
        return String::new();
    }
    format!(
        "  (the last frame is at {}s, the animation ends at {}s: an --fps with duration·fps whole lands on the end)",
        rigc_sdk::spine::num::f64_text((last * 1e6).round() / 1e6),
        rigc_sdk::spine::num::f64_text((duration * 1e6).round() / 1e6)
    )
}

/// `a, b` as names.
fn names(list: &str) -> Vec<String> {
    list.split(',').map(|s| s.trim().to_string()).collect()
}

/// Poses, draws and writes every frame of one set into `staged`, then its
/// contact sheet and geometry; returns its frame count and seam.
#[allow(clippy::too_many_arguments)]
fn render_set(
    args: &RenderArgs,
    data: &SkeletonData,
    pages: &Pages,
    plan: &Plan,
    shot: Shot,
    dir: &str,
    staged: &Path,
    bar: &indicatif::ProgressBar,
) -> Result<Rendered, Stop> {
    let mut frames: Vec<Image> = Vec::new();
    let mut geometry = Vec::new();
    let write = |path: PathBuf, bytes: &[u8]| {
        std::fs::write(&path, bytes)
            .map_err(|e| Stop::Refused(format!("cannot write {}: {e}", path.display())))
    };
    framing::pose_shot(data, args.skin.as_deref(), shot, |i, sk| {
        let image = rigc_render::draw(sk, pages, &plan.viewport, &plan.show).map_err(|e| {
            Stop::Refused(format!(
                "{} at t = {}: {e}",
                shot.name(data),
                rigc_render::sampler::sample_time(i, shot.fps)
            ))
        })?;
        write(staged.join(sidecar::frame_file(i)), &image.encode_png())?;
        if args.geometry {
            let slots = geometry::frame(sk, &plan.viewport).map_err(|m| {
                Stop::Refused(format!(
                    "{} at t = {}: the runtime cannot pose a vertex: {m}",
                    shot.name(data),
                    rigc_render::sampler::sample_time(i, shot.fps)
                ))
            })?;
            geometry.push(geometry::Frame {
                frame: sidecar::frame_label(i),
                time: rigc_render::sampler::sample_time(i, shot.fps),
                slots,
            });
        }
        frames.push(image);
        bar.inc(1);
        Ok::<(), Stop>(())
    })?;
    let count = frames.len() as u32;
    let seam = match (frames.first(), frames.last()) {
        (Some(first), Some(last)) if count > 1 => compare::difference(last, first),
        _ => None,
    };
    if count > 1 {
        let labels: Vec<String> = (0..count).map(sidecar::frame_label).collect();
        let sheet = contact::contact_sheet(&frames, &labels);
        write(staged.join(sidecar::CONTACT_FILE), &sheet.encode_png())?;
    }
    if args.geometry {
        let doc = geometry::Geometry {
            spec: geometry::SPEC,
            set: dir.to_string(),
            animation: shot.animation.map(|a| data.animations[a].name.clone()),
            fps: shot.fps,
            viewport: plan.viewport,
            frames: geometry,
        };
        write(
            staged.join(sidecar::GEOMETRY_FILE),
            doc.to_text().as_bytes(),
        )?;
    }
    Ok(Rendered {
        frames: count,
        seam,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_directories_must_be_one_plain_name() {
        assert!(plain_dir("walk"));
        assert!(plain_dir("walk@20fps"));
        assert!(plain_dir("@setup"));
        assert!(!plain_dir("../x"));
        assert!(!plain_dir("a/b"));
        assert!(!plain_dir(".."));
        assert!(!plain_dir("."));
        assert!(!plain_dir(""));
        assert!(!plain_dir("/abs"));
    }

    #[test]
    fn a_seam_off_the_end_says_so() {
        assert_eq!(off_the_end(0.9, 0.899_999_976_158_142_1), "");
        let note = off_the_end(38.0 / 12.0, 3.2);
        assert!(
            note.contains("last frame is at 3.166667s, the animation ends at 3.2s"),
            "{note}"
        );
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let m = crate::candidate::unknown_name("skin", "skin", "x", ["default", "armed"]);
        assert_eq!(m, "--skin \"x\": no such skin; known skins: default, armed");
        let none = crate::candidate::unknown_name("animation", "animation", "x", []);
        assert!(none.ends_with("known animations: (none)"), "{none}");
    }
}
