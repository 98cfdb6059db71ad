//! A hostile server: a hand-written HTTP/1.1 listener (not nginx: nginx
//! answers well) that stores what it is `PUT`, like a cache, and answers a
//! seeded share of requests with a fault — an object's bytes truncated,
//! flipped, swapped for another's, empty or random; a body that claims a
//! terabyte; a broken status line or chunk; a hang-up; a 500; a redirect loop;
//! an answer slower than the timeout. Every trial is a fresh clone building
//! against it: the build is green and its outputs are the local build's, byte
//! for byte; each answer that does not check is counted, exactly; transport
//! faults cost at most the two warnings of a server turned off; nothing
//! panics. After the trials an honest server still serves a clone whole —
//! nothing a hostile answer taught a build was uploaded.

use super::*;
use rigc::REJECTED_BEFORE_OFF;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How a request is answered when it is not answered honestly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Fault {
    // Answers that arrive whole and do not check: counted as rejected.
    /// The object with one byte flipped.
    Flipped,
    /// Another object of the same space.
    Swapped,
    /// `200` with no body.
    Empty,
    /// `200` with random bytes.
    Random,
    // Answers that fail in transport: the server is turned off.
    /// A `Content-Length` above the object's, half of it sent, then a hang-up.
    Truncated,
    /// A `Content-Length` of a terabyte, a KiB sent, then a hang-up.
    Huge,
    /// A status line that is not HTTP.
    BadStatus,
    /// A chunked body whose first chunk size is not hex.
    BadChunk,
    /// The connection closed without an answer.
    HangUp,
    /// `500`.
    ServerError,
    /// `302` to the same URL, again and again.
    RedirectLoop,
    /// The honest answer, after the client's timeout.
    Slow,
}

const CONTENT: [Fault; 4] = [Fault::Flipped, Fault::Swapped, Fault::Empty, Fault::Random];
const TRANSPORT: [Fault; 8] = [
    Fault::Truncated,
    Fault::Huge,
    Fault::BadStatus,
    Fault::BadChunk,
    Fault::HangUp,
    Fault::ServerError,
    Fault::RedirectLoop,
    Fault::Slow,
];
/// What a PUT can meet (its body is read first).
const PUT_FAULTS: [Fault; 3] = [Fault::HangUp, Fault::ServerError, Fault::BadStatus];

/// The client timeout the trials run with (`Slow` answers a second after it):
/// long enough that no honest answer misses it on a loaded machine — an
/// error is counted only where a fault was injected.
const TIMEOUT_MS: u64 = 1500;

/// Which faults a trial injects, and how often (one request in `every`;
/// with `blobs_only`, of the requests for blobs).
struct Plan {
    faults: Vec<Fault>,
    every: u32,
    blobs_only: bool,
    rng: fastrand::Rng,
}

/// One injected fault: what, on which method, and whether on a blob (`cas/`).
type Injected = (Fault, &'static str, bool);

#[derive(Default)]
struct State {
    objects: HashMap<String, Vec<u8>>,
    plan: Option<Plan>,
    /// The faults injected since the last `take`.
    injected: Vec<Injected>,
    requests: usize,
}

struct Hostile {
    url: String,
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
    addr: std::net::SocketAddr,
}

impl Hostile {
    fn start() -> Hostile {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let addr = listener.local_addr().unwrap();
        let state = Arc::new(Mutex::new(State::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st) = (state.clone(), stop.clone());
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                if st.load(Ordering::Relaxed) {
                    break;
                }
                if let Ok(conn) = conn {
                    let s = s.clone();
                    std::thread::spawn(move || serve(conn, &s));
                }
            }
        });
        Hostile {
            url: format!("http://{addr}/rc"),
            state,
            stop,
            addr,
        }
    }

    fn plan(&self, plan: Option<Plan>) {
        self.state.lock().unwrap().plan = plan;
    }

    fn take(&self) -> (Vec<Injected>, usize) {
        let mut s = self.state.lock().unwrap();
        (
            std::mem::take(&mut s.injected),
            std::mem::take(&mut s.requests),
        )
    }
}

impl Drop for Hostile {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = TcpStream::connect(self.addr); // wakes the accept loop
    }
}

/// One request's head: method, path, headers (lower-cased names).
fn read_head(r: &mut BufReader<TcpStream>) -> Option<(String, String, HashMap<String, String>)> {
    let mut line = String::new();
    if r.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let mut words = line.split_whitespace();
    let (method, path) = (words.next()?.to_string(), words.next()?.to_string());
    let mut headers = HashMap::new();
    loop {
        let mut h = String::new();
        if r.read_line(&mut h).ok()? == 0 {
            return None;
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
        }
        if headers.len() > 100 {
            return None;
        }
    }
    Some((method, path, headers))
}

/// Where a `RedirectLoop` sends a client: a path that redirects to itself.
const LOOP: &str = "/loop";

fn redirect(w: &mut TcpStream, to: &str) -> std::io::Result<()> {
    let head = format!("HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\n\r\n");
    w.write_all(head.as_bytes())
}

