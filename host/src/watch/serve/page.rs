//! This module owns the pages `rigc watch --serve` hands out: a target's page
//! (the player page of [`crate::player::page::build_served`], one pane, a
//! status line, the failures box and the live script `live.js`, which loads
//! each green generation and shows each red build's failures) and the index
//! of every target's page. It does no IO.

use crate::player::assets::Player;
use crate::player::html::escape;
use crate::player::page::{self, Served};
use serde_json::json;

/// The live script: follows the target's reports (server-sent events) and
/// reloads the skeleton in place; its hooks are `window.rigcServe`.
const LIVE: &str = include_str!("live.js");

/// The page's own additions to the player page's layout.
const STYLE: &str = "<style>
.rigc-player { position: relative; }
.rigc-failures { position: absolute; inset: 0; z-index: 10; margin: 0; padding: 8px; overflow: auto;
  font-size: 11px; white-space: pre-wrap; color: #ffd7d7; background: rgba(60, 0, 0, 0.72);
  pointer-events: none; }
.rigc-serve-status { font-size: 12px; margin: 0 0 8px; color: #bbb; }
</style>";

/// The path of `target`'s page under the server's root: `/<target>/`.
pub fn page_path(target: &str) -> String {
    format!("/{}/", segment(target))
}

/// `target`'s page: the player pane, fed from `/<target>/events` and
/// `/<target>/g/<generation>/<file>`.
pub fn target_page(player: &Player, target: &str, header_lines: Vec<String>) -> String {
    let base = page_path(target);
    let config = json!({
        "target": target,
        "events": format!("{base}events"),
        "files": format!("{base}g/"),
        "pages": format!("{base}page/"),
    });
    let script = format!("const RIGC_SERVE = {};\n{LIVE}", page::script_json(&config));
    let extra =
        format!("{STYLE}\n<p class=\"rigc-serve-status\" id=\"rigc-serve-status\">connecting…</p>");
    page::build_served(
        &format!("rigc watch — {target}"),
        player,
        &[Served {
            title: target.to_string(),
            header_lines,
        }],
        &extra,
        &script,
    )
}

/// The index: a link to each target's page.
pub fn index(names: &[String]) -> String {
    let items: String = names
        .iter()
        .map(|n| {
            format!(
                "<li><a href=\"{}\">{}</a></li>\n",
                escape(&page_path(n)),
                escape(n)
            )
        })
        .collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>rigc watch</title>\n</head>\n<body>\n<h1>rigc watch</h1>\n<ul>\n{items}</ul>\n</body>\n</html>\n"
    )
}

/// `name` as one URL path segment: unreserved characters as they are, every
/// other byte percent-encoded.
pub fn segment(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_name_is_one_segment_and_escaped_in_html() {
        assert_eq!(segment("snail"), "snail");
        assert_eq!(segment("a b/<c>"), "a%20b%2F%3Cc%3E");
        let html = index(&["a<b".to_string()]);
        assert!(html.contains("<a href=\"/a%3Cb/\">a&lt;b</a>"), "{html}");
    }

    #[test]
    fn the_page_carries_its_routes_and_no_name_closes_its_script() {
        let player = Player::url("https://example.test/dist");
        let html = target_page(&player, "snail", vec!["  ..    out  x".into()]);
        assert!(html.contains("\"events\":\"/snail/events\""), "{html}");
        assert!(html.contains("\"files\":\"/snail/g/\""), "{html}");
        assert!(html.contains("window.rigcServe"));
        assert!(html.contains("\"deferred\":true"));
        let evil = target_page(&player, "</script><b>", Vec::new());
        let tail = evil.split("const RIGC_SERVE").nth(1).expect("the config");
        assert_eq!(tail.matches("</script>").count(), 1, "{tail}");
    }
}
