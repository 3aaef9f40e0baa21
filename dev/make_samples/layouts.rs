//! The PDF layout fixtures of `tests/fixtures/pdf_layouts/`: one small
//! statement per way real 10-K and 10-Q PDFs were misread (issue 14), each
//! laid out as the filings that showed it print it, with fictional figures.
//!
//! ```text
//! cargo run --example make_samples -- --pdf-layouts tests/fixtures/pdf_layouts
//! ```
//!
//! | file | what it reproduces |
//! |---|---|
//! | `long_unit_line.pdf` | a unit line longer than half the page ("(In millions, except number of shares, which are reflected in thousands, and per-share amounts)") |
//! | `wrapped_labels.pdf` | labels wrapped over two and three lines, one line longer than half the page, a continuation starting with a digit, a caption centred on the page |
//! | `spanning_stub.pdf` | "Years ended" centred over the middle one of three date columns; "Three Months Ended" and "Nine Months Ended" over two columns each; "Three months ended March 31," in the label column beside segment names, the years below |
//! | `repeated_glyphs.pdf` | a CID font whose `/W` gives widths as ranges (as Chromium writes them): "Goodwill", "113,240", "$2.66"; and a fake-bold line drawn twice |
//! | `date_stub_years.pdf` | "June 30," in the label column with the years on the same line |
//! | `label_numbers.pdf` | amounts inside labels, set with loose (justified) word spacing |
//! | `exhibit_index.pdf` | a statement page, then an exhibit index (form names, exhibit numbers, filing dates) |
//! | `appended.pdf` | two whole PDFs written one after the other |
//! | `group_rules.pdf` | segment names and years printed narrower than the column groups they head, each resting on a rule across its group (drawn with `m l B`, as JPMorgan's 10-Q draws them, and as thin filled bars, as 3M's 10-K does); a heading word stacked over its column's heading ("Operating" over "Income (Loss)"); a "% of Total" column printing "%" on its first and total rows only; "Year ended December 31, 2022" alone over a table, on a rule across its columns |
//! | `mdna_units.pdf` | an MD&A page's units said outside the tables' unit lines: a heading "Revenue (dollars in millions)" over a paragraph of prose and then two tables; a segment table whose rows say "Sales (millions)"; a reconciliation whose header stub breaks its unit clause over two lines ("(Dollars in millions, except" / "per share amounts)") and heads its last column "Per Diluted Share" |
//! | `notes_tables.pdf` | a note's two tables: the unit at the end of the sentence above the first, a year alone over the column headings, captions with footnote marks, a footnote under the table, the second table without a unit line |
//!
//! Every file is deterministic: no dates, no /ID.

use std::path::Path;

use anyhow::{Context, Result};

use super::{BODY, Canvas, Face, MARGIN, PAGE_H, PAGE_W, PdfPage, TITLE, pdf_bytes, text_width};

/// Distance between baselines.
const LEAD: f64 = 12.0;

/// A page being laid out top to bottom, with value columns right-aligned at
/// `rights`, each `width` wide.
struct Sheet {
    canvas: Canvas,
    y: f64,
    rights: Vec<f64>,
    width: f64,
}

impl Sheet {
    fn new(rights: &[f64], width: f64) -> Sheet {
        Sheet {
            canvas: Canvas::default(),
            y: PAGE_H - MARGIN - TITLE,
            rights: rights.to_vec(),
            width,
        }
    }

    fn down(&mut self, by: f64) {
        self.y -= by;
    }

    /// A line centred on the page.
    fn centred(&mut self, face: Face, size: f64, text: &str) -> Result<()> {
        self.canvas
            .text_centred((MARGIN, PAGE_W - MARGIN), self.y, face, size, text)?;
        self.down(size + 3.0);
        Ok(())
    }

    /// The left and right edge of value column `i`.
    fn column(&self, i: usize) -> Result<(f64, f64)> {
        let right = *self.rights.get(i).context("no such column")?;
        Ok((right - self.width, right))
    }

    /// Headings, each centred over the columns `first..=last` it names.
    fn heads(&mut self, heads: &[(usize, usize, &str)]) -> Result<()> {
        for &(first, last, text) in heads {
            let (left, _) = self.column(first)?;
            let (_, right) = self.column(last)?;
            self.canvas
                .text_centred((left, right), self.y, Face::Bold, BODY, text)?;
        }
        self.down(LEAD);
        Ok(())
    }

    /// A heading phrase at an explicit left edge (a stub in the label column).
    fn text_at(&mut self, x: f64, face: Face, text: &str) -> Result<()> {
        self.canvas.text(x, self.y, face, BODY, text)
    }

    /// A row: its label at `indent` points from the margin, amounts
    /// right-aligned in their columns (`$` set apart at the column's left).
    fn row(&mut self, indent: f64, label: &str, values: &[&str]) -> Result<()> {
        self.canvas
            .text(MARGIN + indent, self.y, Face::Regular, BODY, label)?;
        for (i, value) in values.iter().enumerate() {
            let (left, right) = self.column(i)?;
            let amount = match value.strip_prefix('$') {
                Some(rest) => {
                    self.canvas
                        .text(left - 8.0, self.y, Face::Regular, BODY, "$")?;
                    rest
                }
                None => value,
            };
            if !amount.is_empty() {
                self.canvas
                    .text_right(right, self.y, Face::Regular, BODY, amount)?;
            }
        }
        self.down(LEAD);
        Ok(())
    }

