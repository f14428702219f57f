//! The fonts text is set in: the bundled Noto Sans (Latin, Greek, Cyrillic) and Noto Kufi
//! Arabic (`crates/draw/fonts/`, SIL Open Font License), with a user's TTF/OTF (`--font`,
//! style key `font`) in front of them as first choice.
//!
//! Fallback is per character, in list order: the first face whose `cmap` maps the
//! character draws it. A face is parsed once (its shaping tables cached in
//! [`harfrust::ShaperData`]); [`Fonts`] is shared behind an `Arc` by the layout, which
//! measures, and the backends, which draw.

use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};
use std::path::Path;
use std::sync::{Arc, OnceLock};
use tourglyph_core::{error::Error, error::Result};

/// Noto Sans Regular, from Debian's fonts-noto-core.
const NOTO_SANS: &[u8] = include_bytes!("../../fonts/NotoSans-Regular.ttf");
/// Noto Kufi Arabic Regular, from Debian's fonts-noto-core.
const NOTO_KUFI: &[u8] = include_bytes!("../../fonts/NotoKufiArabic-Regular.ttf");

/// The font data of a face: bundled (static) or read from a user's file.
#[derive(Clone)]
enum Data {
    Static(&'static [u8]),
    Owned(Arc<Vec<u8>>),
}

impl Data {
    fn bytes(&self) -> &[u8] {
        match self {
            Data::Static(b) => b,
            Data::Owned(v) => v,
        }
    }
}

/// One font face.
pub struct Face {
    data: Data,
    /// The family name (`name` table ID 1), as SVG's `font-family` names it.
    pub family: String,
    /// The PostScript name (`name` ID 6), without spaces, for PDF's `/BaseFont`.
    pub ps_name: String,
    /// Font units per em.
    pub upem: u16,
    /// Cached shaping tables.
    pub(crate) shaper: harfrust::ShaperData,
}

impl Face {
    fn new(data: Data, what: &str) -> Result<Face> {
        let font = skrifa::FontRef::new(data.bytes()).map_err(|e| {
            Error::usage(format!(
                "{what}: not a TrueType/OpenType font ({e}): give a .ttf or .otf file to --font"
            ))
        })?;
        let name = |id| {
            font.localized_strings(id)
                .english_or_first()
                .map(|s| s.to_string())
                .unwrap_or_default()
        };
        let family = name(skrifa::string::StringId::FAMILY_NAME);
        let ps: String = name(skrifa::string::StringId::POSTSCRIPT_NAME)
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        let upem = font
            .metrics(Size::unscaled(), LocationRef::default())
            .units_per_em
            .max(16);
        let shaper = harfrust::ShaperData::new(&font);
        Ok(Face {
            family: if family.is_empty() {
                "Font".into()
            } else {
                family
            },
            ps_name: if ps.is_empty() { "Font".into() } else { ps },
            upem,
            shaper,
            data,
        })
    }

    /// The face's font file.
    pub fn data(&self) -> &[u8] {
        self.data.bytes()
    }

    /// A parsed view of the face.
    pub fn font(&self) -> skrifa::FontRef<'_> {
        skrifa::FontRef::new(self.data.bytes()).expect("checked when the face was loaded")
    }

    /// The glyph of `c`, if the face has one.
    pub fn glyph(&self, c: char) -> Option<u16> {
        let g = self.font().charmap().map(c)?.to_u32();
        (g != 0).then_some(g as u16)
    }

    /// Advance width of glyph `gid` in font units.
    pub fn advance(&self, gid: u16) -> f32 {
        self.font()
            .glyph_metrics(Size::unscaled(), LocationRef::default())
            .advance_width(skrifa::GlyphId::new(u32::from(gid)))
            .unwrap_or(0.0)
    }
}

impl std::fmt::Debug for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Face({})", self.family)
    }
}

/// The ordered list of faces text falls back through.
#[derive(Debug)]
pub struct Fonts {
    /// The faces, first choice first.
    pub faces: Vec<Face>,
    /// True when the first face is a user's (`--font`).
    pub user: bool,
    pub(crate) cache: super::line::Cache,
}

impl Fonts {
    /// The bundled fonts alone (parsed once per process).
    pub fn bundled() -> Arc<Fonts> {
        static B: OnceLock<Arc<Fonts>> = OnceLock::new();
        B.get_or_init(|| {
            let faces = vec![
                Face::new(Data::Static(NOTO_SANS), "Noto Sans").expect("bundled font"),
                Face::new(Data::Static(NOTO_KUFI), "Noto Kufi Arabic").expect("bundled font"),
            ];
            Arc::new(Fonts {
                faces,
                user: false,
                cache: Default::default(),
            })
        })
        .clone()
    }

    /// The bundled fonts, behind the font file at `path` when one is given (exit 1 when it
    /// cannot be read, as any missing file; a usage error, exit 2, when it is not a font).
    pub fn with_user(path: Option<&Path>) -> Result<Arc<Fonts>> {
        let Some(path) = path else {
            return Ok(Fonts::bundled());
        };
        let bytes = std::fs::read(path).map_err(|e| {
            Error::runtime(format!(
                "--font {}: cannot read it ({e}): give the path of a .ttf or .otf file",
                path.display()
            ))
        })?;
        let user = Face::new(
            Data::Owned(Arc::new(bytes)),
            &format!("--font {}", path.display()),
        )?;
        let b = Fonts::bundled();
        let mut faces = vec![user];
        for f in &b.faces {
            faces.push(Face {
                data: f.data.clone(),
                family: f.family.clone(),
                ps_name: f.ps_name.clone(),
                upem: f.upem,
                shaper: harfrust::ShaperData::new(&f.font()),
            });
        }
        Ok(Arc::new(Fonts {
            faces,
            user: true,
            cache: Default::default(),
        }))
    }

    /// The first face that has a glyph for `c`.
    pub fn face_for(&self, c: char) -> Option<usize> {
        self.faces.iter().position(|f| f.glyph(c).is_some())
    }

    /// The CSS `font-family` list naming every face, first choice first, then
    /// `sans-serif`. Names are written unquoted, kept to letters, digits, spaces and
    /// hyphens (a valid CSS family name of identifiers).
    pub fn css_family(&self) -> String {
        self.css_family_from(0)
    }

    /// [`Fonts::css_family`] with face `first` named first.
    pub fn css_family_from(&self, first: usize) -> String {
        let mut s = String::new();
        let order = std::iter::once(first).chain((0..self.faces.len()).filter(|&i| i != first));
        for f in order.filter_map(|i| self.faces.get(i)) {
            let name: String = f
                .family
                .chars()
                .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-'))
                .collect();
            let name = name.trim();
            if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
                s.push_str(name);
                s.push_str(", ");
            }
        }
        s.push_str("sans-serif");
        s
    }

    /// The names of the faces, for messages.
    pub fn names(&self) -> String {
        self.faces
            .iter()
            .map(|f| f.family.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Load every face into a resvg font database (gallery previews).
    pub fn load_into(&self, db: &mut resvg::usvg::fontdb::Database) {
        for f in &self.faces {
            db.load_font_data(f.data().to_vec());
        }
    }
}
