//! This module owns where the Spine Web Player's script and CSS come from: the
//! npm package `scripts/setup-player.sh` installs into `<project>/.player/`
//! (or the directory `--player <dir>` names), read into the page so it plays
//! offline, or a URL (`--player-url`) the page links instead.

use std::path::{Path, PathBuf};

/// The player's version rigc is made against (the one `scripts/setup-player.sh` pins).
pub const VERSION: &str = "4.3.13";

/// The command that installs the player where [`Player::find`] looks.
pub const INSTALL: &str = "scripts/setup-player.sh";

/// Where the package puts its files, under a project root.
pub const PACKAGE_DIST: &str = ".player/node_modules/@esotericsoftware/spine-player/dist";

/// The script inside the package's `dist/`: the IIFE build that defines the
/// global `spine`.
pub const SCRIPT: &str = "iife/spine-player.min.js";

/// The CSS inside the package's `dist/`.
pub const CSS: &str = "spine-player.css";

/// The Spine Web Player, as a page gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// Read from disk, embedded inline: the page works offline.
    Embedded {
        /// The `dist/` directory it was read from.
        dir: PathBuf,
        /// `iife/spine-player.min.js`.
        script: String,
        /// `spine-player.css`.
        css: String,
    },
    /// Linked from a URL: the `dist/` directory of the package (the page
    /// loads `<url>/iife/spine-player.min.js` and `<url>/spine-player.css`),
    /// so the page needs the network.
    Url(String),
}

impl Player {
    /// The player from `--player <dir>` (the package's `dist/`, the package,
    /// or the directory `npm` installed it in, as `.player/`), else from `<project_root>/.player/…/dist/`. Without it, a
    /// refusal that names the command that installs it.
    pub fn find(flag: Option<&Path>, project_root: &Path) -> Result<Player, String> {
        let dir = match flag {
            Some(d) => [
                d.join("node_modules/@esotericsoftware/spine-player/dist"),
                d.join("dist"),
            ]
            .into_iter()
            .find(|dist| dist.join(SCRIPT).is_file())
            .unwrap_or_else(|| d.to_path_buf()),
            None => project_root.join(PACKAGE_DIST),
        };
        let script_path = dir.join(SCRIPT);
        let css_path = dir.join(CSS);
        if !script_path.is_file() || !css_path.is_file() {
            let whence = match flag {
                Some(_) => format!("--player {}", dir.display()),
                None => dir.display().to_string(),
            };
            return Err(format!(
                "the Spine Web Player ({} {}) is not at {whence} (no {SCRIPT} and {CSS} there); install it with {INSTALL}, name its dist/ with --player <dir>, or link it with --player-url <url>",
                "@esotericsoftware/spine-player", VERSION
            ));
        }
        let read = |p: &Path| {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        };
        Ok(Player::Embedded {
            script: read(&script_path)?,
            css: read(&css_path)?,
            dir,
        })
    }

    /// The player linked from `url` (the package's `dist/` directory).
    pub fn url(url: &str) -> Player {
        Player::Url(url.trim_end_matches('/').to_string())
    }

    /// The `<link>`/`<style>` and `<script>` elements that bring the player
    /// into a page's `<head>`.
    pub fn head_html(&self) -> String {
        match self {
            Player::Embedded { script, css, .. } => format!(
                "{}\n{}",
                inline("style", "text/css", css),
                inline("script", "text/javascript", script)
            ),
            Player::Url(url) => format!(
                "<link rel=\"stylesheet\" href=\"{}\">\n<script src=\"{}\"></script>",
                super::html::escape(&format!("{url}/{CSS}")),
                super::html::escape(&format!("{url}/{SCRIPT}"))
            ),
        }
    }

    /// The header line that says which player a page plays in and how it
    /// gets it.
    pub fn line(&self) -> String {
        let how = match self {
            Player::Embedded { dir, .. } => {
                format!("embedded from {} (the page plays offline)", dir.display())
            }
            Player::Url(url) => format!("linked from {url}"),
        };
        format!("  ..    player   @esotericsoftware/spine-player {VERSION} {how}")
    }

    /// Does a page with this player need the network?
    pub fn needs_network(&self) -> bool {
        matches!(self, Player::Url(_))
    }
}

/// `text` as the body of a `<tag>` element, or, when its text could end the
/// element early or change how HTML reads it (`</tag`, `<!--`), as a base64
/// data URI the element loads: either way the text arrives unchanged.
fn inline(tag: &str, mime: &str, text: &str) -> String {
    use base64::Engine as _;
    let lower = text.to_ascii_lowercase();
    if !lower.contains(&format!("</{tag}")) && !lower.contains("<!--") {
        return format!("<{tag}>\n{text}\n</{tag}>");
    }
    let uri = format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(text.as_bytes())
    );
    if tag == "style" {
        format!("<link rel=\"stylesheet\" href=\"{uri}\">")
    } else {
        format!("<script src=\"{uri}\"></script>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_package_is_refused_with_the_install_command() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let err = Player::find(None, dir.path()).unwrap_err();
        assert!(
            err.contains(INSTALL) && err.contains("--player-url"),
            "{err}"
        );
        let err = Player::find(Some(dir.path()), dir.path()).unwrap_err();
        assert!(err.contains("--player "), "{err}");
    }

    #[test]
    fn a_package_dir_or_its_dist_is_found_and_read() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let dist = dir.path().join("dist");
        std::fs::create_dir_all(dist.join("iife")).expect("dirs");
        std::fs::write(dist.join(SCRIPT), "var spine = {};").expect("write");
        std::fs::write(dist.join(CSS), ".x{}").expect("write");
        let installed = dir.path().join("i");
        let deep = installed.join("node_modules/@esotericsoftware/spine-player/dist");
        std::fs::create_dir_all(deep.join("iife")).expect("dirs");
        std::fs::write(deep.join(SCRIPT), "var spine = {};").expect("write");
        std::fs::write(deep.join(CSS), ".x{}").expect("write");
        match Player::find(Some(&installed), Path::new("/")).expect("found") {
            Player::Embedded { dir, .. } => assert_eq!(dir, deep),
            other => panic!("{other:?}"),
        }
        for flag in [dir.path(), dist.as_path()] {
            match Player::find(Some(flag), Path::new("/")).expect("found") {
                Player::Embedded { dir, script, css } => {
                    assert_eq!(dir, dist);
                    assert_eq!(script, "var spine = {};");
                    assert_eq!(css, ".x{}");
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn text_that_could_close_its_element_travels_as_a_data_uri() {
        assert_eq!(
            inline("script", "text/javascript", "a()"),
            "<script>\na()\n</script>"
        );
        let s = inline("script", "text/javascript", "x = `<!--<div>`");
        assert!(
            s.starts_with("<script src=\"data:text/javascript;base64,"),
            "{s}"
        );
        let c = inline("style", "text/css", "a{} </STYLE>");
        assert!(
            c.starts_with("<link rel=\"stylesheet\" href=\"data:text/css;base64,"),
            "{c}"
        );
    }

    #[test]
    fn a_url_links_both_files_and_needs_the_network() {
        let p = Player::url("https://unpkg.com/@esotericsoftware/spine-player@4.3.13/dist/");
        assert!(p.needs_network());
        let h = p.head_html();
        assert!(h.contains("href=\"https://unpkg.com/@esotericsoftware/spine-player@4.3.13/dist/spine-player.css\""), "{h}");
        assert!(h.contains("src=\"https://unpkg.com/@esotericsoftware/spine-player@4.3.13/dist/iife/spine-player.min.js\""), "{h}");
    }
}
