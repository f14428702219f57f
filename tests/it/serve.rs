//! `tourglyph serve` (issue 17): every endpoint answers the CLI's bytes (PNG, outlines,
//! the torus and symmetries included); bad or oversized requests get a 4xx with a
//! one-line JSON error while the server stays up; SIGTERM stops it with exit 0; the page
//! itself runs in headless Chromium (required under `TOURGLYPH_REQUIRE_TOOLS=1`).

use crate::common::{bin, run, stderr};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A server on a free port, stopped (SIGTERM) when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    addr: String,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(bin())
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tourglyph serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("http://")
            .and_then(|s| s.strip_suffix('/'))
            .unwrap_or_else(|| panic!("serve printed {line:?}, not its URL"))
            .to_string();
        Server { child, addr }
    }

    /// GET `path`: status, content type, body.
    fn get(&self, path: &str) -> (u16, String, Vec<u8>) {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        // Past the server's own request timeout: a server that never answers fails the
        // test rather than stalling the suite.
        s.set_read_timeout(Some(std::time::Duration::from_secs(300)))
            .unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        )
        .unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw)
            .unwrap_or_else(|e| panic!("GET {path}: no whole answer: {e}"));
        parse(&raw)
    }

    fn terminate(&mut self) -> std::process::ExitStatus {
        // SAFETY: kill takes two integers and touches no memory; the pid is our own
        // child's, not yet waited for, so it names no other process.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        self.child.wait().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            self.terminate();
        }
    }
}

/// An HTTP/1.1 response: status, content type, body (chunked transfer decoded).
fn parse(raw: &[u8]) -> (u16, String, Vec<u8>) {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("end of headers");
    let head = String::from_utf8_lossy(&raw[..end]).to_string();
    let mut body = raw[end + 4..].to_vec();
    let status: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let header = |name: &str| {
        head.lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
            })
            .unwrap_or_default()
    };
    if header("transfer-encoding").eq_ignore_ascii_case("chunked") {
        let mut out = Vec::new();
        let mut rest = &body[..];
        loop {
            let nl = rest.windows(2).position(|w| w == b"\r\n").unwrap();
            let size = usize::from_str_radix(std::str::from_utf8(&rest[..nl]).unwrap().trim(), 16)
                .unwrap();
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[nl + 2..nl + 2 + size]);
            rest = &rest[nl + 2 + size + 2..];
        }
        body = out;
    }
    (status, header("content-type"), body)
}

/// The CLI's stdout for `args`, which must succeed.
fn cli(args: &[&str]) -> Vec<u8> {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    o.stdout
}

#[test]
fn every_endpoint_answers_the_clis_bytes() {
    let s = Server::start(&[]);
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "/api/count?board=6x6&classes=true",
            &["count", "--board", "6x6", "--classes", "--json"],
            "application/json",
        ),
        (
            "/api/count?piece=knight&board=5x5&open=true",
            &[
                "count", "--piece", "knight", "--board", "5x5", "--open", "--json",
            ],
            "application/json",
        ),
        (
            "/api/tours?board=4x4",
            &["list", "--board", "4x4", "--json"],
            "application/x-ndjson",
        ),
        (
            // Several chunks of the stream (over 64 KiB).
            "/api/tours?board=6x6&classes=true",
            &["list", "--board", "6x6", "--classes", "--json"],
            "application/x-ndjson",
        ),
        (
            "/api/tours?board=6x6&range=100..400&limit=50",
            &[
                "list", "--board", "6x6", "--range", "100..400", "--limit", "50", "--json",
            ],
            "application/x-ndjson",
        ),
        (
            "/api/tours?board=6x6&classes=true&sample=3&seed=7",
            &[
                "list",
                "--board",
                "6x6",
                "--classes",
                "--sample",
                "3",
                "--seed",
                "7",
                "--json",
            ],
            "application/x-ndjson",
        ),
        (
            "/api/glyph.svg?board=6x6&id=17&style=kufic",
            &[
                "glyph", "--board", "6x6", "--id", "17", "--style", "kufic", "-o", "-",
            ],
            "image/svg+xml",
        ),
        (
            "/api/glyph.pdf?board=6x6&id=17",
            &[
                "glyph", "--board", "6x6", "--id", "17", "--format", "pdf", "-o", "-",
            ],
            "application/pdf",
        ),
        (
            "/api/glyph.ps?piece=knight&board=6x6&id=3&style=arabesque",
            &[
                "glyph",
                "--piece",
                "knight",
                "--board",
                "6x6",
                "--id",
                "3",
                "--style",
                "arabesque",
                "--format",
                "ps",
                "-o",
                "-",
            ],
            "application/postscript",
        ),
        (
            "/api/glyph.svg?board=4x5&open=true&random=true&seed=9",
            &[
                "glyph", "--board", "4x5", "--open", "--random", "--seed", "9", "-o", "-",
            ],
            "image/svg+xml",
        ),
        (
            "/api/sheet.pdf?board=4x4",
            &["render", "--board", "4x4", "--format", "pdf", "-o", "-"],
            "application/pdf",
        ),
        (
            "/api/sheet.ps?board=6x6&classes=true&page=a3&style=kufic",
            &[
                "render",
                "--board",
                "6x6",
                "--classes",
                "--page",
                "a3",
                "--style",
                "kufic",
                "--format",
                "ps",
                "-o",
                "-",
            ],
            "application/postscript",
        ),
        (
            "/api/sheet.svg?board=6x6&page=poster&limit=40&title=Forty%20tours",
            &[
                "render",
                "--board",
                "6x6",
                "--page",
                "poster",
                "--limit",
                "40",
                "--title",
                "Forty tours",
                "--format",
                "svg",
                "-o",
                "-",
            ],
            "image/svg+xml",
        ),
        // PNG, outlines, the torus, symmetries: the flags main has today.
        (
            "/api/glyph.png?board=6x6&id=17&style=kufic&dpi=96",
            &[
                "glyph", "--board", "6x6", "--id", "17", "--style", "kufic", "--dpi", "96",
                "--format", "png", "-o", "-",
            ],
            "image/png",
        ),
        (
            "/api/glyph.svg?board=6x6&id=17&style=kufic&outline=true",
            &[
                "glyph",
                "--board",
                "6x6",
                "--id",
                "17",
                "--style",
                "kufic",
                "--outline",
                "-o",
                "-",
            ],
            "image/svg+xml",
        ),
        (
            "/api/glyph.svg?board=6x6&id=5&stroke=teal&width=0.3",
            &[
                "glyph", "--board", "6x6", "--id", "5", "--stroke", "teal", "--width", "0.3", "-o",
                "-",
            ],
            "image/svg+xml",
        ),
        (
            "/api/count?board=4x6&torus=true",
            &["count", "--torus", "--board", "4x6", "--json"],
            "application/json",
        ),
        (
            "/api/glyph.svg?board=6x6&torus=true&id=17&style=kufic&repeat=2x2",
            &[
                "glyph", "--torus", "--board", "6x6", "--id", "17", "--style", "kufic", "--repeat",
                "2x2", "-o", "-",
            ],
            "image/svg+xml",
        ),
        (
            "/api/glyph.svg?board=6x6&torus=true&id=3&pattern=true",
            &[
                "glyph",
                "--torus",
                "--board",
                "6x6",
                "--id",
                "3",
                "--pattern",
                "-o",
                "-",
            ],
            "image/svg+xml",
        ),
        (
            "/api/sheet.pdf?board=4x4&torus=true&classes=true&style=kufic",
            &[
                "render",
                "--torus",
                "--board",
                "4x4",
                "--classes",
                "--style",
                "kufic",
                "--format",
                "pdf",
                "-o",
                "-",
            ],
            "application/pdf",
        ),
        (
            "/api/tours?board=6x6&symmetry=rot90",
            &["list", "--board", "6x6", "--symmetry", "rot90", "--json"],
            "application/x-ndjson",
        ),
        (
            "/api/count?board=6x6&symmetry=rot180",
            &["count", "--board", "6x6", "--symmetry", "rot180", "--json"],
            "application/json",
        ),
        (
            "/api/glyph.svg?board=6x6&random=true&symmetry=rot90&seed=2",
            &[
                "glyph",
                "--board",
                "6x6",
                "--random",
                "--symmetry",
                "rot90",
                "--seed",
                "2",
                "-o",
                "-",
            ],
            "image/svg+xml",
        ),
        // Boards over 8x8: symmetric tours found directly (index, and the global ID).
        (
            "/api/tours?board=10x10&symmetry=rot180&range=1000..1004",
            &[
                "list",
                "--board",
                "10x10",
                "--symmetry",
                "rot180",
                "--range",
                "1000..1004",
                "--json",
            ],
            "application/x-ndjson",
        ),
        (
            "/api/glyph.svg?board=10x10&random=true&symmetry=mirror&seed=5",
            &[
                "glyph",
                "--board",
                "10x10",
                "--random",
                "--symmetry",
                "mirror",
                "--seed",
                "5",
                "-o",
                "-",
            ],
            "image/svg+xml",
        ),
        (
            "/api/sheet.svg?board=10x10&symmetry=rot90&limit=6&page=poster",
            &[
                "render",
                "--board",
                "10x10",
                "--symmetry",
                "rot90",
                "--limit",
                "6",
                "--page",
                "poster",
                "--format",
                "svg",
                "-o",
                "-",
            ],
            "image/svg+xml",
        ),
        (
            "/api/glyph.png?board=4x4&torus=true&id=3&repeat=2x2&dpi=50",
            &[
                "glyph", "--torus", "--board", "4x4", "--id", "3", "--repeat", "2x2", "--dpi",
                "50", "--format", "png", "-o", "-",
            ],
            "image/png",
        ),
        (
            "/api/sheet.png?board=4x4&page=poster&dpi=50",
            &[
                "render", "--board", "4x4", "--page", "poster", "--dpi", "50", "--format", "png",
                "-o", "-",
            ],
            "image/png",
        ),
    ];
    for (path, args, kind) in cases {
        let (status, ctype, body) = s.get(path);
        assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
        assert_eq!(&ctype, kind, "{path}");
        let want = cli(args);
        assert!(!want.is_empty(), "{args:?} wrote nothing");
        assert!(
            body == want,
            "{path}: {} bytes, the CLI's {}",
            body.len(),
            want.len()
        );
    }
    let (status, ctype, page) = s.get("/");
    assert_eq!((status, ctype.as_str()), (200, "text/html; charset=utf-8"));
    let page = String::from_utf8(page).unwrap();
    assert!(page.contains("<script src=\"/explorer.js\">"), "{page}");
    assert_eq!(s.get("/explorer.js").0, 200);
    assert_eq!(s.get("/explorer.css").0, 200);
}