    /// A label alone (a caption, or the first part of a wrapped label).
    fn label(&mut self, indent: f64, text: &str) -> Result<()> {
        self.row(indent, text, &[])
    }

    /// A rule under the heading line just laid out, across the columns
    /// `first..=last` of each group (reaching `past` points beyond them):
    /// a line painted with `B` (fill and stroke), or a thin filled bar.
    fn underline(&mut self, groups: &[(usize, usize)], past: f64, bar: bool) -> Result<()> {
        let y = self.y + LEAD - 2.5;
        for &(first, last) in groups {
            let (left, _) = self.column(first)?;
            let (_, right) = self.column(last)?;
            let (x0, x1) = (left - past, right + past);
            self.canvas.raw(&if bar {
                format!("{x0} {} {} 0.6 re f", y - 0.3, x1 - x0)
            } else {
                format!("{x0} {y} m {x1} {y} l B")
            });
        }
        Ok(())
    }

    fn page(self) -> PdfPage {
        PdfPage::of(self.canvas)
    }
}

/// Writes every layout fixture into `dir`.
pub(super) fn write_layouts(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    let w = |name: &str, bytes: Vec<u8>| -> Result<()> {
        std::fs::write(dir.join(name), bytes).with_context(|| format!("writing {name}"))
    };
    w("long_unit_line.pdf", long_unit_line()?)?;
    w("wrapped_labels.pdf", wrapped_labels()?)?;
    w("spanning_stub.pdf", spanning_stub()?)?;
    w("repeated_glyphs.pdf", repeated_glyphs()?)?;
    w("date_stub_years.pdf", date_stub_years()?)?;
    w("label_numbers.pdf", label_numbers()?)?;
    w("exhibit_index.pdf", exhibit_index()?)?;
    w("appended.pdf", appended()?)?;
    w("notes_tables.pdf", notes_tables()?)?;
    w("group_rules.pdf", group_rules()?)?;
    w("mdna_units.pdf", mdna_units()?)?;
    Ok(())
}

/// Units an MD&A page says outside its tables' unit lines (Adobe's and 3M's
/// 10-Ks): a heading over prose and two tables, row labels that carry their
/// scale, a stub that breaks its unit clause over two lines.
fn mdna_units() -> Result<Vec<u8>> {
    let mut s = Sheet::new(&THREE, 56.0);
    s.text_at(MARGIN, Face::Bold, "Revenue (dollars in millions)")?;
    s.down(LEAD + 4.0);
    s.text_at(
        MARGIN,
        Face::Regular,
        "Revenue for fiscal 2024 benefited from an extra week in the first quarter, as fiscal 2024 was a",
    )?;
    s.down(LEAD);
    s.text_at(
        MARGIN,
        Face::Regular,
        "53-week year compared with fiscal 2023.",
    )?;
    s.down(LEAD + 6.0);
    s.heads(&[(0, 0, "Fiscal"), (1, 1, "Fiscal"), (2, 2, "% Change")])?;
    s.heads(&[(0, 0, "2024"), (1, 1, "2023"), (2, 2, "2024-2023")])?;
    s.row(0.0, "Subscription", &["$4,410.2", "$3,975.6", "11%"])?;
    s.row(0.0, "Product", &["612.9", "688.4", "(11)%"])?;
    s.row(0.0, "Total revenue", &["$5,023.1", "$4,664.0", "8%"])?;
    s.down(LEAD);
    s.text_at(
        MARGIN,
        Face::Regular,
        "Subscription revenue by segment for fiscal 2024 and 2023 is as follows:",
    )?;
    s.down(LEAD + 6.0);
    s.heads(&[(0, 0, "Fiscal"), (1, 1, "Fiscal"), (2, 2, "% Change")])?;
    s.heads(&[(0, 0, "2024"), (1, 1, "2023"), (2, 2, "2024-2023")])?;
    s.row(0.0, "Media", &["$3,120.4", "$2,840.1", "10%"])?;
    s.row(0.0, "Marketing", &["1,289.8", "1,135.5", "14%"])?;
    s.row(
        0.0,
        "Total subscription revenue",
        &["$4,410.2", "$3,975.6", "11%"],
    )?;
    let page1 = s.page();

    let mut s = Sheet::new(&THREE, 56.0);
    s.text_at(
        MARGIN,
        Face::Bold,
        "Industrial Business (37.4% of consolidated sales):",
    )?;
    s.down(LEAD + 6.0);
    s.heads(&[(0, 0, "2024"), (1, 1, "2023"), (2, 2, "2022")])?;
    s.row(0.0, "Sales (millions)", &["$12,267", "$11,866", "$11,217"])?;
    s.row(
        0.0,
        "Operating income (millions)",
        &["$2,737", "$2,490", "$2,528"],
    )?;
    s.row(2.0, "Percent of sales", &["22.3%", "21.0%", "22.5%"])?;
    s.down(LEAD * 2.0);
    s.text_at(MARGIN, Face::Regular, "Adjusted earnings per share")?;
    s.down(LEAD);
    s.text_at(MARGIN, Face::Regular, "(non-GAAP measures)")?;
    s.heads(&[(2, 2, "Earnings")])?;
    s.text_at(MARGIN, Face::Regular, "(Dollars in millions, except")?;
    s.heads(&[(0, 0, "Net"), (1, 1, "Net Income"), (2, 2, "Per Diluted")])?;
    s.text_at(MARGIN, Face::Regular, "per share amounts)")?;
    s.heads(&[(0, 0, "Sales"), (1, 1, "Attributable"), (2, 2, "Share")])?;
    s.row(0.0, "Full Year 2024 GAAP", &["$32,765", "$5,349", "$8.89"])?;
    s.row(2.0, "Adjustment for TCJA", &["\u{2014}", "(41)", "(0.07)"])?;
    s.row(
        0.0,
        "Full Year 2024 Adjusted",
        &["$32,765", "$5,308", "$8.82"],
    )?;
    pdf_bytes("Harbor Tools", vec![page1, s.page()], false)
}

