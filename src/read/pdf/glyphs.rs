//! What one PDF page draws, as tickmark needs it: positioned glyphs and
//! straight ruling lines, in display space (points, origin at the top left
//! of the page as it is shown, `/Rotate` applied).
//!
//! Geometry is `f64`: positions on a page are measurements, not amounts.
//! Every amount read from the glyphs goes through [`crate::number`] as text.

use pdf_extract::{
    ColorSpace, MediaBox, OutputDev, OutputError, Path as PdfPath, PathOp, Transform,
};

/// One drawn character (or ligature) in display space.
#[derive(Debug, Clone, PartialEq)]
pub struct Glyph {
    /// Left edge.
    pub x0: f64,
    /// Right edge (left edge plus the advance width).
    pub x1: f64,
    /// Baseline, measured down from the top of the page.
    pub base: f64,
    /// Font size as drawn (points).
    pub size: f64,
    /// The Unicode text of the glyph (usually one character).
    pub text: String,
}

/// A straight ruling line, horizontal or vertical, in display space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rule {
    /// Left (or only) x.
    pub x0: f64,
    /// Top (or only) y.
    pub y0: f64,
    /// Right x (equal to `x0` for a vertical rule).
    pub x1: f64,
    /// Bottom y (equal to `y0` for a horizontal rule).
    pub y1: f64,
}

impl Rule {
    /// True for a horizontal rule.
    pub fn is_horizontal(&self) -> bool {
        (self.y1 - self.y0).abs() < f64::EPSILON
    }
}

/// Everything tickmark keeps of one page.
#[derive(Debug, Clone, Default)]
pub struct PageInk {
    /// Page width as displayed.
    pub width: f64,
    /// Page height as displayed.
    pub height: f64,
    /// Glyphs in drawing order.
    pub glyphs: Vec<Glyph>,
    /// Horizontal and vertical rules (strokes and thin filled rectangles).
    pub rules: Vec<Rule>,
    /// Glyphs whose baseline is not horizontal on the displayed page
    /// (rotated captions): kept out of tables and page text; counted so that
    /// a page of such text is not reported as having no text layer.
    pub rotated: usize,
}

/// Collects a page's ink through pdf-extract's [`OutputDev`].
pub(super) struct Collector {
    /// The page's `/Rotate`, normalised to 0, 90, 180 or 270.
    rotate: i64,
    media: MediaBox,
    pub(super) ink: PageInk,
    /// Stop collecting after this many glyphs (a page that loops).
    max_glyphs: usize,
    pub(super) overflowed: bool,
}

impl Collector {
    pub(super) fn new(rotate: i64, max_glyphs: usize) -> Self {
        Collector {
            rotate: rotate.rem_euclid(360) / 90 * 90,
            media: MediaBox {
                llx: 0.0,
                lly: 0.0,
                urx: 612.0,
                ury: 792.0,
            },
            ink: PageInk::default(),
            max_glyphs,
            overflowed: false,
        }
    }

    /// A point of user space to display space (x right, y down).
    fn display(&self, x: f64, y: f64) -> (f64, f64) {
        to_display(self.rotate, self.media, x, y)
    }

    fn add_segment(&mut self, a: (f64, f64), b: (f64, f64)) {
        const FLAT: f64 = 0.5;
        let (ax, ay) = a;
        let (bx, by) = b;
        if (ay - by).abs() <= FLAT && (ax - bx).abs() > FLAT {
            let y = (ay + by) / 2.0;
            self.ink.rules.push(Rule {
                x0: ax.min(bx),
                y0: y,
                x1: ax.max(bx),
                y1: y,
            });
        } else if (ax - bx).abs() <= FLAT && (ay - by).abs() > FLAT {
            let x = (ax + bx) / 2.0;
            self.ink.rules.push(Rule {
                x0: x,
                y0: ay.min(by),
                x1: x,
                y1: ay.max(by),
            });
        }
    }