/// The CLI's one-line message for `args` (exit 2 or 1), without `tourglyph: `.
fn cli_error(args: &[&str]) -> String {
    let o = run(args);
    assert!(!o.status.success(), "{args:?} succeeded");
    let e = stderr(&o);
    e.trim_end()
        .strip_prefix("tourglyph: ")
        .unwrap_or_else(|| panic!("{args:?}: {e}"))
        .to_string()
}

#[test]
fn bad_and_oversized_requests_get_one_line_json_errors() {
    let s = Server::start(&[]);
    // (path, status, the CLI command whose message it must be, if any)
    let cases: &[(&str, u16, &[&str])] = &[
        ("/api/count?board=zz", 400, &["count", "--board", "zz"]),
        (
            "/api/count?board=6x6&piece=bishop",
            400,
            &["count", "--board", "6x6", "--piece", "bishop"],
        ),
        ("/api/count?board=0x6", 400, &["count", "--board", "0x6"]),
        ("/api/count", 400, &[]),
        ("/api/count?board=6x6&colour=red", 400, &[]),
        ("/api/count?board=6x6&board=8x8", 400, &[]),
        ("/api/count?board=6x6&open=maybe", 400, &[]),
        ("/api/count?board=%ZZ", 400, &[]),
        (
            "/api/tours?board=6x6&range=9..3",
            400,
            &["list", "--board", "6x6", "--range", "9..3"],
        ),
        (
            "/api/tours?board=6x6&range=abc",
            400,
            &["list", "--board", "6x6", "--range", "abc"],
        ),
        ("/api/tours?board=6x6&limit=-1", 400, &[]),
        ("/api/tours?board=6x6&sample=2&limit=3", 400, &[]),
        (
            "/api/tours?board=6x6&non_crossing=true&sample=2",
            400,
            &["list", "--board", "6x6", "--non-crossing", "--sample", "2"],
        ),
        (
            "/api/glyph.svg?board=6x6",
            400,
            &["glyph", "--board", "6x6", "-o", "-"],
        ),
        (
            "/api/glyph.svg?board=6x6&id=x",
            400,
            &["glyph", "--board", "6x6", "--id", "x", "-o", "-"],
        ),
        (
            "/api/glyph.svg?board=6x6&id=5000",
            400,
            &["glyph", "--board", "6x6", "--id", "5000", "-o", "-"],
        ),
        ("/api/glyph.svg?board=6x6&id=5&style=/etc/passwd", 400, &[]),
        (
            "/api/glyph.svg?board=6x6&id=5&style=../templates/styles/kufic.toml",
            400,
            &[],
        ),
        (
            "/api/glyph.svg?board=6x6&id=5&size=0mm",
            400,
            &[
                "glyph", "--board", "6x6", "--id", "5", "--size", "0mm", "-o", "-",
            ],
        ),
        (
            "/api/sheet.svg?board=6x6",
            400,
            &["render", "--board", "6x6", "--format", "svg", "-o", "-"],
        ),
        (
            "/api/sheet.pdf?board=6x6&page=b17",
            400,
            &[
                "render", "--board", "6x6", "--page", "b17", "--format", "pdf", "-o", "-",
            ],
        ),
        (
            "/api/sheet.pdf?board=6x6&columns=0",
            400,
            &[
                "render",
                "--board",
                "6x6",
                "--columns",
                "0",
                "--format",
                "pdf",
                "-o",
                "-",
            ],
        ),
        // Work the CLI refuses: walks of 10^18 tours, budgets, boards past the engines.
        (
            "/api/tours?board=12x12",
            422,
            &["list", "--board", "12x12", "--json"],
        ),
        (
            "/api/sheet.pdf?board=10x10",
            422,
            &["render", "--board", "10x10", "--format", "pdf", "-o", "-"],
        ),
        (
            "/api/count?board=40x40",
            413,
            &["count", "--board", "40x40"],
        ),
        (
            "/api/count?board=2000x2000",
            413,
            &["count", "--board", "2000x2000"],
        ),
        (
            "/api/glyph.svg?board=3x3&random=true",
            422,
            &["glyph", "--board", "3x3", "--random", "-o", "-"],
        ),
        ("/api/no/such/thing", 404, &[]),
        ("/etc/passwd", 404, &[]),
        ("/api/glyph.jpg?board=6x6&id=1", 404, &[]),
        // Today's flags, refused as the CLI refuses them.
        (
            "/api/glyph.png?board=6x6&id=1&dpi=100000",
            413,
            &[
                "glyph", "--board", "6x6", "--id", "1", "--dpi", "100000", "--format", "png", "-o",
                "-",
            ],
        ),
        (
            "/api/count?board=6x6&torus=true&symmetry=rot90",
            400,
            &["count", "--board", "6x6", "--torus", "--symmetry", "rot90"],
        ),
        // Torus tiles are drawn as PNG too, within the pixel limit.
        (
            "/api/glyph.png?board=6x6&torus=true&id=1&repeat=2x2&dpi=10000",
            413,
            &[
                "glyph", "--torus", "--board", "6x6", "--id", "1", "--repeat", "2x2", "--dpi",
                "10000", "--format", "png", "-o", "-",
            ],
        ),
        (
            "/api/glyph.pdf?board=6x6&torus=true&id=1&pattern=true",
            400,
            &[
                "glyph",
                "--torus",
                "--board",
                "6x6",
                "--id",
                "1",
                "--pattern",
                "--format",
                "pdf",
                "-o",
                "-",
            ],
        ),
        (
            "/api/glyph.svg?board=6x6&id=1&stroke=nocolour",
            400,
            &[
                "glyph", "--board", "6x6", "--id", "1", "--stroke", "nocolour", "-o", "-",
            ],
        ),
        // Found directly on the quotient board, but 696,179,102 tours: a refused walk.
        (
            "/api/tours?board=12x12&symmetry=rot180",
            422,
            &["list", "--board", "12x12", "--symmetry", "rot180", "--json"],
        ),
        ("/api/glyph.svg?board=6x6&symmetry=rot90&id=3", 400, &[]),
        ("/api/glyph.svg?board=6x6&id=3&repeat=2x2", 400, &[]),
        ("/api/glyph.png?board=6x6&id=3&dpi=lots", 400, &[]),
        (
            "/api/tours?board=6x6&symmetry=rot45",
            400,
            &["list", "--board", "6x6", "--symmetry", "rot45"],
        ),
    ];
    assert!(cases.len() >= 30);
    for (path, want, args) in cases {
        let (status, ctype, body) = s.get(path);
        let text = String::from_utf8(body).unwrap();
        assert_eq!(status, *want, "{path}: {text}");
        assert_eq!(ctype, "application/json", "{path}");
        assert_eq!(text.lines().count(), 1, "{path}: {text}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let msg = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: {text}"));
        assert!(
            !msg.is_empty() && !msg.starts_with("tourglyph"),
            "{path}: {msg}"
        );
        if !args.is_empty() {
            // The CLI's message, in the explorer's words where it names flags.
            let cli = cli_error(args);
            if cli.contains("--") || cli.contains("stdout") {
                let words = outside_commands(msg);
                for word in [
                    "--id",
                    "--limit",
                    "--range",
                    "--sample",
                    "add --force",
                    "stdout",
                ] {
                    assert!(!words.contains(word), "{path}: {msg}");
                }
                assert_ne!(msg, cli, "{path}");
            } else {
                assert_eq!(msg, cli, "{path}");
            }
        }
    }
    // Still up, and still right.
    let (status, _, body) = s.get("/api/count?board=4x6");
    assert_eq!(status, 200);
    assert_eq!(body, cli(&["count", "--board", "4x6", "--json"]));
}