/// Two value columns at the right margin.
const TWO: [f64; 2] = [486.0, 558.0];
/// Three value columns at the right margin.
const THREE: [f64; 3] = [414.0, 486.0, 558.0];

/// Pattern 1: the unit line is longer than half the page.
fn long_unit_line() -> Result<Vec<u8>> {
    let mut s = Sheet::new(&TWO, 56.0);
    s.centred(Face::Bold, TITLE, "Fennel Networks, Inc.")?;
    s.centred(Face::Bold, TITLE, "CONSOLIDATED STATEMENTS OF OPERATIONS")?;
    s.centred(
        Face::Regular,
        TITLE,
        "(In millions, except number of shares, which are reflected in thousands, and per-share amounts)",
    )?;
    s.down(6.0);
    s.heads(&[(0, 1, "Year Ended December 31,")])?;
    s.heads(&[(0, 0, "2023"), (1, 1, "2022")])?;
    s.row(0.0, "Revenue", &["$13,000", "$11,139"])?;
    s.row(0.0, "Cost of revenue", &["7,424", "6,341"])?;
    s.row(0.0, "Gross profit", &["5,576", "4,798"])?;
    s.row(0.0, "Operating expenses", &["3,910", "3,602"])?;
    s.row(0.0, "Net income", &["$1,666", "$1,196"])?;
    s.row(0.0, "Net income per share:", &[])?;
    s.row(10.0, "Basic", &["$0.83", "$0.60"])?;
    s.row(10.0, "Diluted", &["$0.81", "$0.59"])?;
    s.row(
        0.0,
        "Weighted-average shares used to compute net income per share:",
        &[],
    )?;
    s.row(10.0, "Basic", &["2,007,230", "1,993,300"])?;
    s.row(10.0, "Diluted", &["2,056,790", "2,027,120"])?;
    pdf_bytes("Fennel Networks", vec![s.page()], false)
}

/// Pattern 2: labels wrapped over lines, one longer than half the page;
/// a caption centred on the page between two parts of a balance sheet.
fn wrapped_labels() -> Result<Vec<u8>> {
    let mut s = Sheet::new(&TWO, 56.0);
    s.centred(Face::Bold, TITLE, "Garnet Motors, Inc.")?;
    s.centred(Face::Bold, TITLE, "Consolidated Balance Sheets")?;
    s.centred(Face::Regular, BODY, "(in millions, except per share data)")?;
    s.down(6.0);
    s.heads(&[(0, 0, "December 31,"), (1, 1, "December 31,")])?;
    s.heads(&[(0, 0, "2023"), (1, 1, "2022")])?;
    s.centred(Face::Regular, BODY, "Assets")?;
    s.row(0.0, "Cash and cash equivalents", &["$16,398", "$16,253"])?;
    s.row(0.0, "Accounts receivable, net", &["2,952", "2,923"])?;
    s.row(0.0, "Total assets", &["$106,618", "$82,338"])?;
    s.centred(Face::Regular, BODY, "Liabilities and Equity")?;
    s.row(0.0, "Accounts payable", &["$14,431", "$15,255"])?;
    s.row(0.0, "Total liabilities", &["43,009", "36,440"])?;
    s.row(0.0, "Stockholders' equity:", &[])?;
    s.label(
        10.0,
        "Preferred stock; $0.001 par value; 100 shares authorized; no shares issued and",
    )?;
    s.row(20.0, "outstanding", &["\u{2014}", "\u{2014}"])?;
    s.label(
        10.0,
        "Common stock; $0.001 par value; 6,000 shares authorized; 3,185 and 3,164 shares",
    )?;
    s.row(
        20.0,
        "issued and outstanding as of December 31, 2023 and 2022",
        &["3", "3"],
    )?;
    s.row(10.0, "Additional paid-in capital", &["34,892", "32,177"])?;
    s.label(
        10.0,
        "Redeemable noncontrolling interests and noncontrolling interests",
    )?;
    s.label(20.0, "in subsidiaries of the company held by")?;
    s.row(20.0, "third parties", &["733", "785"])?;
    s.row(10.0, "Total stockholders' equity", &["63,609", "45,898"])?;
    s.row(
        0.0,
        "Total liabilities and equity",
        &["$106,618", "$82,338"],
    )?;
    let balance = s.page();

    let mut s = Sheet::new(&THREE, 56.0);
    s.centred(Face::Bold, TITLE, "Garnet Motors, Inc.")?;
    s.centred(Face::Bold, TITLE, "Consolidated Statements of Operations")?;
    s.centred(Face::Regular, BODY, "(in millions, except per share data)")?;
    s.down(6.0);
    s.heads(&[(0, 2, "Year Ended December 31,")])?;
    s.heads(&[(0, 0, "2023"), (1, 1, "2022"), (2, 2, "2021")])?;
    s.row(0.0, "Total revenues", &["$96,773", "$81,462", "$53,823"])?;
    s.row(0.0, "Net income", &["15,001", "12,587", "5,644"])?;
    s.label(
        0.0,
        "Less: Net income attributable to noncontrolling interests and redeemable",
    )?;
    s.row(
        10.0,
        "noncontrolling interests in subsidiaries",
        &["23", "31", "125"],
    )?;
    s.row(
        0.0,
        "Net income attributable to common stockholders",
        &["$14,978", "$12,556", "$5,519"],
    )?;
    s.row(0.0, "Net income per share of common stock", &[])?;
    s.row(10.0, "Basic", &["$4.73", "$4.02", "$1.87"])?;
    s.row(10.0, "Diluted", &["$4.30", "$3.62", "$1.63"])?;
    pdf_bytes("Garnet Motors", vec![balance, s.page()], false)
}

