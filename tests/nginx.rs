//! A real nginx for the remote-cache tests: one server per test in a temp dir
//! (its config, logs, pid file, temp paths and the WebDAV root all inside it) on
//! `127.0.0.1:<free port>`, answering the Bazel HTTP cache layout rigc speaks
//! (`PUT`/`GET <base>/ac/<key>` and `<base>/cas/<blake3>` are plain files under
//! [`Nginx::root`]). Stopped and started again on the same port and root, killed
//! and reaped on drop. Skipped with a printed reason when nginx is not installed,
//! unless `RIGC_REQUIRE_NGINX` is set (`scripts/test.sh` sets it).

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The token the `/private` location demands (`Authorization: Bearer …`).
pub const TOKEN: &str = "rigc-test-token-7f3a9c";

/// How long a starting server may take to answer.
const STARTUP: Duration = Duration::from_secs(20);

/// One nginx serving a WebDAV root of its own.
pub struct Nginx {
    dir: tempfile::TempDir,
    port: u16,
    child: Option<Child>,
}

/// The nginx binary: `RIGC_NGINX` (when that is a file), else the first of
/// `$PATH`, `/usr/sbin`, `/usr/local/sbin`, `/usr/local/nginx/sbin` that holds one.
fn binary() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("RIGC_NGINX") {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(
            ["/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"]
                .iter()
                .map(PathBuf::from),
        )
        .map(|d| d.join("nginx"))
        .find(|p| p.is_file())
}

/// The configuration. `master_process off`: the server is one process, so
/// killing it (and reaping it) stops everything that listens — a master's
/// workers would outlive a SIGKILLed master and keep the port. With no worker
/// there is no `user` to switch to: the process serves as the user that started
/// it (root in CI), so every file it writes under the root is the test's own to
/// read, corrupt and delete, and no directory needs opening to an unprivileged
/// worker (Debian's worker user `nobody` has no group of that name, which a bare
/// `user nobody;` fails on). The configuration is `nginx.conf.in` (the bench's
/// too); the README's is it without the lines marked `test only`.
fn config(dir: &Path, port: u16) -> String {
    include_str!("nginx.conf.in")
        .replace("@DIR@", &dir.display().to_string())
        .replace("@PORT@", &port.to_string())
        .replace("@TOKEN@", TOKEN)
}

/// A port nothing listens on now (the kernel's pick for a socket bound to 0).
fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