#[test]
fn sigterm_stops_the_server_with_exit_0() {
    let mut s = Server::start(&[]);
    assert_eq!(s.get("/api/count?board=4x4").0, 200);
    let status = s.terminate();
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[test]
fn another_address_only_with_a_warning() {
    let mut s = Server::start(&["--bind", "0.0.0.0"]);
    assert_eq!(s.get("/api/count?board=4x4").0, 200);
    assert_eq!(s.terminate().code(), Some(0));
    let mut err = String::new();
    s.child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(
        err.starts_with("tourglyph: warning: serving on 0.0.0.0"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // The default is this machine only, silently.
    let mut local = Server::start(&[]);
    assert_eq!(local.terminate().code(), Some(0));
    let mut err = String::new();
    local
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(err, "");
    let o = run(&["serve", "--bind", "localhost:80"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("tourglyph: bad address 'localhost:80'"),
        "{}",
        stderr(&o)
    );
}

/// Chromium driven through the DevTools protocol over `--remote-debugging-pipe` (fd 3
/// carries commands to the browser, fd 4 its answers; each message is JSON ended by NUL).
struct Browser {
    child: Child,
    to: std::fs::File,
    from: BufReader<std::fs::File>,
    next: u64,
    session: Option<String>,
}

impl Browser {
    /// Headless Chromium with a blank page attached (the session set), or `None` with the
    /// skip line (a failure under `TOURGLYPH_REQUIRE_TOOLS`) where it is not installed.
    fn on_a_blank_page(profile: &std::path::Path) -> Option<Browser> {
        let chromium = crate::common::chromium("the page is not checked in a browser")?;
        let mut b = Browser::launch(chromium, profile);
        let target = b.call(
            "Target.createTarget",
            serde_json::json!({ "url": "about:blank" }),
        );
        let attached = b.call(
            "Target.attachToTarget",
            serde_json::json!({ "targetId": target["targetId"], "flatten": true }),
        );
        b.session = Some(attached["sessionId"].as_str().unwrap().to_string());
        Some(b)
    }

    fn launch(chromium: &str, profile: &std::path::Path) -> Browser {
        use std::os::fd::FromRawFd;
        use std::os::unix::process::CommandExt;
        let (mut cmd_pipe, mut ans_pipe) = ([0i32; 2], [0i32; 2]);
        // SAFETY: pipe writes two descriptors into the live two-element array it is given.
        assert_eq!(unsafe { libc::pipe(cmd_pipe.as_mut_ptr()) }, 0);
        // SAFETY: as above.
        assert_eq!(unsafe { libc::pipe(ans_pipe.as_mut_ptr()) }, 0);
        let (child_in, child_out) = (cmd_pipe[0], ans_pipe[1]);
        let mut cmd = Command::new(chromium);
        cmd.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--remote-debugging-pipe",
            "--window-size=1000,700",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls (dup2) between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                if libc::dup2(child_in, 3) < 0 || libc::dup2(child_out, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("start chromium");
        // SAFETY: the child's ends of the two pipes, made above and owned by nothing else
        // here (the child holds its own copies since the spawn), each closed once.
        unsafe {
            libc::close(child_in);
            libc::close(child_out);
        }
        Browser {
            child,
            // SAFETY: our end of the command pipe, made above, open, and owned by nothing
            // else: the File becomes its only owner.
            to: unsafe { std::fs::File::from_raw_fd(cmd_pipe[1]) },
            // SAFETY: our end of the answer pipe, likewise.
            from: BufReader::new(unsafe { std::fs::File::from_raw_fd(ans_pipe[0]) }),
            next: 0,
            session: None,
        }
    }

    /// Send a command (to the attached page, once attached) and wait for its answer.
    fn call(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        self.next += 1;
        let mut msg = serde_json::json!({ "id": self.next, "method": method, "params": params });
        if let Some(s) = &self.session {
            msg["sessionId"] = s.clone().into();
        }
        self.to.write_all(msg.to_string().as_bytes()).unwrap();
        self.to.write_all(b"\0").unwrap();
        loop {
            let mut buf = Vec::new();
            self.from.read_until(0, &mut buf).unwrap();
            assert!(!buf.is_empty(), "chromium closed the pipe during {method}");
            buf.pop();
            let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
            if v["id"] == self.next {
                assert!(v.get("error").is_none(), "{method}: {v}");
                return v["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, js: &str) -> serde_json::Value {
        let r = self.call(
            "Runtime.evaluate",
            serde_json::json!({ "expression": js, "returnByValue": true, "awaitPromise": true }),
        );
        assert!(r.get("exceptionDetails").is_none(), "{js}: {r}");
        r["result"]["value"].clone()
    }

    /// Evaluate `js` until `ok` holds for its value (10 s at most); returns the value.
    fn wait(&mut self, js: &str, ok: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        let start = std::time::Instant::now();
        loop {
            let v = self.eval(js);
            if ok(&v) {
                return v;
            }
            assert!(start.elapsed().as_secs() < 10, "waited 10 s for {js}: {v}");
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The page in headless Chromium (driven through the DevTools protocol): the grid shows
/// glyphs with their IDs as alt text, the URL's state selects them, scrolling loads more,
/// the random button changes the URL, and the SVG download link serves the glyph.
#[test]
fn the_page_works_in_chromium() {
    let profile = tempfile::tempdir().unwrap();
    let Some(mut b) = Browser::on_a_blank_page(profile.path()) else {
        return;
    };
    let s = Server::start(&[]);
    let images = "[...document.querySelectorAll('#grid img')]";
    let loaded = format!("{images}.filter(i => i.complete && i.naturalWidth > 0).length");

    // The orbit filter from the URL: 6x6 has 4 classes of orbit 2 (count --classes).
    let url = format!(
        "http://{}/?board=6x6&classes=true&orbit=2&style=kufic",
        s.addr
    );
    b.call("Page.navigate", serde_json::json!({ "url": url }));
    b.wait(&loaded, |v| v == 4);
    let alts = b.eval(&format!("{images}.map(i => i.alt).join('|')"));
    let alts = alts.as_str().unwrap();
    assert_eq!(alts.matches(", orbit 2").count(), 4, "{alts}");
    assert!(alts.starts_with("Tour "), "{alts}");

    // Symmetric tours of 10x10, found directly: paged by index, drawn by their IDs.
    let url = format!("http://{}/?board=10x10&symmetry=rot90&style=line", s.addr);
    b.call("Page.navigate", serde_json::json!({ "url": url }));
    b.wait(&loaded, |v| v.as_u64().unwrap_or(0) >= 48);
    let first = cli(&[
        "list",
        "--board",
        "10x10",
        "--symmetry",
        "rot90",
        "--range",
        "0..1",
        "--json",
    ]);
    let first: serde_json::Value = serde_json::from_slice(&first).unwrap();
    assert_eq!(
        b.eval(&format!("{images}[0].alt")),
        format!("Tour {}", first["id"])
    );
    b.eval("window.scrollTo(0, document.body.scrollHeight); 0");
    b.wait(&format!("{images}.length"), |v| {
        v.as_u64().unwrap_or(0) > 48
    });

    // All tours: a first screenful, then more as the page scrolls.
    let url = format!("http://{}/?board=6x6&style=line", s.addr);
    b.call("Page.navigate", serde_json::json!({ "url": url }));
    b.wait(&loaded, |v| v.as_u64().unwrap_or(0) >= 48);
    let first = b.wait(&format!("{images}.length"), |v| {
        v.as_u64().unwrap_or(0) >= 48
    });
    let first = first.as_u64().unwrap();
    b.eval("window.scrollTo(0, document.body.scrollHeight); 0");
    b.wait(&format!("{images}.length"), |v| {
        v.as_u64().unwrap_or(0) > first
    });
    assert_eq!(b.eval(&format!("{images}[5].alt")), "Tour 5");

    // Random: a seeded tour, in the URL, in the glyph's view.
    let before = b.eval("location.search");
    b.eval("document.getElementById('random').click(); 0");
    let after = b.wait("location.search", |v| {
        v.as_str().is_some_and(|q| q.contains("seed="))
    });
    assert_ne!(before, after);
    assert!(after.as_str().unwrap().contains("&id="), "{after}");
    b.wait("document.getElementById('view').open", |v| v == true);
    // The view names the tour's orbit and class, as /api/orbit gives them.
    let facts = b.wait("document.getElementById('view-facts').textContent", |v| {
        v.as_str()
            .is_some_and(|t| t.contains("orbit ") && !t.contains('…'))
    });
    let q = after.as_str().unwrap().to_string();
    let id = q.rsplit("id=").next().unwrap().split('&').next().unwrap();
    let (_, _, o) = s.get(&format!("/api/orbit?board=6x6&id={id}"));
    let o: serde_json::Value = serde_json::from_slice(&o).unwrap();
    let facts = facts.as_str().unwrap();
    assert!(
        facts.contains(&format!("orbit {}", o["orbit"])),
        "{facts} vs {o}"
    );
    // The loading indicator is there, and hidden once everything in sight has loaded.
    b.wait("document.getElementById('loading').hidden", |v| v == true);

    // Its SVG download is exactly the CLI's glyph.
    let href = b.eval("document.getElementById('dl-svg').getAttribute('href')");
    let href = href.as_str().unwrap();
    let id = href.rsplit("id=").next().unwrap();
    let (status, ctype, svg) = s.get(href);
    assert_eq!((status, ctype.as_str()), (200, "image/svg+xml"));
    crate::common::svg_tree(&svg);
    assert_eq!(
        svg,
        cli(&["glyph", "--board", "6x6", "--id", id, "-o", "-"])
    );
    // The PNG download is the CLI's PNG glyph; the outline download its --outline SVG.
    let href = b.eval("document.getElementById('dl-png').getAttribute('href')");
    let (status, ctype, png) = s.get(href.as_str().unwrap());
    assert_eq!((status, ctype.as_str()), (200, "image/png"));
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert_eq!(
        png,
        cli(&[
            "glyph", "--board", "6x6", "--id", id, "--format", "png", "-o", "-"
        ])
    );
    let href = b.eval("document.getElementById('dl-outline').getAttribute('href')");
    let (status, _, svg) = s.get(href.as_str().unwrap());
    assert_eq!(status, 200);
    assert_eq!(
        svg,
        cli(&[
            "glyph",
            "--board",
            "6x6",
            "--id",
            id,
            "--outline",
            "-o",
            "-"
        ])
    );
    // The walk plays in the view (the animated SVG in the image), and its GIF download
    // is a GIF.
    b.eval("document.getElementById('view-play').click(); 0");
    b.wait(
        "document.getElementById('view-play').getAttribute('aria-pressed')",
        |v| v == "true",
    );
    let src = b.eval("document.getElementById('view-img').src");
    assert!(src.as_str().unwrap().starts_with("blob:"), "{src}");
    b.wait(
        "(() => { const i = document.getElementById('view-img'); return i.complete && i.naturalWidth > 0; })()",
        |v| v == true,
    );
    if let Some(dir) = std::env::var_os("TOURGLYPH_SHOTS") {
        // To look at: the glyph view half way through its walk.
        std::thread::sleep(std::time::Duration::from_secs(4));
        let shot = b.call(
            "Page.captureScreenshot",
            serde_json::json!({ "format": "png" }),
        );
        let png = base64_decode(shot["data"].as_str().unwrap());
        std::fs::write(std::path::Path::new(&dir).join("explorer-walk.png"), png).unwrap();
    }
    let href = b.eval("document.getElementById('dl-gif').getAttribute('href')");
    let (status, ctype, gif) = s.get(href.as_str().unwrap());
    assert_eq!((status, ctype.as_str()), (200, "image/gif"));
    assert!(gif.starts_with(b"GIF89a"));

    // A shape (issue 30): a text grid uploaded into the page's form fills its grid box
    // (the page reads the file; the server gets its text), and the shape's tuples load:
    // two, the glyph view's SVG download the CLI's `glyph --shape-grid`.
    let dir = tempfile::tempdir().unwrap();
    let grid = "####..####\n#..#..####\n####..####";
    let file = dir.path().join("shape.txt");
    std::fs::write(&file, format!("{grid}\n")).unwrap();
    let url = format!("http://{}/?board=4x4&style=kufic", s.addr);
    b.call("Page.navigate", serde_json::json!({ "url": url }));
    b.wait(&loaded, |v| v.as_u64().unwrap_or(0) >= 6);
    let doc = b.call("DOM.getDocument", serde_json::json!({}));
    let node = b.call(
        "DOM.querySelector",
        serde_json::json!({ "nodeId": doc["root"]["nodeId"], "selector": "#shape-file" }),
    );
    b.call(
        "DOM.setFileInputFiles",
        serde_json::json!({ "files": [file.to_str().unwrap()], "nodeId": node["nodeId"] }),
    );
    b.wait("document.querySelector('[name=shape_grid]').value", |v| {
        v.as_str() == Some(grid)
    });
    b.eval("document.querySelector('#controls button[type=submit]').click(); 0");
    b.wait(&loaded, |v| v == 2);
    let status = b.eval("document.getElementById('status').textContent");
    assert!(
        status
            .as_str()
            .unwrap()
            .starts_with("2 closed rook tour tuples of a shape of 22 cells"),
        "{status}"
    );
    assert!(
        b.eval("location.search")
            .as_str()
            .unwrap()
            .contains("shape_grid=")
    );
    b.eval("document.querySelector('#grid a[data-id=\"1\"]').click(); 0");
    b.wait("document.getElementById('view').open", |v| v == true);
    let href = b.eval("document.getElementById('dl-svg').getAttribute('href')");
    let (status, _, svg) = s.get(href.as_str().unwrap());
    assert_eq!(status, 200);
    assert_eq!(
        svg,
        cli(&[
            "glyph",
            "--shape-grid",
            grid,
            "--id",
            "1",
            "--style",
            "kufic",
            "-o",
            "-"
        ])
    );
    if let Some(dir) = std::env::var_os("TOURGLYPH_SHOTS") {
        b.wait(
            "(() => { const i = document.getElementById('view-img'); return i.complete && i.naturalWidth > 0; })()",
            |v| v == true,
        );
        let shot = b.call(
            "Page.captureScreenshot",
            serde_json::json!({ "format": "png" }),
        );
        let png = base64_decode(shot["data"].as_str().unwrap());
        std::fs::write(std::path::Path::new(&dir).join("explorer-shape.png"), png).unwrap();
    }
    // A bad grid typed in: the page says the server's one line, and the server stays up.
    b.eval("document.getElementById('close').click(); 0");
    b.eval("document.querySelector('[name=shape_grid]').value = '##\\n#x'; 0");
    b.eval("document.querySelector('#controls button[type=submit]').click(); 0");
    let status = b.wait("document.getElementById('status').textContent", |v| {
        v.as_str().is_some_and(|t| t.starts_with("Error:"))
    });
    assert!(
        status.as_str().unwrap().contains("'x' is neither"),
        "{status}"
    );
    assert_eq!(s.get("/api/count?board=4x4").0, 200);
    let _ = b.call("Browser.close", serde_json::json!({}));
}

/// A message without its `quoted commands` (the CLI command a refusal gives is written
/// with flags).
fn outside_commands(msg: &str) -> String {
    msg.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// `{"error": …}`'s message.
fn error_of(body: &[u8]) -> String {
    let v: serde_json::Value = serde_json::from_slice(body).unwrap();
    v["error"].as_str().unwrap().to_string()
}

#[test]
fn cache_sizes_are_checked_before_serving() {
    for bad in ["abc", "4X", "-1G", "1e3G", ""] {
        let o = run(&["serve", "--port", "0", "--cache", bad]);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "--cache {bad:?}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(e.starts_with("tourglyph: --cache: "), "{e}");
        assert!(e.contains("e.g. 4G or 512M"), "{e}");
    }
    // A good size serves (and a diagram larger than it is still drawn).
    let s = Server::start(&["--cache", "1K"]);
    let (status, _, body) = s.get("/api/glyph.svg?board=6x6&id=17");
    assert_eq!(status, 200);
    assert_eq!(
        body,
        cli(&["glyph", "--board", "6x6", "--id", "17", "-o", "-"])
    );
}

#[test]
fn long_work_is_refused_before_it_is_done() {
    // A request's work has half of what the cache leaves of the server's memory:
    // (4096 - 256) / 2 = 1920 MiB, the CLI's `--max-memory 1920M`.
    let s = Server::start(&["--max-memory", "4G", "--cache", "256M"]);
    // The open tours' sweep refuses as soon as its growth shows: within the first half
    // of the 65 steps of 8x8 (the apex and 64 cells). (6x6 was refused here before the
    // apex sweep counted it in about a second, then 7x7 before the halves counted it in
    // about 17 s.)
    let (status, _, body) = s.get("/api/count?board=8x8&piece=knight&open=true");
    let msg = error_of(&body);
    assert_eq!(status, 422, "{msg}");
    // Refused while its frontier fills: the estimate is a lower bound, and says so.
    assert!(msg.contains("would take at least"), "{msg}");
    let at = msg.find("still filling at cell ").expect(&msg) + "still filling at cell ".len();
    let k: u32 = msg[at..].split(' ').next().unwrap().parse().unwrap();
    assert!(msg[at..].starts_with(&format!("{k} of 65)")), "{msg}");
    assert!(k <= 32, "refused only at step {k} of 65: {msg}");
    // The CLI refuses the same request with the same estimate.
    let e = cli_error(&["count", "--board", "8x8", "--piece", "knight", "--open"]);
    let estimate = |m: &str| m.split("; ").next().unwrap().to_string();
    assert_eq!(estimate(&msg), estimate(&e));
    // A board the counter's estimate refuses is refused at once, as by the CLI.
    let (status, _, body) = s.get("/api/count?board=22x22");
    let msg = error_of(&body);
    assert_eq!(status, 422, "{msg}");
    let e = cli_error(&["count", "--board", "22x22", "--max-memory", "1920M"]);
    assert_eq!(estimate(&msg), estimate(&e));
}

#[test]
fn messages_name_query_parameters_and_the_cli_for_forced_work() {
    let s = Server::start(&[]);
    let cases = [
        // (path, what the message says instead of the CLI's words)
        ("/api/glyph.svg?board=6x6", vec!["id=N", "random=true"]),
        (
            "/api/tours?board=12x12",
            vec![
                "limit=K",
                "range=A..B",
                "`tourglyph list --board 12x12 --json --force`",
            ],
        ),
        (
            "/api/count?board=8x8&piece=knight&open=true",
            vec!["`tourglyph count --board 8x8 --open --piece knight --json --force`"],
        ),
    ];
    for (path, words) in cases {
        let (status, _, body) = s.get(path);
        assert!(status >= 400, "{path}");
        let msg = error_of(&body);
        for w in words {
            assert!(msg.contains(w), "{path}: {msg} (no {w})");
        }
        let words = outside_commands(&msg);
        for cli_word in ["--id", "--limit", "--range", "add --force", "stdout"] {
            assert!(!words.contains(cli_word), "{path}: {msg}");
        }
    }
}

#[test]
fn no_tour_is_422_and_the_glyph_view_knows_its_orbit() {
    let s = Server::start(&[]);
    // A well-formed request naming a set with no tour: 422, the CLI's message.
    for (path, args) in [
        (
            "/api/glyph.svg?board=3x3&id=0",
            &["glyph", "--board", "3x3", "--id", "0", "-o", "-"][..],
        ),
        (
            "/api/glyph.svg?board=5x5&id=2",
            &["glyph", "--board", "5x5", "--id", "2", "-o", "-"],
        ),
        (
            "/api/glyph.svg?board=6x6&piece=camel&open=true&id=0",
            &[
                "glyph", "--board", "6x6", "--piece", "camel", "--open", "--id", "0", "-o", "-",
            ],
        ),
    ] {
        let (status, _, body) = s.get(path);
        let msg = error_of(&body);
        assert_eq!(status, 422, "{path}: {msg}");
        assert_eq!(msg, cli_error(args), "{path}");
    }
    // An ID past the end of a set that has tours is still a bad request.
    let (status, _, _) = s.get("/api/glyph.svg?board=4x4&id=6");
    assert_eq!(status, 400);
    // The orbit of any tour, and its class: the classes list has the class's first tour
    // with the same orbit.
    let classes =
        String::from_utf8(cli(&["list", "--board", "6x6", "--classes", "--json"])).unwrap();
    let reps: std::collections::HashMap<u64, u64> = classes
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (v["id"].as_u64().unwrap(), v["orbit"].as_u64().unwrap())
        })
        .collect();
    let mut firsts = 0;
    for id in [0u64, 1, 17, 100, 555, 1071] {
        let (status, ctype, body) = s.get(&format!("/api/orbit?board=6x6&id={id}"));
        assert_eq!((status, ctype.as_str()), (200, "application/json"), "{id}");
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["id"].as_u64(), Some(id));
        let class = v["class"].as_u64().unwrap();
        assert!(class <= id, "{id}: {v}");
        assert_eq!(reps.get(&class).copied(), v["orbit"].as_u64(), "{id}: {v}");
        firsts += usize::from(class == id);
    }
    assert!(
        firsts < 6,
        "every tour asked for cannot be its class's first"
    );
    // Torus tiles too (translations count), and errors as everywhere.
    let (status, _, body) = s.get("/api/orbit?board=4x4&torus=true&id=3");
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let (status, _, _) = s.get("/api/orbit?board=6x6&id=5000");
    assert_eq!(status, 400);
}

/// Issue 26: the downloads for machines (plotter SVG, G-code, DXF), for a glyph and a
/// sheet, answer the CLI's bytes with their types; a profile that is not built in, or a
/// bad bridge count, is a 400 with one line.
#[test]
fn machine_downloads_answer_the_clis_bytes() {
    let s = Server::start(&[]);
    let glyph = ["glyph", "--board", "6x6", "--id", "17", "--style", "kufic"];
    let sheet = ["render", "--board", "4x4", "--style", "kufic"];
    let with = |base: &[&str], extra: &[&str]| -> Vec<u8> {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        a.extend(["-o", "-"]);
        cli(&a)
    };
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "/api/glyph.svg?board=6x6&id=17&style=kufic&plot=hatch",
            with(&glyph, &["--plot", "hatch"]),
            "image/svg+xml",
        ),
        (
            "/api/glyph.gcode?board=6x6&id=17&style=kufic&plot=hatch",
            with(&glyph, &["--plot", "hatch", "--format", "gcode"]),
            "text/x-gcode",
        ),
        (
            "/api/glyph.dxf?board=6x6&id=17&style=kufic&bridges=2",
            with(&glyph, &["--bridges", "2", "--format", "dxf"]),
            "image/vnd.dxf",
        ),
        (
            "/api/sheet.gcode?board=4x4&style=kufic&plot=hatch&gcode_profile=grbl-z",
            with(
                &sheet,
                &[
                    "--plot",
                    "hatch",
                    "--gcode-profile",
                    "grbl-z",
                    "--format",
                    "gcode",
                ],
            ),
            "text/x-gcode",
        ),
        (
            "/api/sheet.dxf?board=4x4&style=kufic",
            with(&sheet, &["--format", "dxf"]),
            "image/vnd.dxf",
        ),
    ];
    for (path, want, ctype) in cases {
        let (status, got_type, body) = s.get(path);
        assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
        assert_eq!(got_type, ctype, "{path}");
        assert_eq!(body, want, "{path}: not the CLI's bytes");
        // The bodies parse: G-code's moves, DXF's drawing, SVG's tree.
        match ctype {
            "text/x-gcode" => {
                let t = String::from_utf8(body).unwrap();
                assert!(t.starts_with(";tourglyph G-code, page 1") && t.contains("\nG1 X"));
            }
            "image/vnd.dxf" => {
                let d = ::dxf::Drawing::load(&mut body.as_slice()).unwrap();
                assert!(d.entities().count() >= 2, "{path}");
            }
            _ => {
                crate::common::svg_tree(&body);
            }
        }
    }
    for (path, fragment) in [
        (
            "/api/glyph.gcode?board=6x6&id=17&gcode_profile=/etc/passwd",
            "unknown G-code profile '/etc/passwd': the server writes for the built-in profiles grbl-servo, grbl-z",
        ),
        (
            "/api/sheet.gcode?board=4x4&gcode_profile=grbl",
            "unknown G-code profile 'grbl'",
        ),
        (
            "/api/glyph.dxf?board=6x6&id=17&bridges=x",
            "bridges: expected a number from 0 to 1000",
        ),
    ] {
        let (status, ctype, body) = s.get(path);
        assert_eq!(
            (status, ctype.as_str()),
            (400, "application/json"),
            "{path}"
        );
        let e = error_of(&body);
        assert!(e.contains(fragment) && !e.contains('\n'), "{path}: {e}");
    }
}

/// The glyph view's walk (issue 27): `/api/glyph.svg?animate=true` and `/api/glyph.gif`
/// answer the CLI's bytes; bad animation keys are 400 with one line, and the server stays
/// up.
#[test]
fn animated_glyphs_answer_the_clis_bytes() {
    let s = Server::start(&[]);
    let (status, ctype, body) = s.get("/api/glyph.svg?board=6x6&id=17&animate=true&duration=8");
    assert_eq!((status, ctype.as_str()), (200, "image/svg+xml"));
    assert_eq!(
        body,
        cli(&[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "17",
            "--animate",
            "--duration",
            "8",
            "-o",
            "-"
        ])
    );
    assert!(String::from_utf8_lossy(&body).contains("<animate "));
    let d = tempfile::tempdir().unwrap();
    let gif = d.path().join("g.gif");
    let (status, ctype, body) = s.get("/api/glyph.gif?board=6x6&id=17&size=30mm&frames=5");
    assert_eq!((status, ctype.as_str()), (200, "image/gif"));
    cli(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "--size",
        "30mm",
        "--frames",
        "5",
        "-o",
        gif.to_str().unwrap(),
    ]);
    assert_eq!(body, std::fs::read(&gif).unwrap(), "not the CLI's GIF");
    assert!(body.starts_with(b"GIF89a"));
    for (path, fragment) in [
        (
            "/api/glyph.svg?board=6x6&id=17&animate=true&duration=0",
            "bad duration '0'",
        ),
        (
            "/api/glyph.svg?board=6x6&id=17&duration=3",
            "is for animations",
        ),
        (
            "/api/glyph.svg?piece=knight&board=6x6&id=17&animate=true&style=strapwork",
            "interlaced glyph cannot be animated",
        ),
        (
            "/api/glyph.pdf?board=6x6&id=17&animate=true",
            "writes SVG, GIF or PNG",
        ),
        ("/api/glyph.gif?board=6x6&id=17&frames=1", "frames '1'"),
    ] {
        let (status, ctype, body) = s.get(path);
        assert_eq!(
            (status, ctype.as_str()),
            (400, "application/json"),
            "{path}: {}",
            String::from_utf8_lossy(&body)
        );
        let e = error_of(&body);
        assert!(e.contains(fragment) && !e.contains('\n'), "{path}: {e}");
    }
    let (status, _, _) = s.get("/api/glyph.svg?board=6x6&id=17");
    assert_eq!(status, 200, "the server stays up");
}

/// Standard base64 (a screenshot from the browser), decoded.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let mut out = Vec::new();
    for chunk in text.trim_end_matches('=').as_bytes().chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c) << (18 - 6 * i);
        }
        out.extend(n.to_be_bytes()[1..chunk.len()].iter());
    }
    out
}

/// A query value, percent-encoded (newlines, `#`, non-ASCII text).
fn enc(v: &str) -> String {
    v.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Issue 30: a shape typed into the page (`shape_grid`, a text grid) or set as text
/// (`shape_text`) goes through the key table as the CLI's `--shape-grid` and
/// `--shape-text`: count, tours, glyphs and sheets answer the CLI's bytes (and the
/// bytes `--shape FILE` gives for the same grid); a bad shape answers 400 with the
/// CLI's line, in query parameters' words, and the server stays up.
#[test]
fn shapes_typed_into_the_page_answer_the_clis_bytes() {
    let dir = tempfile::tempdir().unwrap();
    // Two parts: a ring of 10 cells (1 tour) and a 3x4 block (2 tours): 2 tuples.
    let grid = "####..####\n#..#..####\n####..####";
    let file = dir.path().join("two.txt");
    std::fs::write(&file, grid).unwrap();
    let f = file.to_str().unwrap();
    let s = Server::start(&[]);
    let g = enc(grid);
    let cases: &[(String, Vec<&str>)] = &[
        (
            format!("/api/count?shape_grid={g}"),
            vec!["count", "--shape", f, "--json"],
        ),
        (
            format!("/api/tours?shape_grid={g}&range=0..2"),
            vec!["list", "--shape", f, "--json", "--range", "0..2"],
        ),
        (
            format!("/api/glyph.svg?shape_grid={g}&id=1&style=kufic"),
            vec![
                "glyph", "--shape", f, "--id", "1", "--style", "kufic", "-o", "-",
            ],
        ),
        (
            format!("/api/glyph.png?shape_grid={g}&id=0&dpi=50"),
            vec![
                "glyph", "--shape", f, "--id", "0", "--dpi", "50", "--format", "png", "-o", "-",
            ],
        ),
        (
            format!("/api/sheet.svg?shape_grid={g}&page=poster&style=kufic"),
            vec![
                "render", "--shape", f, "--page", "poster", "--style", "kufic", "--format", "svg",
                "-o", "-",
            ],
        ),
        (
            format!(
                "/api/glyph.svg?shape_text={}&cell_height=8&random=true&seed=2",
                enc("كو")
            ),
            vec![
                "glyph",
                "--shape-text",
                "كو",
                "--cell-height",
                "8",
                "--random",
                "--seed",
                "2",
                "-o",
                "-",
            ],
        ),
    ];
    for (path, args) in cases {
        let (status, _, body) = s.get(path);
        assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
        assert!(body == cli(args), "{path}: not the bytes of {args:?}");
    }
    // The typed grid and the file give the same bytes to the CLI too.
    let typed = cli(&["glyph", "--shape-grid", grid, "--id", "1", "-o", "-"]);
    assert_eq!(typed, cli(&["glyph", "--shape", f, "--id", "1", "-o", "-"]));
    // Bad shapes: 400, the CLI's line in the page's words, and the server stays up.
    let bad: &[(String, &str)] = &[
        (
            format!("/api/count?shape_grid={}", enc("##\n#x")),
            "tourglyph count --shape-grid '##\n#x' --json",
        ),
        (
            format!("/api/count?board=4x4&shape_grid={g}"),
            "tourglyph count --board 4x4 --shape-grid GRID --json",
        ),
        (format!("/api/glyph.svg?shape_grid={g}&torus=true&id=0"), ""),
        ("/api/count?blocks=true&board=4x4".to_string(), ""),
    ];
    for (path, _) in bad {
        let (status, ct, body) = s.get(path);
        assert_eq!(status, 400, "{path}: {}", String::from_utf8_lossy(&body));
        assert!(ct.starts_with("application/json"), "{path}: {ct}");
        let e = error_of(&body);
        assert!(!e.contains('\n') && !e.is_empty(), "{path}: {e:?}");
        for flag in ["--shape-grid", "--board", "--torus", "--blocks"] {
            assert!(!e.contains(flag), "{path}: {flag} in {e:?}");
        }
    }
    let (status, _, body) = s.get(&bad[0].0);
    let e = error_of(&body);
    assert_eq!(status, 400);
    let cli_line = cli_error(&["count", "--shape-grid", "##\n#x", "--json"]);
    assert_eq!(e, cli_line, "the same line as the CLI's");
    assert_eq!(
        error_of(&s.get(&bad[2].0).2),
        "torus=true does not apply to a shaped board (a shape is cut from the plane): drop torus=true, or give board instead of a shape"
    );
    // (`--shape FILE` stays as written: the server takes no file.)
    assert_eq!(
        error_of(&s.get(&bad[3].0).2),
        "blocks=true and threshold take a shape: add --shape FILE, shape_grid=GRID or shape_text=TEXT"
    );
    // A file's name is not a parameter the server takes: it reads no file.
    let (status, _, body) = s.get(&format!("/api/count?shape={}", enc(f)));
    assert_eq!(status, 400);
    assert!(error_of(&body).starts_with("unknown parameter 'shape'"));
    // Still up.
    assert_eq!(s.get(&format!("/api/count?shape_grid={g}")).0, 200);
}

/// A server as [`Server::start`] starts it, under `ulimit -v KB` (the guard of the
/// hostile tests: a server that outgrows it fails the test instead of the machine).
fn start_limited(kb: u64, extra: &[&str]) -> Server {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb}; exec \"$0\" serve --port 0 \"$@\""))
        .arg(bin())
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tourglyph serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("http://")
        .and_then(|s| s.strip_suffix('/'))
        .unwrap_or_else(|| panic!("serve printed {line:?}, not its URL"))
        .to_string();
    Server { child, addr }
}

