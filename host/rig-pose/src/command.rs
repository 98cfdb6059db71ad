//! This module owns the `clean` command from start to finish: check the flags,
//! read the sequence, pick the person, refuse what clean cannot read (each by
//! name, at its location), clean, and write the output atomically — nothing is
//! written on a refusal. It is the only code here that touches the disk.

use rigc_diag::codes;

use crate::clean::{self, hold::HoldParams, Params};
use crate::cli::{CleanArgs, HoldSwitch};
use crate::diag::flag_loc;
use crate::sequence::{coco, read, write, BODY18};
use crate::Output;
use rigc_diag::source::SourceFile;
use rigc_diag::Diagnostic;
use std::path::Path;
use std::sync::Arc;

/// How a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Written.
    Ok,
    /// The input was refused (exit 1).
    Refused,
    /// The command line was refused (exit 2).
    Usage,
}

/// The `CLEAN_WINDOW` refusal of `--<flag> <w>`, if the window is not 1 or odd ≥ 5.
pub fn check_window(flag: &str, w: u64, argv: &[String]) -> Option<Diagnostic> {
    use clean::smooth::{check_window, BadWindow};
    let why = match check_window(w).err()? {
        BadWindow::Three => "is refused: a quadratic through 3 points passes through all three, so it smooths nothing",
        BadWindow::Even => "is even: a window is centred on its frame",
        BadWindow::Zero => "holds no frame",
    };
    let mut d = Diagnostic::new(codes::CLEAN_WINDOW, format!("--{flag} {w} {why}")).help(format!(
        "give --{flag} 1 (no smoothing) or an odd window of at least 5, such as 5 or 7"
    ));
    if let Some(loc) = flag_loc(argv, flag) {
        d = d.at(loc);
    }
    Some(d)
}

/// Runs `rig-pose clean`; `argv` is the command line without the program name.
pub fn run(args: &CleanArgs, argv: &[String], out: &mut Output) -> Status {
    let windows: Vec<Diagnostic> = [("legs", args.legs), ("rest", args.rest)]
        .iter()
        .filter_map(|(f, w)| check_window(f, *w, argv))
        .collect();
    if !windows.is_empty() {
        out.diagnostics(&windows);
        return Status::Usage;
    }
    if same_file(&args.pose, &args.out) {
        out.usage(
            "--out names the --pose file; clean writes a new file, so the sequence as read is kept",
        );
        return Status::Usage;
    }
    match clean_to_text(args) {
        Err(diags) => {
            out.diagnostics(&diags);
            Status::Refused
        }
        Ok((text, lines)) => {
            if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
                if let Err(e) = std::fs::create_dir_all(dir) {
                    out.diagnostics(&[write_error(&args.out, &e)]);
                    return Status::Refused;
                }
            }
            match rigc_diag::write::write_atomic(&args.out, text.as_bytes()) {
                Ok(written) => {
                    for l in lines {
                        out.line(&l);
                    }
                    let same = matches!(written, rigc_diag::write::Written::Unchanged(_));
                    let note = if same {
                        " (unchanged: it already held these bytes)"
                    } else {
                        ""
                    };
                    out.line(&format!("wrote {}{note}", args.out.display()));
                    Status::Ok
                }
                Err(e) => {
                    out.diagnostics(&[write_error(&args.out, &e)]);
                    Status::Refused
                }
            }
        }
    }
}

