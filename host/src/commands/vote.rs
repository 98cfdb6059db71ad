//! This module owns `rigc vote` (FORMAT.md §7). Mode 1, `--candidate` ×2–4:
//! each candidate loaded and gated as `rigc validate` gates it (green only),
//! one animation every candidate has, and a ballot page written — the panes
//! lettered A–D in the Spine Web Player, no paths shown, the manifest of
//! digests embedded (`crate::vote`). A ballot refusal is exit 2. Mode 2,
//! `--record vote-<id>.json`: the result held to the ballot's embedded
//! manifest, one `PASS` line per check, and one line appended to the ledger;
//! a record refusal is exit 1 and appends nothing.

use super::Status;
use crate::candidate::{Loaded, Refusal};
use crate::cli::VoteArgs;
use crate::output::Output;
use crate::player::page::{self, Pane};
use crate::vote::{ballot, ledger, manifest, result};
use rigc_sdk::gate::Profile;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The ballot page's default name.
const BALLOT: &str = "ballot.html";
/// The ledger's default name.
const LEDGER: &str = "votes.jsonl";

/// Runs `rigc vote`.
pub fn run(args: &VoteArgs, cwd: &Path, out: &mut Output) -> Status {
    match &args.record {
        Some(record) => {
            let ballot_flags = [
                ("--candidate", !args.candidates.is_empty()),
                ("--animation", args.animation.is_some()),
                ("--out", args.out.is_some()),
                ("--player", args.player.is_some()),
                ("--player-url", args.player_url.is_some()),
            ];
            if let Some((flag, _)) = ballot_flags.iter().find(|(_, given)| *given) {
                out.usage(&format!(
                    "{flag} makes a ballot and --record records a vote saved from one; give one or the other"
                ));
                return Status::Usage;
            }
            record_vote(args, record, cwd, out)
        }
        None => {
            let record_flags = [
                ("--ballot", args.ballot.is_some()),
                ("--ledger", args.ledger.is_some()),
                ("--again", args.again),
            ];
            if let Some((flag, _)) = record_flags.iter().find(|(_, given)| *given) {
                out.usage(&format!("{flag} goes with --record <vote-<id>.json>"));
                return Status::Usage;
            }
            if args.candidates.is_empty() {
                out.usage(
                    "vote needs --candidate 2 to 4 times (a ballot), or --record <vote-<id>.json>",
                );
                return Status::Usage;
            }
            write_ballot(args, cwd, out)
        }
    }
}

/// A ballot refusal: `rigc vote: …`, exit 2, nothing written.
fn refuse_ballot(out: &mut Output, msg: &str) -> Status {
    out.err_line(&format!("rigc vote: {msg}; no ballot written"));
    Status::Usage
}