/// A field of `/proc/PID/status` in KiB (`VmHWM`, `VmRSS`).
fn status_kb(pid: u32, field: &str) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    s.lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no {field} in /proc/{pid}/status"))
}

/// CPU seconds the process has used (user and system), from `/proc/PID/stat`.
fn cpu_seconds(pid: u32) -> f64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let after = &s[s.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    // Fields 14 and 15 of stat(5), counted here from field 3.
    let ticks: f64 = f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap();
    // SAFETY: sysconf takes an integer and touches no memory.
    ticks / unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64
}

/// Send `req` (the server may answer and close before reading it all) and read what
/// comes back until the connection closes.
fn raw_request(addr: &str, req: &[u8]) -> Vec<u8> {
    let mut c = TcpStream::connect(addr).expect("connect");
    // A server that neither reads nor closes, or keeps the connection open, fails the
    // test instead of hanging it.
    let limit = Some(std::time::Duration::from_secs(60));
    c.set_read_timeout(limit).unwrap();
    c.set_write_timeout(limit).unwrap();
    let _ = c.write_all(req);
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match c.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut =>
            {
                panic!(
                    "no end to the answer within a minute: {:?}",
                    String::from_utf8_lossy(&raw)
                )
            }
            Err(_) => break,
        }
    }
    raw
}

