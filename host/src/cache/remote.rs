//! This module owns the remote cache: a shared HTTP server in the layout of
//! Bazel's HTTP remote cache — `GET`/`PUT <base>/ac/<key>` for action entries,
//! `<base>/cas/<blake3>` for blobs — that any server storing what it is `PUT`
//! can be (nginx with WebDAV `PUT`, bazel-remote, an S3-compatible gateway).
//! The local cache (`super::Cache`) consults it after a local miss and writes
//! every remote hit into itself; it uploads what a build computes unless the
//! remote is read-only.
//!
//! **Nothing from the server is trusted.** A blob must hash to its name and an
//! action entry must pass the checks a local one does (its own check line, its
//! own key and stage) before it is used or stored; an answer that does not is
//! named (`cache.remote-corrupt`), counted, ignored, and its stage rebuilt —
//! and re-uploaded, which mends the server.
//!
//! **The server never decides a build.** A server that is down, answers too
//! slowly (each request has a timeout), answers 5xx or refuses (401, 403, 405
//! …) is named once (`cache.remote-unavailable`), counted, and then left alone
//! for the rest of the process: the build goes on with the local cache only.
//! A `404` is a plain miss.
//!
//! The bearer token comes from [`TOKEN_ENV`] alone (never from `rigc.toml`,
//! which is committed) and is never printed; a URL carrying credentials is
//! refused for the same reason. HTTP is `ureq` (see [`Remote::new`]).

use super::{hex, Hash};
use rigc_diag::codes::{self, Code};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// The environment variable naming the remote cache's URL.
pub const URL_ENV: &str = "RIGC_REMOTE_CACHE";
/// The environment variable that makes the remote cache read-only (`1`/`true`).
pub const READ_ONLY_ENV: &str = "RIGC_REMOTE_CACHE_READ_ONLY";
/// The environment variable holding the bearer token sent to the remote cache.
pub const TOKEN_ENV: &str = "RIGC_REMOTE_CACHE_TOKEN";
/// The environment variable setting each request's timeout, in milliseconds.
pub const TIMEOUT_ENV: &str = "RIGC_REMOTE_CACHE_TIMEOUT_MS";

/// A request's timeout when [`TIMEOUT_ENV`] does not set one: long enough for
/// a blob of megabytes over a slow link, short enough that a hung server costs
/// a build seconds, once.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// How many answers that do not check a remote may give before it is left
/// alone for the rest of the process (each of them named).
pub const REJECTED_BEFORE_OFF: u64 = 8;

/// The largest answer read from the server: a stage output is at most some
/// megabytes; a server answering more is not a cache of ours.
pub const MAX_BODY: u64 = 256 << 20;

/// The two namespaces of the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// `ac/`: action entries, named by their stage key.
    Ac,
    /// `cas/`: blobs, named by the blake3 of their bytes.
    Cas,
}

impl Space {
    fn dir(self) -> &'static str {
        match self {
            Space::Ac => "ac",
            Space::Cas => "cas",
        }
    }
}

/// A remote cache's base URL, checked: `http://` or `https://`, a host, no
/// credentials, no query or fragment; kept without its trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl(String);

impl BaseUrl {
    /// Checks `text`; the error says what is wrong with it.
    pub fn parse(text: &str) -> Result<BaseUrl, String> {
        let t = text.trim();
        let rest = t
            .strip_prefix("http://")
            .or_else(|| t.strip_prefix("https://"))
            .ok_or_else(|| format!("{text:?} is not an http:// or https:// URL"))?;
        let authority = rest.split('/').next().unwrap_or("");
        if authority.is_empty() {
            return Err(format!("{text:?} names no host"));
        }
        if authority.contains('@') {
            return Err(format!(
                "{:?} carries credentials; they do not belong in a URL that is printed and committed",
                redact(t)
            ));
        }
        if rest.contains(['?', '#']) {
            return Err(format!(
                "{text:?} has a query or fragment; give the base URL alone"
            ));
        }
        if t.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(format!("{text:?} holds spaces or control characters"));
        }
        Ok(BaseUrl(t.trim_end_matches('/').to_string()))
    }

    /// The URL as printed.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The URL of `name` in `space`.
    pub fn of(&self, space: Space, name: &Hash) -> String {
        format!("{}/{}/{}", self.0, space.dir(), hex(name))
    }
}