/// Pattern 3: a period stub over only some of the columns it heads.
fn spanning_stub() -> Result<Vec<u8>> {
    let mut s = Sheet::new(&THREE, 60.0);
    s.centred(Face::Bold, TITLE, "Hazel Devices Inc.")?;
    s.centred(Face::Bold, TITLE, "CONSOLIDATED STATEMENTS OF OPERATIONS")?;
    s.centred(
        Face::Regular,
        BODY,
        "(In millions, except per share amounts)",
    )?;
    s.down(6.0);
    // Centred over the middle column only, as Apple prints it.
    s.heads(&[(1, 1, "Years ended")])?;
    s.heads(&[
        (0, 0, "September 30,"),
        (1, 1, "September 24,"),
        (2, 2, "September 25,"),
    ])?;
    s.heads(&[(0, 0, "2023"), (1, 1, "2022"), (2, 2, "2021")])?;
    s.row(0.0, "Net sales", &["$383,285", "$394,328", "$365,817"])?;
    s.row(0.0, "Cost of sales", &["214,137", "223,546", "212,981"])?;
    s.row(0.0, "Gross margin", &["169,148", "170,782", "152,836"])?;
    s.row(0.0, "Net income", &["$96,995", "$99,803", "$94,680"])?;
    let annual = s.page();

    let mut s = Sheet::new(&[342.0, 414.0, 486.0, 558.0], 60.0);
    s.centred(Face::Bold, TITLE, "Hazel Devices Inc.")?;
    s.centred(
        Face::Bold,
        TITLE,
        "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)",
    )?;
    s.centred(Face::Regular, BODY, "(In millions)")?;
    s.down(6.0);
    s.heads(&[(0, 1, "Three Months Ended"), (2, 3, "Nine Months Ended")])?;
    s.heads(&[
        (0, 0, "June 29,"),
        (1, 1, "June 30,"),
        (2, 2, "June 29,"),
        (3, 3, "June 30,"),
    ])?;
    s.heads(&[
        (0, 0, "2024"),
        (1, 1, "2023"),
        (2, 2, "2024"),
        (3, 3, "2023"),
    ])?;
    s.row(
        0.0,
        "Net sales",
        &["$85,777", "$81,797", "$296,105", "$282,905"],
    )?;
    s.row(
        0.0,
        "Net income",
        &["$21,448", "$19,881", "$79,000", "$74,039"],
    )?;
    let quarterly = s.page();

    // A segment table: the period stub in the label column, beside the
    // segments' names; the years below.
    let mut s = Sheet::new(&[342.0, 414.0, 486.0, 558.0], 60.0);
    s.centred(
        Face::Bold,
        TITLE,
        "Hazel Devices Inc. \u{2013} Segment results",
    )?;
    s.down(6.0);
    s.text_at(MARGIN, Face::Bold, "Three months ended March 31,")?;
    s.heads(&[(0, 1, "Devices"), (2, 3, "Services")])?;
    s.text_at(MARGIN, Face::Regular, "(in millions)")?;
    s.heads(&[
        (0, 0, "2024"),
        (1, 1, "2023"),
        (2, 2, "2024"),
        (3, 3, "2023"),
    ])?;
    s.row(
        0.0,
        "Total net revenue",
        &["$4,077", "$3,389", "$(473)", "$166"],
    )?;
    s.row(
        0.0,
        "Net income/(loss)",
        &["1,244", "669", "(580)", "(125)"],
    )?;
    pdf_bytes("Hazel Devices", vec![annual, quarterly, s.page()], false)
}