/// Send a GET and go away after `stay`, without reading the answer.
fn get_and_leave(addr: &str, path: &str, stay: std::time::Duration) {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    std::thread::sleep(stay);
    drop(s);
}

#[test]
fn a_huge_board_is_refused_at_once_and_the_server_stays_small() {
    // Issue 56, item 4: `GET /api/glyph.svg?board=100000x100000&id=0` never answered;
    // the server grew about 60 MB/s (the frontier plan of a row 100,000 cells wide).
    let s = start_limited(3_000_000, &["--max-memory", "1G"]);
    let pid = s.child.id();
    for path in [
        "/api/glyph.svg?board=100000x100000&id=0",
        "/api/glyph.svg?board=100000x100000&random=true",
        "/api/glyph.png?board=100000x100000&id=0",
        "/api/glyph.gif?board=100000x100000&id=0",
        "/api/glyph.svg?board=100000x100000&id=0&animate=true",
        "/api/glyph.svg?board=100000x100000&id=0&open=true",
        "/api/glyph.svg?board=100000x100000&piece=knight&id=0",
        "/api/count?board=100000x100000",
        "/api/count?board=100000x100000&open=true",
        "/api/tours?board=100000x100000&limit=1",
        "/api/sheet.pdf?board=100000x100000&limit=1",
        "/api/orbit?board=100000x100000&id=0",
    ] {
        let clock = std::time::Instant::now();
        let (status, ctype, body) = s.get(path);
        let took = clock.elapsed();
        let text = String::from_utf8_lossy(&body);
        assert!(status == 413 || status == 422, "{path}: {status} {text}");
        assert_eq!(ctype, "application/json", "{path}");
        assert_eq!(text.lines().count(), 1, "{path}: {text}");
        assert!(took.as_secs_f64() < 2.0, "{path}: answered in {took:?}");
    }
    assert_eq!(s.get("/api/count?board=4x4").0, 200);
    let peak = status_kb(pid, "VmHWM");
    assert!(peak < 200_000, "the server peaked at {peak} KiB");
}

