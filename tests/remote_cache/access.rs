//! Who may write and who may read: read-only mode uploads nothing, and the
//! token travels as a bearer header and is never printed.

use super::*;
use crate::nginx::TOKEN;

#[test]
fn read_only_mode_reads_hits_and_uploads_nothing() {
    let Some(server) = Nginx::start("remote_cache::read_only_mode_reads_hits_and_uploads_nothing")
    else {
        return;
    };
    let url = server.url();
    // Against an empty server: every lookup misses, nothing is written.
    let a = clone();
    let (r, report) = build(
        &a,
        &["--remote-cache", &url, "--remote-cache-read-only"],
        &[],
    );
    clean(&r, &report);
    assert_eq!(count(&report, "uploads"), 0, "{report:#}");
    assert!(server.files("").is_empty(), "{:?}", server.files(""));
    assert!(
        !server.access_log().contains("PUT "),
        "{}",
        server.access_log()
    );
    assert!(
        server.access_log().contains("GET "),
        "read-only mode did not look anything up"
    );
    // A writer fills it; a read-only clone (through the environment) is served
    // and adds nothing.
    let good = filled(&server);
    let files = server.files("");
    let puts = server.access_log().matches("PUT ").count();
    let c = clone();
    let (r, report) = served_whole(
        &c,
        &[],
        &[
            ("RIGC_REMOTE_CACHE", url.as_str()),
            ("RIGC_REMOTE_CACHE_READ_ONLY", "1"),
        ],
    );
    assert!(count(&report, "remoteHits") > 0, "{report:#}");
    assert_eq!(count(&report, "uploads"), 0, "{report:#}");
    assert_eq!(server.files(""), files);
    assert_eq!(server.access_log().matches("PUT ").count(), puts);
    assert_eq!(outputs(&c), good);
    r.stdout_has(&format!("(remote {url}, read-only)"));
    assert_eq!(report["summary"]["remote"]["readOnly"], true);
}

/// Asserts nothing `p`'s run printed or reported holds the token.
fn token_unprinted(p: &Project, r: &Run) {
    assert!(
        !r.stdout.contains(TOKEN) && !r.stderr.contains(TOKEN),
        "the token was printed{}",
        r.dump()
    );
    assert!(
        !p.read("report.json").contains(TOKEN),
        "the token is in the report"
    );
}

#[test]
fn the_token_is_sent_as_a_bearer_header_and_never_printed() {
    let Some(server) =
        Nginx::start("remote_cache::the_token_is_sent_as_a_bearer_header_and_never_printed")
    else {
        return;
    };
    let url = server.url_private();
    let a = clone();
    let (r, report) = build(
        &a,
        &["--remote-cache", &url],
        &[("RIGC_REMOTE_CACHE_TOKEN", TOKEN)],
    );
    clean(&r, &report);
    token_unprinted(&a, &r);
    assert!(count(&report, "uploads") > 0, "{report:#}");
    assert!(!server.files("private/cas").is_empty());
    // Every request rigc sent carried the token (the harness's readiness probe,
    // `GET /`, is the one line outside /private/).
    let log = server.access_log();
    let sent: Vec<&str> = log.lines().filter(|l| l.contains(" /private/")).collect();
    assert!(sent.len() > 1, "{log}");
    assert!(
        sent.iter()
            .all(|l| l.ends_with(&format!("auth=Bearer {TOKEN}"))),
        "{log}"
    );

    // A second clone with the token is served; one without it is refused by the
    // server (401) and builds locally, green, with one warning.
    let b = clone();
    let (r, _) = served_whole(
        &b,
        &["--remote-cache", &url],
        &[("RIGC_REMOTE_CACHE_TOKEN", TOKEN)],
    );
    token_unprinted(&b, &r);
    let c = clone();
    let (r, report) = build(&c, &["--remote-cache", &url], &[]);
    assert!(
        server.access_log().contains(" 401 "),
        "{}",
        server.access_log()
    );
    assert_eq!(count(&report, "remoteHits"), 0, "{report:#}");
    assert_eq!(named(&r, UNAVAILABLE), 1, "{}", r.dump());
    r.stderr_has("was answered 401 (check the token in RIGC_REMOTE_CACHE_TOKEN)");
    token_unprinted(&c, &r);
    assert_eq!(outputs(&c), outputs(&a));
}
