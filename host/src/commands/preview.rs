//! This module owns `rigc preview` (CLI.md §5): one self-contained HTML page
//! that plays each `--candidate` in the official Spine Web Player, one pane
//! each, its header carrying the candidate's files, pages and gate summary
//! (the gate of `rigc validate`). The player's script and CSS are embedded
//! from its npm package (`scripts/setup-player.sh`, or `--player <dir>`), so
//! the page plays offline, or linked from `--player-url`. Every refusal comes
//! before anything is written.

use super::Status;
use crate::candidate::{Loaded, Refusal};
use crate::cli::PreviewArgs;
use crate::output::Output;
use crate::player::assets::Player;
use crate::player::page::{self, Pane};
use rigc_sdk::gate::Profile;
use std::path::{Path, PathBuf};

/// Runs `rigc preview`.
pub fn run(args: &PreviewArgs, cwd: &Path, out: &mut Output) -> Status {
    for (flag, given) in [("slot", &args.slot), ("hide", &args.hide)] {
        if given.is_some() {
            out.usage(&format!(
                "--{flag} is a render flag; preview plays the whole skeleton in the Spine Web Player (use rigc render --{flag})"
            ));
            return Status::Usage;
        }
    }
    if args.atlas.is_some() && args.candidate.len() > 1 {
        out.usage("--atlas names one candidate's atlas; with several --candidate, give each as a directory holding its skeleton.atlas");
        return Status::Usage;
    }
    let player = match find_player(args.player.as_deref(), args.player_url.as_deref(), cwd) {
        Ok(p) => p,
        Err(msg) => {
            out.err_line(&format!("rigc preview: {msg}; nothing written"));
            return Status::Red;
        }
    };
    let mut loaded: Vec<Loaded> = Vec::new();
    for c in &args.candidate {
        match crate::candidate::load(c, args.atlas.as_deref(), cwd) {
            Ok(l) => loaded.push(l),
            Err(Refusal::Usage(m)) => {
                out.usage(&m);
                return Status::Usage;
            }
            Err(Refusal::Load(m)) => {
                out.err_line(&format!("rigc preview: {m}; nothing written"));
                return Status::Red;
            }
        }
    }
    if let Some(msg) = same_skeleton(&args.candidate, &loaded) {
        out.usage(&msg);
        return Status::Usage;
    }
    let animations = match choose_animations(args.animation.as_deref(), &args.candidate, &loaded) {
        Ok(a) => a,
        Err(msg) => {
            out.usage(&msg);
            return Status::Usage;
        }
    };
    let mut pages = Vec::new();
    for l in &loaded {
        match read_pages(l) {
            Ok(p) => pages.push(p),
            Err(msg) => {
                out.err_line(&format!("rigc preview: {msg}; nothing written"));
                return Status::Red;
            }
        }
    }
    let profile = args.profile.unwrap_or(Profile::Spine);
    out.line("rigc preview");
    let mut panes = Vec::new();
    for (((arg, l), pages), animation) in args
        .candidate
        .iter()
        .zip(&loaded)
        .zip(pages)
        .zip(animations)
    {
        let report = match super::validate::gate(&l.located, profile, cwd, out) {
            Ok(r) => r,
            Err(status) => return status,
        };
        let mut lines = vec![
            format!("  ..    skeleton {}", l.located.skeleton.display()),
            format!("  ..    atlas    {}", l.located.atlas.display()),
        ];
        for (name, bytes) in &pages {
            lines.push(format!("  ..    page     {name:<28} {}", kib(bytes.len())));
        }
        lines.push(format!(
            "  ..    gate     {}",
            crate::printer::gate::summary(&report)
        ));
        lines.push(match &animation {
            Some(a) => format!("  ..    plays    {a}"),
            None => "  ..    plays    the setup pose (no animations)".to_string(),
        });
        for line in &lines {
            out.line(line);
        }
        panes.push(Pane {
            title: arg.display().to_string(),
            header_lines: lines,
            skeleton_json: l.skeleton_text.clone(),
            atlas_text: l.atlas_text.clone(),
            pages,
            animation,
        });
    }
    out.line(&player.line());
    if player.needs_network() {
        out.line("  ..    network  the page needs the network: it loads the player from --player-url when opened");
    }
    let names: Vec<String> = args
        .candidate
        .iter()
        .map(|c| c.display().to_string())
        .collect();
    let html = page::build(
        &format!("rigc preview — {}", names.join(" · ")),
        &player,
        &panes,
        "",
    );
    let target = crate::project::absolute(&args.out, cwd);
    if let Err(e) = write(&target, html.as_bytes()) {
        out.err_line(&format!(
            "rigc preview: cannot write {}: {e}",
            target.display()
        ));
        return Status::Red;
    }
    out.line(&format!(
        "rigc: wrote {}  ({} — open it in a browser)",
        target.display(),
        kib(html.len())
    ));
    Status::Green
}

