//! This module owns the numbers JSON cannot spell. Python's `json.dump` writes
//! `NaN` and `Infinity`, and an overflowing literal (`1e999`) reads as infinity.
//! Before parsing, each such token outside a string is replaced by a string of
//! the same length ([`neutralize`]), so the document still parses and every
//! line:column is unchanged; [`refuse`] then names each one (`POSE_NUMBER`) at
//! its JSON pointer, with the token as it was written.

use rigc_diag::codes;

use rigc_diag::cursor::Node;
use rigc_diag::source::Span;
use rigc_diag::Diagnostic;

/// Replaces each non-finite number token outside a string (`NaN`, `Infinity`,
/// `-Infinity`, or a literal too large for a double) with a string of the same
/// length, and returns the new text and the replaced spans.
pub fn neutralize(text: &str) -> (String, Vec<Span>) {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if c == b'-' || c == b'+' || c.is_ascii_alphanumeric() => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b"+-.".contains(&b[i])) {
                    i += 1;
                }
                let token = &text[start..i];
                let word = token.trim_start_matches(['-', '+']);
                let non_finite = word == "NaN"
                    || word == "Infinity"
                    || (word.starts_with(|c: char| c.is_ascii_digit())
                        && token.parse::<f64>().is_ok_and(|v| !v.is_finite()));
                if non_finite && token.len() >= 3 {
                    out[start] = b'"';
                    out[i - 1] = b'"';
                    for c in &mut out[start + 1..i - 1] {
                        *c = b'x';
                    }
                    spans.push(Span { start, end: i });
                }
            }
            _ => i += 1,
        }
    }
    (String::from_utf8(out).unwrap_or_default(), spans)
}

/// A `POSE_NUMBER` refusal for every value of the tree that was a replaced
/// token (`replaced` in text order, as [`neutralize`] returns them).
pub fn refuse(node: &Node, replaced: &[Span]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if !replaced.is_empty() {
        walk(node, replaced, &mut out);
    }
    out
}

fn walk(node: &Node, replaced: &[Span], out: &mut Vec<Diagnostic>) {
    let span = node.json.span;
    let at = replaced.binary_search_by(|s| s.start.cmp(&span.start));
    if at.is_ok_and(|i| replaced[i] == span) {
        let d = node
            .err(
                codes::POSE_NUMBER,
                format!(
                    "{} is not a finite number; JSON has no spelling for it",
                    node.text()
                ),
            )
            .help("write a finite number; a joint with no position is {\"state\": \"missing\"} with no x and y");
        out.push(d);
        return;
    }
    for child in node.elements() {
        walk(&child, replaced, out);
    }
    for (_, child) in node.entries() {
        walk(&child, replaced, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_finite_tokens_are_neutralized_in_place() {
        let (t, spans) = neutralize(r#"{"a": [NaN, -Infinity, 1e999, 2, "NaN"]}"#);
        assert_eq!(t, r#"{"a": ["x", "xxxxxxx", "xxx", 2, "NaN"]}"#);
        assert_eq!(spans.len(), 3);
    }
}