/// Headings narrower than the column groups they head, each on a rule
/// across its group (the rules say which columns a heading heads).
fn group_rules() -> Result<Vec<u8>> {
    // JPMorgan's segment table: three groups of "2021 | 2020 | Change",
    // the group's name short and centred, its rule drawn with `B`.
    let rights = [
        222.0, 264.0, 306.0, 360.0, 402.0, 444.0, 498.0, 540.0, 582.0,
    ];
    let mut s = Sheet::new(&rights, 34.0);
    s.centred(Face::Bold, TITLE, "Hazel Bancorp \u{2013} Segment results")?;
    s.down(6.0);
    s.text_at(MARGIN, Face::Bold, "Three months ended March 31,")?;
    s.heads(&[(0, 2, "Retail"), (3, 5, "Corporate"), (6, 8, "Total")])?;
    s.underline(&[(0, 2), (3, 5), (6, 8)], 4.0, false)?;
    s.text_at(MARGIN, Face::Regular, "(in millions)")?;
    let heads: Vec<(usize, usize, &str)> = ["2021", "2020", "Change"]
        .iter()
        .cycle()
        .take(9)
        .enumerate()
        .map(|(i, year)| (i, i, *year))
        .collect();
    s.heads(&heads)?;
    s.row(
        0.0,
        "Total net revenue",
        &[
            "4,077", "3,389", "20%", "(473)", "166", "NM", "3,604", "3,555", "1%",
        ],
    )?;
    s.row(
        0.0,
        "Net income/(loss)",
        &[
            "1,244", "669", "86", "(580)", "(125)", "NM", "664", "544", "22",
        ],
    )?;
    let segments = s.page();

    // 3M's segment table: the years over three and two columns on thin
    // filled bars; "Operating" stacked over "Income (Loss)"; "% of Total"
    // printing "%" on the first and the total row only. Below it, a table
    // whose period is a line alone over all its columns, on a rule.
    let rights = [200.0, 250.0, 300.0, 350.0, 400.0, 450.0, 500.0, 550.0];
    let mut s = Sheet::new(&rights, 44.0);
    s.centred(
        Face::Bold,
        TITLE,
        "Hazel Industrial \u{2013} Business segments",
    )?;
    s.down(6.0);
    s.heads(&[(0, 2, "2022"), (3, 5, "2021"), (6, 7, "% change")])?;
    s.underline(&[(0, 2), (3, 5), (6, 7)], 4.0, true)?;
    s.heads(&[
        (2, 2, "Operating"),
        (5, 5, "Operating"),
        (7, 7, "Operating"),
    ])?;
    s.text_at(MARGIN, Face::Regular, "(Dollars in millions)")?;
    s.heads(&[
        (0, 0, "Net Sales"),
        (1, 1, "% of Total"),
        (2, 2, "Income"),
        (3, 3, "Net Sales"),
        (4, 4, "% of Total"),
        (5, 5, "Income"),
        (6, 6, "Net Sales"),
        (7, 7, "Income"),
    ])?;
    s.row(
        0.0,
        "Safety",
        &[
            "11,604", "33.9%", "1,199", "11,981", "33.9%", "2,466", "(3.2)%", "(51.4)%",
        ],
    )?;
    s.row(
        0.0,
        "Consumer",
        &[
            "5,298", "15.5", "994", "5,513", "15.6", "1,162", "(3.9)", "(14.4)",
        ],
    )?;
    s.row(
        0.0,
        "Total Company",
        &[
            "34,229", "100.0%", "6,539", "35,355", "100.0%", "7,369", "(3.2)%", "(11.3)%",
        ],
    )?;
    s.down(18.0);
    let rights = [250.0, 325.0, 400.0, 475.0, 550.0];
    let mut t = Sheet {
        canvas: s.canvas,
        y: s.y,
        rights: rights.to_vec(),
        width: 60.0,
    };
    t.heads(&[(0, 4, "Year ended December 31, 2022")])?;
    t.underline(&[(0, 4)], 4.0, true)?;
    t.text_at(MARGIN, Face::Regular, "By Business Segment")?;
    t.heads(&[
        (0, 0, "Organic sales"),
        (1, 1, "Acquisitions"),
        (2, 2, "Divestitures"),
        (3, 3, "Translation"),
        (4, 4, "Total change"),
    ])?;
    t.row(
        0.0,
        "Safety",
        &["1.0%", "\u{2014}%", "\u{2014}%", "(4.2)%", "(3.2)%"],
    )?;
    t.row(
        0.0,
        "Consumer",
        &["(0.9)", "\u{2014}", "(0.4)", "(2.6)", "(3.9)"],
    )?;
    pdf_bytes("Hazel Group", vec![segments, t.page()], false)
}

/// Pattern 5: the date stub and the years on one line.
fn date_stub_years() -> Result<Vec<u8>> {
    let mut s = Sheet::new(&TWO, 56.0);
    s.centred(Face::Bold, TITLE, "BALANCE SHEETS")?;
    s.centred(Face::Regular, BODY, "(In millions)")?;
    s.down(6.0);
    s.text_at(MARGIN, Face::Bold, "June 30,")?;
    s.heads(&[(0, 0, "2016"), (1, 1, "2015")])?;
    s.row(0.0, "Assets", &[])?;
    s.row(0.0, "Current assets:", &[])?;
    s.row(10.0, "Cash and cash equivalents", &["$6,510", "$5,595"])?;
    s.row(10.0, "Short-term investments", &["106,730", "90,931"])?;
    s.row(
        20.0,
        "Total cash, cash equivalents, and short-term investments",
        &["113,240", "96,526"],
    )?;
    s.row(10.0, "Accounts receivable, net", &["18,277", "17,908"])?;
    s.row(20.0, "Total current assets", &["139,660", "122,797"])?;
    s.row(0.0, "Total assets", &["$193,694", "$174,472"])?;
    pdf_bytes("Balance sheets", vec![s.page()], false)
}

