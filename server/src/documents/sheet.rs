//! A page of text on A4, written with krilla: lines of text left or right aligned, bold
//! or not, and rules, flowing onto a new page at the bottom margin. The font (DejaVu
//! Sans) is subset and embedded, and every run of text carries its Unicode, so a reader
//! can select and copy it.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::Stroke;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

/// A4 in points.
const WIDTH: f32 = 595.28;
const HEIGHT: f32 = 841.89;
/// The margin on every side.
pub const MARGIN: f32 = 48.0;
/// Where text may end on the right.
pub const RIGHT: f32 = WIDTH - MARGIN;

/// One of the two weights.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// A run of text on a line: where it starts (or ends, when `right`), its size and weight.
pub struct Run<'a> {
    pub x: f32,
    pub text: &'a str,
    pub size: f32,
    pub weight: Weight,
    /// Aligned so it ends at `x`.
    pub right: bool,
}

impl<'a> Run<'a> {
    pub fn left(x: f32, text: &'a str, size: f32, weight: Weight) -> Self {
        Run {
            x,
            text,
            size,
            weight,
            right: false,
        }
    }

    pub fn right(x: f32, text: &'a str, size: f32, weight: Weight) -> Self {
        Run {
            x,
            text,
            size,
            weight,
            right: true,
        }
    }
}

/// Lines written from the top of the first page down.
pub struct Sheet {
    /// Each page's runs and rules, drawn when the document is finished.
    pages: Vec<Vec<Mark>>,
    /// The baseline of the next line.
    y: f32,
}

enum Mark {
    Text {
        x: f32,
        y: f32,
        text: String,
        size: f32,
        weight: Weight,
    },
    Rule {
        y: f32,
    },
}

impl Sheet {
    pub fn new() -> Self {
        Sheet {
            pages: vec![Vec::new()],
            y: MARGIN,
        }
    }

    /// One line of `runs`, `size` points tall plus a little leading; a new page first
    /// when it would not fit above the bottom margin.
    pub fn line(&mut self, runs: &[Run<'_>]) {
        let tallest = runs.iter().map(|r| r.size).fold(0.0, f32::max);
        let step = tallest * 1.45;
        if self.y + step > HEIGHT - MARGIN {
            self.pages.push(Vec::new());
            self.y = MARGIN;
        }
        self.y += step;
        let page = self.pages.last_mut().expect("a page");
        for run in runs {
            let x = if run.right {
                run.x - width(run.text, run.size, run.weight)
            } else {
                run.x
            };
            page.push(Mark::Text {
                x,
                y: self.y,
                text: run.text.to_string(),
                size: run.size,
                weight: run.weight,
            });
        }
    }

    /// Space of `points` before the next line.
    pub fn gap(&mut self, points: f32) {
        self.y += points;
    }

    /// A thin rule across the page, a little below the last line.
    pub fn rule(&mut self) {
        self.y += 5.0;
        let y = self.y;
        self.pages
            .last_mut()
            .expect("a page")
            .push(Mark::Rule { y });
        self.y += 2.0;
    }

    /// The PDF, titled `title`.
    pub fn finish(self, title: &str) -> Result<Vec<u8>, String> {
        let regular = font(Weight::Regular)?;
        let bold = font(Weight::Bold)?;
        let mut document = Document::new();
        document.set_metadata(Metadata::new().title(title.to_string()));
        for marks in &self.pages {
            let settings = PageSettings::from_wh(WIDTH, HEIGHT).ok_or("the page's size")?;
            let mut page = document.start_page_with(settings);
            let mut surface = page.surface();
            for mark in marks {
                match mark {
                    Mark::Text {
                        x,
                        y,
                        text,
                        size,
                        weight,
                    } => {
                        let font = match weight {
                            Weight::Regular => regular.clone(),
                            Weight::Bold => bold.clone(),
                        };
                        let at = Point::from_xy(*x, *y);
                        surface.draw_text(at, font, *size, text, false, TextDirection::Auto);
                    }
                    Mark::Rule { y } => {
                        let mut path = PathBuilder::new();
                        path.move_to(MARGIN, *y);
                        path.line_to(RIGHT, *y);
                        let Some(path) = path.finish() else { continue };
                        surface.set_stroke(Some(Stroke {
                            paint: rgb::Color::new(160, 160, 160).into(),
                            width: 0.5,
                            ..Stroke::default()
                        }));
                        surface.draw_path(&path);
                        surface.set_stroke(None);
                    }
                }
            }
            surface.finish();
            page.finish();
        }
        document.finish().map_err(|e| format!("{e:?}"))
    }
}

fn font_bytes(weight: Weight) -> &'static [u8] {
    match weight {
        Weight::Regular => dejavu::sans::regular(),
        Weight::Bold => dejavu::sans::bold(),
    }
}

fn font(weight: Weight) -> Result<Font, String> {
    Font::new(font_bytes(weight).into(), 0).ok_or_else(|| "the font could not be read".into())
}

/// How wide `text` is at `size` points: the sum of its characters' advances.
pub fn width(text: &str, size: f32, weight: Weight) -> f32 {
    let Ok(font) = FontRef::new(font_bytes(weight)) else {
        return 0.0;
    };
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
    text.chars()
        .filter_map(|c| charmap.map(c))
        .filter_map(|glyph| metrics.advance_width(glyph))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_measured_by_its_glyphs_and_wider_text_is_wider() {
        let one = width("1", 10.0, Weight::Regular);
        assert!(one > 4.0 && one < 8.0, "{one}");
        assert!((width("11", 10.0, Weight::Regular) - 2.0 * one).abs() < 0.01);
        assert!(width("₹1,234.50", 10.0, Weight::Bold) > width("₹1,234.50", 10.0, Weight::Regular));
    }

    #[test]
    fn a_long_sheet_flows_onto_more_pages_and_makes_a_pdf() {
        let mut sheet = Sheet::new();
        for n in 0..120 {
            let text = format!("Line {n}");
            sheet.line(&[Run::left(MARGIN, &text, 10.0, Weight::Regular)]);
        }
        assert!(sheet.pages.len() >= 3, "{}", sheet.pages.len());
        let pdf = sheet.finish("A test").unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
    }
}
