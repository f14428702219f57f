//! Advance widths of the standard Helvetica font, for centring captions in PDF (where the
//! viewer, not the writer, lays out text). SVG anchors text itself and PostScript measures
//! with `stringwidth`.
//!
//! Widths in 1/1000 em for the printable ASCII characters 32…126, from Adobe's published
//! Helvetica font metrics (AFM), with WinAnsi's glyphs for `'` (quotesingle) and `` ` ``
//! (grave), the encoding the PDF backend declares.

const WIDTHS: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278,
    278, // ' '…'/'
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // '0'…'9'
    278, 278, 584, 584, 584, 556, 1015, // ':'…'@'
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, // 'A'…'M'
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // 'N'…'Z'
    278, 278, 278, 469, 556, 333, // '['…'`'
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, // 'a'…'m'
    556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // 'n'…'z'
    334, 260, 334, 584, // '{'…'~'
];

/// Width of `text` set in Helvetica at `size` (any unit: the result is in the same unit).
/// Characters outside printable ASCII count as `?`, which the backends print instead.
pub fn width(text: &str, size: f64) -> f64 {
    let units: u32 = text
        .chars()
        .map(|c| {
            let i = if (' '..='~').contains(&c) {
                c as usize - 32
            } else {
                '?' as usize - 32
            };
            u32::from(WIDTHS[i])
        })
        .sum();
    f64::from(units) * size / 1000.0
}

/// `text` with everything outside printable ASCII replaced by `?` (the standard fonts'
/// encodings agree only on ASCII).
pub fn ascii(text: &str) -> String {
    text.chars()
        .map(|c| if (' '..='~').contains(&c) { c } else { '?' })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn widths() {
        assert_eq!(super::width("0123456789", 10.0), 55.6);
        assert_eq!(super::width("", 10.0), 0.0);
        assert!(super::width("W", 1.0) > super::width("i", 1.0));
        assert_eq!(super::ascii("6×6 é"), "6?6 ?");
    }
}