#[test]
fn the_servers_memory_is_one_budget_across_concurrent_requests() {
    // Issue 56, items 4 and 12: four concurrent open 8x8 knight counts were each
    // refused, but the server peaked at 3.5 GB and kept 2.7 GB after: each request had
    // the whole budget. Here the server has 768 MiB (no cache): the work of all the
    // requests at once stays within it, and what it freed is given back after.
    let s = start_limited(4_000_000, &["--max-memory", "768M", "--cache", "0"]);
    let pid = s.child.id();
    let path = "/api/count?board=8x8&piece=knight&open=true";
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let hs: Vec<_> = (0..4).map(|_| scope.spawn(|| s.get(path).0)).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for st in &statuses {
        assert!([413, 422, 503].contains(st), "{statuses:?}");
    }
    let peak = status_kb(pid, "VmHWM");
    assert!(
        peak < (768 + 128) * 1024,
        "the server peaked at {peak} KiB with 768 MiB: {statuses:?}"
    );
    // What stays after varies from run to run (11 to 257 MB in 15 runs, as much 1.5 s
    // later, d194630's binary too): the bound sits above that spread and far below the
    // 2.7 GB the fault kept.
    let after = status_kb(pid, "VmRSS");
    assert!(after < 320_000, "the server keeps {after} KiB after");
    assert_eq!(s.get("/api/count?board=4x4").0, 200);
}