impl std::fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// `scheme://user:pass@host/…` with the credentials replaced by `***`.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((_, host)) => format!("{scheme}://***@{host}{path}"),
        None => url.to_string(),
    }
}

/// How a build uses a remote cache.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The server.
    pub url: BaseUrl,
    /// Read hits, upload nothing.
    pub read_only: bool,
    /// Each request's timeout.
    pub timeout: Duration,
}

/// What the command line asks of the remote cache (`--remote-cache URL`,
/// `--remote-cache-read-only`, `--no-remote-cache`); the default asks nothing,
/// leaving it to [`URL_ENV`] and `rigc.toml`.
#[derive(Debug, Default, Clone)]
pub struct Ask {
    /// `--remote-cache URL`.
    pub url: Option<String>,
    /// `--remote-cache-read-only`.
    pub read_only: bool,
    /// `--no-remote-cache`.
    pub off: bool,
}

/// No remote cache, whatever the environment and `rigc.toml` say: for
/// commands that build nothing (`validate`, `plugins`).
pub const OFF: Ask = Ask {
    url: None,
    read_only: false,
    off: true,
};

/// The remote cache a build uses: `--remote-cache`, else [`URL_ENV`], else the
/// project's `remote_cache` (checked when `rigc.toml` was read); none when
/// `--no-remote-cache` or none is named. The error names the setting and what
/// is wrong with it.
pub fn settings(ask: &Ask, manifest: Option<&BaseUrl>) -> Result<Option<Settings>, String> {
    if ask.off {
        return Ok(None);
    }
    let env = std::env::var(URL_ENV).ok().filter(|v| !v.trim().is_empty());
    let url = match (&ask.url, env) {
        (Some(u), _) => BaseUrl::parse(u).map_err(|why| format!("--remote-cache {why}"))?,
        (None, Some(u)) => BaseUrl::parse(&u).map_err(|why| format!("{URL_ENV} {why}"))?,
        (None, None) => match manifest {
            Some(u) => u.clone(),
            None => return Ok(None),
        },
    };
    Ok(Some(Settings {
        url,
        read_only: ask.read_only || env_flag(READ_ONLY_ENV),
        timeout: timeout_from_env()?,
    }))
}

/// Is an environment flag set (`1`, `true`, `yes`)?
pub fn env_flag(name: &str) -> bool {
    std::env::var(name)
        .map(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
        .unwrap_or(false)
}

/// The timeout [`TIMEOUT_ENV`] asks for, else [`DEFAULT_TIMEOUT`]; the error
/// names a value that is not a number of milliseconds from 1 to 600000.
pub fn timeout_from_env() -> Result<Duration, String> {
    match std::env::var(TIMEOUT_ENV) {
        Err(_) => Ok(DEFAULT_TIMEOUT),
        Ok(v) if v.trim().is_empty() => Ok(DEFAULT_TIMEOUT),
        Ok(v) => match v.trim().parse::<u64>() {
            Ok(ms) if (1..=600_000).contains(&ms) => Ok(Duration::from_millis(ms)),
            _ => Err(format!(
                "{TIMEOUT_ENV}={v:?} is not a number of milliseconds from 1 to 600000"
            )),
        },
    }
}

/// What a remote cache did in one process.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoteStats {
    /// Files fetched and found sound (entries and blobs).
    pub fetched: u64,
    /// Files uploaded (entries and blobs).
    pub uploads: u64,
    /// Requests that failed: transport, timeout, 5xx, refusals.
    pub errors: u64,
    /// Answers that were not what their name says, ignored.
    pub rejected: u64,
}