fn serve(conn: TcpStream, state: &Mutex<State>) {
    // An answer is written as a head and a body: without NODELAY the body
    // waits on the client's delayed ACK, 40 ms an answer.
    let _ = conn.set_nodelay(true);
    let mut w = match conn.try_clone() {
        Ok(w) => w,
        Err(_) => return,
    };
    let mut r = BufReader::new(conn);
    while let Some((method, path, headers)) = read_head(&mut r) {
        if path.starts_with(LOOP) {
            // A redirect's target redirects to itself, always.
            if redirect(&mut w, &path).is_err() {
                return;
            }
            continue;
        }
        let len: usize = headers
            .get("content-length")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        if headers
            .get("expect")
            .is_some_and(|v| v.eq_ignore_ascii_case("100-continue"))
        {
            let _ = w.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        }
        let mut body = vec![0; len.min(64 << 20)];
        if r.read_exact(&mut body).is_err() {
            return;
        }
        let (fault, honest, other) = {
            let mut s = state.lock().unwrap();
            s.requests += 1;
            let put = method == "PUT";
            let blob = path.contains("/cas/");
            let fault = s
                .plan
                .as_mut()
                .filter(|p| blob || !p.blobs_only)
                .and_then(|p| {
                    let pool: Vec<Fault> = p
                        .faults
                        .iter()
                        .copied()
                        .filter(|f| !put || PUT_FAULTS.contains(f))
                        .collect();
                    (!pool.is_empty() && p.rng.u32(..p.every) == 0)
                        .then(|| pool[p.rng.usize(..pool.len())])
                });
            if let Some(f) = fault {
                s.injected.push((f, if put { "PUT" } else { "GET" }, blob));
            }
            if put && fault.is_none() {
                s.objects.insert(path.clone(), body);
            }
            let honest = if put {
                None
            } else {
                s.objects.get(&path).cloned()
            };
            // For `Swapped`: another object of the same space (`/rc/ac/…` or
            // `/rc/cas/…`).
            let other = (fault == Some(Fault::Swapped)).then(|| {
                let space = path.rsplit_once('/').map_or("", |(d, _)| d);
                s.objects
                    .iter()
                    .find(|(k, _)| **k != path && k.starts_with(space))
                    .map(|(_, v)| v.clone())
            });
            (fault, honest, other.flatten())
        };
        let answer = |w: &mut TcpStream, status: &str, body: &[u8]| {
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\n\r\n",
                body.len()
            );
            w.write_all(head.as_bytes()).and_then(|_| w.write_all(body))
        };
        let sent = match (method.as_str(), fault) {
            ("PUT", None) => answer(&mut w, "201 Created", b""),
            (_, None) | (_, Some(Fault::Slow)) => {
                if fault.is_some() {
                    std::thread::sleep(Duration::from_millis(TIMEOUT_MS + 1000));
                }
                match &honest {
                    Some(b) => answer(&mut w, "200 OK", b),
                    None => answer(&mut w, "404 Not Found", b""),
                }
            }
            (_, Some(f)) => {
                let obj = honest.unwrap_or_else(|| b"{\"not\": \"here\"}".to_vec());
                match f {
                    Fault::Flipped => {
                        let mut b = obj;
                        if b.is_empty() {
                            b.push(0);
                        }
                        let mid = b.len() / 2;
                        b[mid] ^= 0x20;
                        answer(&mut w, "200 OK", &b)
                    }
                    Fault::Swapped => {
                        answer(&mut w, "200 OK", &other.unwrap_or_else(|| b"x".to_vec()))
                    }
                    Fault::Empty => answer(&mut w, "200 OK", b""),
                    Fault::Random => {
                        let n = fastrand::usize(1..4096);
                        answer(
                            &mut w,
                            "200 OK",
                            &(0..n).map(|_| fastrand::u8(..)).collect::<Vec<_>>(),
                        )
                    }
                    Fault::Truncated => {
                        let head = format!(
                            "HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n",
                            obj.len() + 10
                        );
                        let _ = w.write_all(head.as_bytes());
                        let _ = w.write_all(&obj[..obj.len() / 2]);
                        return;
                    }
                    Fault::Huge => {
                        let _ = w
                            .write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 1099511627776\r\n\r\n");
                        let _ = w.write_all(&[b'{'; 1024]);
                        return;
                    }
                    Fault::BadStatus => {
                        let _ = w.write_all(b"HTTQ/9 two hundred\r\n\r\n");
                        return;
                    }
                    Fault::BadChunk => {
                        let _ = w.write_all(
                            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n",
                        );
                        return;
                    }
                    Fault::HangUp => return,
                    Fault::ServerError => answer(&mut w, "500 Internal Server Error", b"boom"),
                    Fault::RedirectLoop => redirect(&mut w, &format!("{LOOP}{path}")),
                    Fault::Slow => unreachable!("answered above"),
                }
            }
        };
        if sent.is_err() {
            return;
        }
    }
}