#[test]
fn a_request_whose_client_left_stops_its_work() {
    // Issue 56, item 4: the work of a request went on after its client left. The 14x14
    // glyph builds a diagram for about 17 s; its client leaves after 1 s.
    let s = Server::start(&["--cache", "0"]);
    let pid = s.child.id();
    get_and_leave(
        &s.addr,
        "/api/glyph.svg?board=14x14&id=123",
        std::time::Duration::from_secs(1),
    );
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let a = cpu_seconds(pid);
    std::thread::sleep(std::time::Duration::from_secs(3));
    let b = cpu_seconds(pid);
    assert!(
        b - a < 0.5,
        "the server worked {:.2} CPU s on after its client left",
        b - a
    );
    assert_eq!(s.get("/api/count?board=4x4").0, 200);
}

#[test]
fn sigterm_stops_the_server_within_two_seconds_whatever_runs() {
    // Issue 56, item 4: SIGINT and SIGTERM did not stop a server at work.
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let mut s = Server::start(&["--cache", "0"]);
        let addr = s.addr.clone();
        let client = std::thread::spawn(move || {
            get_and_leave(
                &addr,
                "/api/glyph.svg?board=14x14&id=123",
                std::time::Duration::from_secs(8),
            )
        });
        std::thread::sleep(std::time::Duration::from_secs(1));
        let clock = std::time::Instant::now();
        // SAFETY: kill takes two integers; the pid is our child's, not yet waited for.
        unsafe { libc::kill(s.child.id() as i32, signal) };
        let status = s.child.wait().unwrap();
        let took = clock.elapsed();
        assert!(
            took.as_secs_f64() < 2.0,
            "signal {signal}: stopped after {took:?}"
        );
        assert_eq!(status.code(), Some(0), "{status:?}");
        client.join().unwrap();
    }
}