/// Pattern 6: amounts inside labels, the words set loosely.
fn label_numbers() -> Result<Vec<u8>> {
    let mut s = Sheet::new(&TWO, 56.0);
    s.centred(Face::Bold, TITLE, "BALANCE SHEETS")?;
    s.centred(Face::Regular, BODY, "(In millions)")?;
    s.down(6.0);
    s.heads(&[(0, 0, "June 30, 2016"), (1, 1, "June 30, 2015")])?;
    s.row(0.0, "Current assets:", &[])?;
    s.row(10.0, "Cash and cash equivalents", &["$6,510", "$5,595"])?;
    loose(
        &mut s,
        10.0,
        &[
            "Short-term",
            "investments",
            "(including",
            "securities",
            "loaned",
            "of",
            "$204",
            "and",
            "$75)",
        ],
        &["106,730", "90,931"],
    )?;
    s.row(10.0, "Total current assets", &["139,660", "122,797"])?;
    s.row(0.0, "Stockholders' equity:", &[])?;
    loose(
        &mut s,
        10.0,
        &[
            "Common",
            "stock",
            "\u{2013}",
            "shares",
            "authorized",
            "24,000;",
            "outstanding",
            "7,808",
            "and",
            "7,708",
        ],
        &["68,178", "68,465"],
    )?;
    s.row(10.0, "Retained earnings", &["2,282", "9,096"])?;
    s.row(10.0, "Total stockholders' equity", &["71,997", "80,083"])?;
    pdf_bytes("Balance sheets", vec![s.page()], false)
}

/// A row whose label words are set with gaps of a font size and a bit
/// (justified text), each word drawn on its own.
fn loose(s: &mut Sheet, indent: f64, words: &[&str], values: &[&str]) -> Result<()> {
    let mut x = MARGIN + indent;
    for word in words {
        s.canvas.text(x, s.y, Face::Regular, BODY, word)?;
        x += text_width(word, Face::Regular, BODY)? + 1.1 * BODY;
    }
    s.row(indent, "", values)
}

/// Pattern 7: a statement page, then an exhibit index.
fn exhibit_index() -> Result<Vec<u8>> {
    let mut s = Sheet::new(&TWO, 56.0);
    s.centred(Face::Bold, TITLE, "Iris Foods Corp.")?;
    s.centred(Face::Bold, TITLE, "Consolidated Statements of Income")?;
    s.centred(Face::Regular, BODY, "(in millions)")?;
    s.down(6.0);
    s.heads(&[(0, 1, "Year Ended December 31,")])?;
    s.heads(&[(0, 0, "2023"), (1, 1, "2022")])?;
    s.row(0.0, "Net sales", &["$8,140", "$7,992"])?;
    s.row(0.0, "Net income", &["$612", "$580"])?;
    let statement = s.page();

    let mut c = Canvas::default();
    let mut y = PAGE_H - MARGIN - TITLE;
    let cols = [MARGIN, 100.0, 400.0, 450.0, 500.0];
    c.text_centred(
        (400.0, 558.0),
        y,
        Face::Bold,
        BODY,
        "Incorporated by Reference",
    )?;
    y -= LEAD;
    for (x, head) in cols.iter().zip(["Exhibit", "", "", "", "Filing Date/"]) {
        c.text(*x, y, Face::Bold, BODY, head)?;
    }
    y -= LEAD;
    for (x, head) in cols.iter().zip([
        "Number",
        "Exhibit Description",
        "Form",
        "Exhibit",
        "Period End Date",
    ]) {
        c.text(*x, y, Face::Bold, BODY, head)?;
    }
    y -= LEAD;
    let entries = [
        [
            "3.1",
            "Restated Articles of Incorporation of the Registrant.",
            "8-K",
            "3.1",
            "8/7/20",
        ],
        [
            "3.2",
            "Amended and Restated Bylaws of the Registrant.",
            "8-K",
            "3.2",
            "8/19/22",
        ],
        [
            "4.2B",
            "Indenture between the Registrant and the Trustee.",
            "S-3",
            "4.1",
            "4/29/13",
        ],
        [
            "10.1*",
            "Employee Stock Purchase Plan, as amended.",
            "10-Q",
            "10.1",
            "12/25/21",
        ],
        [
            "10.2*",
            "Form of Restricted Stock Unit Award Agreement.",
            "10-K",
            "10.20",
            "9/30/17",
        ],
        [
            "31.1**",
            "Rule 13a-14(a) / 15d-14(a) Certification of the Chief Executive Officer.",
            "",
            "",
            "",
        ],
        [
            "101.INS**",
            "Inline XBRL Document Set for the financial statements.",
            "",
            "",
            "",
        ],
    ];
    for entry in entries {
        for (x, text) in cols.iter().zip(entry) {
            if !text.is_empty() {
                c.text(*x, y, Face::Regular, BODY, text)?;
            }
        }
        y -= LEAD;
    }
    pdf_bytes("Iris Foods", vec![statement, PdfPage::of(c)], false)
}

