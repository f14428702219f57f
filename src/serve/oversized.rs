//! Requests too large for the HTTP parser: hyper answers a request line over 64 KiB with
//! 414 and a head over its buffer with 431 itself, with an empty body, before any route
//! sees them (its limits are fixed). [`Listener`] wraps each connection so that those two
//! answers, the last of their connection, go out with the one-line JSON error every other
//! answer has, saying the limit and the fix.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// The message of a 431, whether hyper's buffer or [`super::options::MAX_HEADERS`] refused
/// the headers (a head over hyper's buffer is over both).
pub const HEADERS_TOO_LARGE: &str = "the request's headers are too large (the server takes up to 64 KiB of them): send fewer or shorter headers";

/// The TCP listener whose connections are [`Conn`]s.
pub struct Listener(pub TcpListener);

impl axum::serve::Listener for Listener {
    type Io = Conn;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        // axum's own accept loop for TCP (it waits out errors such as too many files).
        let (io, addr) = axum::serve::Listener::accept(&mut self.0).await;
        (
            Conn {
                io,
                pending: Vec::new(),
            },
            addr,
        )
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

/// A connection whose empty 414 and 431 answers are given a body.
pub struct Conn {
    io: TcpStream,
    /// Bytes of a rewritten answer not yet written.
    pending: Vec<u8>,
}

/// The answer that replaces hyper's for the head `written` starts with, if it is one of
/// the two it answers itself.
fn replacement(written: &[u8]) -> Option<Vec<u8>> {
    let (status, msg) = if written.starts_with(b"HTTP/1.1 414 ") {
        (
            "414 URI Too Long",
            "the request's address is too long (the server reads up to 64 KiB of it): the API's queries are short; give each parameter once, with short values",
        )
    } else if written.starts_with(b"HTTP/1.1 431 ") {
        ("431 Request Header Fields Too Large", HEADERS_TOO_LARGE)
    } else {
        return None;
    };
    // Only hyper's own answer, whose body is empty (a route never answers these).
    let head_end = written.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&written[..head_end]).to_ascii_lowercase();
    if !head.contains("content-length: 0") {
        return None;
    }
    let body = serde_json::json!({ "error": msg }).to_string();
    Some(
        format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    )
}

impl Conn {
    /// Write what is pending; ready when nothing is.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &self.pending))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.pending.drain(..n);
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for Conn {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.drain(cx))?;
        if let Some(answer) = replacement(buf) {
            // Taken whole: hyper closes the connection after it.
            self.pending = answer;
            let _ = self.drain(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}