/// A remote cache in use.
pub struct Remote {
    url: BaseUrl,
    read_only: bool,
    agent: ureq::Agent,
    token: Option<String>,
    /// Set by the first failure: the server is left alone from then on.
    down: AtomicBool,
    fetched: AtomicU64,
    uploads: AtomicU64,
    errors: AtomicU64,
    rejected: AtomicU64,
}

impl std::fmt::Debug for Remote {
    /// The token is never shown, not even in a debug print.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Remote")
            .field("url", &self.url)
            .field("read_only", &self.read_only)
            .field("token", &self.token.as_ref().map(|_| "***"))
            .finish_non_exhaustive()
    }
}

/// A notice about the remote cache, to be shown once with the build.
#[derive(Debug, Clone)]
pub struct Notice {
    /// What it is about (notices are deduplicated by this).
    pub what: String,
    /// Its text, as [`super::notice`] makes it.
    pub text: String,
}

impl Remote {
    /// A client for `settings`, with the token from [`TOKEN_ENV`].
    ///
    /// HTTP is `ureq` 3: a blocking client (a build's stages run on plain
    /// threads, so there is no runtime to carry), with per-request timeouts, a
    /// pool of kept-alive connections shared by the build's threads, a bounded
    /// body reader, and rustls for `https://` — a small, well-kept crate where
    /// reqwest would bring hyper and a second tokio configuration.
    pub fn new(settings: &Settings) -> Remote {
        // Each phase has the timeout, not the request as a whole: a global
        // timeout has ureq resolve the host on a thread of its own, one per
        // request (the name is resolved by the system, with its own timeouts).
        let t = Some(settings.timeout);
        let config = ureq::Agent::config_builder()
            .timeout_connect(Some(settings.timeout.min(Duration::from_secs(2))))
            .timeout_send_request(t)
            .timeout_send_body(t)
            .timeout_recv_response(t)
            .timeout_recv_body(t)
            .http_status_as_error(false)
            .max_idle_connections_per_host(16)
            .user_agent(concat!("rigc/", env!("CARGO_PKG_VERSION")))
            .build();
        Remote {
            url: settings.url.clone(),
            read_only: settings.read_only,
            agent: config.into(),
            token: std::env::var(TOKEN_ENV)
                .ok()
                .filter(|t| !t.trim().is_empty()),
            down: AtomicBool::new(false),
            fetched: AtomicU64::new(0),
            uploads: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            rejected: AtomicU64::new(0),
        }
    }

    /// The server's base URL.
    pub fn url(&self) -> &BaseUrl {
        &self.url
    }

    /// Does this remote upload?
    pub fn uploads(&self) -> bool {
        !self.read_only
    }

    /// Has a failure turned the remote off for this process?
    pub fn is_down(&self) -> bool {
        self.down.load(Ordering::Relaxed)
    }

    /// The counts so far.
    pub fn stats(&self) -> RemoteStats {
        RemoteStats {
            fetched: self.fetched.load(Ordering::Relaxed),
            uploads: self.uploads.load(Ordering::Relaxed),
            errors: self.errors.load(Ordering::Relaxed),
            rejected: self.rejected.load(Ordering::Relaxed),
        }
    }

    fn authorised<B>(&self, mut req: ureq::RequestBuilder<B>) -> ureq::RequestBuilder<B> {
        if let Some(t) = &self.token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        req
    }

    /// Fetches `name` from `space`: `Ok(None)` on a miss (404) or when the
    /// remote is off; the bytes are *not* checked here (see [`Remote::rejected`]).
    pub fn get(&self, space: Space, name: &Hash) -> Result<Option<Vec<u8>>, Notice> {
        if self.is_down() {
            return Ok(None);
        }
        let url = self.url.of(space, name);
        let answer = self
            .authorised(self.agent.get(&url))
            .call()
            .map_err(|e| transport(&e));
        let result = answer.and_then(|mut resp| match resp.status().as_u16() {
            200 => resp
                .body_mut()
                .with_config()
                .limit(MAX_BODY)
                .read_to_vec()
                .map(Some)
                .map_err(|e| format!("reading its answer failed ({})", transport(&e))),
            404 => Ok(None),
            s => Err(status_text(s)),
        });
        match result {
            Ok(Some(bytes)) => {
                self.fetched.fetch_add(1, Ordering::Relaxed);
                Ok(Some(bytes))
            }
            Ok(None) => Ok(None),
            Err(why) => Err(self.fail(&format!("GET {}/{}", space.dir(), hex(name)), &why)),
        }
    }