#[test]
fn oversized_requests_and_echoed_input_get_readable_one_line_errors() {
    // Issue 56, item 21.
    let s = Server::start(&[]);
    let long = format!("/api/count?board=6x6&x={}", "a".repeat(100_000));
    let many: Vec<String> = (0..20_000).map(|i| format!("p{i}=1")).collect();
    let many = format!("/api/count?board=6x6&{}", many.join("&"));
    for (path, want) in [(&long, 414), (&many, 414)] {
        let req = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr);
        let (status, ctype, body) = parse(&raw_request(&s.addr, req.as_bytes()));
        assert_eq!(status, want);
        assert_eq!(ctype, "application/json");
        let msg = error_of(&body);
        assert!(msg.contains("64 KiB") && msg.contains("short"), "{msg}");
    }
    // Headers just over the server's 64 KiB, and past hyper's buffer (which of the two
    // refuses the second depends on how its bytes arrive: the answer does not). The
    // connection is kept alive as a browser's is, so a request let through would hang
    // `raw_request` until its timeout.
    let big = "b".repeat(8000);
    for headers in [9, 60] {
        let mut req = format!("GET /api/count?board=4x4 HTTP/1.1\r\nHost: {}\r\n", s.addr);
        for i in 0..headers {
            req.push_str(&format!("X-Big-{i}: {big}\r\n"));
        }
        req.push_str("\r\n");
        let (status, ctype, body) = parse(&raw_request(&s.addr, req.as_bytes()));
        assert_eq!(status, 431, "{headers} headers");
        assert_eq!(ctype, "application/json");
        let msg = error_of(&body);
        assert!(
            msg.contains("headers are too large") && msg.contains("64 KiB"),
            "{msg}"
        );
    }
    // Headers under the limit are served.
    let mut req = format!(
        "GET /api/count?board=4x4 HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
        s.addr
    );
    for i in 0..7 {
        req.push_str(&format!("X-Big-{i}: {big}\r\n"));
    }
    req.push_str("\r\n");
    assert_eq!(parse(&raw_request(&s.addr, req.as_bytes())).0, 200);
    // Input echoed in a message: a right-to-left override is shown escaped.
    let (status, _, body) = s.get("/api/count?board=6%E2%80%AEx6");
    assert_eq!(status, 400);
    let msg = error_of(&body);
    assert!(
        msg.contains("'6\\u{202e}x6'") && !msg.contains('\u{202e}'),
        "{msg}"
    );
    // The advice for work the explorer does not force reads as one sentence.
    let (status, _, body) = s.get("/api/tours?board=12x12");
    assert_eq!(status, 422);
    let msg = error_of(&body);
    assert!(
        msg.contains("or run it with the CLI: `tourglyph list"),
        "{msg}"
    );
    assert!(!msg.contains("or the explorer will not"), "{msg}");
    // A style key's value TOML cannot read is the key's message, not TOML's.
    let (status, _, body) = s.get("/api/glyph.svg?board=4x4&id=0&width=2.");
    assert_eq!(status, 400);
    let msg = error_of(&body);
    assert!(
        msg.starts_with("width: ") && msg.contains("out of range"),
        "{msg}"
    );
    assert!(!msg.contains(":1:"), "{msg}");
    // Still up.
    assert_eq!(s.get("/api/count?board=4x4").0, 200);
}

/// Issue 56 items 6 and 18 in headless Chromium: the README's flagship word as a shape
/// (`/?shape_text=كوفي`), "2×2 blocks" ticked and Random pressed (no Show) draws a tour
/// as the API's `random=true` does; the Shape panel's labels sit above their boxes and
/// the buttons follow the panel on the left; counts are worded as the sheets word them.
#[test]
fn a_wide_shapes_random_tour_and_the_shape_panel_in_chromium() {
    let profile = tempfile::tempdir().unwrap();
    let Some(mut b) = Browser::on_a_blank_page(profile.path()) else {
        return;
    };
    let s = Server::start(&[]);
    let url = format!("http://{}/?shape_text=%D9%83%D9%88%D9%81%D9%8A", s.addr);
    b.call("Page.navigate", serde_json::json!({ "url": url }));
    b.wait("document.readyState", |v| v == "complete");
    // Tick 2×2 blocks, press Random: the glyph the API draws with random=true.
    b.eval("document.querySelector('input[name=blocks]').checked = true; document.getElementById('random').click(); 0");
    b.wait("document.getElementById('view').open", |v| v == true);
    b.wait(
        "(() => { const i = document.getElementById('view-img'); return i.complete && i.naturalWidth > 0; })()",
        |v| v == true,
    );
    let src = b.eval("document.getElementById('view-img').getAttribute('src')");
    let src = src.as_str().unwrap();
    assert!(
        src.contains("blocks=true") && src.contains("random=true"),
        "{src}"
    );
    let (status, ctype, svg) = s.get(src);
    assert_eq!((status, ctype.as_str()), (200, "image/svg+xml"));
    crate::common::svg_tree(&svg);
    let seed = src
        .rsplit("seed=")
        .next()
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    assert!(
        b.eval("location.search")
            .as_str()
            .unwrap()
            .contains(&format!("seed={seed}"))
    );
    if let Some(dir) = std::env::var_os("TOURGLYPH_SHOTS") {
        let shot = b.call(
            "Page.captureScreenshot",
            serde_json::json!({ "format": "png" }),
        );
        let png = base64_decode(shot["data"].as_str().unwrap());
        std::fs::write(
            std::path::Path::new(&dir).join("explorer-kufi-random.png"),
            png,
        )
        .unwrap();
    }
    // The panel: each label's words above its box, the buttons at the left under it.
    let box_of = |sel: &str| format!("document.querySelector('{sel}').getBoundingClientRect()");
    let words_above = b.eval(&format!(
        "{}.top - {}.top",
        box_of("#shape-box textarea"),
        box_of("#shape-box label")
    ));
    assert!(
        words_above.as_f64().unwrap() >= 10.0,
        "the Grid label's words above its box: the box {words_above} px below the label's top"
    );
    let show_left = b.eval(&format!("{}.left", box_of("button[type=submit]")));
    assert!(
        show_left.as_f64().unwrap() < 100.0,
        "Show at the left: {show_left}"
    );
    if let Some(dir) = std::env::var_os("TOURGLYPH_SHOTS") {
        let shot = b.call(
            "Page.captureScreenshot",
            serde_json::json!({ "format": "png" }),
        );
        let png = base64_decode(shot["data"].as_str().unwrap());
        std::fs::write(
            std::path::Path::new(&dir).join("explorer-shape-panel.png"),
            png,
        )
        .unwrap();
    }
    // Counts with thousands separators, nouns in the number they take.
    // (Null-safe: the page may be between documents while it navigates.)
    let status = "(document.getElementById('status') || {}).textContent || ''";
    let url = format!("http://{}/?board=6x6", s.addr);
    b.call("Page.navigate", serde_json::json!({ "url": url }));
    let line = b.wait(status, |v| v.as_str().is_some_and(|t| t.contains("tours")));
    assert_eq!(line, "1,072 closed rook tours of 6x6");
    let url = format!("http://{}/?shape_grid=%23%23%0A%23%23", s.addr);
    b.call("Page.navigate", serde_json::json!({ "url": url }));
    let line = b.wait(status, |v| v.as_str().is_some_and(|t| t.contains("tuple")));
    assert_eq!(
        line,
        "1 closed rook tour tuple of a shape of 4 cells in 2x2 (1 part: 1)"
    );
}