/// Pattern 8: two whole PDFs, one after the other in one file.
fn appended() -> Result<Vec<u8>> {
    let part = |name: &str, revenue: &str, income: &str| -> Result<Vec<u8>> {
        let mut s = Sheet::new(&TWO, 56.0);
        s.centred(Face::Bold, TITLE, name)?;
        s.centred(Face::Bold, TITLE, "Consolidated Statements of Income")?;
        s.centred(Face::Regular, BODY, "(in thousands)")?;
        s.down(6.0);
        s.heads(&[(0, 1, "Year Ended December 31,")])?;
        s.heads(&[(0, 0, "2023"), (1, 1, "2022")])?;
        s.row(0.0, "Revenue", &[revenue, "$1,000"])?;
        s.row(0.0, "Net income", &[income, "$100"])?;
        pdf_bytes(name, vec![s.page()], false)
    };
    let mut out = part("Juniper Holdings", "$1,200", "$120")?;
    out.extend(part("Juniper Holdings (amended)", "$1,250", "$125")?);
    Ok(out)
}

/// A note's tables as 10-K notes print them (Apple's securities note).
fn notes_tables() -> Result<Vec<u8>> {
    let rights = [300.0, 365.0, 430.0, 495.0, 558.0];
    let mut s = Sheet::new(&rights, 52.0);
    s.text_at(MARGIN, Face::Bold, "Note 3 \u{2013} Financial Instruments")?;
    s.down(LEAD);
    s.text_at(
        MARGIN,
        Face::Regular,
        "The following tables show the Company's cash, cash equivalents and marketable securities as of June 29,",
    )?;
    s.down(LEAD);
    s.text_at(MARGIN, Face::Regular, "2024,")?;
    s.text_at(
        MARGIN + 24.0,
        Face::Regular,
        "and June 24, 2023 (in millions):",
    )?;
    s.down(LEAD + 4.0);
    for (year, rows) in [
        (
            "2024",
            [
                [
                    "Cash",
                    "$9,120",
                    "$\u{2014}",
                    "$9,120",
                    "$9,120",
                    "$\u{2014}",
                ],
                [
                    "Money market funds",
                    "1,404",
                    "\u{2014}",
                    "1,404",
                    "1,404",
                    "\u{2014}",
                ],
                [
                    "Treasury securities",
                    "12,566",
                    "(833)",
                    "11,733",
                    "166",
                    "11,567",
                ],
                [
                    "Total", "$23,090", "$(833)", "$22,257", "$10,690", "$11,567",
                ],
            ],
        ),
        (
            "2023",
            [
                [
                    "Cash",
                    "$8,650",
                    "$\u{2014}",
                    "$8,650",
                    "$8,650",
                    "$\u{2014}",
                ],
                [
                    "Money market funds",
                    "4,804",
                    "\u{2014}",
                    "4,804",
                    "4,804",
                    "\u{2014}",
                ],
                [
                    "Treasury securities",
                    "11,439",
                    "(38)",
                    "11,401",
                    "1,798",
                    "9,603",
                ],
                ["Total", "$24,893", "$(38)", "$24,855", "$15,252", "$9,603"],
            ],
        ),
    ] {
        s.heads(&[(2, 2, year)])?;
        s.heads(&[(3, 3, "Cash and"), (4, 4, "Marketable")])?;
        s.heads(&[
            (0, 0, "Adjusted"),
            (1, 1, "Unrealized"),
            (2, 2, "Fair"),
            (3, 3, "Cash"),
            (4, 4, "Securities"),
        ])?;
        s.heads(&[
            (0, 0, "Cost"),
            (1, 1, "Losses"),
            (2, 2, "Value"),
            (3, 3, "Equivalents"),
            (4, 4, "(Non-current)"),
        ])?;
        let [cash, rest @ ..] = rows;
        s.row(0.0, cash[0], &cash[1..])?;
        // A caption with a footnote mark, raised and small.
        s.text_at(MARGIN, Face::Regular, "Level 1")?;
        s.canvas
            .text(MARGIN + 27.0, s.y + 3.0, Face::Regular, 5.0, "(1)")?;
        s.canvas
            .text(MARGIN + 36.0, s.y, Face::Regular, BODY, ":")?;
        s.down(LEAD);
        for row in rest {
            s.row(10.0, row[0], &row[1..])?;
        }
        s.row(
            0.0,
            "(1) Level 1 fair value estimates are based on quoted prices in active markets.",
            &[],
        )?;
        s.down(LEAD);
    }
    pdf_bytes("Notes", vec![s.page()], false)
}

