//! The one number formatter shared by every backend (one float formatter, so every format writes a number alike).
//!
//! Numbers are written with at most [`DECIMALS`] decimals, trailing zeros dropped, an
//! integer fast path, and never `-0`.
//!
//! Why three decimals: every backend writes lengths in millimetres (SVG user units, the
//! PostScript and PDF page matrices are set to mm) or in glyph cell units under a per-glyph
//! scale. Half of the last place is 0.0005 mm on the page — twenty times finer than the
//! dot pitch of a 2400 dpi imagesetter (10.6 µm) — and 0.0005 of a cell, which stays below
//! 21 µm (one 1200 dpi dot) for cells up to 42 mm, larger than any sheet draws them. Colour
//! components in 0…1 are off by at most 0.0005, an eighth of one 8-bit step. A fourth
//! decimal would only lengthen the files.

use std::fmt;

/// Decimals kept (see the module doc for the reason).
pub const DECIMALS: u32 = 3;
const SCALE: f64 = 1000.0;

/// Append `x` to `buf` (see the module doc). Non-finite values are written as `0`.
pub fn push(buf: &mut impl NumBuffer, x: f64) {
    // Integer fast path: exact small integers, the common case for glyph coordinates.
    if x.fract() == 0.0 && x.abs() < 1e15 {
        let i = x as i64;
        push_int(buf, i);
        return;
    }
    if !x.is_finite() {
        buf.byte(b'0');
        return;
    }
    let r = (x * SCALE).round();
    if r.abs() >= 9e15 {
        // Far beyond any page; keep it integral.
        push_int(buf, x.round() as i64);
        return;
    }
    let r = r as i64;
    if r == 0 {
        // Never "-0".
        buf.byte(b'0');
        return;
    }
    if r < 0 {
        buf.byte(b'-');
    }
    let a = r.unsigned_abs();
    let int = a / SCALE as u64;
    let mut frac = a % SCALE as u64;
    push_int(buf, int as i64);
    if frac != 0 {
        buf.byte(b'.');
        let mut digits = DECIMALS;
        while frac % 10 == 0 {
            frac /= 10;
            digits -= 1;
        }
        // `frac` below 10^digits, written with exactly `digits` digits (leading zeros).
        let mut tmp = [b'0'; DECIMALS as usize];
        for k in (0..digits as usize).rev() {
            tmp[k] = b'0' + (frac % 10) as u8;
            frac /= 10;
        }
        buf.bytes(&tmp[..digits as usize]);
    }
}

/// Decimal digits of an integer (never "-0": integers have no negative zero).
fn push_int(buf: &mut impl NumBuffer, i: i64) {
    if (0..10).contains(&i) {
        buf.byte(b'0' + i as u8);
        return;
    }
    if i < 0 {
        buf.byte(b'-');
    }
    let mut a = i.unsigned_abs();
    let mut tmp = [0u8; 20];
    let mut k = tmp.len();
    while a > 0 {
        k -= 1;
        tmp[k] = b'0' + (a % 10) as u8;
        a /= 10;
    }
    buf.bytes(&tmp[k..]);
}

/// `x` formatted as by [`push`], for use with `format!` and `write!`.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // On the stack: a number is formatted millions of times on a big sheet.
        let mut b = Digits::default();
        push(&mut b, self.0);
        // Only ASCII digits, '-', '.' were written.
        f.write_str(std::str::from_utf8(b.as_bytes()).unwrap_or("0"))
    }
}

/// The bytes of one formatted number, on the stack (a number [`push`] writes is at most
/// 21 bytes: a sign, 16 integer digits below 9e15, a point and three decimals).
#[derive(Default)]
pub(crate) struct Digits {
    buf: [u8; 32],
    len: usize,
}

impl Digits {
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Where [`push`] writes: a growing buffer, or a number's bytes on the stack.
pub trait NumBuffer {
    /// Append one byte.
    fn byte(&mut self, b: u8);
    /// Append bytes.
    fn bytes(&mut self, b: &[u8]);
}

impl NumBuffer for Vec<u8> {
    fn byte(&mut self, b: u8) {
        self.push(b);
    }
    fn bytes(&mut self, b: &[u8]) {
        self.extend_from_slice(b);
    }
}

impl NumBuffer for Digits {
    fn byte(&mut self, b: u8) {
        self.bytes(&[b]);
    }
    fn bytes(&mut self, b: &[u8]) {
        // Never more than 21 bytes (see the type's doc); a longer write is cut, not a panic.
        let n = b.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&b[..n]);
        self.len += n;
    }
}

/// `x` formatted as by [`push`], as a `String`.
pub fn fmt(x: f64) -> String {
    Num(x).to_string()
}

#[cfg(test)]
mod tests {
    use super::fmt;

    #[test]
    fn formats() {
        assert_eq!(fmt(0.0), "0");
        assert_eq!(fmt(-0.0), "0");
        assert_eq!(fmt(-0.0001), "0");
        assert_eq!(fmt(12.0), "12");
        assert_eq!(fmt(-7.0), "-7");
        assert_eq!(fmt(0.5), "0.5");
        assert_eq!(fmt(-0.25), "-0.25");
        assert_eq!(fmt(2.834645669), "2.835");
        assert_eq!(fmt(1.0005), "1.001");
        assert_eq!(fmt(0.05), "0.05");
        assert_eq!(fmt(0.001), "0.001");
        assert_eq!(fmt(-1.9996), "-2");
        assert_eq!(fmt(210.0000001), "210");
        assert_eq!(fmt(f64::NAN), "0");
        assert_eq!(fmt(123456.5), "123456.5");
        assert_eq!(fmt(-1234567.0), "-1234567");
        assert_eq!(fmt(10.0), "10");
        assert_eq!(fmt(-9.0), "-9");
    }

    #[test]
    fn round_trips_within_half_a_place() {
        for i in -5000..5000 {
            let x = i as f64 * 0.0137;
            let back: f64 = fmt(x).parse().unwrap();
            assert!((back - x).abs() <= 0.0005 + 1e-12, "{x} -> {}", fmt(x));
            assert!(
                !fmt(x).starts_with("-0") || fmt(x).starts_with("-0."),
                "{x}"
            );
        }
    }
}