fn write_ballot(args: &VoteArgs, cwd: &Path, out: &mut Output) -> Status {
    let n = args.candidates.len();
    if !(2..=manifest::LETTERS.len()).contains(&n) {
        return refuse_ballot(
            out,
            &format!("a ballot compares 2 to 4 candidates, and --candidate was given {n} time(s)"),
        );
    }
    let player = match super::preview::find_player(
        args.player.as_deref(),
        args.player_url.as_deref(),
        cwd,
    ) {
        Ok(p) => p,
        Err(msg) => return refuse_ballot(out, &msg),
    };
    let mut loaded: Vec<Loaded> = Vec::new();
    for c in &args.candidates {
        match crate::candidate::load(c, None, cwd) {
            Ok(l) => loaded.push(l),
            Err(Refusal::Usage(m)) => {
                out.usage(&m);
                return Status::Usage;
            }
            Err(Refusal::Load(m)) => return refuse_ballot(out, &m),
        }
    }
    let letters = &manifest::LETTERS[..n];
    // Green only, as `rigc validate` gates it; the gate's own lines are not
    // printed (they would name the paths a ballot keeps from the voter).
    let mut summaries = Vec::new();
    for ((letter, arg), l) in letters.iter().zip(&args.candidates).zip(&loaded) {
        let report = match super::validate::gate(&l.located, Profile::Spine, cwd, out) {
            Ok(r) => r,
            Err(_) => return refuse_ballot(out, &format!("candidate {letter} could not be gated")),
        };
        if !report.is_green() {
            return refuse_ballot(
                out,
                &format!(
                    "candidate {letter} ({}) is red: {} assertion(s) failed (rigc validate {} names them); a ballot holds green builds only",
                    arg.display(),
                    report.fail_count(),
                    arg.display()
                ),
            );
        }
        summaries.push(crate::printer::gate::summary(&report));
    }
    let animation = match choose_animation(args.animation.as_deref(), letters, &loaded) {
        Ok(a) => a,
        Err(msg) => return refuse_ballot(out, &msg),
    };
    let mut panes = Vec::new();
    let mut digests = Vec::new();
    for ((letter, l), summary) in letters.iter().zip(&loaded).zip(&summaries) {
        let pages = match super::preview::read_pages(l) {
            Ok(p) => p,
            Err(msg) => return refuse_ballot(out, &format!("candidate {letter}: {msg}")),
        };
        let d = manifest::pane(
            letter,
            l.skeleton_text.as_bytes(),
            l.atlas_text.as_bytes(),
            &pages,
        );
        if let Some(same) = digests
            .iter()
            .find(|p: &&manifest::PaneDigests| p.content == d.content)
        {
            return refuse_ballot(
                out,
                &format!(
                    "candidates {} and {letter} are the same build (content {}); a ballot compares different builds",
                    same.letter,
                    short(&d.content)
                ),
            );
        }
        panes.push(Pane {
            title: (*letter).to_string(),
            header_lines: vec![
                format!("  ..    gate     {summary}"),
                format!("  ..    plays    {animation}"),
            ],
            skeleton_json: l.skeleton_text.clone(),
            atlas_text: l.atlas_text.clone(),
            pages,
            animation: Some(animation.clone()),
        });
        digests.push(d);
    }
    let m = manifest::Manifest {
        schema: manifest::SCHEMA.into(),
        animation: animation.clone(),
        panes: digests,
    };
    let html = page::build(&ballot::title(&m), &player, &panes, &ballot::form_html(&m));
    let target = crate::project::absolute(args.out.as_deref().unwrap_or(Path::new(BALLOT)), cwd);
    if let Err(e) = super::preview::write(&target, html.as_bytes()) {
        return refuse_ballot(out, &format!("cannot write {}: {e}", target.display()));
    }
    out.line(&format!(
        "rigc vote: ballot {}, {n} candidates, animation \"{animation}\"",
        m.id()
    ));
    for p in &m.panes {
        out.line(&format!(
            "  ..    pane {}   content {}  {} page(s)",
            p.letter,
            short(&p.content),
            p.pages.len()
        ));
    }
    if player.needs_network() {
        out.line("  ..    network  the ballot needs the network: it loads the player from --player-url when opened");
    }
    out.line(&format!(
        "rigc: wrote {}  ({} — open it in a browser, pick, and save {})",
        target.display(),
        super::preview::kib(html.len()),
        result::file_name(&m.id())
    ));
    Status::Green
}

/// The first 12 hex digits of a digest, as the report prints it.
fn short(digest: &str) -> &str {
    digest.get(..12).unwrap_or(digest)
}

/// `--animation`, else candidate A's first; every candidate must have it.
fn choose_animation(
    wanted: Option<&str>,
    letters: &[&str],
    loaded: &[Loaded],
) -> Result<String, String> {
    let names = Loaded::animation_names;
    let (name, whence) = match wanted {
        Some(w) => (w.to_string(), format!("--animation {w:?}")),
        None => match loaded.first().and_then(|l| names(l).into_iter().next()) {
            Some(f) => (f.clone(), format!("candidate A's first animation {f:?}")),
            None => return Err("candidate A has no animation to play".into()),
        },
    };
    let lacking: Vec<String> = letters
        .iter()
        .zip(loaded)
        .filter(|(_, l)| !names(l).contains(&name))
        .map(|(letter, l)| {
            let known = names(l);
            if known.is_empty() {
                format!("{letter} (no animations)")
            } else {
                format!("{letter} (has: {})", known.join(", "))
            }
        })
        .collect();
    if lacking.is_empty() {
        Ok(name)
    } else {
        Err(format!(
            "{whence} is not in every candidate: not in {}; every pane must play the same animation",
            lacking.join(", ")
        ))
    }
}