/// Pattern 4: a CID font whose widths are given as ranges, as Chromium's
/// Skia writes them (`19 28 500`: every digit is 500 units wide), and a
/// line drawn twice on one spot (fake bold).
fn repeated_glyphs() -> Result<Vec<u8>> {
    use lopdf::{Dictionary, Document, Object, Stream, dictionary};
    // CIDs are the characters' code points; the widths are Helvetica's.
    let mut text = String::new();
    let mut y = PAGE_H - MARGIN - TITLE;
    let show = |text: &mut String, x: f64, y: f64, s: &str| {
        let hex: String = s.chars().map(|c| format!("{:04X}", u32::from(c))).collect();
        text.push_str(&format!("BT /C1 9 Tf {x:.2} {y:.2} Td <{hex}> Tj ET\n"));
    };
    let right = |s: &str, r: f64| r - cid_width(s) * 9.0 / 1000.0;
    show(&mut text, 220.0, y, "BALANCE SHEETS (In millions)");
    y -= 20.0;
    for (x, head) in [
        (right("2016", 480.0), "2016"),
        (right("2015", 552.0), "2015"),
    ] {
        show(&mut text, x, y, head);
    }
    y -= 14.0;
    let rows = [
        ("Goodwill", "$17,872", "$16,939"),
        ("Total cash and short-term investments", "113,240", "96,526"),
        ("Total current assets", "139,660", "122,797"),
        ("Accrued committee fees", "3,300", "1,100"),
        ("Earnings per share", "$2.66", "$1.48"),
    ];
    for (label, a, b) in rows {
        show(&mut text, MARGIN, y, label);
        for (value, r) in [(a, 480.0), (b, 552.0)] {
            show(&mut text, right(value, r), y, value);
        }
        y -= 14.0;
    }
    // Fake bold: the same line twice, 0.2 pt apart.
    for dx in [0.0, 0.2] {
        show(&mut text, MARGIN + dx, y, "Total assets");
        show(&mut text, right("193,694", 480.0) + dx, y, "193,694");
        show(&mut text, right("174,472", 552.0) + dx, y, "174,472");
    }

    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => "Helvetica",
        "Flags" => 32,
        "FontBBox" => vec![(-166).into(), (-225).into(), 1000.into(), 931.into()],
        "ItalicAngle" => 0,
        "Ascent" => 718,
        "Descent" => -207,
        "CapHeight" => 718,
        "StemV" => 88,
    });
    let cid_font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "CIDFontType2",
        "BaseFont" => "Helvetica",
        "CIDSystemInfo" => dictionary! {
            "Registry" => Object::string_literal("Adobe"),
            "Ordering" => Object::string_literal("Identity"),
            "Supplement" => 0,
        },
        "FontDescriptor" => descriptor,
        "CIDToGIDMap" => "Identity",
        "DW" => 0,
        "W" => cid_widths(),
    });
    let to_unicode = doc.add_object(Stream::new(
        Dictionary::new(),
        to_unicode_cmap().into_bytes(),
    ));
    let font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => "Helvetica",
        "Encoding" => "Identity-H",
        "DescendantFonts" => vec![Object::Reference(cid_font)],
        "ToUnicode" => to_unicode,
    });
    let content = doc.add_object(Stream::new(Dictionary::new(), text.into_bytes()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page",
        "Parent" => pages_id,
        "Contents" => content,
        "Resources" => dictionary! { "Font" => dictionary! { "C1" => font } },
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => vec![Object::Reference(page)],
            "Count" => 1,
            "MediaBox" => vec![0.into(), 0.into(), PAGE_W.into(), PAGE_H.into()],
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out)?;
    Ok(out)
}

/// The characters the CID fixture shows, with their Helvetica widths.
const CID_CHARS: &[(char, u16)] = &[
    (' ', 278),
    ('$', 556),
    ('(', 333),
    (')', 333),
    (',', 278),
    ('-', 333),
    ('.', 278),
    ('0', 556),
    ('1', 556),
    ('2', 556),
    ('3', 556),
    ('4', 556),
    ('5', 556),
    ('6', 556),
    ('7', 556),
    ('8', 556),
    ('9', 556),
    ('A', 667),
    ('B', 667),
    ('C', 722),
    ('E', 667),
    ('G', 778),
    ('H', 722),
    ('I', 278),
    ('L', 556),
    ('M', 833),
    ('N', 722),
    ('S', 667),
    ('T', 611),
    ('a', 556),
    ('c', 500),
    ('d', 556),
    ('e', 556),
    ('f', 278),
    ('g', 556),
    ('h', 556),
    ('i', 222),
    ('l', 222),
    ('m', 833),
    ('n', 556),
    ('o', 556),
    ('p', 556),
    ('r', 333),
    ('s', 500),
    ('t', 278),
    ('u', 556),
    ('v', 500),
    ('w', 722),
];

fn cid_width(s: &str) -> f64 {
    s.chars()
        .map(|c| {
            CID_CHARS
                .iter()
                .find(|(k, _)| *k == c)
                .map_or(0.0, |(_, w)| f64::from(*w))
        })
        .sum()
}

/// `/W` with every run of consecutive CIDs of one width as a range
/// (`c1 c2 w`) and the rest as lists (`c [w]`).
fn cid_widths() -> lopdf::Object {
    use lopdf::Object;
    let mut out: Vec<Object> = Vec::new();
    let mut i = 0;
    while let Some(&(c, w)) = CID_CHARS.get(i) {
        let mut j = i;
        while let (Some(&(a, wa)), Some(&(b, _))) = (CID_CHARS.get(j + 1), CID_CHARS.get(j)) {
            if u32::from(a) == u32::from(b) + 1 && wa == w {
                j += 1;
            } else {
                break;
            }
        }
        let first = i64::from(u32::from(c));
        if j > i {
            let last = CID_CHARS
                .get(j)
                .map_or(first, |(k, _)| i64::from(u32::from(*k)));
            out.extend([
                Object::Integer(first),
                Object::Integer(last),
                Object::Integer(i64::from(w)),
            ]);
        } else {
            out.extend([
                Object::Integer(first),
                Object::Array(vec![Object::Integer(i64::from(w))]),
            ]);
        }
        i = j + 1;
    }
    Object::Array(out)
}

/// A `ToUnicode` map from each CID to its character.
fn to_unicode_cmap() -> String {
    let mut map = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    map.push_str(&format!("{} beginbfchar\n", CID_CHARS.len()));
    for (c, _) in CID_CHARS {
        map.push_str(&format!("<{0:04X}> <{0:04X}>\n", u32::from(*c)));
    }
    map.push_str("endbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    map
}