    /// Uploads `bytes` as `name` in `space` (nothing when read-only or off).
    pub fn put(&self, space: Space, name: &Hash, bytes: &[u8]) -> Result<(), Notice> {
        if self.read_only || self.is_down() {
            return Ok(());
        }
        let url = self.url.of(space, name);
        let result = self
            .authorised(self.agent.put(&url))
            .header("Content-Type", "application/octet-stream")
            .send(bytes)
            .map_err(|e| transport(&e))
            .and_then(|resp| match resp.status().as_u16() {
                200..=299 => Ok(()),
                s => Err(status_text(s)),
            });
        match result {
            Ok(()) => {
                self.uploads.fetch_add(1, Ordering::Relaxed);
                Ok(())
            }
            Err(why) => Err(self.fail(&format!("PUT {}/{}", space.dir(), hex(name)), &why)),
        }
    }

    /// Counts a failed request and turns the remote off; the notice names the
    /// server, the request and why, once per process.
    fn fail(&self, request: &str, why: &str) -> Notice {
        self.errors.fetch_add(1, Ordering::Relaxed);
        self.down.store(true, Ordering::Relaxed);
        Notice {
            what: format!("remote cache {} unavailable", self.url),
            text: super::notice(
                codes::CACHE_REMOTE_UNAVAILABLE,
                &format!(
                    "warning: the remote cache {} cannot be used: {request} {why}; this build goes on with the local cache alone and asks the server nothing more",
                    self.url
                ),
            ),
        }
    }

    /// Counts an answer that is not what its name says; the notices name it,
    /// and, at the [`REJECTED_BEFORE_OFF`]th, turn the remote off: a server
    /// answering garbage is not asked for every stage of every target.
    pub fn rejected(&self, space: Space, name: &Hash, what: &str, fault: &str) -> Vec<Notice> {
        let n = self.rejected.fetch_add(1, Ordering::Relaxed) + 1;
        let mut notices = Vec::new();
        if n <= REJECTED_BEFORE_OFF {
            notices.push(rejected_notice(
                &self.url,
                space,
                name,
                what,
                fault,
                codes::CACHE_REMOTE_CORRUPT,
            ));
        }
        if n == REJECTED_BEFORE_OFF {
            self.down.store(true, Ordering::Relaxed);
            notices.push(Notice {
                what: format!("remote cache {} untrustworthy", self.url),
                text: super::notice(
                    codes::CACHE_REMOTE_UNAVAILABLE,
                    &format!(
                        "warning: the remote cache {} answered {n} files that are not what their names say; this build goes on with the local cache alone and asks the server nothing more",
                        self.url
                    ),
                ),
            });
        }
        notices
    }
}

fn rejected_notice(
    url: &BaseUrl,
    space: Space,
    name: &Hash,
    what: &str,
    fault: &str,
    code: Code,
) -> Notice {
    let at = url.of(space, name);
    Notice {
        what: format!("{at} {fault}"),
        text: super::notice(
            code,
            &format!("{what} from the remote cache ({at}) {fault} — ignored; the stage is rebuilt"),
        ),
    }
}

/// A transport failure's text (never holds the token: ureq's errors name the
/// URL and the cause, not the headers).
fn transport(e: &ureq::Error) -> String {
    match e {
        ureq::Error::Timeout(_) => "timed out".to_string(),
        ureq::Error::Io(io) => format!("failed ({io})"),
        other => format!("failed ({other})"),
    }
}

