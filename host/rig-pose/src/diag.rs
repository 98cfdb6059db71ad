//! This module owns how rig-pose prints a refusal. A refusal is a
//! `rigc_diag::Diagnostic` (its code is the refusal's name, such as
//! `CLEAN_LOOP`), printed by rigc-diag's renderers with rig-pose's head: the
//! compiler-style block (`rig-pose: CLEAN_LOOP: <file>: <message>`, then
//! `--> file:line:col at /pointer`, the line, the caret, the value and the fix)
//! or one JSON object a line with `--message-format json`. A refusal of a flag
//! points into the command line itself, as if it were a file.

use crate::cli::MessageFormat;
use rigc_diag::source::{SourceFile, Span};
use rigc_diag::{render_human, render_json, Diagnostic, Loc};

/// The host renderer's head, replaced by rig-pose's.
const HOST_HEAD: &str = "rigc compile error: ";

/// The text of one refusal.
pub fn render(d: &Diagnostic, format: MessageFormat) -> String {
    match format {
        MessageFormat::Human => {
            let text = render_human(d);
            let body = text.strip_prefix(HOST_HEAD).unwrap_or(&text);
            format!("rig-pose: {}: {body}", d.code)
        }
        MessageFormat::Json => {
            let line = render_json(d);
            match serde_json::from_str::<serde_json::Value>(&line) {
                Ok(mut v) => {
                    v["class"] = "refused".into();
                    v["tool"] = "rig-pose".into();
                    format!("{v}\n")
                }
                Err(_) => line,
            }
        }
    }
}

/// Where the value of `--<flag>` is on the command line (`args` without the
/// program name), as a location in a pseudo-file named `command line`.
pub fn flag_loc(args: &[String], flag: &str) -> Option<Loc> {
    let text = args.join(" ");
    let mut offset = 0;
    let mut found = None;
    for (i, a) in args.iter().enumerate() {
        if let Some(v) = a.strip_prefix(&format!("--{flag}=")) {
            let start = offset + a.len() - v.len();
            found = Some(Span {
                start,
                end: start + v.len(),
            });
        } else if a == &format!("--{flag}") {
            if let Some(v) = args.get(i + 1) {
                let start = offset + a.len() + 1;
                found = Some(Span {
                    start,
                    end: start + v.len(),
                });
            }
        }
        offset += a.len() + 1;
    }
    let span = found?;
    Some(Loc {
        file: SourceFile::new("command line", "", text),
        pointer: format!("--{flag}"),
        span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_is_located_on_the_command_line() {
        let args: Vec<String> = "clean --pose a.json --legs 4 --rest=3"
            .split(' ')
            .map(String::from)
            .collect();
        let d = Diagnostic::new(rigc_diag::codes::CLEAN_WINDOW, "--legs 4 is even")
            .at(flag_loc(&args, "legs").unwrap());
        let text = render(&d, MessageFormat::Human);
        assert!(
            text.starts_with("rig-pose: CLEAN_WINDOW: command line: --legs 4 is even\n"),
            "{text}"
        );
        assert!(text.contains("--> command line:1:28 at --legs"), "{text}");
        assert!(text.contains("= found: 4"), "{text}");
        let loc = flag_loc(&args, "rest").unwrap();
        assert_eq!(&loc.file.text[loc.span.start..loc.span.end], "3");
        let json: serde_json::Value =
            serde_json::from_str(&render(&d, MessageFormat::Json)).unwrap();
        assert_eq!(json["code"], "CLEAN_WINDOW");
        assert_eq!(json["class"], "refused");
        assert_eq!(json["column"], 28);
    }
}