    /// Straight edges of a path; `filled` rectangles count only when thin
    /// (a filled bar drawn as a rule), stroked ones by their four sides.
    fn add_path(&mut self, ctm: &Transform, path: &PdfPath, filled: bool) {
        if self.ink.rules.len() > self.max_glyphs {
            self.overflowed = true;
            return;
        }
        let (rotate, media) = (self.rotate, self.media);
        let to_display = |x: f64, y: f64| {
            let p = ctm.transform_point(euclid_point(x, y));
            to_display(rotate, media, p.x, p.y)
        };
        let mut start: Option<(f64, f64)> = None;
        let mut current: Option<(f64, f64)> = None;
        for op in &path.ops {
            match *op {
                PathOp::MoveTo(x, y) => {
                    let p = to_display(x, y);
                    start = Some(p);
                    current = Some(p);
                }
                PathOp::LineTo(x, y) => {
                    let p = to_display(x, y);
                    if let Some(c) = current
                        && !filled
                    {
                        self.add_segment(c, p);
                    }
                    current = Some(p);
                }
                PathOp::CurveTo(_, _, _, _, x, y) => current = Some(to_display(x, y)),
                PathOp::Rect(x, y, w, h) => {
                    let a = to_display(x, y);
                    let b = to_display(x + w, y + h);
                    let (left, right) = (a.0.min(b.0), a.0.max(b.0));
                    let (top, bottom) = (a.1.min(b.1), a.1.max(b.1));
                    const THIN: f64 = 2.0;
                    if filled {
                        if bottom - top <= THIN && right - left > THIN {
                            let y = (top + bottom) / 2.0;
                            self.add_segment((left, y), (right, y));
                        } else if right - left <= THIN && bottom - top > THIN {
                            let x = (left + right) / 2.0;
                            self.add_segment((x, top), (x, bottom));
                        }
                    } else {
                        self.add_segment((left, top), (right, top));
                        self.add_segment((left, bottom), (right, bottom));
                        self.add_segment((left, top), (left, bottom));
                        self.add_segment((right, top), (right, bottom));
                    }
                }
                PathOp::Close => {
                    if let (Some(c), Some(s)) = (current, start)
                        && !filled
                    {
                        self.add_segment(c, s);
                    }
                    current = start;
                }
            }
        }
    }
}

/// A point of user space to display space (x right, y down) on a page with
/// this media box, shown rotated clockwise by `rotate` degrees.
fn to_display(rotate: i64, media: MediaBox, x: f64, y: f64) -> (f64, f64) {
    let MediaBox { llx, lly, urx, ury } = media;
    match rotate {
        90 => (y - lly, x - llx),
        180 => (urx - x, y - lly),
        270 => (ury - y, urx - x),
        _ => (x - llx, ury - y),
    }
}

fn euclid_point(x: f64, y: f64) -> euclid::Point2D<f64, pdf_extract::Space> {
    euclid::Point2D::new(x, y)
}

fn euclid_vector(x: f64, y: f64) -> euclid::Vector2D<f64, pdf_extract::Space> {
    euclid::Vector2D::new(x, y)
}

impl OutputDev for Collector {
    fn begin_page(
        &mut self,
        _page_num: u32,
        media_box: &MediaBox,
        _art_box: Option<(f64, f64, f64, f64)>,
    ) -> Result<(), OutputError> {
        self.media = *media_box;
        let (w, h) = (
            (media_box.urx - media_box.llx).abs(),
            (media_box.ury - media_box.lly).abs(),
        );
        (self.ink.width, self.ink.height) = if self.rotate % 180 == 90 {
            (h, w)
        } else {
            (w, h)
        };
        Ok(())
    }

    fn end_page(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn output_character(
        &mut self,
        trm: &Transform,
        width: f64,
        _spacing: f64,
        font_size: f64,
        char: &str,
    ) -> Result<(), OutputError> {
        if self.ink.glyphs.len() >= self.max_glyphs {
            self.overflowed = true;
            return Ok(());
        }
        let origin = trm.transform_point(euclid_point(0.0, 0.0));
        let advance = trm.transform_vector(euclid_vector(width * font_size, 0.0));
        let up = trm.transform_vector(euclid_vector(0.0, font_size));
        let (x0, base) = self.display(origin.x, origin.y);
        let (ex, ey) = self.display(origin.x + advance.x, origin.y + advance.y);
        let size = (up.x * up.x + up.y * up.y).sqrt();
        if !(x0.is_finite() && base.is_finite() && size.is_finite()) {
            return Ok(());
        }
        // Text must run left to right on the displayed page to join a table.
        let (dx, dy) = (ex - x0, ey - base);
        if dy.abs() > dx.abs() * 0.2 && dy.abs() > 0.01 || dx < -0.01 {
            self.ink.rotated += 1;
            return Ok(());
        }
        self.ink.glyphs.push(Glyph {
            x0,
            x1: x0 + dx.max(0.0),
            base,
            size,
            text: char.to_string(),
        });
        Ok(())
    }

    fn begin_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn stroke(
        &mut self,
        ctm: &Transform,
        _colorspace: &ColorSpace,
        _color: &[f64],
        path: &PdfPath,
    ) -> Result<(), OutputError> {
        self.add_path(ctm, path, false);
        Ok(())
    }

    fn fill(
        &mut self,
        ctm: &Transform,
        _colorspace: &ColorSpace,
        _color: &[f64],
        path: &PdfPath,
    ) -> Result<(), OutputError> {
        self.add_path(ctm, path, true);
        Ok(())
    }
}