fn status_text(status: u16) -> String {
    let meaning = match status {
        401 | 403 => " (check the token in RIGC_REMOTE_CACHE_TOKEN)",
        405 => " (the server does not take PUT: enable WebDAV PUT there)",
        413 => {
            " (the server refuses a body this large: raise its limit, nginx's client_max_body_size)"
        }
        500..=599 => " (a server error)",
        _ => "",
    };
    format!("was answered {status}{meaning}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_are_checked_and_kept_without_their_slash() {
        let ok = BaseUrl::parse("http://127.0.0.1:8080/cache/").unwrap();
        assert_eq!(ok.as_str(), "http://127.0.0.1:8080/cache");
        assert_eq!(
            ok.of(Space::Cas, &[0xab; 32]),
            format!("http://127.0.0.1:8080/cache/cas/{}", "ab".repeat(32))
        );
        assert!(BaseUrl::parse("https://cache.example").is_ok());
        for (bad, says) in [
            ("ftp://h/x", "not an http"),
            ("127.0.0.1:8080", "not an http"),
            ("http://", "names no host"),
            ("http:///x", "names no host"),
            ("http://u:secret@h/", "carries credentials"),
            ("http://h/x?y=1", "query or fragment"),
            ("http://h/a b", "spaces"),
        ] {
            let e = BaseUrl::parse(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
            assert!(!e.contains("secret"), "{e}");
        }
    }

    #[test]
    fn a_refused_connection_is_one_error_and_turns_the_remote_off() {
        // A port nothing listens on: bind one, learn it, close it.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let r = Remote::new(&Settings {
            url: BaseUrl::parse(&format!("http://127.0.0.1:{port}")).unwrap(),
            read_only: false,
            timeout: Duration::from_millis(500),
        });
        let n = r.get(Space::Ac, &[1; 32]).unwrap_err();
        assert!(n.text.contains("cannot be used: GET ac/0101"), "{}", n.text);
        assert!(
            n.text.ends_with("= code: cache.remote-unavailable"),
            "{}",
            n.text
        );
        assert!(r.is_down());
        // Off: no more requests, no more errors.
        assert_eq!(r.get(Space::Cas, &[2; 32]).unwrap(), None);
        assert!(r.put(Space::Cas, &[2; 32], b"x").is_ok());
        assert_eq!(
            r.stats(),
            RemoteStats {
                errors: 1,
                ..Default::default()
            }
        );
    }

    #[test]
    fn a_server_that_never_answers_times_out() {
        // Accepts and then says nothing.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let hold = std::thread::spawn(move || {
            let (s, _) = listener.accept().unwrap();
            std::thread::sleep(Duration::from_millis(1500));
            drop(s);
        });
        let r = Remote::new(&Settings {
            url: BaseUrl::parse(&format!("http://127.0.0.1:{port}/")).unwrap(),
            read_only: true,
            timeout: Duration::from_millis(200),
        });
        let n = r.get(Space::Ac, &[3; 32]).unwrap_err();
        assert!(n.text.contains("timed out"), "{}", n.text);
        assert_eq!(r.stats().errors, 1);
        hold.join().unwrap();
    }

    #[test]
    fn the_token_is_never_in_a_debug_print() {
        let mut r = Remote::new(&Settings {
            url: BaseUrl::parse("http://h").unwrap(),
            read_only: false,
            timeout: DEFAULT_TIMEOUT,
        });
        r.token = Some("s3cr3t".into());
        let shown = format!("{r:?}");
        assert!(
            !shown.contains("s3cr3t") && shown.contains("***"),
            "{shown}"
        );
    }

    proptest::proptest! {
        /// Any text is a base URL or a named refusal, never a panic, and a
        /// refusal never repeats a password.
        #[test]
        fn any_text_is_a_url_or_a_refusal(text in "\\PC{0,80}", pass in "[a-z]{6,10}") {
            let _ = BaseUrl::parse(&text);
            let with = format!("http://user:{pass}@{text}");
            if let Err(e) = BaseUrl::parse(&with) {
                proptest::prop_assert!(!e.contains(&format!(":{pass}@")), "{}", e);
            }
        }
    }
}