fn write_error(path: &Path, e: &std::io::Error) -> Diagnostic {
    Diagnostic::new(
        codes::POSE_WRITE,
        format!("cannot write {}: {e}", path.display()),
    )
    .help("check that the directory can be written; nothing was written")
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// Reads, checks and cleans `--pose`: the output's text and the lines to print,
/// or the refusals.
pub fn clean_to_text(args: &CleanArgs) -> Result<(String, Vec<String>), Vec<Diagnostic>> {
    let display = args.pose.display().to_string();
    let text = std::fs::read(&args.pose).map_err(|e| {
        vec![
            Diagnostic::new(codes::POSE_READ, format!("cannot read {display}: {e}"))
                .help("name an existing rig-pose-sequence/1 file with --pose"),
        ]
    })?;
    let file = SourceFile::from_bytes(display, &args.pose, text).map_err(|e| {
        vec![Diagnostic::not_utf8(
            codes::POSE_READ,
            &e,
            "a pose sequence is JSON text in UTF-8",
        )]
    })?;
    clean_source(&file, args)
}

/// Checks and cleans a sequence already in memory (`args.pose` and `args.out`
/// are only named, never opened): the output's text and the lines to print, or
/// the refusals. No IO.
pub fn clean_source(
    file: &Arc<SourceFile>,
    args: &CleanArgs,
) -> Result<(String, Vec<String>), Vec<Diagnostic>> {
    let display = file.display.clone();
    let (names, other): (&'static [&'static str], &'static [&'static str]) = if args.coco {
        (&coco::COCO17, &BODY18)
    } else {
        (&BODY18, &coco::COCO17)
    };
    let read::Read { seq, locs } = read::read(file, names, other)?;
    if let (Some(_), Some(loc)) = (&seq.cleaned, &locs.cleaned) {
        return Err(vec![Diagnostic::new(
            codes::CLEAN_TWICE,
            "this sequence was already cleaned: it carries the record rig-pose clean writes",
        )
        .at_without_value(loc.clone())
        .help("clean the sequence it was made from; cleaning twice would smooth twice and record the first clean as the sequence as read")]);
    }
    let np = seq.persons.len();
    let index = match args.person {
        Some(i) if i < np => i,
        Some(i) => {
            return Err(vec![Diagnostic::new(
                codes::POSE_PERSON,
                format!(
                    "--person {i} names nobody: the sequence holds {np} person(s), 0 to {}",
                    np - 1
                ),
            )
            .at_without_value(locs.persons.clone())
            .help(format!("pick a person from 0 to {}", np - 1))]);
        }
        None if np == 1 => 0,
        None => {
            return Err(vec![Diagnostic::new(
                codes::POSE_PERSON,
                format!("the sequence holds {np} persons; clean writes one"),
            )
            .at_without_value(locs.persons.clone())
            .help(format!("pick one with --person N, from 0 to {}", np - 1))]);
        }
    };
    let person = if args.coco {
        coco::to_body18(&seq.persons[index], seq.frames())
    } else {
        seq.persons[index].clone()
    };
    let params = Params {
        looped: args.looped,
        legs: args.legs as usize,
        rest: args.rest as usize,
        hips_inferred: args.hips_inferred,
        hold: (args.hold == HoldSwitch::On).then(|| HoldParams {
            speed: args.hold_speed,
            reach: args.hold_reach,
            ..HoldParams::default()
        }),
    };
    let n = seq.frames();
    let (widest, by) = params.widest();
    if n < widest {
        let (code, what, help) = if params.looped {
            (codes::CLEAN_LOOP, "cycle", format!("a cycle needs at least {widest} frames; give a smaller window, or clean it without --loop"))
        } else {
            (codes::CLEAN_SHORT, "sequence", format!("a sequence needs at least {widest} frames; give a smaller window (1 smooths nothing) or a longer sequence"))
        };
        let by = if by.starts_with("--") {
            format!("{by} {widest}")
        } else {
            by.to_string()
        };
        return Err(vec![Diagnostic::new(
            code,
            format!(
                "the {what} has {n} frame(s), fewer than its widest window ({by}, {widest} frames)"
            ),
        )
        .at_without_value(locs.times.clone())
        .help(help)]);
    }
    let Some(trunk) = clean::trunk_of(&person) else {
        return Err(vec![Diagnostic::new(
            codes::POSE_TRUNK,
            format!("person {index} has no trunk: no frame gives the neck, r_hip and l_hip positions a length apart"),
        )
        .at_without_value(locs.joints.get(index).unwrap_or(&locs.root).clone())
        .help("clean reads its thresholds in trunk lengths (neck → mid-hip, the median over the clip); give the neck and both hips on at least one frame")]);
    };
    let cleaned = clean::clean(&seq, &person, &params, trunk);
    let record = clean::record::record(&cleaned, &params);
    let doc = write::document(&seq, &cleaned.person, cleaned.travel.as_deref(), record);
    let coco_note = if args.coco {
        " (COCO-17 read as body-18)"
    } else {
        ""
    };
    let mut lines = vec![format!(
        "CLEAN {display} → {}: {n} frame(s) at {} fps, person {index} of {np}, {} joint(s){coco_note}; trunk {:.2} px (neck → mid-hip, the median over {} frame(s))",
        args.out.display(),
        rigc_spine::num::f64_text(seq.fps),
        person.tracks.len(),
        trunk.length,
        trunk.frames
    )];
    lines.extend(clean::lines::lines(&cleaned, &params));
    Ok((write::to_text(&doc), lines))
}
