//! This module owns the ledger (`votes.jsonl`): one JSON line per recorded
//! vote — the ballot, the answer, the winner by content digest (none for a
//! tie or `both-unacceptable`), the coverage set (every candidate's content
//! digest on the ballot), the reason and the times — how many lines it holds,
//! whether it already holds a vote on a ballot, and the UTC time stamp.

use super::manifest::Manifest;
use super::result::VoteResult;
use serde_json::{json, Value};

/// The ledger line's schema name.
pub const SCHEMA: &str = "rigc-vote-ledger/1";

/// The ledger as read: its lines' ballot ids, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ledger {
    /// Each line's `ballot`.
    pub ballots: Vec<String>,
}

/// Reads a ledger's text (a missing ledger is an empty one); a line that is
/// not a ledger line is refused with its number.
pub fn read(text: &str) -> Result<Ledger, String> {
    let mut ballots = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value =
            serde_json::from_str(line).map_err(|e| format!("line {} is not JSON: {e}", i + 1))?;
        match v.get("ballot").and_then(Value::as_str) {
            Some(b) if v.get("schema").and_then(Value::as_str) == Some(SCHEMA) => {
                ballots.push(b.to_string())
            }
            _ => return Err(format!("line {} is not a {SCHEMA} line", i + 1)),
        }
    }
    Ok(Ledger { ballots })
}

impl Ledger {
    /// How many votes on `ballot` it holds.
    pub fn votes_on(&self, ballot: &str) -> usize {
        self.ballots.iter().filter(|b| *b == ballot).count()
    }
}

/// The content digest of the winning pane, if the answer names one.
pub fn winner<'a>(manifest: &'a Manifest, answer: &str) -> Option<&'a str> {
    manifest
        .panes
        .iter()
        .find(|p| p.letter == answer)
        .map(|p| p.content.as_str())
}

/// The ledger line for a verified result (no newline).
pub fn line(result: &VoteResult, recorded_at: &str, again: bool) -> String {
    let m = &result.manifest;
    let mut coverage: Vec<&str> = m.panes.iter().map(|p| p.content.as_str()).collect();
    coverage.sort_unstable();
    coverage.dedup();
    json!({
        "schema": SCHEMA,
        "ballot": result.ballot,
        "animation": m.animation,
        "answer": result.answer,
        "winner": winner(m, &result.answer),
        "coverage": coverage,
        "reason": result.reason,
        "savedAt": result.saved_at,
        "recordedAt": recorded_at,
        "again": again,
    })
    .to_string()
}

/// `secs` since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Now, as [`utc`].
pub fn now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    utc(secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_796_226_861), "2026-12-02T15:54:21Z");
    }

    #[test]
    fn a_ledger_counts_votes_per_ballot_and_names_a_bad_line() {
        let l = read(&format!(
            "{{\"schema\":\"{SCHEMA}\",\"ballot\":\"a\"}}\n\n{{\"schema\":\"{SCHEMA}\",\"ballot\":\"b\"}}\n"
        ))
        .expect("reads");
        assert_eq!((l.votes_on("a"), l.votes_on("c")), (1, 0));
        assert_eq!(l.ballots.len(), 2);
        assert_eq!(
            read("{}\nx").unwrap_err(),
            "line 1 is not a rigc-vote-ledger/1 line"
        );
    }
}
