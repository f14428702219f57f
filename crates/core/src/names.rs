//! "Did you mean …?": the one place a mistyped name finds its nearest valid name
//! (styles, pieces, formats, page sizes, symmetries, style and gallery keys, server
//! parameters, …), scored as clap scores a mistyped flag, so every front door suggests
//! alike.

/// How alike a word and a name must be to suggest the name: a Jaro similarity above
/// this, clap's threshold for its own suggestions.
const ALIKE: f64 = 0.7;

/// The name among `names` most like `word` (Jaro similarity, [`strsim::jaro`], compared
/// without case), if any is alike enough; the first of equals.
pub fn nearest<'a, I>(word: &str, names: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let word = word.trim().to_ascii_lowercase();
    let mut best: Option<(f64, &str)> = None;
    for name in names {
        let score = strsim::jaro(&word, &name.to_ascii_lowercase());
        if score > ALIKE && best.is_none_or(|(b, _)| score > b) {
            best = Some((score, name));
        }
    }
    best.map(|(_, name)| name)
}

/// `" (did you mean 'NAME'?)"` for the nearest name to `word` among `names`, or `""`:
/// to put after the word in a refusal.
pub fn did_you_mean<'a, I>(word: &str, names: I) -> String
where
    I: IntoIterator<Item = &'a str>,
{
    nearest(word, names).map_or(String::new(), |n| format!(" (did you mean '{n}'?)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_name_or_none() {
        let styles = ["line", "kufic", "diagram", "plotter-bold"];
        assert_eq!(nearest("kufik", styles), Some("kufic"));
        assert_eq!(nearest("KUFIK", styles), Some("kufic"));
        assert_eq!(nearest("diagarm", styles), Some("diagram"));
        assert_eq!(nearest("zzz", styles), None);
        assert_eq!(
            did_you_mean("stroke_widht", ["stroke", "stroke_width", "fill"]),
            " (did you mean 'stroke_width'?)"
        );
        assert_eq!(did_you_mean("qqq", ["stroke"]), "");
    }
}
