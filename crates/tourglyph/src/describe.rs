//! What a set of tours is called, in words: the one place sheet footers and SVG
//! descriptions get their wording, so they agree with each other and with the titles the
//! README writes ("The 1,072 closed rook tours of 6×6").
//!
//! One typographic convention: numbers with thousands separators (`1,072`), boards with
//! a multiplication sign (`6×6`), ranges with an en dash (`100–111`), clauses apart with
//! an em dash (` — `). A selection says what is drawn out of what ("tours 100–111 of the
//! 1,072 closed rook tours of 6×6", "64 of the … sampled (seed 1)"), and the set keeps
//! its whole description (open, non-crossing, symmetric, classes, torus, piece).

use tourglyph_core::Board;
use tourglyph_core::LeapGraph;
use tourglyph_engine::select::Query;
use tourglyph_engine::symmetric_tours::Symmetry;

/// A whole number with thousands separators: `1,072`.
pub fn number(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` things, the noun in the number it takes: `1 page`, `2 pages`, `1,072 tours` (`one`
/// and `many` are the noun's singular and plural). The one plural rule of the words.
pub fn count(n: u128, one: &str, many: &str) -> String {
    format!("{} {}", number(n), if n == 1 { one } else { many })
}

/// A board as titles write it: `6×6`.
pub fn board(b: Board) -> String {
    let (r, c) = (b.rows, b.cols);
    format!("{r}×{c}")
}

/// The clause separator: an em dash between spaces.
pub const DASH: &str = " — ";

/// A set of tours: which tours of which board, and the filters that pick some of them.
#[derive(Clone, Debug, PartialEq)]
pub struct TourSet {
    /// The piece's name (`rook`, `king`, `knight`, …).
    pub piece: String,
    /// The board.
    pub board: Board,
    /// On the torus.
    pub torus: bool,
    /// Closed tours (else open).
    pub closed: bool,
    /// How many tours of the board and kind there are, when known.
    pub total: Option<u128>,
    /// Only class representatives.
    pub classes: bool,
    /// Only tours whose drawing does not cross itself.
    pub non_crossing: bool,
    /// Only tours this symmetry fixes.
    pub symmetry: Option<Symmetry>,
}

/// Which of a set's tours a sheet holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Selection {
    /// All of them.
    All,
    /// Tour IDs `start..end` (half-open), perhaps at most `limit` of the selected ones.
    Range(u128, u128, Option<u64>),
    /// The first `limit` selected.
    First(u64),
    /// Drawn uniformly at random with this seed.
    Sample(u64),
}

impl TourSet {
    /// "closed rook tours of 6×6", "open knight tours of the 5×5 torus".
    pub fn noun(&self) -> String {
        let kind = if self.closed { "closed" } else { "open" };
        let on = if self.torus {
            format!("the {} torus", board(self.board))
        } else {
            board(self.board)
        };
        format!("{kind} {} tours of {on}", self.piece)
    }

    /// "the 1,072 closed rook tours of 6×6" ("the closed rook tours of 6×6" when the
    /// total is unknown).
    pub fn all(&self) -> String {
        match self.total {
            Some(t) => format!("the {} {}", number(t), self.noun()),
            None => format!("the {}", self.noun()),
        }
    }

    /// The set itself, without its total: "the closed rook tours of the 4×4 torus",
    /// "the rot180-symmetric tours of the closed rook tours of 6×6".
    pub fn set(&self) -> String {
        let filt = self.filtered();
        if filt.is_empty() {
            format!("the {}", self.noun())
        } else {
            format!("the {filt} of the {}", self.noun())
        }
    }

    /// The filters as a noun, "" for none: "non-crossing rot90-symmetric tours",
    /// "symmetry classes".
    fn filtered(&self) -> String {
        let mut words = vec![];
        if self.non_crossing {
            words.push("non-crossing".to_string());
        }
        if let Some(s) = self.symmetry {
            words.push(format!("{}-symmetric", s.word()));
        }
        if self.classes {
            words.push("symmetry classes".to_string());
        } else if !words.is_empty() {
            words.push("tours".to_string());
        }
        words.join(" ")
    }

    /// What `count` tours picked from this set by `sel` are: "tours 100–111 of the 1,072
    /// closed rook tours of 6×6", "64 of the 1,072 … of 6×6, sampled (seed 1)", "the 149
    /// symmetry classes of the 1,072 …", "the 3 non-crossing tours of the 2,830 closed
    /// king tours of 4×4".
    pub fn selected(&self, count: u64, sel: &Selection) -> String {
        let n = number(u128::from(count));
        let of = self.all();
        let filt = self.filtered();
        let sp = if filt.is_empty() {
            String::new()
        } else {
            format!(" {filt}")
        };
        match sel {
            Selection::All if filt.is_empty() => format!("the {n} {}", self.noun()),
            Selection::All => format!("the {n}{} of {of}", sp),
            Selection::Range(a, b, limit) => {
                let ids = match b.saturating_sub(*a) {
                    0 => format!("no IDs ({a}–{a})"),
                    1 => format!("tour {a}"),
                    _ => format!("tours {}–{}", number(*a), number(b - 1)),
                };
                match (filt.is_empty(), limit) {
                    (true, None) => format!("{ids} of {of}"),
                    (true, Some(_)) => format!("the first {n} of {ids} of {of}"),
                    (false, None) => format!("the {n} {filt} among {ids} of {of}"),
                    (false, Some(_)) => format!("the first {n} {filt} among {ids} of {of}"),
                }
            }
            Selection::First(_) => format!("the first {n}{} of {of}", sp),
            Selection::Sample(seed) => {
                format!("{n}{} of {of}, sampled (seed {seed})", sp)
            }
        }
    }
}

/// What `count` tours selected by `q` (and `sample`, the seed of a random selection) out
/// of the `total` tours of `g` are : "tours 100–111 of the 1,072
/// closed rook tours of 6×6". The sheet's footer and the font specimen's title.
pub fn describe_selection(
    g: &LeapGraph,
    q: &Query,
    closed: bool,
    (count, total, sample): (u64, Option<u128>, Option<u64>),
) -> String {
    let set = TourSet {
        piece: g.piece().to_string(),
        board: g.board(),
        torus: g.topology().is_torus(),
        closed,
        total,
        classes: q.classes,
        non_crossing: q.non_crossing,
        symmetry: q.symmetry,
    };
    let sel = match (sample, &q.range, q.limit) {
        (Some(seed), _, _) => Selection::Sample(seed),
        (None, Some(r), limit) => Selection::Range(r.start, r.end, limit),
        (None, None, Some(k)) => Selection::First(k),
        (None, None, None) => Selection::All,
    };
    set.selected(count, &sel)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn six(total: Option<u128>) -> TourSet {
        TourSet {
            piece: "rook".into(),
            board: Board::new(6, 6),
            torus: false,
            closed: true,
            total,
            classes: false,
            non_crossing: false,
            symmetry: None,
        }
    }

    #[test]
    fn counts_take_the_noun_in_their_number() {
        assert_eq!(count(1, "page", "pages"), "1 page");
        assert_eq!(count(0, "page", "pages"), "0 pages");
        assert_eq!(count(1072, "glyph", "glyphs"), "1,072 glyphs");
    }

    #[test]
    fn numbers_and_boards_as_titles_write_them() {
        assert_eq!(number(0), "0");
        assert_eq!(number(999), "999");
        assert_eq!(number(1072), "1,072");
        assert_eq!(number(1_234_567), "1,234,567");
        assert_eq!(board(Board::new(4, 12)), "4×12");
    }

    #[test]
    fn selections_say_what_out_of_what() {
        let s = six(Some(1072));
        assert_eq!(
            s.selected(1072, &Selection::All),
            "the 1,072 closed rook tours of 6×6"
        );
        assert_eq!(
            s.selected(12, &Selection::Range(100, 112, None)),
            "tours 100–111 of the 1,072 closed rook tours of 6×6"
        );
        assert_eq!(
            s.selected(64, &Selection::Sample(3)),
            "64 of the 1,072 closed rook tours of 6×6, sampled (seed 3)"
        );
        assert_eq!(
            s.selected(5, &Selection::First(5)),
            "the first 5 of the 1,072 closed rook tours of 6×6"
        );
        let classes = TourSet {
            classes: true,
            ..six(Some(1072))
        };
        assert_eq!(
            classes.selected(149, &Selection::All),
            "the 149 symmetry classes of the 1,072 closed rook tours of 6×6"
        );
        let king = TourSet {
            piece: "king".into(),
            board: Board::new(4, 4),
            total: Some(2830),
            non_crossing: true,
            ..six(None)
        };
        assert_eq!(
            king.selected(3, &Selection::Range(0, 100, None)),
            "the 3 non-crossing tours among tours 0–99 of the 2,830 closed king tours of 4×4"
        );
        let torus = TourSet {
            torus: true,
            closed: false,
            symmetry: Some(Symmetry::Rot180),
            ..six(None)
        };
        assert_eq!(
            torus.selected(2, &Selection::All),
            "the 2 rot180-symmetric tours of the open rook tours of the 6×6 torus"
        );
    }
}