impl Nginx {
    /// A fresh server with an empty root, answering; `None` (printed) when nginx
    /// is not installed and `RIGC_REQUIRE_NGINX` is unset.
    pub fn start(test: &str) -> Option<Nginx> {
        if binary().is_none() {
            if std::env::var_os("RIGC_REQUIRE_NGINX").is_some() {
                panic!(
                    "RIGC_REQUIRE_NGINX is set and nginx is not installed (not on PATH nor in \
                     /usr/sbin, or RIGC_NGINX is not a file): run scripts/setup-nginx.sh (apt-get install -y nginx), or set RIGC_NGINX"
                );
            }
            eprintln!(
                "\n!!!!!! SKIPPED {test}: nginx is not installed and RIGC_REQUIRE_NGINX is unset — \
                 the remote cache was NOT tested against a server (run scripts/setup-nginx.sh) !!!!!!\n"
            );
            return None;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        for sub in ["root", "tmp"] {
            std::fs::create_dir_all(dir.path().join(sub)).expect("mkdir");
        }
        let mut server = Nginx {
            dir,
            port: 0,
            child: None,
        };
        // The port is free when picked, but another process may take it before
        // nginx binds it: a few picks.
        for attempt in 0..5 {
            server.port = free_port();
            match server.spawn() {
                Ok(()) => return Some(server),
                Err(e) if attempt < 4 && e.contains("Address already in use") => continue,
                Err(e) => panic!("nginx did not start: {e}"),
            }
        }
        unreachable!("the loop returns or panics")
    }

    /// Starts nginx on this server's port and root and waits until it answers.
    fn spawn(&mut self) -> Result<(), String> {
        let nginx = binary().expect("nginx (checked by start)");
        let conf = self.dir.path().join("nginx.conf");
        std::fs::write(&conf, config(self.dir.path(), self.port)).expect("write nginx.conf");
        let mut child = Command::new(&nginx)
            .arg("-p")
            .arg(self.dir.path())
            .arg("-c")
            .arg(&conf)
            // The error log of the start itself (before the config is read),
            // else nginx opens its compiled-in /var/log/nginx/error.log.
            .arg("-e")
            .arg(self.dir.path().join("error.log"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{} could not run: {e}", nginx.display()))?;
        let deadline = Instant::now() + STARTUP;
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                let mut err = String::new();
                if let Some(mut s) = child.stderr.take() {
                    let _ = s.read_to_string(&mut err);
                }
                return Err(format!(
                    "nginx exited ({status}) before answering: {err}\n--- error.log:\n{}",
                    self.error_log()
                ));
            }
            if matches!(self.request("GET", "/", &[], &[]), Ok((code, _)) if code > 0) {
                self.child = Some(child);
                return Ok(());
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "nginx did not answer on port {} within {STARTUP:?}\n--- error.log:\n{}",
                    self.port,
                    self.error_log()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The cache's base URL (no trailing slash): files land under [`Nginx::root`].
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// A base URL on the same server that answers every request with 503.
    pub fn url_503(&self) -> String {
        format!("{}/unavailable", self.url())
    }

    /// A base URL on the same server that answers every request (GET and PUT)
    /// with 200 and the same few bytes, which are no entry and no blob.
    pub fn url_garbage(&self) -> String {
        format!("{}/garbage", self.url())
    }

    /// A base URL that answers 401 unless the request carries `Bearer` [`TOKEN`];
    /// its files land under `<root>/private/`.
    pub fn url_private(&self) -> String {
        format!("{}/private", self.url())
    }

    /// The root directory the server reads and writes (`ac/`, `cas/` under it).
    pub fn root(&self) -> PathBuf {
        self.dir.path().join("root")
    }

    /// Every file under `<root>/<sub>` (`"ac"`, `"cas"`, `""` for all), sorted.
    pub fn files(&self, sub: &str) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = crate::util::walk(&self.root().join(sub))
            .into_iter()
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        files
    }

    /// The access log so far, one request a line:
    /// `METHOD URI STATUS REQUEST_LENGTH BODY_BYTES auth=AUTHORIZATION`.
    /// nginx logs a request after its answer has gone out, so a client can have
    /// its answer before the line is written: this reads until two reads 50 ms
    /// apart agree.
    pub fn access_log(&self) -> String {
        let read =
            || std::fs::read_to_string(self.dir.path().join("access.log")).unwrap_or_default();
        let mut last = read();
        loop {
            std::thread::sleep(Duration::from_millis(50));
            let now = read();
            if now == last {
                return now;
            }
            last = now;
        }
    }

    /// How many requests the access log holds now (not waiting for it to settle).
    pub fn requests_now(&self) -> usize {
        std::fs::read_to_string(self.dir.path().join("access.log"))
            .map(|l| l.lines().count())
            .unwrap_or(0)
    }

    /// The error log so far.
    pub fn error_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("error.log")).unwrap_or_default()
    }

    /// Is the server running?
    pub fn running(&self) -> bool {
        self.child.is_some()
    }

    /// Kills the server and reaps it: from here every connection to its port is
    /// refused. Its root stays.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the stopped server again on the same port and root.
    pub fn restart(&mut self) {
        self.stop();
        if let Err(e) = self.spawn() {
            panic!("nginx did not start again on port {}: {e}", self.port);
        }
    }

    /// One HTTP/1.1 request to this server (`Connection: close`), with extra
    /// `headers`: the status and the body, or why no answer came.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Result<(u16, Vec<u8>), String> {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, self.port));
        let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(2))
            .map_err(|e| format!("connect: {e}"))?;
        s.set_read_timeout(Some(Duration::from_secs(10)))
            .and_then(|()| s.set_write_timeout(Some(Duration::from_secs(10))))
            .map_err(|e| format!("timeouts: {e}"))?;
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: {}\r\nConnection: close\r\n",
            self.port,
            body.len()
        );
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        s.write_all(head.as_bytes())
            .and_then(|()| s.write_all(body))
            .map_err(|e| format!("write: {e}"))?;
        let mut answer = Vec::new();
        s.read_to_end(&mut answer)
            .map_err(|e| format!("read: {e}"))?;
        let split = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .ok_or_else(|| format!("no header end in {:?}", String::from_utf8_lossy(&answer)))?;
        let head = String::from_utf8_lossy(&answer[..split]).into_owned();
        let code = head
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| format!("no status in {head:?}"))?;
        Ok((code, answer[split + 4..].to_vec()))
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The harness itself, as a positive control for the remote-cache tests: a PUT
/// lands as a file under the root (full path created) and GETs back byte for
/// byte, a missing key is 404, the 503 and token locations answer as
/// configured, the logs stay in the temp dir, and a stopped server refuses
/// connections until it starts again on the same port with the same files.
#[test]
fn the_test_server_stores_serves_and_stops() {
    let Some(mut server) = Nginx::start("nginx::the_test_server_stores_serves_and_stops") else {
        return;
    };
    let key = "ab".repeat(32);
    let body: Vec<u8> = (0..70_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let (code, _) = server
        .request("PUT", &format!("/cas/{key}"), &[], &body)
        .unwrap();
    assert!(code == 201 || code == 204, "PUT answered {code}");
    assert_eq!(
        std::fs::read(server.root().join("cas").join(&key)).unwrap(),
        body
    );
    assert_eq!(server.files("cas").len(), 1);
    assert_eq!(
        server
            .request("GET", &format!("/cas/{key}"), &[], &[])
            .unwrap(),
        (200, body.clone())
    );
    assert_eq!(
        server
            .request("GET", &format!("/ac/{key}"), &[], &[])
            .unwrap()
            .0,
        404
    );
    assert_eq!(
        server
            .request("GET", &format!("/unavailable/ac/{key}"), &[], &[])
            .unwrap()
            .0,
        503
    );
    assert_eq!(
        server
            .request("PUT", &format!("/unavailable/cas/{key}"), &[], b"x")
            .unwrap()
            .0,
        503
    );
    assert_eq!(
        server
            .request("PUT", &format!("/private/cas/{key}"), &[], b"x")
            .unwrap()
            .0,
        401
    );
    assert_eq!(
        server
            .request("GET", &format!("/garbage/ac/{key}"), &[], &[])
            .unwrap(),
        (200, b"not a cache file".to_vec())
    );
    let bearer = format!("Bearer {TOKEN}");
    let auth = [("Authorization", bearer.as_str())];
    let (code, _) = server
        .request("PUT", &format!("/private/cas/{key}"), &auth, b"x")
        .unwrap();
    assert!(
        code == 201 || code == 204,
        "PUT with the token answered {code}"
    );
    assert!(server.root().join("private/cas").join(&key).is_file());
    assert!(
        server.access_log().contains(&format!("PUT /cas/{key} 20")),
        "{}",
        server.access_log()
    );
    assert!(server.access_log().contains(&format!("auth={bearer}")));
    assert!(
        server.error_log().contains("nginx/"),
        "{}",
        server.error_log()
    );

    server.stop();
    assert!(!server.running());
    assert!(server
        .request("GET", &format!("/cas/{key}"), &[], &[])
        .is_err());
    server.restart();
    assert_eq!(
        server
            .request("GET", &format!("/cas/{key}"), &[], &[])
            .unwrap(),
        (200, body)
    );
}