/// The player `--player-url`, `--player` or the project's `.player/` gives
/// (`rigc vote`'s ballot finds it the same way).
pub fn find_player(
    player: Option<&Path>,
    player_url: Option<&str>,
    cwd: &Path,
) -> Result<Player, String> {
    if let Some(url) = player_url {
        if url.trim().is_empty() {
            return Err("--player-url is empty".into());
        }
        return Ok(Player::url(url));
    }
    let flag = player.map(|p| crate::project::absolute(p, cwd));
    let root = match crate::workspace::find_manifest(cwd) {
        Ok(Some(m)) => m.dir,
        _ => cwd.to_path_buf(),
    };
    Player::find(flag.as_deref(), &root)
}

/// The refusal when two candidates are one skeleton: the same file, or files
/// with the same bytes.
fn same_skeleton(args: &[PathBuf], loaded: &[Loaded]) -> Option<String> {
    for (j, b) in loaded.iter().enumerate() {
        for (i, a) in loaded.iter().enumerate().take(j) {
            let same_file = crate::project::canonical_or_self(&a.located.skeleton)
                == crate::project::canonical_or_self(&b.located.skeleton);
            if same_file || a.skeleton_text == b.skeleton_text {
                let how = if same_file {
                    "the same file"
                } else {
                    "files with the same bytes"
                };
                return Some(format!(
                    "--candidate {} and --candidate {} are the same skeleton ({how}: {}); give each skeleton once",
                    args[i].display(),
                    args[j].display(),
                    b.located.skeleton.display()
                ));
            }
        }
    }
    None
}

/// The animation of each pane: `--animation` (which every candidate must
/// have), else the first candidate's first animation where a candidate has
/// it and its own first where it does not; `None` for a skeleton without
/// animations.
fn choose_animations(
    wanted: Option<&str>,
    args: &[PathBuf],
    loaded: &[Loaded],
) -> Result<Vec<Option<String>>, String> {
    let names = Loaded::animation_names;
    if let Some(w) = wanted {
        for (arg, l) in args.iter().zip(loaded) {
            let known = names(l);
            if !known.iter().any(|n| n == w) {
                let list = if known.is_empty() {
                    "it has no animations".to_string()
                } else {
                    format!("known animations: {}", known.join(", "))
                };
                return Err(format!(
                    "--animation {w:?} is not in {}; {list}",
                    arg.display()
                ));
            }
        }
        return Ok(vec![Some(w.to_string()); loaded.len()]);
    }
    let first = loaded.first().and_then(|l| names(l).into_iter().next());
    Ok(loaded
        .iter()
        .map(|l| {
            let known = names(l);
            match &first {
                Some(f) if known.contains(f) => Some(f.clone()),
                _ => known.into_iter().next(),
            }
        })
        .collect())
}

/// Every page of the candidate's atlas, by its name there, with its bytes:
/// each must be on disk beside the atlas and decode as a PNG.
pub fn read_pages(l: &Loaded) -> Result<Vec<(String, Vec<u8>)>, String> {
    let dir = l.located.atlas.parent().unwrap_or(Path::new(""));
    let mut pages = Vec::new();
    for p in &l.atlas.pages {
        let path = dir.join(&p.name);
        let bytes = std::fs::read(&path).map_err(|e| {
            format!(
                "atlas page {:?} of {} is not readable at {}: {e}",
                p.name,
                l.located.atlas.display(),
                path.display()
            )
        })?;
        rigc_sdk::png_image::decode(&bytes)
            .map_err(|e| format!("atlas page {:?} at {}: {e}", p.name, path.display()))?;
        pages.push((p.name.clone(), bytes));
    }
    Ok(pages)
}

/// Writes `bytes` to `path` (its directory made if need be) through a
/// temporary file beside it, so a failed write leaves no half page.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("html.part");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// A size as CLI.md §5 prints it: `12.3 KiB`.
pub fn kib(bytes: usize) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_kib_with_one_decimal() {
        assert_eq!(kib(12_595), "12.3 KiB");
        assert_eq!(kib(0), "0.0 KiB");
    }
}