/// A record refusal: `rigc vote: …`, exit 1, nothing appended.
fn refuse_record(out: &mut Output, msg: &str) -> Status {
    out.err_line(&format!("rigc vote: {msg}; nothing appended"));
    Status::Red
}

fn record_vote(args: &VoteArgs, record: &Path, cwd: &Path, out: &mut Output) -> Status {
    let record = crate::project::absolute(record, cwd);
    let ballot_path =
        crate::project::absolute(args.ballot.as_deref().unwrap_or(Path::new(BALLOT)), cwd);
    let ledger_path: PathBuf =
        crate::project::absolute(args.ledger.as_deref().unwrap_or(Path::new(LEDGER)), cwd);
    let text = match std::fs::read_to_string(&record) {
        Ok(t) => t,
        Err(e) => return refuse_record(out, &format!("cannot read {}: {e}", record.display())),
    };
    let vote = match result::parse(&text) {
        Ok(v) => v,
        Err(msg) => return refuse_record(out, &format!("{}:{msg}", record.display())),
    };
    let html = match std::fs::read_to_string(&ballot_path) {
        Ok(t) => t,
        Err(e) => {
            return refuse_record(
                out,
                &format!("cannot read the ballot {}: {e}", ballot_path.display()),
            )
        }
    };
    let embedded = match manifest::read_embedded(&html) {
        Ok(m) => m,
        Err(msg) => {
            return refuse_record(out, &format!("the ballot {}: {msg}", ballot_path.display()))
        }
    };
    let existing = match std::fs::read_to_string(&ledger_path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return refuse_record(
                out,
                &format!("cannot read the ledger {}: {e}", ledger_path.display()),
            )
        }
    };
    let held = match ledger::read(&existing) {
        Ok(l) => l,
        Err(msg) => {
            return refuse_record(out, &format!("the ledger {}: {msg}", ledger_path.display()))
        }
    };
    out.line(&format!("rigc vote --record {}", record.display()));
    out.line(&format!("  ..    ballot {}", ballot_path.display()));
    out.line("  PASS  RESULT_PARSES");
    let (passed, failed) = result::verify(&vote, &embedded);
    for check in passed {
        out.line(&format!("  PASS  {check}"));
    }
    if let Some(f) = failed {
        out.line(&format!("  FAIL  {}: {}", f.check, f.why));
        return refuse_record(out, &format!("{}: {}", f.check, f.why));
    }
    let before = held.votes_on(&vote.ballot);
    if before > 0 && !args.again {
        let why = format!(
            "the ledger {} already holds {before} vote(s) on ballot {}; record it again with --again",
            ledger_path.display(),
            vote.ballot
        );
        out.line(&format!("  FAIL  BALLOT_RECORDED_ONCE: {why}"));
        return refuse_record(out, &format!("BALLOT_RECORDED_ONCE: {why}"));
    }
    if before > 0 {
        out.line(&format!(
            "  PASS  BALLOT_RECORDED_ONCE: vote {} on this ballot, allowed by --again",
            before + 1
        ));
    } else {
        out.line("  PASS  BALLOT_RECORDED_ONCE");
    }
    let line = ledger::line(&vote, &ledger::now(), before > 0);
    let number = existing.lines().count() + 1;
    let separator = if existing.is_empty() || existing.ends_with('\n') {
        ""
    } else {
        "\n"
    };
    let appended = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&ledger_path)
        .and_then(|mut f| f.write_all(format!("{separator}{line}\n").as_bytes()));
    if let Err(e) = appended {
        return refuse_record(
            out,
            &format!("cannot append to {}: {e}", ledger_path.display()),
        );
    }
    match ledger::winner(&vote.manifest, &vote.answer) {
        Some(w) => out.line(&format!(
            "  ..    winner  pane {} content {}",
            vote.answer,
            short(w)
        )),
        None => out.line(&format!("  ..    answer  {} (no winner)", vote.answer)),
    }
    out.line(&format!(
        "rigc: appended line {number} to {}",
        ledger_path.display()
    ));
    Status::Green
}
