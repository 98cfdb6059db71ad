//! This module owns what a ballot page adds to the player's page
//! (`crate::player::page`): the embedded manifest, and the form where a human
//! picks a pane, `tie` or `both-unacceptable` and a reason code, then saves
//! `vote-<id>.json` through a download link the page's script builds. The
//! script exposes `window.rigcBallot` (`id`, `manifest`, `resultFor(answer,
//! reason)`) so a browser test can read what the link would save.

use super::manifest::Manifest;
use super::result::{answers, file_name, BOTH_UNACCEPTABLE, REASONS, SCHEMA, TIE};
use crate::player::html::escape;

/// The page's title.
pub fn title(m: &Manifest) -> String {
    format!("rigc vote — ballot {}", m.id())
}

/// The HTML placed before the panes: the manifest element, the form and its script.
pub fn form_html(m: &Manifest) -> String {
    let id = m.id();
    let mut choices = String::new();
    for a in answers(m) {
        let label = match a.as_str() {
            TIE => "tie — equally good".to_string(),
            BOTH_UNACCEPTABLE => "both unacceptable — propose again".to_string(),
            letter => format!("{letter} is better"),
        };
        choices.push_str(&format!(
            "<label><input type=\"radio\" name=\"answer\" value=\"{}\"> {}</label>\n",
            escape(&a),
            escape(&label)
        ));
    }
    let mut reasons = String::from("<option value=\"\">choose a reason…</option>\n");
    for (code, meaning) in REASONS {
        reasons.push_str(&format!(
            "<option value=\"{}\">{} — {}</option>\n",
            escape(code),
            escape(code),
            escape(meaning)
        ));
    }
    format!(
        "{element}
<p class=\"rigc-ballot-intro\">Watch every pane play <b>{animation}</b>, then pick one. The panes are lettered in an order that says nothing about where they came from.</p>
<form id=\"rigc-vote\" onsubmit=\"return false\">
<fieldset><legend>Which is better?</legend>
{choices}</fieldset>
<label>Why: <select name=\"reason\" id=\"rigc-reason\">
{reasons}</select></label>
<button type=\"button\" id=\"rigc-save\">Save {file}</button>
<a id=\"rigc-download\" hidden download=\"{file}\">{file}</a>
<p id=\"rigc-status\"></p>
</form>
<style>
#rigc-vote {{ margin: 0 0 16px; }}
#rigc-vote fieldset {{ border: 1px solid #555; margin: 0 0 8px; }}
#rigc-vote label {{ margin-right: 16px; }}
</style>
<script>
{script}</script>
",
        element = m.element(),
        animation = escape(&m.animation),
        file = escape(&file_name(&id)),
        script = SCRIPT.replace("RIGC_SCHEMA", &serde_json::Value::from(SCHEMA).to_string()),
    )
}

/// Reads the manifest element, builds the result a choice saves, and turns
/// the Save button into a download of it.
const SCRIPT: &str = r#"(function () {
  const embedded = JSON.parse(document.getElementById("rigc-ballot-manifest").textContent);
  const resultFor = (answer, reason) => ({
    schema: RIGC_SCHEMA,
    ballot: embedded.ballot,
    manifest: embedded.manifest,
    answer: answer,
    reason: reason,
    savedAt: new Date().toISOString(),
  });
  window.rigcBallot = { id: embedded.ballot, manifest: embedded.manifest, resultFor };
  const form = document.getElementById("rigc-vote");
  const status = document.getElementById("rigc-status");
  const link = document.getElementById("rigc-download");
  document.getElementById("rigc-save").addEventListener("click", () => {
    const picked = form.querySelector("input[name=answer]:checked");
    const reason = document.getElementById("rigc-reason").value;
    if (!picked || !reason) {
      status.textContent = "Pick an answer and a reason first.";
      return;
    }
    const text = JSON.stringify(resultFor(picked.value, reason), null, 2) + "\n";
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.hidden = false;
    link.click();
    status.textContent = "Saved " + link.download + ": record it with rigc vote --record " + link.download;
  });
})();
"#;

#[cfg(test)]
mod tests {
    use super::super::manifest::{pane, SCHEMA as BALLOT};
    use super::*;

    #[test]
    fn the_form_offers_every_answer_and_reason_and_carries_the_manifest() {
        let m = Manifest {
            schema: BALLOT.into(),
            animation: "walk".into(),
            panes: vec![pane("A", b"1", b"a", &[]), pane("B", b"2", b"a", &[])],
        };
        let html = form_html(&m);
        for a in ["A", "B", "tie", "both-unacceptable"] {
            assert!(html.contains(&format!("value=\"{a}\"")), "{a}");
        }
        assert!(!html.contains("value=\"C\""));
        for (code, _) in REASONS {
            assert!(
                html.contains(&format!("<option value=\"{code}\">")),
                "{code}"
            );
        }
        assert!(html.contains(&format!("download=\"vote-{}.json\"", m.id())));
        assert!(html.contains("schema: \"rigc-vote/1\""));
        let back = super::super::manifest::read_embedded(&html).expect("embedded");
        assert_eq!(back.manifest, m);
    }
}
