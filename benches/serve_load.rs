//! Load test of `tourglyph serve` (issue 17): N glyph requests over C keep-alive
//! connections to a running server; prints how many answered 200, p50/p99 latency and
//! requests per second. Run by `benches/serve.sh`, which starts the server and reports
//! its peak memory; by hand:
//!
//!   TOURGLYPH_URL=127.0.0.1:8421 cargo bench --bench serve_load -- [REQUESTS] [CONNECTIONS]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// One GET on a keep-alive connection: status and body length.
fn get(r: &mut BufReader<TcpStream>, host: &str, path: &str) -> (u16, usize) {
    write!(r.get_mut(), "GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").expect("send");
    let mut line = String::new();
    r.read_line(&mut line).expect("status line");
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut len = 0;
    loop {
        line.clear();
        r.read_line(&mut line).expect("header");
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                len = v.trim().parse().expect("length");
            }
        }
    }
    let mut body = vec![0; len];
    r.read_exact(&mut body).expect("body");
    (status, len)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let total: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let conns: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(32);
    let Ok(host) = std::env::var("TOURGLYPH_URL") else {
        eprintln!(
            "serve_load: set TOURGLYPH_URL=HOST:PORT of a running `tourglyph serve` (benches/serve.sh does)"
        );
        return;
    };
    let start = Instant::now();
    let workers: Vec<_> = (0..conns)
        .map(|c| {
            let host = host.clone();
            std::thread::spawn(move || {
                let mut r = BufReader::new(TcpStream::connect(&host).expect("connect"));
                let mut out = Vec::new();
                for i in (c..total).step_by(conns) {
                    // All 1,072 closed rook tours of 6x6 in turn, in two styles.
                    let style = if i % 2 == 0 { "kufic" } else { "line" };
                    let path = format!("/api/glyph.svg?board=6x6&style={style}&id={}", i % 1072);
                    let t = Instant::now();
                    let (status, len) = get(&mut r, &host, &path);
                    out.push((t.elapsed(), status, len));
                }
                out
            })
        })
        .collect();
    let mut all: Vec<(Duration, u16, usize)> = workers
        .into_iter()
        .flat_map(|w| w.join().expect("worker"))
        .collect();
    let wall = start.elapsed();
    let ok = all
        .iter()
        .filter(|(_, s, len)| *s == 200 && *len > 0)
        .count();
    all.sort_by_key(|(d, _, _)| *d);
    let pct = |p: f64| all[((all.len() as f64 * p).ceil() as usize).clamp(1, all.len()) - 1].0;
    println!("requests      {} over {conns} connections", all.len());
    println!("200 answers   {ok}");
    println!("p50 latency   {:.2} ms", pct(0.50).as_secs_f64() * 1e3);
    println!("p99 latency   {:.2} ms", pct(0.99).as_secs_f64() * 1e3);
    println!(
        "throughput    {:.0} requests/s ({:.2} s)",
        all.len() as f64 / wall.as_secs_f64(),
        wall.as_secs_f64()
    );
    if ok != all.len() {
        std::process::exit(1);
    }
}
