//! The fonts text is set in: the bundled Noto Sans (Latin, Greek, Cyrillic) and Noto Kufi
//! Arabic (`crates/draw/fonts/`, SIL Open Font License), with a user's TTF/OTF (`--font`,
//! style key `font`) in front of them as first choice. A user's file may be a collection
//! (`.ttc`/`.otc`, as Debian ships its CJK fonts): `FILE#N` takes its face N, `FILE` its
//! first, and a character the face lacks is refused naming the faces of the collection
//! that have it.
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

impl std::fmt::Debug for Data {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Data({} bytes)", self.bytes().len())
    }
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
    /// The face's index in its file: N of a collection's `FILE#N`, 0 for a single font.
    pub index: u32,
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
    fn new(data: Data, index: u32, what: &str) -> Result<Face> {
        let font = skrifa::FontRef::from_index(data.bytes(), index).map_err(|e| {
            Error::usage(format!(
                "{what}: not a TrueType/OpenType font ({e}): give a .ttf, .otf or .ttc file to --font"
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
            index,
        })
    }

    /// The face's font file (a collection's whole file: the face is [`Face::index`]).
    pub fn data(&self) -> &[u8] {
        self.data.bytes()
    }

    /// A parsed view of the face.
    pub fn font(&self) -> skrifa::FontRef<'_> {
        skrifa::FontRef::from_index(self.data.bytes(), self.index)
            .expect("checked when the face was loaded")
    }

    /// True for a face with TrueType outlines (a `glyf` table), which PostScript's Type 42
    /// holds.
    pub fn is_truetype(&self) -> bool {
        self.font().table_data(skrifa::Tag::new(b"glyf")).is_some()
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
    /// The user's file when it is a collection: its other faces are named when a
    /// character is in none of the faces taken.
    collection: Option<Collection>,
    pub(crate) cache: super::line::Cache,
}

/// A user's font collection.
#[derive(Debug)]
struct Collection {
    /// The file, as the user named it without `#N`.
    file: String,
    /// The face taken.
    taken: u32,
    data: Data,
}

/// `FILE#N` as (FILE, N) when FILE is a file and `FILE#N` is not; else the path alone.
fn split_index(path: &Path) -> (std::borrow::Cow<'_, Path>, Option<u32>) {
    let s = path.to_string_lossy();
    if let Some((file, n)) = s.rsplit_once('#') {
        let digits = !n.is_empty() && n.len() <= 9 && n.bytes().all(|b| b.is_ascii_digit());
        if digits && !path.exists() && Path::new(file).exists() {
            return (Path::new(file).to_path_buf().into(), n.parse().ok());
        }
    }
    (path.into(), None)
}

/// The family name of each face of a collection, or `None` for a single font.
fn collection_families(data: &[u8]) -> Option<Vec<String>> {
    let skrifa::raw::FileRef::Collection(c) = skrifa::raw::FileRef::new(data).ok()? else {
        return None;
    };
    Some(
        c.iter()
            .map(|f| {
                f.ok()
                    .and_then(|f| {
                        f.localized_strings(skrifa::string::StringId::FAMILY_NAME)
                            .english_or_first()
                            .map(|s| s.to_string())
                    })
                    .unwrap_or_else(|| "?".into())
            })
            .collect(),
    )
}

impl Fonts {
    /// The bundled fonts alone (parsed once per process).
    pub fn bundled() -> Arc<Fonts> {
        static B: OnceLock<Arc<Fonts>> = OnceLock::new();
        B.get_or_init(|| {
            let faces = vec![
                Face::new(Data::Static(NOTO_SANS), 0, "Noto Sans").expect("bundled font"),
                Face::new(Data::Static(NOTO_KUFI), 0, "Noto Kufi Arabic").expect("bundled font"),
            ];
            Arc::new(Fonts {
                faces,
                user: false,
                collection: None,
                cache: Default::default(),
            })
        })
        .clone()
    }

    /// The bundled fonts, behind the font file at `path` when one is given (exit 1 when it
    /// cannot be read, as any missing file; a usage error, exit 2, when it is not a font).
    /// A collection's face N is `FILE#N` (its first face without `#N`).
    pub fn with_user(path: Option<&Path>) -> Result<Arc<Fonts>> {
        let Some(path) = path else {
            return Ok(Fonts::bundled());
        };
        let (file, index) = split_index(path);
        let bytes = std::fs::read(&file).map_err(|e| {
            Error::runtime(format!(
                "--font {}: cannot read it ({e}): give the path of a .ttf, .otf or .ttc file",
                path.display()
            ))
        })?;
        let families = collection_families(&bytes);
        let taken = index.unwrap_or(0);
        match &families {
            Some(names) if taken as usize >= names.len() => {
                let faces: Vec<String> = names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("#{i} {n}"))
                    .collect();
                return Err(Error::usage(format!(
                    "--font {}: the collection has {} faces ({}): give --font {}#N with one of them",
                    path.display(),
                    names.len(),
                    faces.join(", "),
                    file.display()
                )));
            }
            None if taken > 0 && skrifa::FontRef::new(&bytes).is_ok() => {
                return Err(Error::usage(format!(
                    "--font {}: {} is one font, not a collection of faces: drop #{taken}",
                    path.display(),
                    file.display()
                )));
            }
            _ => {}
        }
        let data = Data::Owned(Arc::new(bytes));
        let user = Face::new(data.clone(), taken, &format!("--font {}", path.display()))?;
        let collection = families.map(|_| Collection {
            file: file.display().to_string(),
            taken,
            data,
        });
        let b = Fonts::bundled();
        let mut faces = vec![user];
        for f in &b.faces {
            faces.push(Face {
                data: f.data.clone(),
                index: f.index,
                family: f.family.clone(),
                ps_name: f.ps_name.clone(),
                upem: f.upem,
                shaper: harfrust::ShaperData::new(&f.font()),
            });
        }
        Ok(Arc::new(Fonts {
            faces,
            user: true,
            collection,
            cache: Default::default(),
        }))
    }

    /// When the user's font is a collection, the faces of it other than the one taken that
    /// have a glyph for `c`, as `FILE#N` and family name, in order.
    pub fn collection_faces_with(&self, c: char) -> Vec<(String, String)> {
        let Some(col) = &self.collection else {
            return Vec::new();
        };
        let Ok(skrifa::raw::FileRef::Collection(all)) = skrifa::raw::FileRef::new(col.data.bytes())
        else {
            return Vec::new();
        };
        (0..all.len())
            .filter(|&i| i != col.taken)
            .filter_map(|i| {
                let f = all.get(i).ok()?;
                let g = f.charmap().map(c)?;
                (g.to_u32() != 0).then(|| {
                    let family = f
                        .localized_strings(skrifa::string::StringId::FAMILY_NAME)
                        .english_or_first()
                        .map(|s| s.to_string())
                        .unwrap_or_default();
                    (format!("{}#{i}", col.file), family)
                })
            })
            .collect()
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

    /// Load every face into a resvg font database (for a caller that has resvg lay out
    /// SVG text itself; tourglyph's own PNGs draw text as outlines).
    #[cfg(feature = "png")]
    pub fn load_into(&self, db: &mut resvg::usvg::fontdb::Database) {
        for f in &self.faces {
            db.load_font_data(f.data().to_vec());
        }
    }
}