#[test]
fn a_hostile_server_never_decides_a_build_and_every_bad_answer_is_counted() {
    let server = Hostile::start();
    let url = server.url.clone();
    let timeout = TIMEOUT_MS.to_string();
    let env = [("RIGC_REMOTE_CACHE_TIMEOUT_MS", timeout.as_str())];
    let local = local_outputs();

    // An honest fill, and an honest clone served whole: the server works.
    let a = clone();
    let (r, report) = build(&a, &["--remote-cache", &url], &env);
    clean(&r, &report);
    assert_eq!(outputs(&a), *local);
    served_whole(&clone(), &["--remote-cache", &url], &env);
    server.take();

    // Content faults alone at three rates (a few rejected among hits, up to
    // the turn-off), the same on blobs alone (few stage outputs are big enough
    // to be blobs), then any fault.
    let mut trials = Vec::new();
    for (seed, every) in [(1, 40), (2, 12), (3, 4)] {
        trials.push((seed, every, false, CONTENT.to_vec()));
    }
    for seed in 4..8 {
        trials.push((seed, 2, true, CONTENT.to_vec()));
    }
    // (`Slow` costs a timeout: it has a trial of its own.)
    let any: Vec<Fault> = CONTENT
        .iter()
        .chain(TRANSPORT.iter())
        .copied()
        .filter(|f| *f != Fault::Slow)
        .collect();
    for seed in 10..22 {
        trials.push((seed, 8, false, any.clone()));
    }
    for f in TRANSPORT {
        trials.push((100 + f as u64, 3, false, vec![f]));
    }

    let mut seen: BTreeMap<Fault, usize> = BTreeMap::new();
    let (mut requests, mut rejected_total, mut mixed, mut hits_total) = (0, 0, 0, 0);
    let mut blob_content = 0;
    for (seed, every, blobs_only, faults) in &trials {
        server.plan(Some(Plan {
            faults: faults.clone(),
            every: *every,
            blobs_only: *blobs_only,
            rng: fastrand::Rng::with_seed(*seed),
        }));
        let p = clone();
        let (r, report) = build(&p, &["--remote-cache", &url, "--jobs", "2"], &env);
        server.plan(None);
        let (injected, asked) = server.take();
        requests += asked;
        let what = format!(
            "trial seed {seed}, 1 in {every} of {faults:?}: injected {injected:?}{}",
            r.dump()
        );
        assert!(!r.stderr.contains("panicked"), "{what}");
        assert_eq!(
            outputs(&p),
            *local,
            "a hostile answer reached the outputs: {what}"
        );
        for line in r.stderr.lines().chain(r.stdout.lines()) {
            if let Some(code) = line.trim().strip_prefix("= code: ") {
                assert!(
                    [CORRUPT, UNAVAILABLE].contains(&code),
                    "an unexpected code {code}: {what}"
                );
            }
        }
        let content = injected
            .iter()
            .filter(|(f, ..)| CONTENT.contains(f))
            .count() as u64;
        blob_content += injected
            .iter()
            .filter(|(f, _, blob)| *blob && CONTENT.contains(f))
            .count();
        let transport = injected.len() as u64 - content;
        let rejected = count(&report, "remoteRejected");
        let errors = count(&report, "remoteErrors");
        assert_eq!(
            rejected, content,
            "every answer that did not check is counted, once: {what}"
        );
        assert!(errors <= transport, "an error no fault caused: {what}");
        assert_eq!(
            errors > 0,
            transport > 0,
            "a transport fault went uncounted: {what}"
        );
        assert!(named(&r, UNAVAILABLE) <= 2, "{what}");
        if rejected > 0 || errors > 0 {
            assert!(
                named(&r, CORRUPT) + named(&r, UNAVAILABLE) > 0,
                "a fault unnamed: {what}"
            );
        }
        if rejected >= REJECTED_BEFORE_OFF {
            r.stderr_has("that are not what their names say");
        }
        let hits = count(&report, "remoteHits");
        hits_total += hits;
        rejected_total += rejected;
        if hits > 0 && !ran(&report).is_empty() {
            mixed += 1;
        }
        for (f, ..) in injected {
            *seen.entry(f).or_default() += 1;
        }
    }
    // The trials exercised what they are for: every fault, and builds where
    // some stages were served and others rebuilt.
    for f in CONTENT.iter().chain(TRANSPORT.iter()) {
        assert!(seen.contains_key(f), "{f:?} was never injected: {seen:?}");
    }
    assert!(
        mixed >= 3,
        "only {mixed} trials mixed remote hits and rebuilt stages"
    );

    // What the trials uploaded (their rebuilt stages) is sound: an honest
    // server serves the next clone whole.
    served_whole(&clone(), &["--remote-cache", &url], &env);
    eprintln!(
        "remote_cache::hostile: {} trials, {requests} requests, faults injected {seen:?}, {rejected_total} answers rejected ({blob_content} for blobs), {hits_total} remote hits, {mixed} mixed builds, 0 wrong outputs",
        trials.len()
    );
}
