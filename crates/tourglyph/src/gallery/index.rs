//! The galleries' `index.html`: one section per manifest, in manifest order. A rendered
//! gallery shows its title, its page-1 preview and a link to each file; a failed one
//! shows its title (or its manifest's file name when the manifest could not be read) and
//! the one-line error that `gallery` also printed on stderr, so a failure is seen where
//! the galleries are looked at.

/// The page template (`templates/gallery-index.html`); `{{ITEMS}}` is replaced by the
/// sections.
const TEMPLATE: &str = include_str!("../../../../templates/gallery-index.html");

/// One manifest's entry in the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexEntry {
    /// A gallery rendered in all its formats.
    Done {
        /// The manifest's title.
        title: String,
        /// The preview PNG's file name.
        preview: String,
        /// Each output file's name and size in bytes, in the manifest's format order.
        files: Vec<(String, u64)>,
    },
    /// A gallery that failed: nothing of it is linked.
    Failed {
        /// The manifest's title, or its file name when it could not be read.
        heading: String,
        /// The error, one line.
        error: String,
    },
}

/// The index page.
pub fn html(entries: &[IndexEntry]) -> String {
    let mut items = String::new();
    for e in entries {
        match e {
            IndexEntry::Done {
                title,
                preview,
                files,
            } => {
                let t = html_escape(title);
                let p = html_escape(preview);
                items.push_str(&format!(
                    "<section>\n<h2>{t}</h2>\n<a href=\"{p}\"><img src=\"{p}\" width=\"400\" alt=\"{t}, page 1\"></a>\n<ul>\n"
                ));
                for (f, size) in files {
                    let f = html_escape(f);
                    items.push_str(&format!(
                        "<li><a href=\"{f}\">{f}</a> ({size} bytes)</li>\n"
                    ));
                }
                items.push_str("</ul>\n</section>\n");
            }
            IndexEntry::Failed { heading, error } => {
                items.push_str(&format!(
                    "<section class=\"failed\">\n<h2>{}</h2>\n<p class=\"error\">failed: {}</p>\n</section>\n",
                    html_escape(heading),
                    html_escape(error)
                ));
            }
        }
    }
    TEMPLATE.replace("{{ITEMS}}", &items)
}

/// Escape text for HTML element content and attribute values.
pub fn html_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_gallery_is_listed_with_its_escaped_error() {
        let page = html(&[
            IndexEntry::Done {
                title: "A & B".into(),
                preview: "a.png".into(),
                files: vec![("a.pdf".into(), 10)],
            },
            IndexEntry::Failed {
                heading: "b<x>.toml".into(),
                error: "b.toml:4: key 'style': unknown style \"<kuffic>\"".into(),
            },
        ]);
        assert!(page.contains("<h2>A &amp; B</h2>"), "{page}");
        assert!(
            page.contains("<a href=\"a.pdf\">a.pdf</a> (10 bytes)"),
            "{page}"
        );
        let failed = page
            .find("<section class=\"failed\">")
            .expect("failed section");
        assert!(failed > page.find("a.pdf").unwrap(), "manifest order kept");
        assert!(
            page.contains(
                "<h2>b&lt;x&gt;.toml</h2>\n<p class=\"error\">failed: b.toml:4: key &#39;style&#39;: unknown style &quot;&lt;kuffic&gt;&quot;</p>"
            ),
            "{page}"
        );
        assert!(!page.contains("{{ITEMS}}"));
    }
}
