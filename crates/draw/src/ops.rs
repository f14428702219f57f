//! The path operators PDF and PostScript share, written once: both are postfix languages
//! with the same `m l c h` vocabulary here (the PostScript prolog defines `m l c h` as
//! `moveto lineto curveto closepath`), so each writer only says where its bytes go.

use super::num;

/// A content buffer that takes postfix operators.
pub trait PathOps {
    /// The buffer the operators append to.
    fn buf(&mut self) -> &mut Vec<u8>;

    /// One number and a separating space, through the shared formatter.
    fn num(&mut self, x: f64) {
        let b = self.buf();
        num::push(b, x);
        b.push(b' ');
    }

    /// An operator and a newline.
    fn op(&mut self, op: &str) {
        let b = self.buf();
        b.extend_from_slice(op.as_bytes());
        b.push(b'\n');
    }

    /// `m`: begin a subpath at (x, y) (PostScript `moveto`).
    fn m(&mut self, x: f64, y: f64) {
        self.num(x);
        self.num(y);
        self.op("m");
    }

    /// `l`: straight line to (x, y) (PostScript `lineto`).
    fn l(&mut self, x: f64, y: f64) {
        self.num(x);
        self.num(y);
        self.op("l");
    }

    /// `c`: cubic Bézier to (x, y) (PostScript `curveto`).
    fn c(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, x: f64, y: f64) {
        for v in [x1, y1, x2, y2, x, y] {
            self.num(v);
        }
        self.op("c");
    }

    /// `h`: close the subpath (PostScript `closepath`).
    fn h(&mut self) {
        self.op("h");
    }
}
