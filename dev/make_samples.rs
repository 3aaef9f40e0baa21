//! Writes tickmark's bundled sample statements into `samples/`.
//!
//! ```text
//! cargo run --example make_samples                       # samples/*.xlsx, *.csv, *.pdf, README.md
//! cargo run --example make_samples -- --bad DIR          # tests/fixtures/bad (all but encrypted.*)
//! cargo run --example make_samples -- --tiny-xlsx PATH   # the plain workbook that make.sh encrypts
//! cargo run --example make_samples -- --tiny-pdf PATH    # the plain PDF that make.sh encrypts
//! cargo run --example make_samples -- --pdf-layouts DIR  # tests/fixtures/pdf_layouts (layouts.rs)
//! ```
//!
//! Every statement is defined once below as rows (label, indent level, kind,
//! values per column) and written both as a worksheet and as a csv with the
//! same grid, so `acme.xlsx#IS!C12` and `acme_income.csv#C12` are the same
//! figure; each workbook is also written as a PDF with one page per sheet. Totals carry a small calc (`sum(cor:sga)`, `rev-tce`) that becomes
//! an Excel formula with its cached result; before anything is written every
//! calc is re-evaluated against the stated totals, balance sheets are checked
//! to balance, cash flows to end at the balance-sheet cash and per-share
//! figures to round from net income and share counts. The data is fictional.
//!
//! Output is deterministic: the workbook creation time is fixed and
//! rust_xlsxwriter stores zip entries with a fixed timestamp; the PDFs carry
//! no dates and no /ID.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail, ensure};

#[path = "make_samples/layouts.rs"]
mod layouts;
use rust_xlsxwriter::{
    DocProperties, ExcelDateTime, Format, FormatAlign, FormatBorder, Formula, Workbook, Worksheet,
};

// ---------------------------------------------------------------------------
// Data model of a statement
// ---------------------------------------------------------------------------

/// What a data row is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// An empty spacer row.
    Blank,
    /// A heading with no values ("Costs and expenses:").
    Caption,
    /// An ordinary line item.
    Line,
    /// A subtotal or total, written as a formula over other rows.
    Total,
}

/// One number in table units: `v / 10^dp`; a percent is stored as a
/// fraction (0.381 is `v = 381, dp = 3`, printed `38.1%`).
#[derive(Clone, Copy, Debug)]
struct Num {
    v: i64,
    dp: u32,
    pct: bool,
}

/// One row of a statement below its header.
#[derive(Clone, Debug)]
struct Row {
    label: &'static str,
    indent: u8,
    kind: Kind,
    /// Short id used by calcs and checks.
    id: Option<&'static str>,
    /// For totals: `sum(a:b)`, `a-b+c`, … over row ids.
    calc: Option<&'static str>,
    /// Note number shown in the Notes column (Calder).
    note: Option<u32>,
    /// Printed with a dollar sign (Birchwood's first and total rows).
    usd: bool,
    /// A per-share amount (number format `0.00`).
    per_share: bool,
    /// One entry per value column; `None` is an empty cell.
    cells: Vec<Option<Num>>,
}

fn nums(vals: &[i64]) -> Vec<Option<Num>> {
    vals.iter()
        .map(|&v| {
            Some(Num {
                v,
                dp: 0,
                pct: false,
            })
        })
        .collect()
}

fn pct(v: i64) -> Option<Num> {
    Some(Num {
        v,
        dp: 3,
        pct: true,
    })
}

fn row(label: &'static str, indent: u8, kind: Kind, cells: Vec<Option<Num>>) -> Row {
    Row {
        label,
        indent,
        kind,
        id: None,
        calc: None,
        note: None,
        usd: false,
        per_share: false,
        cells,
    }
}

fn blank() -> Row {
    row("", 0, Kind::Blank, Vec::new())
}

fn cap(label: &'static str, indent: u8) -> Row {
    row(label, indent, Kind::Caption, Vec::new())
}

fn line(label: &'static str, indent: u8, vals: &[i64]) -> Row {
    row(label, indent, Kind::Line, nums(vals))
}

fn total(label: &'static str, indent: u8, calc: &'static str, vals: &[i64]) -> Row {
    let mut r = row(label, indent, Kind::Total, nums(vals));
    r.calc = Some(calc);
    r
}

impl Row {
    fn id(mut self, id: &'static str) -> Row {
        self.id = Some(id);
        self
    }
    fn note(mut self, n: u32) -> Row {
        self.note = Some(n);
        self
    }
    fn usd(mut self) -> Row {
        self.usd = true;
        self
    }
    /// Per-share amount given in cents (2 decimals).
    fn eps(mut self) -> Row {
        self.per_share = true;
        for c in self.cells.iter_mut().flatten() {
            c.dp = 2;
        }
        self
    }
    /// Percent cells given in thousandths of the fraction (381 = 38.1%).
    fn pcts(mut self) -> Row {
        for c in self.cells.iter_mut().flatten() {
            c.dp = 3;
            c.pct = true;
        }
        self
    }
    fn push(mut self, cell: Option<Num>) -> Row {
        self.cells.push(cell);
        self
    }
}

/// What a header/preamble cell holds.
#[derive(Clone, Debug)]
enum Hv {
    /// Company name / statement title: bold, left.
    Title(&'static str),
    /// Unit line or other plain text: left.
    Text(&'static str),
    /// A column heading (merged when `span > 1`): bold, centred.
    Head(&'static str),
    /// A fiscal year as a NUMERIC cell.
    Year(u16),
    /// A native date cell `d mmmm yyyy`; csv "31 December 2024".
    Date(u16, u8, u8),
}

/// A preamble cell at a 0-based column, spanning `span` columns.
#[derive(Clone, Debug)]
struct Hc {
    col: u16,
    span: u16,
    v: Hv,
}

fn hc(col: u16, v: Hv) -> Hc {
    Hc { col, span: 1, v }
}

fn merged(col: u16, span: u16, text: &'static str) -> Hc {
    Hc {
        col,
        span,
        v: Hv::Head(text),
    }
}

/// One statement: a worksheet and (optionally) the csv with the same grid.
#[derive(Clone, Debug)]
struct Sheet {
    name: &'static str,
    csv: Option<&'static str>,
    /// Rows above the data (titles, unit line, header rows); each is a list of cells.
    top: Vec<Vec<Hc>>,
    /// A Notes column sits between the labels and the values.
    notes_col: bool,
    /// Short names of the value columns, for the README.
    col_names: Vec<&'static str>,
    rows: Vec<Row>,
}

impl Sheet {
    fn first_val_col(&self) -> u16 {
        if self.notes_col { 2 } else { 1 }
    }
    fn ncols(&self) -> u16 {
        self.first_val_col() + u16::try_from(self.col_names.len()).unwrap_or(0)
    }
    /// 1-based grid row of data row `idx`.
    fn grid_row(&self, idx: usize) -> u32 {
        u32::try_from(self.top.len() + idx + 1).unwrap_or(u32::MAX)
    }
    fn find(&self, id: &str) -> Result<usize> {
        self.rows
            .iter()
            .position(|r| r.id == Some(id))
            .ok_or_else(|| anyhow!("sheet {}: no row with id {id}", self.name))
    }
    fn cell(&self, idx: usize, col: usize) -> Option<Num> {
        self.rows
            .get(idx)
            .and_then(|r| r.cells.get(col))
            .copied()
            .flatten()
    }
    /// Value of row `id` in value column `col`.
    fn val(&self, id: &str, col: usize) -> Result<i64> {
        let idx = self.find(id)?;
        self.cell(idx, col)
            .map(|n| n.v)
            .ok_or_else(|| anyhow!("sheet {}: row {id} has no value in column {col}", self.name))
    }
    /// Set every plain amount (not per-share, not percent) to `dp` decimals.
    fn amounts_dp(mut self, dp: u32) -> Sheet {
        for r in &mut self.rows {
            if !r.per_share {
                for c in r.cells.iter_mut().flatten() {
                    if !c.pct {
                        c.dp = dp;
                    }
                }
            }
        }
        self
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Indent {
    /// Real cell indentation (xlsx `set_indent`).
    Cell,
    /// Two leading spaces per level in the label text.
    Spaces,
    /// No indentation at all.
    Flat,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Neg {
    /// `-1,234`
    Minus,
    /// `(1,234)`
    Paren,
    /// `−1,234` with U+2212 MINUS SIGN
    UMinus,
}

/// A company's presentation conventions.
#[derive(Clone, Copy, Debug)]
struct Style {
    xlsx_indent: Indent,
    csv_indent: Indent,
    neg: Neg,
    /// Zero is printed as an em dash.
    nil_dash: bool,
    /// csv cells as printed ("$ 1,234", "(482)") rather than raw values ("-482").
    csv_printed: bool,
    /// csv as Excel's "CSV UTF-8": BOM and CRLF line ends.
    csv_bom_crlf: bool,
    /// In the PDF, a `$` beside the first row of amounts and the top-level
    /// totals, as 10-Ks print it (for books whose rows do not say where).
    pdf_dollars: bool,
}

#[derive(Clone, Debug)]
struct Book {
    file: &'static str,
    style: Style,
    /// Text lines of a Cover sheet (no numbers), if any.
    cover: Vec<&'static str>,
    sheets: Vec<Sheet>,
}

impl Book {
    fn sheet(&self, name: &str) -> Result<&Sheet> {
        self.sheets
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| anyhow!("{}: no sheet {name}", self.file))
    }
}

// ---------------------------------------------------------------------------
// The four companies
// ---------------------------------------------------------------------------

fn acme() -> Book {
    let years3 = vec![
        hc(1, Hv::Year(2024)),
        hc(2, Hv::Year(2023)),
        hc(3, Hv::Year(2022)),
    ];
    let is = Sheet {
        name: "IS",
        csv: Some("acme_income.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Acme Corp"))],
            vec![hc(0, Hv::Title("Consolidated Statements of Operations"))],
            vec![hc(0, Hv::Text("($ in millions, except per share data)"))],
            vec![],
            vec![merged(1, 3, "Year Ended December 31,")],
            years3.clone(),
        ],
        notes_col: false,
        col_names: vec!["2024", "2023", "2022"],
        rows: vec![
            line("Revenue", 0, &[4200, 3900, 3560]).id("rev"),
            cap("Costs and expenses:", 0),
            line("Cost of revenue", 1, &[2520, 2379, 2136]).id("cor"),
            line("Research and development", 1, &[490, 429, 390]),
            line("Selling, general and administrative", 1, &[588, 550, 490]).id("sga"),
            total(
                "Total costs and expenses",
                2,
                "sum(cor:sga)",
                &[3598, 3358, 3016],
            )
            .id("tce"),
            total("Operating income", 0, "rev-tce", &[602, 542, 544]).id("oi"),
            line("Interest expense", 0, &[48, 52, 55]).id("int"),
            line("Other income (expense), net", 0, &[12, -9, 15]).id("oth"),
            total(
                "Income before income taxes",
                0,
                "oi-int+oth",
                &[566, 481, 504],
            )
            .id("ibt"),
            line("Provision for income taxes", 0, &[119, 101, 92]).id("tax"),
            total("Net income", 0, "ibt-tax", &[447, 380, 412]).id("ni"),
            blank(),
            cap("Earnings per share:", 0),
            line("Basic", 1, &[235, 197, 210]).eps().id("eps_b"),
            line("Diluted", 1, &[233, 195, 210]).eps().id("eps_d"),
            blank(),
            cap("Weighted-average shares outstanding:", 0),
            line("Basic", 1, &[190, 193, 196]).id("sh_b"),
            line("Diluted", 1, &[192, 195, 196]).id("sh_d"),
        ],
    };
    let bs = Sheet {
        name: "BS",
        csv: Some("acme_balance.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Acme Corp"))],
            vec![hc(0, Hv::Title("Consolidated Balance Sheets"))],
            vec![hc(0, Hv::Text("($ in millions, except per share data)"))],
            vec![],
            vec![merged(1, 2, "December 31,")],
            vec![hc(1, Hv::Year(2024)), hc(2, Hv::Year(2023))],
        ],
        notes_col: false,
        col_names: vec!["Dec 31, 2024", "Dec 31, 2023"],
        rows: vec![
            cap("ASSETS", 0),
            cap("Current assets:", 0),
            line("Cash and cash equivalents", 1, &[780, 685]).id("cash"),
            line("Accounts receivable, net", 1, &[550, 505]),
            line("Inventories", 1, &[505, 480]),
            line("Prepaid expenses and other current assets", 1, &[128, 120]).id("pre"),
            total("Total current assets", 2, "sum(cash:pre)", &[1963, 1790]).id("tca"),
            line("Property and equipment, net", 0, &[1220, 1150]).id("ppe"),
            line("Operating lease right-of-use assets", 0, &[248, 260]),
            line("Goodwill", 0, &[412, 398]).id("gw"),
            line("Intangible assets, net", 0, &[162, 180]),
            line("Other assets", 0, &[102, 95]).id("oa"),
            total("Total assets", 0, "tca+sum(ppe:oa)", &[4107, 3873]).id("ta"),
            blank(),
            cap("LIABILITIES AND STOCKHOLDERS' EQUITY", 0),
            cap("Current liabilities:", 0),
            line("Accounts payable", 1, &[352, 330]).id("ap"),
            line(
                "Accrued expenses and other current liabilities",
                1,
                &[436, 410],
            ),
            line("Current portion of long-term debt", 1, &[75, 50]).id("cltd"),
            total("Total current liabilities", 2, "sum(ap:cltd)", &[863, 790]).id("tcl"),
            line("Long-term debt", 0, &[1025, 1100]).id("ltd"),
            line("Operating lease liabilities", 0, &[248, 235]),
            line("Other long-term liabilities", 0, &[115, 140]).id("oltl"),
            total("Total liabilities", 0, "tcl+sum(ltd:oltl)", &[2251, 2265]).id("tl"),
            cap("Commitments and contingencies", 0),
            cap("Stockholders' equity:", 0),
            line(
                "Common stock and additional paid-in capital",
                1,
                &[1130, 1050],
            )
            .id("apic"),
            line("Retained earnings", 1, &[781, 600]).id("re"),
            line("Accumulated other comprehensive loss", 1, &[-55, -42]).id("aoci"),
            total(
                "Total stockholders' equity",
                2,
                "sum(apic:aoci)",
                &[1856, 1608],
            )
            .id("te"),
            total(
                "Total liabilities and stockholders' equity",
                0,
                "tl+te",
                &[4107, 3873],
            )
            .id("tle"),
        ],
    };
    let cf = Sheet {
        name: "CF",
        csv: Some("acme_cashflow.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Acme Corp"))],
            vec![hc(0, Hv::Title("Consolidated Statements of Cash Flows"))],
            vec![hc(0, Hv::Text("($ in millions)"))],
            vec![],
            vec![merged(1, 3, "Year Ended December 31,")],
            years3,
        ],
        notes_col: false,
        col_names: vec!["2024", "2023", "2022"],
        rows: vec![
            cap("Operating activities:", 0),
            line("Net income", 1, &[447, 380, 412]).id("ni"),
            cap(
                "Adjustments to reconcile net income to net cash provided by operating activities:",
                1,
            ),
            line("Depreciation and amortization", 2, &[168, 155, 140]).id("da"),
            line("Stock-based compensation", 2, &[62, 55, 48]).id("sbc"),
            line("Deferred income taxes", 2, &[-14, 6, 9]),
            cap("Changes in operating assets and liabilities:", 1),
            line("Accounts receivable", 2, &[-45, -38, -52]).id("c_ar"),
            line("Inventories", 2, &[-25, -31, -40]).id("c_inv"),
            line("Prepaid expenses and other assets", 2, &[-15, -12, -6]),
            line("Accounts payable", 2, &[22, 18, 25]).id("c_ap"),
            line("Accrued expenses and other liabilities", 2, &[26, 25, 14]).id("c_acc"),
            total(
                "Net cash provided by operating activities",
                1,
                "sum(ni:c_acc)",
                &[626, 558, 550],
            )
            .id("cfo"),
            cap("Investing activities:", 0),
            line(
                "Purchases of property and equipment",
                1,
                &[-210, -195, -180],
            )
            .id("capex"),
            line("Acquisitions, net of cash acquired", 1, &[-24, -60, -45]).id("acq"),
            line("Other investing activities, net", 1, &[6, 4, 5]).id("oinv"),
            total(
                "Net cash used in investing activities",
                1,
                "sum(capex:oinv)",
                &[-228, -251, -220],
            )
            .id("cfi"),
            cap("Financing activities:", 0),
            line(
                "Proceeds from issuance of long-term debt",
                1,
                &[100, 150, 200],
            )
            .id("debt"),
            line("Repayments of long-term debt", 1, &[-150, -100, -250]).id("repay"),
            line("Repurchases of common stock", 1, &[-190, -180, -160]).id("buyback"),
            line("Dividends paid", 1, &[-76, -70, -64]).id("div"),
            line("Proceeds from exercise of stock options", 1, &[18, 15, 12]).id("opt"),
            total(
                "Net cash used in financing activities",
                1,
                "sum(debt:opt)",
                &[-298, -185, -262],
            )
            .id("cff"),
            line(
                "Effect of exchange rate changes on cash and cash equivalents",
                0,
                &[-5, 3, -11],
            )
            .id("fx"),
            total(
                "Net increase in cash and cash equivalents",
                0,
                "cfo+cfi+cff+fx",
                &[95, 125, 57],
            )
            .id("chg"),
            line(
                "Cash and cash equivalents, beginning of year",
                0,
                &[685, 560, 503],
            )
            .id("beg"),
            total(
                "Cash and cash equivalents, end of year",
                0,
                "beg+chg",
                &[780, 685, 560],
            )
            .id("end"),
        ],
    };
    Book {
        file: "acme.xlsx",
        style: Style {
            xlsx_indent: Indent::Cell,
            csv_indent: Indent::Flat,
            neg: Neg::Minus,
            nil_dash: false,
            csv_printed: false,
            csv_bom_crlf: false,
            pdf_dollars: true,
        },
        cover: vec![
            "Acme Corp",
            "Annual Report",
            "Consolidated Financial Statements",
            "Fictional sample data for tickmark. Acme Corp is not a real company.",
        ],
        sheets: vec![is, bs, cf],
    }
}

fn birchwood() -> Book {
    let is = Sheet {
        name: "Income Statement",
        csv: Some("birchwood_income.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Birchwood Inc."))],
            vec![hc(0, Hv::Title("Consolidated Statements of Income"))],
            vec![hc(0, Hv::Text("(in thousands, except per share amounts)"))],
            vec![],
            vec![merged(1, 2, "Fiscal Year Ended June 30,")],
            vec![hc(1, Hv::Year(2024)), hc(2, Hv::Year(2023))],
        ],
        notes_col: false,
        col_names: vec!["FY2024", "FY2023"],
        rows: vec![
            line("Revenue", 0, &[184_512, 171_236]).id("rev").usd(),
            line("Cost of revenue", 0, &[-98_322, -93_418]).id("cor"),
            total("Gross profit", 0, "rev+cor", &[86_190, 77_818]).id("gp"),
            cap("Operating expenses:", 0),
            line("Research and development", 1, &[-24_110, -22_640]).id("rnd"),
            line("Sales and marketing", 1, &[-31_245, -29_870]),
            line("General and administrative", 1, &[-14_870, -14_110]),
            line("Restructuring charges", 1, &[0, -1_204]).id("restr"),
            total(
                "Total operating expenses",
                2,
                "sum(rnd:restr)",
                &[-70_225, -67_824],
            )
            .id("opex"),
            total("Operating income", 0, "gp+opex", &[15_965, 9_994]).id("oi"),
            line("Other income (expense), net", 0, &[-482, 1_135]).id("oth"),
            total("Income before income taxes", 0, "oi+oth", &[15_483, 11_129]).id("ibt"),
            line("Provision for income taxes", 0, &[-3_252, -2_337]).id("tax"),
            total("Net income", 0, "ibt+tax", &[12_231, 8_792])
                .id("ni")
                .usd(),
            blank(),
            cap("Net income per share:", 0),
            line("Basic", 1, &[25, 18]).eps().usd().id("eps_b"),
            line("Diluted", 1, &[25, 18]).eps().usd().id("eps_d"),
            blank(),
            cap("Shares used in computing net income per share:", 0),
            line("Basic", 1, &[48_310, 47_655]).id("sh_b"),
            line("Diluted", 1, &[49_020, 48_310]).id("sh_d"),
        ],
    };
    let bs = Sheet {
        name: "Balance Sheet",
        csv: Some("birchwood_balance.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Birchwood Inc."))],
            vec![hc(0, Hv::Title("Consolidated Balance Sheets"))],
            vec![hc(0, Hv::Text("(in thousands)"))],
            vec![],
            vec![merged(1, 2, "June 30,")],
            vec![hc(1, Hv::Year(2024)), hc(2, Hv::Year(2023))],
        ],
        notes_col: false,
        col_names: vec!["Jun 30, 2024", "Jun 30, 2023"],
        rows: vec![
            cap("Assets", 0),
            cap("Current assets:", 0),
            line("Cash and cash equivalents", 1, &[41_870, 38_215])
                .id("cash")
                .usd(),
            line("Short-term investments", 1, &[12_000, 0]),
            line("Accounts receivable, net", 1, &[27_430, 25_118]),
            line("Inventories", 1, &[18_902, 17_645]),
            line(
                "Prepaid expenses and other current assets",
                1,
                &[4_311, 3_980],
            )
            .id("pre"),
            total(
                "Total current assets",
                2,
                "sum(cash:pre)",
                &[104_513, 84_958],
            )
            .id("tca"),
            line("Property and equipment, net", 0, &[22_480, 21_905]).id("ppe"),
            line("Goodwill", 0, &[31_400, 31_400]),
            line("Intangible assets, net", 0, &[6_215, 7_890]),
            line("Other assets", 0, &[2_904, 2_611]).id("oa"),
            total("Total assets", 0, "tca+sum(ppe:oa)", &[167_512, 148_764])
                .id("ta")
                .usd(),
            blank(),
            cap("Liabilities and stockholders' equity", 0),
            cap("Current liabilities:", 0),
            line("Accounts payable", 1, &[11_842, 10_955])
                .id("ap")
                .usd(),
            line("Accrued liabilities", 1, &[15_630, 14_288]),
            line("Deferred revenue", 1, &[9_415, 8_870]),
            line("Current portion of long-term debt", 1, &[0, 2_500]).id("cltd"),
            total(
                "Total current liabilities",
                2,
                "sum(ap:cltd)",
                &[36_887, 36_613],
            )
            .id("tcl"),
            line("Long-term debt", 0, &[17_500, 20_000]).id("ltd"),
            line("Other long-term liabilities", 0, &[4_126, 3_874]).id("oltl"),
            total(
                "Total liabilities",
                0,
                "tcl+sum(ltd:oltl)",
                &[58_513, 60_487],
            )
            .id("tl"),
            cap("Stockholders' equity:", 0),
            line("Common stock", 1, &[48, 48]).id("cs"),
            line("Additional paid-in capital", 1, &[140_253, 132_033]),
            line("Accumulated deficit", 1, &[-30_087, -42_318]).id("deficit"),
            line("Accumulated other comprehensive loss", 1, &[-1_215, -1_486]).id("aoci"),
            total(
                "Total stockholders' equity",
                2,
                "sum(cs:aoci)",
                &[108_999, 88_277],
            )
            .id("te"),
            total(
                "Total liabilities and stockholders' equity",
                0,
                "tl+te",
                &[167_512, 148_764],
            )
            .id("tle")
            .usd(),
        ],
    };
    Book {
        file: "birchwood.xlsx",
        style: Style {
            xlsx_indent: Indent::Spaces,
            csv_indent: Indent::Spaces,
            neg: Neg::Paren,
            nil_dash: true,
            csv_printed: true,
            csv_bom_crlf: false,
            pdf_dollars: false,
        },
        cover: Vec::new(),
        sheets: vec![is, bs],
    }
}

fn calder() -> Book {
    let eur_m = vec![hc(2, Hv::Head("€m")), hc(3, Hv::Head("€m"))];
    let is = Sheet {
        name: "P&L",
        csv: Some("calder_income.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Calder plc"))],
            vec![hc(0, Hv::Title("Consolidated income statement"))],
            vec![hc(0, Hv::Text("for the year ended 31 December 2024"))],
            vec![],
            vec![
                hc(1, Hv::Head("Notes")),
                hc(2, Hv::Head("2024")),
                hc(3, Hv::Head("2023")),
            ],
            eur_m.clone(),
        ],
        notes_col: true,
        col_names: vec!["2024", "2023"],
        rows: vec![
            line("Revenue", 0, &[28_456, 26_123]).id("rev").note(3),
            line("Cost of sales", 0, &[-17_358, -16_021]).id("cos"),
            total("Gross profit", 0, "rev+cos", &[11_098, 10_102]).id("gp"),
            line("Distribution costs", 0, &[-4_027, -3_715]).id("dist"),
            line("Administrative expenses", 0, &[-3_184, -2_960]).note(4),
            line("Other operating income", 0, &[123, 98])
                .id("ooi")
                .note(5),
            total("Operating profit", 0, "gp+sum(dist:ooi)", &[4_010, 3_525])
                .id("op")
                .note(4),
            line("Finance income", 0, &[142, 86]).id("fi").note(7),
            line("Finance costs", 0, &[-619, -584]).id("fc").note(7),
            total("Profit before tax", 0, "op+fi+fc", &[3_533, 3_027]).id("pbt"),
            line("Income tax expense", 0, &[-883, -757])
                .id("tax")
                .note(8),
            total("Profit for the year", 0, "pbt+tax", &[2_650, 2_270]).id("pfy"),
            blank(),
            cap("Attributable to:", 0),
            line("Owners of the parent", 1, &[2_508, 2_160]).id("own"),
            line("Non-controlling interests", 1, &[142, 110]).id("nci"),
            blank(),
            line("Basic earnings per share (€)", 0, &[125, 108])
                .eps()
                .id("eps_b")
                .note(9),
            line("Diluted earnings per share (€)", 0, &[124, 108])
                .eps()
                .id("eps_d")
                .note(9),
        ],
    }
    .amounts_dp(1);
    let sfp = Sheet {
        name: "SFP",
        csv: Some("calder_financial_position.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Calder plc"))],
            vec![hc(
                0,
                Hv::Title("Consolidated statement of financial position"),
            )],
            vec![hc(0, Hv::Text("at 31 December 2024"))],
            vec![],
            vec![
                hc(1, Hv::Head("Notes")),
                hc(2, Hv::Date(2024, 12, 31)),
                hc(3, Hv::Date(2023, 12, 31)),
            ],
            eur_m,
        ],
        notes_col: true,
        col_names: vec!["31 Dec 2024", "31 Dec 2023"],
        rows: vec![
            cap("Non-current assets", 0),
            line("Property, plant and equipment", 1, &[12_486, 11_904])
                .id("ppe")
                .note(10),
            line("Right-of-use assets", 1, &[1_423, 1_518]).note(11),
            line("Goodwill", 1, &[6_120, 5_985]).note(12),
            line("Other intangible assets", 1, &[1_887, 2_012]).note(12),
            line("Deferred tax assets", 1, &[245, 221])
                .id("dta")
                .note(8),
            total(
                "Total non-current assets",
                1,
                "sum(ppe:dta)",
                &[22_161, 21_640],
            )
            .id("tnca"),
            blank(),
            cap("Current assets", 0),
            line("Inventories", 1, &[4_028, 3_779]).id("inv").note(13),
            line("Trade and other receivables", 1, &[4_681, 4_416]).note(14),
            line("Cash and cash equivalents", 1, &[3_185, 2_764])
                .id("cash")
                .note(15),
            total(
                "Total current assets",
                1,
                "sum(inv:cash)",
                &[11_894, 10_959],
            )
            .id("tca"),
            total("Total assets", 0, "tnca+tca", &[34_055, 32_599]).id("ta"),
            blank(),
            cap("Current liabilities", 0),
            line("Trade and other payables", 1, &[5_127, 4_882])
                .id("pay")
                .note(16),
            line("Borrowings", 1, &[850, 1_200]).id("bor_c").note(17),
            line("Current tax liabilities", 1, &[314, 279]).id("ctl"),
            total(
                "Total current liabilities",
                1,
                "sum(pay:ctl)",
                &[6_291, 6_361],
            )
            .id("tcl"),
            blank(),
            cap("Non-current liabilities", 0),
            line("Borrowings", 1, &[7_800, 8_200]).id("bor_nc").note(17),
            line("Lease liabilities", 1, &[1_316, 1_402]).note(11),
            line("Deferred tax liabilities", 1, &[583, 547]).note(8),
            line("Provisions", 1, &[420, 385]).id("prov").note(18),
            total(
                "Total non-current liabilities",
                1,
                "sum(bor_nc:prov)",
                &[10_119, 10_534],
            )
            .id("tncl"),
            total("Total liabilities", 0, "tcl+tncl", &[16_410, 16_895]).id("tl"),
            blank(),
            total("Net assets", 0, "ta-tl", &[17_645, 15_704]).id("na"),
            blank(),
            cap("Equity", 0),
            line("Share capital", 1, &[500, 500]).id("sc").note(19),
            line("Share premium", 1, &[3_129, 3_104]),
            line("Retained earnings", 1, &[13_270, 11_333]).id("re"),
            line("Other reserves", 1, &[-216, -83]).id("or"),
            total(
                "Equity attributable to owners of the parent",
                1,
                "sum(sc:or)",
                &[16_683, 14_854],
            )
            .id("eqo"),
            line("Non-controlling interests", 1, &[962, 850]).id("nci"),
            total("Total equity", 0, "eqo+nci", &[17_645, 15_704]).id("te"),
        ],
    }
    .amounts_dp(1);
    Book {
        file: "calder.xlsx",
        style: Style {
            xlsx_indent: Indent::Flat,
            csv_indent: Indent::Flat,
            neg: Neg::UMinus,
            nil_dash: false,
            csv_printed: true,
            csv_bom_crlf: true,
            pdf_dollars: false,
        },
        cover: Vec::new(),
        sheets: vec![is, sfp],
    }
}

fn dunmore() -> Book {
    let ops = Sheet {
        name: "Operations",
        csv: Some("dunmore_income.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Dunmore Holdings"))],
            vec![hc(
                0,
                Hv::Title("Condensed Consolidated Statements of Operations"),
            )],
            vec![hc(0, Hv::Text("(Unaudited)"))],
            vec![hc(
                0,
                Hv::Text("(In thousands, except per share data; shares in thousands)"),
            )],
            vec![],
            vec![
                merged(1, 2, "Three Months Ended"),
                merged(3, 2, "Nine Months Ended"),
            ],
            vec![merged(1, 2, "September 30,"), merged(3, 2, "September 30,")],
            vec![
                hc(1, Hv::Year(2024)),
                hc(2, Hv::Year(2023)),
                hc(3, Hv::Year(2024)),
                hc(4, Hv::Year(2023)),
            ],
        ],
        notes_col: false,
        col_names: vec!["Q3 2024", "Q3 2023", "9M 2024", "9M 2023"],
        rows: vec![
            cap("Revenue:", 0),
            line("Product", 1, &[38_420, 35_106, 112_870, 104_215]).id("prod"),
            line(
                "Subscription and services",
                1,
                &[24_812, 19_874, 71_460, 56_130],
            )
            .id("sub"),
            total(
                "Total revenue",
                2,
                "sum(prod:sub)",
                &[63_232, 54_980, 184_330, 160_345],
            )
            .id("rev"),
            cap("Costs and expenses:", 0),
            line("Cost of revenue", 1, &[39_118, 34_406, 114_108, 101_450]).id("cor"),
            line(
                "Research and development",
                1,
                &[6_450, 6_115, 18_870, 18_115],
            ),
            line("Sales and marketing", 1, &[8_140, 8_450, 24_105, 24_890]),
            line(
                "General and administrative",
                1,
                &[4_724, 6_755, 14_990, 18_938],
            )
            .id("ga"),
            total(
                "Total costs and expenses",
                2,
                "sum(cor:ga)",
                &[58_432, 55_726, 172_073, 163_393],
            )
            .id("tce"),
            total(
                "Income (loss) from operations",
                0,
                "rev-tce",
                &[4_800, -746, 12_257, -3_048],
            )
            .id("oi"),
            line("Interest income", 0, &[612, 488, 1_045, 1_310]).id("ii"),
            line("Interest expense", 0, &[1_045, 1_120, 3_180, 3_350]).id("ie"),
            line("Other income (expense), net", 0, &[-87, 215, 142, -398]).id("oth"),
            total(
                "Income (loss) before income taxes",
                0,
                "oi+ii-ie+oth",
                &[4_280, -1_163, 10_264, -5_486],
            )
            .id("ibt"),
            line(
                "Provision for (benefit from) income taxes",
                0,
                &[1_027, -105, 2_463, -412],
            )
            .id("tax"),
            total(
                "Net income (loss)",
                0,
                "ibt-tax",
                &[3_253, -1_058, 7_801, -5_074],
            )
            .id("ni"),
            blank(),
            cap("Net income (loss) per share:", 0),
            line("Basic", 1, &[26, -9, 63, -42]).eps().id("eps_b"),
            line("Diluted", 1, &[25, -9, 61, -42]).eps().id("eps_d"),
            blank(),
            cap(
                "Weighted-average shares used in computing net income (loss) per share:",
                0,
            ),
            line("Basic", 1, &[12_480, 12_215, 12_402, 12_180]).id("sh_b"),
            line("Diluted", 1, &[12_910, 12_215, 12_866, 12_180]).id("sh_d"),
        ],
    };
    let kpi = Sheet {
        name: "KPI",
        csv: Some("dunmore_kpi.csv"),
        top: vec![
            vec![hc(0, Hv::Title("Dunmore Holdings"))],
            vec![hc(0, Hv::Title("Key metrics"))],
            vec![hc(0, Hv::Text("Nine Months Ended September 30,"))],
            vec![hc(
                0,
                Hv::Text("(In thousands, except percentages and customer counts)"),
            )],
            vec![],
            vec![
                hc(1, Hv::Head("2024")),
                hc(2, Hv::Head("2023")),
                hc(3, Hv::Head("% change")),
            ],
        ],
        notes_col: false,
        col_names: vec!["9M 2024", "9M 2023", "% change"],
        rows: vec![
            line("Revenue", 0, &[184_330, 160_345])
                .id("rev")
                .push(pct(150)),
            line("Gross margin", 0, &[381, 367])
                .pcts()
                .id("gm")
                .push(None),
            line("Operating margin", 0, &[66, -19])
                .pcts()
                .id("om")
                .push(None),
            line("Active customers", 0, &[17_100, 15_200])
                .id("cust")
                .push(pct(125)),
        ],
    };
    Book {
        file: "dunmore.xlsx",
        style: Style {
            xlsx_indent: Indent::Cell,
            csv_indent: Indent::Flat,
            neg: Neg::Paren,
            nil_dash: false,
            csv_printed: true,
            csv_bom_crlf: false,
            pdf_dollars: true,
        },
        cover: Vec::new(),
        sheets: vec![ops, kpi],
    }
}

// ---------------------------------------------------------------------------
// Calcs: parse, evaluate, render as Excel formulas
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum Term {
    One(&'static str),
    Sum(&'static str, &'static str),
}

fn parse_calc(calc: &'static str) -> Result<Vec<(i64, Term)>> {
    let mut out = Vec::new();
    let mut rest = calc.trim();
    let mut sign = 1;
    let mut first = true;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('+') {
            sign = 1;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('-') {
            sign = -1;
            rest = r;
        } else if !first {
            bail!("calc {calc:?}: expected + or - at {rest:?}");
        }
        first = false;
        if let Some(r) = rest.strip_prefix("sum(") {
            let close = r
                .find(')')
                .ok_or_else(|| anyhow!("calc {calc:?}: unclosed sum("))?;
            let inner = r.get(..close).unwrap_or_default();
            let (a, b) = inner
                .split_once(':')
                .ok_or_else(|| anyhow!("calc {calc:?}: sum needs a:b"))?;
            out.push((sign, Term::Sum(a, b)));
            rest = r.get(close + 1..).unwrap_or_default();
        } else {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            ensure!(end > 0, "calc {calc:?}: expected a row id at {rest:?}");
            out.push((sign, Term::One(rest.get(..end).unwrap_or_default())));
            rest = rest.get(end..).unwrap_or_default();
        }
        sign = 1;
    }
    Ok(out)
}

/// Evaluates a calc in value column `col` the way Excel would (SUM adds every
/// number in the range).
fn eval_calc(sheet: &Sheet, calc: &'static str, col: usize) -> Result<i64> {
    let mut acc = 0;
    for (sign, term) in parse_calc(calc)? {
        let v = match term {
            Term::One(id) => sheet.val(id, col)?,
            Term::Sum(a, b) => {
                let (ia, ib) = (sheet.find(a)?, sheet.find(b)?);
                ensure!(
                    ia <= ib,
                    "sheet {}: sum({a}:{b}) runs backwards",
                    sheet.name
                );
                (ia..=ib)
                    .filter_map(|i| sheet.cell(i, col))
                    .map(|n| n.v)
                    .sum()
            }
        };
        acc += sign * v;
    }
    Ok(acc)
}

fn formula_text(sheet: &Sheet, calc: &'static str, col_letter: &str) -> Result<String> {
    let mut f = String::from("=");
    for (i, (sign, term)) in parse_calc(calc)?.into_iter().enumerate() {
        if sign < 0 {
            f.push('-');
        } else if i > 0 {
            f.push('+');
        }
        match term {
            Term::One(id) => {
                let r = sheet.grid_row(sheet.find(id)?);
                write!(f, "{col_letter}{r}")?;
            }
            Term::Sum(a, b) => {
                let ra = sheet.grid_row(sheet.find(a)?);
                let rb = sheet.grid_row(sheet.find(b)?);
                write!(f, "SUM({col_letter}{ra}:{col_letter}{rb})")?;
            }
        }
    }
    Ok(f)
}

// ---------------------------------------------------------------------------
// Consistency checks
// ---------------------------------------------------------------------------

fn check_totals(book: &Book) -> Result<()> {
    for sheet in &book.sheets {
        for (idx, r) in sheet.rows.iter().enumerate() {
            ensure!(
                r.kind == Kind::Blank || !r.label.is_empty(),
                "{}: sheet {} row {idx} has no label",
                book.file,
                sheet.name
            );
            ensure!(
                r.cells.len() <= sheet.col_names.len(),
                "{}: sheet {} row {:?} has too many cells",
                book.file,
                sheet.name,
                r.label
            );
            if r.kind == Kind::Total {
                let calc = r
                    .calc
                    .ok_or_else(|| anyhow!("{}: total {:?} has no calc", book.file, r.label))?;
                for col in 0..r.cells.len() {
                    let stated = sheet
                        .cell(idx, col)
                        .ok_or_else(|| anyhow!("{}: total {:?} lacks a value", book.file, r.label))?
                        .v;
                    let got = eval_calc(sheet, calc, col)?;
                    ensure!(
                        got == stated,
                        "{} {}: {:?} column {col}: {calc} = {got}, stated {stated}",
                        book.file,
                        sheet.name,
                        r.label
                    );
                }
            }
        }
    }
    Ok(())
}

fn same(what: &str, a: i64, b: i64) -> Result<()> {
    ensure!(a == b, "{what}: {a} != {b}");
    Ok(())
}

/// `round(num / den * 10^places)`, half away from zero.
fn ratio(num: i64, den: i64, places: u32) -> Result<i64> {
    ensure!(den != 0, "division by zero");
    let scaled = i128::from(num) * 10i128.pow(places) * 2;
    let den = i128::from(den);
    let q = scaled / den;
    let rounded = if q >= 0 { (q + 1) / 2 } else { (q - 1) / 2 };
    Ok(i64::try_from(rounded)?)
}

fn check_eps(sheet: &Sheet, ncols: usize) -> Result<()> {
    for col in 0..ncols {
        let ni = sheet.val("ni", col)?;
        same(
            &format!("{} basic EPS col {col}", sheet.name),
            ratio(ni, sheet.val("sh_b", col)?, 2)?,
            sheet.val("eps_b", col)?,
        )?;
        same(
            &format!("{} diluted EPS col {col}", sheet.name),
            ratio(ni, sheet.val("sh_d", col)?, 2)?,
            sheet.val("eps_d", col)?,
        )?;
    }
    Ok(())
}

fn check_acme(b: &Book) -> Result<()> {
    let (is, bs, cf) = (b.sheet("IS")?, b.sheet("BS")?, b.sheet("CF")?);
    check_eps(is, 3)?;
    for col in 0..3 {
        same(
            "acme CF net income = IS",
            cf.val("ni", col)?,
            is.val("ni", col)?,
        )?;
    }
    for col in 0..2 {
        same("acme BS balances", bs.val("ta", col)?, bs.val("tle", col)?)?;
        same(
            "acme CF end cash = BS cash",
            cf.val("end", col)?,
            bs.val("cash", col)?,
        )?;
    }
    same(
        "acme CF 2024 begins at 2023 end",
        cf.val("beg", 0)?,
        cf.val("end", 1)?,
    )?;
    same(
        "acme CF 2023 begins at 2022 end",
        cf.val("beg", 1)?,
        cf.val("end", 2)?,
    )?;
    // The famous pair: 2022 net income equals 2024 goodwill.
    same("acme swap pair", is.val("ni", 2)?, bs.val("gw", 0)?)?;
    // 2024 roll-forwards: retained earnings, paid-in capital, debt, PP&E.
    same(
        "acme retained earnings roll",
        bs.val("re", 1)? + is.val("ni", 0)? + cf.val("div", 0)? + cf.val("buyback", 0)?,
        bs.val("re", 0)?,
    )?;
    same(
        "acme paid-in capital roll",
        bs.val("apic", 1)? + cf.val("sbc", 0)? + cf.val("opt", 0)?,
        bs.val("apic", 0)?,
    )?;
    same(
        "acme debt roll",
        bs.val("cltd", 1)? + bs.val("ltd", 1)? + cf.val("debt", 0)? + cf.val("repay", 0)?,
        bs.val("cltd", 0)? + bs.val("ltd", 0)?,
    )?;
    same(
        "acme PP&E roll (depreciation 140 of D&A 168)",
        bs.val("ppe", 1)? - cf.val("capex", 0)? - 140,
        bs.val("ppe", 0)?,
    )?;
    same(
        "acme AR change",
        -(bs.val_at_label("Accounts receivable, net", 0)?
            - bs.val_at_label("Accounts receivable, net", 1)?),
        cf.val("c_ar", 0)?,
    )?;
    same(
        "acme inventory change",
        -(bs.val_at_label("Inventories", 0)? - bs.val_at_label("Inventories", 1)?),
        cf.val("c_inv", 0)?,
    )?;
    same(
        "acme AP change",
        bs.val("ap", 0)? - bs.val("ap", 1)?,
        cf.val("c_ap", 0)?,
    )?;
    Ok(())
}

impl Sheet {
    fn val_at_label(&self, label: &str, col: usize) -> Result<i64> {
        let idx = self
            .rows
            .iter()
            .position(|r| r.label == label)
            .ok_or_else(|| anyhow!("sheet {}: no row {label:?}", self.name))?;
        self.cell(idx, col)
            .map(|n| n.v)
            .ok_or_else(|| anyhow!("sheet {}: {label:?} has no value", self.name))
    }
}

fn check_birchwood(b: &Book) -> Result<()> {
    let (is, bs) = (b.sheet("Income Statement")?, b.sheet("Balance Sheet")?);
    check_eps(is, 2)?;
    for col in 0..2 {
        same(
            "birchwood BS balances",
            bs.val("ta", col)?,
            bs.val("tle", col)?,
        )?;
    }
    same(
        "birchwood deficit roll",
        bs.val("deficit", 1)? + is.val("ni", 0)?,
        bs.val("deficit", 0)?,
    )?;
    Ok(())
}

fn check_calder(b: &Book) -> Result<()> {
    let (is, sfp) = (b.sheet("P&L")?, b.sheet("SFP")?);
    // Weighted shares (millions, one decimal; not shown): basic 200.0 both
    // years, diluted 201.5 (2024) and 200.8 (2023).
    let shares = [(2000, 2015), (2000, 2008)];
    for (col, (basic, diluted)) in shares.into_iter().enumerate() {
        same(
            "calder attributable",
            is.val("own", col)? + is.val("nci", col)?,
            is.val("pfy", col)?,
        )?;
        same(
            "calder basic EPS",
            ratio(is.val("own", col)?, basic, 2)?,
            is.val("eps_b", col)?,
        )?;
        same(
            "calder diluted EPS",
            ratio(is.val("own", col)?, diluted, 2)?,
            is.val("eps_d", col)?,
        )?;
        same(
            "calder net assets = equity",
            sfp.val("na", col)?,
            sfp.val("te", col)?,
        )?;
    }
    // Roll-forwards 2024: retained earnings (dividend 57.1), NCI (dividend 3.0).
    same(
        "calder retained earnings roll",
        sfp.val("re", 1)? + is.val("own", 0)? - 571,
        sfp.val("re", 0)?,
    )?;
    same(
        "calder NCI roll",
        sfp.val("nci", 1)? + is.val("nci", 0)? - 30,
        sfp.val("nci", 0)?,
    )?;
    Ok(())
}

fn check_dunmore(b: &Book) -> Result<()> {
    let (ops, kpi) = (b.sheet("Operations")?, b.sheet("KPI")?);
    check_eps(ops, 4)?;
    // Nine months include the third quarter: a positive quarter is smaller
    // than its nine months (share counts are averages and are skipped).
    for r in &ops.rows {
        let (Some(q3), Some(m9)) = (
            r.cells.first().copied().flatten(),
            r.cells.get(2).copied().flatten(),
        ) else {
            continue;
        };
        let averaged = r.per_share || matches!(r.id, Some("sh_b" | "sh_d"));
        if !averaged && q3.v > 0 && m9.v > 0 {
            ensure!(
                m9.v > q3.v,
                "dunmore {:?}: nine months {} <= quarter {}",
                r.label,
                m9.v,
                q3.v
            );
        }
    }
    for (kcol, ocol) in [(0, 2), (1, 3)] {
        let rev = ops.val("rev", ocol)?;
        same("dunmore KPI revenue", kpi.val("rev", kcol)?, rev)?;
        same(
            "dunmore gross margin",
            ratio(rev - ops.val("cor", ocol)?, rev, 3)?,
            kpi.val("gm", kcol)?,
        )?;
        same(
            "dunmore operating margin",
            ratio(ops.val("oi", ocol)?, rev, 3)?,
            kpi.val("om", kcol)?,
        )?;
    }
    same(
        "dunmore revenue change",
        ratio(
            kpi.val("rev", 0)? - kpi.val("rev", 1)?,
            kpi.val("rev", 1)?,
            3,
        )?,
        kpi.val("rev", 2)?,
    )?;
    same(
        "dunmore customer change",
        ratio(
            kpi.val("cust", 0)? - kpi.val("cust", 1)?,
            kpi.val("cust", 1)?,
            3,
        )?,
        kpi.val("cust", 2)?,
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------
// Number text and formats
// ---------------------------------------------------------------------------

fn col_letter(col: u16) -> String {
    let mut n = u32::from(col) + 1;
    let mut out = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        out.push(char::from(b'A' + u8::try_from(rem).unwrap_or(0)));
        n = (n - 1) / 26;
    }
    out.iter().rev().collect()
}

fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    let len = digits.len();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (len - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn fixed(abs: u64, dp: u32, grouping: bool) -> String {
    let p = 10u64.pow(dp);
    let mut s = if grouping {
        grouped(abs / p)
    } else {
        (abs / p).to_string()
    };
    if dp > 0 {
        let _ = write!(s, ".{:0width$}", abs % p, width = dp as usize);
    }
    s
}

/// The value as a plain decimal string ("-9", "2.35", "0.381", "1109.8").
fn plain(n: Num) -> String {
    let sign = if n.v < 0 { "-" } else { "" };
    format!("{sign}{}", fixed(n.v.unsigned_abs(), n.dp, false))
}

/// The value as the statement prints it.
fn printed(n: Num, r: &Row, st: Style) -> String {
    if n.pct {
        let sign = if n.v < 0 { "-" } else { "" };
        return format!(
            "{sign}{}%",
            fixed(n.v.unsigned_abs(), n.dp.saturating_sub(2), false)
        );
    }
    if n.v == 0 && st.nil_dash {
        return "—".to_string();
    }
    let body = fixed(n.v.unsigned_abs(), n.dp, !r.per_share);
    let signed = if n.v >= 0 {
        body
    } else {
        match st.neg {
            Neg::Minus => format!("-{body}"),
            Neg::Paren => format!("({body})"),
            Neg::UMinus => format!("\u{2212}{body}"),
        }
    };
    if r.usd { format!("$ {signed}") } else { signed }
}

/// The Excel number format of a value cell.
fn num_format(n: Num, r: &Row, st: Style) -> String {
    let decimals = |dp: u32| {
        if dp == 0 {
            String::new()
        } else {
            format!(".{}", "0".repeat(dp as usize))
        }
    };
    if n.pct {
        return format!("0{}%", decimals(n.dp.saturating_sub(2)));
    }
    let pos = format!(
        "{}{}",
        if r.per_share { "0" } else { "#,##0" },
        decimals(n.dp)
    );
    let cur = if r.usd { "\"$ \"" } else { "" };
    let mut f = match st.neg {
        Neg::Minus => format!("{cur}{pos}"),
        Neg::Paren => format!("{cur}{pos};{cur}({pos})"),
        Neg::UMinus => format!("{cur}{pos};{cur}\"\u{2212}\"{pos}"),
    };
    if n.v == 0 && st.nil_dash {
        f.push_str(";\"—\"");
    }
    f
}

fn label_text(r: &Row, indent: Indent) -> String {
    match indent {
        Indent::Spaces => format!("{}{}", "  ".repeat(usize::from(r.indent)), r.label),
        Indent::Cell | Indent::Flat => r.label.to_string(),
    }
}

const MONTHS: [&str; 12] = tickmark::period::MONTH_NAMES;

fn head_text(v: &Hv) -> String {
    match v {
        Hv::Title(t) | Hv::Text(t) | Hv::Head(t) => (*t).to_string(),
        Hv::Year(y) => y.to_string(),
        Hv::Date(y, m, d) => format!(
            "{d} {} {y}",
            MONTHS
                .get(usize::from(*m).saturating_sub(1))
                .copied()
                .unwrap_or("?")
        ),
    }
}

// ---------------------------------------------------------------------------
// Writers
// ---------------------------------------------------------------------------

fn fixed_properties() -> Result<DocProperties> {
    let created = ExcelDateTime::parse_from_str("2025-01-15T09:00:00Z")?;
    Ok(DocProperties::new()
        .set_author("tickmark samples")
        .set_comment("Fictional sample data for tickmark")
        .set_creation_datetime(&created))
}

fn write_sheet(ws: &mut Worksheet, sheet: &Sheet, st: Style) -> Result<()> {
    ws.set_name(sheet.name)?;
    ws.set_column_width(0, 62)?;
    if sheet.notes_col {
        ws.set_column_width(1, 8)?;
    }
    for c in sheet.first_val_col()..sheet.ncols() {
        ws.set_column_width(c, 14)?;
    }
    let bold = Format::new().set_bold();
    let head = Format::new().set_bold().set_align(FormatAlign::Center);
    let date = head.clone().set_num_format("d mmmm yyyy");
    let year = head.clone().set_num_format("0");
    for (r, cells) in sheet.top.iter().enumerate() {
        let r = u32::try_from(r)?;
        for c in cells {
            match &c.v {
                Hv::Title(t) => {
                    ws.write_string_with_format(r, c.col, *t, &bold)?;
                }
                Hv::Text(t) => {
                    ws.write_string(r, c.col, *t)?;
                }
                Hv::Head(t) if c.span > 1 => {
                    ws.merge_range(r, c.col, r, c.col + c.span - 1, t, &head)?;
                }
                Hv::Head(t) => {
                    ws.write_string_with_format(r, c.col, *t, &head)?;
                }
                Hv::Year(y) => {
                    ws.write_number_with_format(r, c.col, f64::from(*y), &year)?;
                }
                Hv::Date(y, m, d) => {
                    let dt = ExcelDateTime::from_ymd(*y, *m, *d)?;
                    ws.write_datetime_with_format(r, c.col, &dt, &date)?;
                }
            }
        }
    }
    let center = Format::new().set_align(FormatAlign::Center);
    for (idx, r) in sheet.rows.iter().enumerate() {
        let xr = sheet.grid_row(idx) - 1;
        if r.kind == Kind::Blank {
            continue;
        }
        let mut lf = Format::new();
        if r.kind == Kind::Caption {
            lf = lf.set_bold();
        }
        if st.xlsx_indent == Indent::Cell && r.indent > 0 {
            lf = lf.set_indent(r.indent);
        }
        ws.write_string_with_format(xr, 0, label_text(r, st.xlsx_indent), &lf)?;
        if let Some(n) = r.note {
            ws.write_number_with_format(xr, 1, f64::from(n), &center)?;
        }
        for (c, cell) in r.cells.iter().enumerate() {
            let Some(n) = cell else { continue };
            let xc = sheet.first_val_col() + u16::try_from(c)?;
            let mut f = Format::new().set_num_format(num_format(*n, r, st));
            let value = n.v as f64 / 10f64.powi(i32::try_from(n.dp)?);
            match (r.kind, r.calc) {
                (Kind::Total, Some(calc)) => {
                    f = f.set_border_top(FormatBorder::Thin);
                    let text = formula_text(sheet, calc, &col_letter(xc))?;
                    let formula = Formula::new(text).set_result(plain(*n));
                    ws.write_formula_with_format(xr, xc, formula, &f)?;
                }
                _ => {
                    ws.write_number_with_format(xr, xc, value, &f)?;
                }
            }
        }
    }
    Ok(())
}

fn write_xlsx(book: &Book, dir: &Path) -> Result<()> {
    let mut wb = Workbook::new();
    wb.set_properties(&fixed_properties()?);
    if !book.cover.is_empty() {
        let ws = wb.add_worksheet();
        ws.set_name("Cover")?;
        ws.set_column_width(0, 70)?;
        let bold = Format::new().set_bold();
        for (i, t) in book.cover.iter().enumerate() {
            let r = u32::try_from(i)?;
            if i == 0 {
                ws.write_string_with_format(r, 0, *t, &bold)?;
            } else {
                ws.write_string(r, 0, *t)?;
            }
        }
    }
    for sheet in &book.sheets {
        let ws = wb.add_worksheet();
        write_sheet(ws, sheet, book.style)?;
    }
    let path = dir.join(book.file);
    wb.save(&path)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// The sheet's grid as csv cells (row-major, full width).
fn csv_grid(sheet: &Sheet, st: Style) -> Vec<Vec<String>> {
    let width = usize::from(sheet.ncols());
    let mut grid = Vec::new();
    for cells in &sheet.top {
        let mut line = vec![String::new(); width];
        for c in cells {
            if let Some(slot) = line.get_mut(usize::from(c.col)) {
                *slot = head_text(&c.v);
            }
        }
        grid.push(line);
    }
    for r in &sheet.rows {
        let mut line = vec![String::new(); width];
        if let (true, Some(slot)) = (r.kind != Kind::Blank, line.first_mut()) {
            *slot = label_text(r, st.csv_indent);
        }
        if let (true, Some(n), Some(slot)) = (sheet.notes_col, r.note, line.get_mut(1)) {
            *slot = n.to_string();
        }
        for (c, cell) in r.cells.iter().enumerate() {
            if let (Some(n), Some(slot)) =
                (cell, line.get_mut(usize::from(sheet.first_val_col()) + c))
            {
                *slot = if st.csv_printed {
                    printed(*n, r, st)
                } else {
                    plain(*n)
                };
            }
        }
        grid.push(line);
    }
    grid
}

fn csv_field(s: &str) -> String {
    let needs = s.contains([',', '"', '\n', '\r']) || s.starts_with(' ') || s.ends_with(' ');
    if needs {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn csv_bytes(grid: &[Vec<String>], bom_crlf: bool) -> Vec<u8> {
    let eol = if bom_crlf { "\r\n" } else { "\n" };
    let mut out = String::new();
    if bom_crlf {
        out.push('\u{feff}');
    }
    for line in grid {
        let fields: Vec<String> = line.iter().map(|f| csv_field(f)).collect();
        out.push_str(&fields.join(","));
        out.push_str(eol);
    }
    out.into_bytes()
}

fn write_csvs(book: &Book, dir: &Path) -> Result<()> {
    for sheet in &book.sheets {
        if let Some(name) = sheet.csv {
            let bytes = csv_bytes(&csv_grid(sheet, book.style), book.style.csv_bom_crlf);
            std::fs::write(dir.join(name), bytes).with_context(|| format!("writing {name}"))?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// PDF: the same statements as the pages of a filing
// ---------------------------------------------------------------------------
//
// Each workbook becomes `<book>.pdf` with one page per sheet in sheet order
// (page N is sheet N), laid out as 10-K statements are: no ruling lines,
// labels left with their indentation as an offset, amounts right-aligned in
// their columns exactly as the workbook shows them, a `$` in its own narrow
// column, titles centred, column headings centred over their columns (merged
// headings over the whole span). The text is in Helvetica and
// Helvetica-Bold, standard fonts that are not embedded, with WinAnsiEncoding.
// Exceptions on purpose: Dunmore's last sheet (KPI) is a ruled (lattice)
// table and acme.pdf ends with a page of prose.

/// Advance widths (1/1000 em) of WinAnsi codes 32..=126 in Helvetica, from
/// Adobe's AFM (the standard fonts are not embedded, so every viewer uses
/// these metrics).
const HELVETICA_W: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // ' '../
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0..?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @..O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P.._
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // `..o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p..~
];

/// The same for Helvetica-Bold.
const HELVETICA_BOLD_W: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // ' '../
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // 0..?
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // @..O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // P.._
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // `..o
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, // p..~
];

/// The code for U+2212 MINUS SIGN, which WinAnsi lacks: 0x81 is unused in
/// WinAnsi, and a font's `/Differences [129 /minus]` names its glyph.
const MINUS_CODE: u8 = 0x81;

/// Characters beyond ASCII: (char, code, width in Helvetica, in Helvetica-Bold).
const WIN_EXTRA: [(char, u8, u16, u16); 8] = [
    ('€', 0x80, 556, 556),
    ('\u{2212}', MINUS_CODE, 584, 584),
    ('\u{2019}', 0x92, 222, 278),
    ('\u{201C}', 0x93, 333, 500),
    ('\u{201D}', 0x94, 333, 500),
    ('–', 0x96, 556, 556),
    ('—', 0x97, 1000, 1000),
    ('£', 0xA3, 556, 556),
];

const PAGE_W: f64 = 612.0;
const PAGE_H: f64 = 792.0;
/// Left and right margin of the statement pages.
const MARGIN: f64 = 54.0;
/// Body text size (labels, amounts, headings).
const BODY: f64 = 8.0;
/// Size of the title lines.
const TITLE: f64 = 9.0;
/// Distance between baselines.
const LEAD: f64 = 11.0;
/// Left offset per indent level.
const INDENT_PT: f64 = 10.0;
/// Width of the `$` column left of each amount column.
const DOLLAR_W: f64 = 8.0;
/// Narrowest amount column (widened to its widest amount or heading).
const MIN_AMOUNT_W: f64 = 40.0;
/// Space between columns.
const COL_GAP: f64 = 12.0;
/// Width of Calder's Notes column.
const NOTES_W: f64 = 30.0;
/// Row height of the ruled table.
const CELL_H: f64 = 14.0;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Face {
    Regular,
    Bold,
}

impl Face {
    fn resource(self) -> &'static str {
        match self {
            Face::Regular => "F1",
            Face::Bold => "F2",
        }
    }
}

/// A character's WinAnsi code and its width in `face` (1/1000 em).
fn glyph(ch: char, face: Face) -> Result<(u8, u16)> {
    if let Some(i) = u32::from(ch).checked_sub(32).map(|i| i as usize) {
        let table = match face {
            Face::Regular => &HELVETICA_W,
            Face::Bold => &HELVETICA_BOLD_W,
        };
        if let (Some(w), Ok(code)) = (table.get(i), u8::try_from(ch)) {
            return Ok((code, *w));
        }
    }
    WIN_EXTRA
        .iter()
        .find(|e| e.0 == ch)
        .map(|&(_, code, regular, bold)| (code, if face == Face::Bold { bold } else { regular }))
        .ok_or_else(|| anyhow!("no WinAnsi code for {ch:?}"))
}

/// Width of `s` in points.
fn text_width(s: &str, face: Face, size: f64) -> Result<f64> {
    let mut units = 0u32;
    for ch in s.chars() {
        units += u32::from(glyph(ch, face)?.1);
    }
    Ok(f64::from(units) * size / 1000.0)
}

/// A coordinate as PDF content writes it: at most two decimals, no trailing zeros.
fn pt(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A page's content stream, in points from the bottom left of the page.
#[derive(Default, Debug)]
struct Canvas {
    ops: Vec<u8>,
    /// The page shows text (it needs the fonts).
    text: bool,
    /// The page shows U+2212 (its fonts need the `/Differences`).
    minus: bool,
}

impl Canvas {
    fn raw(&mut self, op: &str) {
        self.ops.extend_from_slice(op.as_bytes());
        self.ops.push(b'\n');
    }

    /// `s` with its left end at `x` and baseline `y`.
    fn text(&mut self, x: f64, y: f64, face: Face, size: f64, s: &str) -> Result<()> {
        self.text = true;
        let mut lit = Vec::new();
        for ch in s.chars() {
            let (code, _) = glyph(ch, face)?;
            self.minus |= code == MINUS_CODE;
            match code {
                b'(' | b')' | b'\\' => lit.extend_from_slice(&[b'\\', code]),
                32..=126 => lit.push(code),
                _ => lit.extend_from_slice(format!("\\{code:03o}").as_bytes()),
            }
        }
        let head = format!(
            "BT /{} {} Tf {} {} Td (",
            face.resource(),
            pt(size),
            pt(x),
            pt(y)
        );
        self.ops.extend_from_slice(head.as_bytes());
        self.ops.extend_from_slice(&lit);
        self.ops.extend_from_slice(b") Tj ET\n");
        Ok(())
    }

    /// `s` with its right end at `right`.
    fn text_right(&mut self, right: f64, y: f64, face: Face, size: f64, s: &str) -> Result<()> {
        let w = text_width(s, face, size)?;
        self.text(right - w, y, face, size, s)
    }

    /// `s` centred between `left` and `right`.
    fn text_centred(
        &mut self,
        (left, right): (f64, f64),
        y: f64,
        face: Face,
        size: f64,
        s: &str,
    ) -> Result<()> {
        let w = text_width(s, face, size)?;
        self.text((left + right - w) / 2.0, y, face, size, s)
    }

    /// A stroked straight line.
    fn rule(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
        self.raw(&format!(
            "{} {} m {} {} l S",
            pt(x1),
            pt(y1),
            pt(x2),
            pt(y2)
        ));
    }
}

/// One page: its content and what it draws beyond the two fonts.
#[derive(Default, Debug)]
struct PdfPage {
    canvas: Canvas,
    /// Image XObjects by resource name.
    images: Vec<(&'static str, lopdf::Stream)>,
    /// Further direct resource entries (`ExtGState`, …).
    resources: lopdf::Dictionary,
}

impl PdfPage {
    fn of(canvas: Canvas) -> PdfPage {
        PdfPage {
            canvas,
            ..PdfPage::default()
        }
    }
}

/// A PDF 1.4 file of `pages` (US Letter), deterministic: no dates, no /ID,
/// objects numbered in the order written. `compact` packs the objects into
/// compressed object streams with a cross-reference stream (PDF 1.5).
fn pdf_bytes(title: &str, pages: Vec<PdfPage>, compact: bool) -> Result<Vec<u8>> {
    use lopdf::{Dictionary, Document, Object, Stream, dictionary, xref::XrefType};
    let mut doc = Document::with_version(if compact { "1.5" } else { "1.4" });
    doc.reference_table.cross_reference_type = XrefType::CrossReferenceTable;
    let pages_id = doc.new_object_id();
    let fonts = if pages.iter().any(|p| p.canvas.text) {
        let encoding = if pages.iter().any(|p| p.canvas.minus) {
            Object::Reference(doc.add_object(dictionary! {
                "Type" => "Encoding",
                "BaseEncoding" => "WinAnsiEncoding",
                "Differences" => vec![Object::Integer(i64::from(MINUS_CODE)), Object::Name(b"minus".to_vec())],
            }))
        } else {
            Object::Name(b"WinAnsiEncoding".to_vec())
        };
        let mut fonts = Dictionary::new();
        for (face, base) in [(Face::Regular, "Helvetica"), (Face::Bold, "Helvetica-Bold")] {
            let id = doc.add_object(dictionary! {
                "Type" => "Font",
                "Subtype" => "Type1",
                "BaseFont" => base,
                "Encoding" => encoding.clone(),
            });
            fonts.set(face.resource(), id);
        }
        Some(doc.add_object(fonts))
    } else {
        None
    };
    let count = i64::try_from(pages.len())?;
    let mut kids = Vec::new();
    for page in pages {
        let mut resources = page.resources;
        if let (true, Some(fonts)) = (page.canvas.text, fonts) {
            resources.set("Font", fonts);
        }
        if !page.images.is_empty() {
            let mut xobjects = Dictionary::new();
            for (name, image) in page.images {
                xobjects.set(name, doc.add_object(image));
            }
            resources.set("XObject", xobjects);
        }
        let mut dict = dictionary! { "Type" => "Page", "Parent" => pages_id };
        if !resources.is_empty() {
            dict.set("Resources", resources);
        }
        if !page.canvas.ops.is_empty() {
            let content = doc.add_object(Stream::new(Dictionary::new(), page.canvas.ops));
            dict.set("Contents", content);
        }
        kids.push(Object::Reference(doc.add_object(dict)));
    }
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => count,
            "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
            "Resources" => Dictionary::new(),
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    let info = doc.add_object(dictionary! {
        "Title" => Object::string_literal(title),
        "Producer" => Object::string_literal("tickmark examples/make_samples.rs"),
    });
    doc.trailer.set("Root", catalog);
    doc.trailer.set("Info", info);
    let mut out = Vec::new();
    if compact {
        let options = lopdf::SaveOptions::builder()
            .use_object_streams(true)
            .use_xref_streams(true)
            .max_objects_per_stream(1000)
            .compression_level(9)
            .build();
        doc.save_with_options(&mut out, options)?;
    } else {
        doc.save_to(&mut out)?;
    }
    Ok(out)
}

/// Where a statement's columns sit on the page.
#[derive(Debug)]
struct Columns {
    /// Right edge of each value column (amounts end here).
    rights: Vec<f64>,
    /// Width of the amount area left of each right edge; single headings
    /// are centred over it, the `$` column is left of it.
    amount_w: f64,
    /// The Notes column (left, right), if the sheet has one.
    notes: Option<(f64, f64)>,
}

impl Columns {
    fn right(&self, i: usize) -> Result<f64> {
        self.rights
            .get(i)
            .copied()
            .ok_or_else(|| anyhow!("no value column {i}"))
    }
    /// The amount area of value column `i`.
    fn amount(&self, i: usize) -> Result<(f64, f64)> {
        let r = self.right(i)?;
        Ok((r - self.amount_w, r))
    }
    /// Left edge of value column `i`'s `$` column.
    fn dollar_x(&self, i: usize) -> Result<f64> {
        Ok(self.right(i)? - self.amount_w - DOLLAR_W)
    }
    /// From the `$` column of `first` to the right edge of `first + n - 1`.
    fn span(&self, first: usize, n: usize) -> Result<(f64, f64)> {
        Ok((
            self.dollar_x(first)?,
            self.right(first + n.saturating_sub(1))?,
        ))
    }
    /// Labels must end left of this.
    fn label_limit(&self) -> Result<f64> {
        let left = match self.notes {
            Some((l, _)) => l,
            None => self.dollar_x(0)?,
        };
        Ok(left - COL_GAP / 2.0)
    }
}

/// How a value cell is printed in the PDF: a `$` or not, and the amount text.
fn pdf_amount(n: Num, r: &Row, st: Style, first_row: bool) -> (bool, String) {
    let text = printed(n, r, st);
    match text.strip_prefix("$ ") {
        Some(rest) => (true, rest.to_string()),
        None => {
            let rule = first_row || (r.kind == Kind::Total && r.indent == 0);
            (st.pdf_dollars && !n.pct && rule, text)
        }
    }
}

/// Label offset for a row: the indent level where the workbook shows one.
fn indent_pt(r: &Row, st: Style) -> f64 {
    if st.xlsx_indent == Indent::Flat {
        0.0
    } else {
        f64::from(r.indent) * INDENT_PT
    }
}

/// Index of the first data row that has an amount.
fn first_value_row(sheet: &Sheet) -> Option<usize> {
    sheet
        .rows
        .iter()
        .position(|r| r.cells.iter().any(Option::is_some))
}

fn is_header_row(cells: &[Hc]) -> bool {
    cells
        .iter()
        .any(|c| matches!(c.v, Hv::Head(_) | Hv::Year(_) | Hv::Date(..)))
}

fn columns(sheet: &Sheet, st: Style) -> Result<Columns> {
    let first = first_value_row(sheet);
    let mut amount_w = MIN_AMOUNT_W;
    for (idx, r) in sheet.rows.iter().enumerate() {
        for n in r.cells.iter().flatten() {
            let (_, text) = pdf_amount(*n, r, st, Some(idx) == first);
            amount_w = amount_w.max(text_width(&text, Face::Regular, BODY)?);
        }
    }
    for c in sheet.top.iter().flatten() {
        if c.span == 1 && c.col >= sheet.first_val_col() {
            amount_w = amount_w.max(text_width(&head_text(&c.v), Face::Bold, BODY)?);
        }
    }
    let n = sheet.col_names.len();
    let pitch = DOLLAR_W + amount_w + COL_GAP;
    let rights: Vec<f64> = (0..n)
        .map(|i| PAGE_W - MARGIN - (n - 1 - i) as f64 * pitch)
        .collect();
    let notes = match (sheet.notes_col, rights.first()) {
        (true, Some(r0)) => {
            let right = r0 - amount_w - DOLLAR_W - COL_GAP;
            Some((right - NOTES_W, right))
        }
        _ => None,
    };
    Ok(Columns {
        rights,
        amount_w,
        notes,
    })
}

/// Draws the heading cells of one header row at baseline `y`.
fn draw_heads(
    canvas: &mut Canvas,
    sheet: &Sheet,
    cols: &Columns,
    cells: &[Hc],
    y: f64,
) -> Result<()> {
    for c in cells {
        let text = head_text(&c.v);
        let slot = if sheet.notes_col && c.col == 1 {
            cols.notes.ok_or_else(|| anyhow!("no notes column"))?
        } else {
            let i = usize::from(
                c.col
                    .checked_sub(sheet.first_val_col())
                    .ok_or_else(|| anyhow!("{}: heading {text:?} over the labels", sheet.name))?,
            );
            if c.span > 1 {
                cols.span(i, usize::from(c.span))?
            } else {
                cols.amount(i)?
            }
        };
        canvas.text_centred(slot, y, Face::Bold, BODY, &text)?;
    }
    Ok(())
}

/// Draws a data row's label, note and amounts at baseline `y`.
fn draw_row(
    canvas: &mut Canvas,
    sheet: &Sheet,
    st: Style,
    cols: &Columns,
    idx: usize,
    y: f64,
) -> Result<()> {
    let Some(r) = sheet.rows.get(idx) else {
        bail!("{}: no row {idx}", sheet.name)
    };
    if r.kind == Kind::Blank {
        return Ok(());
    }
    let x = MARGIN + indent_pt(r, st);
    let end = x + text_width(r.label, Face::Regular, BODY)?;
    ensure!(
        end <= cols.label_limit()?,
        "{}: label {:?} runs into the amounts ({end:.1} > {:.1})",
        sheet.name,
        r.label,
        cols.label_limit()?
    );
    canvas.text(x, y, Face::Regular, BODY, r.label)?;
    if let (Some(n), Some(slot)) = (r.note, cols.notes) {
        canvas.text_centred(slot, y, Face::Regular, BODY, &n.to_string())?;
    }
    let first = first_value_row(sheet) == Some(idx);
    for (i, cell) in r.cells.iter().enumerate() {
        let Some(n) = cell else { continue };
        let (dollar, text) = pdf_amount(*n, r, st, first);
        if dollar {
            canvas.text(cols.dollar_x(i)?, y, Face::Regular, BODY, "$")?;
        }
        canvas.text_right(cols.right(i)?, y, Face::Regular, BODY, &text)?;
    }
    Ok(())
}

/// Draws a row of title or unit lines, centred, at baseline `y`.
fn draw_titles(canvas: &mut Canvas, cells: &[Hc], y: f64) -> Result<()> {
    for c in cells {
        let (face, size) = match c.v {
            Hv::Title(_) => (Face::Bold, TITLE),
            _ => (Face::Regular, BODY),
        };
        canvas.text_centred((MARGIN, PAGE_W - MARGIN), y, face, size, &head_text(&c.v))?;
    }
    Ok(())
}

/// One statement as a page: unruled, or (`ruled`) with its header and data
/// rows as a lattice table, a stroked line around every cell.
fn statement_page(sheet: &Sheet, st: Style, ruled: bool) -> Result<Canvas> {
    let mut canvas = Canvas::default();
    let cols = columns(sheet, st)?;
    let mut y = PAGE_H - MARGIN - TITLE;
    // The top edges of the ruled table's rows.
    let mut table: Vec<f64> = Vec::new();
    for cells in &sheet.top {
        if is_header_row(cells) {
            if ruled {
                let top = table.last().map_or(y + LEAD - 1.0, |t| t - CELL_H);
                table.push(top);
                draw_heads(&mut canvas, sheet, &cols, cells, top - CELL_H + 4.0)?;
                y -= CELL_H;
            } else {
                draw_heads(&mut canvas, sheet, &cols, cells, y)?;
                y -= LEAD;
            }
        } else {
            draw_titles(&mut canvas, cells, y)?;
            y -= if cells.iter().any(|c| matches!(c.v, Hv::Title(_))) {
                TITLE + 3.0
            } else {
                LEAD
            };
        }
    }
    for (idx, r) in sheet.rows.iter().enumerate() {
        if ruled {
            if r.kind == Kind::Blank {
                continue;
            }
            let top = table.last().map_or(y + LEAD - 1.0, |t| t - CELL_H);
            table.push(top);
            draw_row(&mut canvas, sheet, st, &cols, idx, top - CELL_H + 4.0)?;
        } else {
            draw_row(&mut canvas, sheet, st, &cols, idx, y)?;
            y -= LEAD;
        }
    }
    if ruled {
        let (Some(&top), Some(&last)) = (table.first(), table.last()) else {
            bail!("{}: nothing to rule", sheet.name)
        };
        let bottom = last - CELL_H;
        let mut xs = vec![MARGIN - 4.0];
        let left = cols.notes.map(|(l, _)| l);
        xs.extend(left.map(|l| l - COL_GAP / 2.0));
        for i in 0..cols.rights.len() {
            xs.push(cols.dollar_x(i)? - COL_GAP / 2.0);
        }
        xs.push(cols.right(cols.rights.len().saturating_sub(1))? + COL_GAP / 2.0);
        let (Some(&x0), Some(&x1)) = (xs.first(), xs.last()) else {
            bail!("no columns")
        };
        canvas.raw("0.5 w");
        for &t in table.iter().chain([bottom].iter()) {
            canvas.rule((x0, t), (x1, t));
        }
        for &x in &xs {
            canvas.rule((x, top), (x, bottom));
        }
    }
    Ok(canvas)
}

/// The Cover sheet's lines, centred.
fn cover_page(lines: &[&str]) -> Result<Canvas> {
    let mut canvas = Canvas::default();
    let mut y = 560.0;
    for (i, t) in lines.iter().enumerate() {
        let (face, size) = if i == 0 {
            (Face::Bold, 18.0)
        } else {
            (Face::Regular, 11.0)
        };
        canvas.text_centred((MARGIN, PAGE_W - MARGIN), y, face, size, t)?;
        y -= if i == 0 { 30.0 } else { 18.0 };
    }
    Ok(canvas)
}

/// Acme's Management's Discussion and Analysis: headings and paragraphs.
const ACME_MDNA: [(bool, &str); 5] = [
    (true, "Results of Operations"),
    (
        false,
        "Revenue increased 7.7% to $4,200 million in 2024 from $3,900 million in 2023, the first year in which our revenue exceeded four billion dollars. Cost of revenue was $2,520 million, or 60.0% of revenue, compared with 61.0% of revenue in 2023, as a more favorable product mix offset higher wages. Research and development expense rose 14.2% to $490 million as we added engineers to our sensor platform, and selling, general and administrative expense grew to $588 million from $550 million.",
    ),
    (
        false,
        "Operating income was $602 million, up 11.1% from $542 million, and operating margin widened to 14.3% from 13.9%. Interest expense declined to $48 million from $52 million as we repaid debt. Our effective tax rate was 21.0% in both years. Net income rose 17.6% to $447 million, or $2.33 per diluted share, compared with $380 million, or $1.95 per diluted share, in 2023.",
    ),
    (true, "Liquidity and Capital Resources"),
    (
        false,
        "Net cash provided by operating activities was $626 million in 2024 compared with $558 million in 2023. We invested $210 million in property and equipment, repurchased $190 million of our common stock and paid dividends of $76 million. We ended the year with cash and cash equivalents of $780 million and total debt of $1,100 million, down from $1,150 million a year earlier. We believe that our cash and the cash our operations generate will be sufficient to fund our operations and planned investments for at least the next twelve months.",
    ),
];

/// Checks that the MD&A's figures are the statements' figures.
fn check_mdna(b: &Book) -> Result<()> {
    let is = b.sheet("IS")?;
    let bs = b.sheet("BS")?;
    let cf = b.sheet("CF")?;
    let text: String = ACME_MDNA
        .iter()
        .map(|(_, t)| *t)
        .collect::<Vec<_>>()
        .join(" ");
    let m = |v: i64| format!("${} million", grouped(v.unsigned_abs()));
    let pct1 = |num: i64, den: i64| -> Result<String> {
        let r = ratio(num * 100, den, 1)?;
        Ok(format!("{}.{}%", r / 10, r % 10))
    };
    let growth =
        |id: &str| -> Result<String> { pct1(is.val(id, 0)? - is.val(id, 1)?, is.val(id, 1)?) };
    let rnd = |c: usize| is.val_at_label("Research and development", c);
    let eps = |v: i64| format!("${}.{:02}", v / 100, v % 100);
    let debt = |c: usize| -> Result<i64> { Ok(bs.val("ltd", c)? + bs.val("cltd", c)?) };
    let must = [
        format!(
            "Revenue increased {} to {}",
            growth("rev")?,
            m(is.val("rev", 0)?)
        ),
        format!("from {} in 2023", m(is.val("rev", 1)?)),
        format!(
            "Cost of revenue was {}, or {} of revenue",
            m(is.val("cor", 0)?),
            pct1(is.val("cor", 0)?, is.val("rev", 0)?)?
        ),
        format!(
            "compared with {} of revenue in 2023",
            pct1(is.val("cor", 1)?, is.val("rev", 1)?)?
        ),
        format!(
            "rose {} to {}",
            pct1(rnd(0)? - rnd(1)?, rnd(1)?)?,
            m(rnd(0)?)
        ),
        format!(
            "expense grew to {} from {}",
            m(is.val("sga", 0)?),
            m(is.val("sga", 1)?)
        ),
        format!(
            "Operating income was {}, up {} from {}",
            m(is.val("oi", 0)?),
            growth("oi")?,
            m(is.val("oi", 1)?)
        ),
        format!(
            "margin widened to {} from {}",
            pct1(is.val("oi", 0)?, is.val("rev", 0)?)?,
            pct1(is.val("oi", 1)?, is.val("rev", 1)?)?
        ),
        format!(
            "declined to {} from {}",
            m(is.val("int", 0)?),
            m(is.val("int", 1)?)
        ),
        format!(
            "tax rate was {} in both",
            pct1(is.val("tax", 0)?, is.val("ibt", 0)?)?
        ),
        format!(
            "Net income rose {} to {}, or {} per diluted share, compared with {}, or {} per diluted",
            growth("ni")?,
            m(is.val("ni", 0)?),
            eps(is.val("eps_d", 0)?),
            m(is.val("ni", 1)?),
            eps(is.val("eps_d", 1)?)
        ),
        format!(
            "activities was {} in 2024 compared with {} in 2023",
            m(cf.val("cfo", 0)?),
            m(cf.val("cfo", 1)?)
        ),
        format!("We invested {} in property", m(-cf.val("capex", 0)?)),
        format!("repurchased {} of our", m(-cf.val("buyback", 0)?)),
        format!("dividends of {}", m(-cf.val("div", 0)?)),
        format!(
            "cash equivalents of {} and total debt of {}, down from {}",
            m(bs.val("cash", 0)?),
            m(debt(0)?),
            m(debt(1)?)
        ),
    ];
    ensure!(
        pct1(is.val("tax", 1)?, is.val("ibt", 1)?)? == pct1(is.val("tax", 0)?, is.val("ibt", 0)?)?,
        "MD&A: the tax rate is not the same in both years"
    );
    ensure!(
        is.val("rev", 0)? > 4000 && (1..3).all(|c| is.val("rev", c).is_ok_and(|v| v < 4000)),
        "MD&A: 2024 is not the first year of revenue above four billion dollars"
    );
    for s in must {
        ensure!(text.contains(&s), "MD&A does not say {s:?}");
    }
    Ok(())
}

/// `text` broken into lines no wider than `width` points.
fn wrap(text: &str, face: Face, size: f64, width: f64) -> Result<Vec<String>> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, face, size)? > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    Ok(lines)
}

/// A page of prose: the MD&A, wrapped and left-aligned, no table.
fn prose_page(company: &str, heading: &str, blocks: &[(bool, &str)]) -> Result<Canvas> {
    let left = 72.0;
    let width = PAGE_W - 2.0 * left;
    let mut canvas = Canvas::default();
    let mut y = PAGE_H - 72.0 - 11.0;
    canvas.text(left, y, Face::Bold, 11.0, company)?;
    y -= 16.0;
    canvas.text(left, y, Face::Bold, 11.0, heading)?;
    y -= 24.0;
    for (is_heading, text) in blocks {
        if *is_heading {
            y -= 4.0;
            canvas.text(left, y, Face::Bold, 9.5, text)?;
            y -= 16.0;
        } else {
            for l in wrap(text, Face::Regular, 9.5, width)? {
                canvas.text(left, y, Face::Regular, 9.5, &l)?;
                y -= 12.5;
            }
            y -= 6.0;
        }
    }
    Ok(canvas)
}

/// The PDF file name of a book (`acme.xlsx` → `acme.pdf`).
fn pdf_name(book: &Book) -> String {
    let stem = book.file.strip_suffix(".xlsx").unwrap_or(book.file);
    format!("{stem}.pdf")
}

/// The book as PDF pages: the cover (if any), each sheet, and for Acme the MD&A.
fn book_pages(book: &Book) -> Result<Vec<PdfPage>> {
    let mut pages = Vec::new();
    if !book.cover.is_empty() {
        pages.push(PdfPage::of(cover_page(&book.cover)?));
    }
    let last = book.sheets.len().saturating_sub(1);
    for (i, sheet) in book.sheets.iter().enumerate() {
        let ruled = book.file == "dunmore.xlsx" && i == last;
        pages.push(PdfPage::of(statement_page(sheet, book.style, ruled)?));
    }
    if book.file == "acme.xlsx" {
        let company = book.cover.first().copied().unwrap_or("Acme Corp");
        pages.push(PdfPage::of(prose_page(
            company,
            "Management's Discussion and Analysis",
            &ACME_MDNA,
        )?));
    }
    Ok(pages)
}

fn write_pdf(book: &Book, dir: &Path) -> Result<()> {
    let name = pdf_name(book);
    let title = book
        .sheets
        .first()
        .and_then(|s| s.top.first())
        .and_then(|cells| cells.first())
        .map(|c| head_text(&c.v))
        .unwrap_or_default();
    let bytes = pdf_bytes(&title, book_pages(book)?, false)?;
    std::fs::write(dir.join(&name), bytes).with_context(|| format!("writing {name}"))?;
    Ok(())
}

// ---------------------------------------------------------------------------
// README: layout and same-number pairs, generated from the data
// ---------------------------------------------------------------------------

fn sheet_ref_name(name: &str) -> String {
    let mut chars = name.chars();
    let plain = chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '.');
    if plain {
        name.to_string()
    } else {
        format!("'{}'", name.replace('\'', "''"))
    }
}

/// One numeric cell with what it means, for the pair listing.
#[derive(Clone, Debug)]
struct Spot {
    a1: String,
    sheet: &'static str,
    csv: Option<&'static str>,
    what: String,
    shown: String,
}

fn spots(book: &Book, sheet: &Sheet) -> Vec<(Num, Spot)> {
    let mut out = Vec::new();
    let mut sections: Vec<(u8, &'static str)> = Vec::new();
    for (idx, r) in sheet.rows.iter().enumerate() {
        if r.kind == Kind::Blank {
            continue;
        }
        sections.retain(|(ind, _)| *ind < r.indent);
        if r.kind == Kind::Caption {
            sections.push((r.indent, r.label));
            continue;
        }
        let ctx: Vec<&str> = sections.iter().map(|(_, l)| *l).collect();
        let label = if ctx.is_empty() {
            r.label.to_string()
        } else {
            format!("{} › {}", ctx.join(" › "), r.label)
        };
        for (c, cell) in r.cells.iter().enumerate() {
            let Some(n) = cell else { continue };
            if n.v == 0 {
                continue;
            }
            let col = sheet.first_val_col() + u16::try_from(c).unwrap_or(0);
            out.push((
                *n,
                Spot {
                    a1: format!("{}{}", col_letter(col), sheet.grid_row(idx)),
                    sheet: sheet.name,
                    csv: sheet.csv,
                    what: format!(
                        "{label} ({})",
                        sheet.col_names.get(c).copied().unwrap_or("?")
                    ),
                    shown: if book.style.csv_printed {
                        printed(*n, r, book.style)
                    } else {
                        plain(*n)
                    },
                },
            ));
        }
    }
    out
}

fn spot_refs(file: &str, s: &Spot) -> String {
    let x = format!("`{file}#{}!{}`", sheet_ref_name(s.sheet), s.a1);
    match s.csv {
        Some(csv) => format!("{x} / `{csv}#{}`", s.a1),
        None => x,
    }
}

fn pairs_markdown(books: &[Book]) -> String {
    let mut md = String::new();
    for book in books {
        let _ = writeln!(md, "### {}\n", book.file);
        let _ = writeln!(md, "Within one table:\n");
        let mut any = false;
        let mut all: Vec<(Num, Spot)> = Vec::new();
        for sheet in &book.sheets {
            let sp = spots(book, sheet);
            let mut groups: BTreeMap<(i64, u32, bool), Vec<Spot>> = BTreeMap::new();
            for (n, s) in &sp {
                groups
                    .entry((n.v, n.dp, n.pct))
                    .or_default()
                    .push(s.clone());
            }
            for members in groups.values().filter(|g| g.len() > 1) {
                any = true;
                let shown = members.first().map(|m| m.shown.clone()).unwrap_or_default();
                let _ = writeln!(md, "- **{shown}** in `{}`:", sheet.name);
                for m in members {
                    let _ = writeln!(md, "  - {} — {}", spot_refs(book.file, m), m.what);
                }
            }
            all.extend(sp);
        }
        if !any {
            let _ = writeln!(md, "- none");
        }
        // Across tables of the same workbook, different line items only.
        let mut groups: BTreeMap<(i64, u32, bool), Vec<Spot>> = BTreeMap::new();
        for (n, s) in all {
            groups.entry((n.v, n.dp, n.pct)).or_default().push(s);
        }
        let mut cross = String::new();
        for members in groups.values() {
            let sheets: std::collections::BTreeSet<_> = members.iter().map(|m| m.sheet).collect();
            let items: std::collections::BTreeSet<_> = members
                .iter()
                .map(|m| m.what.rsplit(" › ").next().unwrap_or_default().to_string())
                .collect();
            if sheets.len() > 1 && items.len() > 1 {
                let shown = members.first().map(|m| m.shown.clone()).unwrap_or_default();
                let _ = writeln!(cross, "- **{shown}**:");
                for m in members {
                    let _ = writeln!(cross, "  - {} — {}", spot_refs(book.file, m), m.what);
                }
            }
        }
        if !cross.is_empty() {
            let _ = writeln!(
                md,
                "\nAcross tables of `{}` (rows with different labels):\n",
                book.file
            );
            md.push_str(&cross);
        }
        md.push('\n');
    }
    md
}

fn layout_markdown(books: &[Book]) -> String {
    let mut md = String::new();
    for book in books {
        let _ = writeln!(md, "### {}\n", book.file);
        if !book.cover.is_empty() {
            let _ = writeln!(
                md,
                "- Sheet `Cover`: text only (A1:A{}), no numbers.",
                book.cover.len()
            );
        }
        for sheet in &book.sheets {
            let header_rows: Vec<String> = sheet
                .top
                .iter()
                .enumerate()
                .filter(|(_, cells)| {
                    cells
                        .iter()
                        .any(|c| matches!(c.v, Hv::Head(_) | Hv::Year(_) | Hv::Date(..)))
                })
                .map(|(i, _)| (i + 1).to_string())
                .collect();
            let title_rows: Vec<String> = sheet
                .top
                .iter()
                .enumerate()
                .filter(|(_, cells)| {
                    cells
                        .iter()
                        .any(|c| matches!(c.v, Hv::Title(_) | Hv::Text(_)))
                })
                .map(|(i, _)| (i + 1).to_string())
                .collect();
            let first = sheet.first_val_col();
            let last = sheet.ncols() - 1;
            let cols: Vec<String> = sheet
                .col_names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{}={n}", col_letter(first + u16::try_from(i).unwrap_or(0))))
                .collect();
            let csv = sheet
                .csv
                .map(|c| format!(" (csv `{c}`, same grid)"))
                .unwrap_or_default();
            let _ = writeln!(
                md,
                "- Sheet `{}`{csv}: title/unit rows {}; header rows {}; labels in column A{}; values in {}:{} ({}); data rows {}–{}.",
                sheet.name,
                title_rows.join(", "),
                header_rows.join(", "),
                if sheet.notes_col {
                    ", note numbers in column B (not amounts)"
                } else {
                    ""
                },
                col_letter(first),
                col_letter(last),
                cols.join(", "),
                sheet.grid_row(0),
                sheet.grid_row(sheet.rows.len().saturating_sub(1)),
            );
        }
        md.push('\n');
    }
    md
}

const README: &str = r##"# Sample statements

Four fictional companies' financial statements, small but realistic, for
trying tickmark and for its tests. **All data is fictional**: the companies do
not exist and the numbers were made up to be internally consistent.

Regenerate everything in this folder with

```
cargo run --example make_samples
```

(`dev/make_samples.rs` defines each statement once, as rows of label,
indent level, kind and values, and writes it as a worksheet, as csv and as a
PDF page; this README's layout, page and pair lists are generated from the
same data. The output is byte-for-byte deterministic.)

## Files

| file | what |
|---|---|
| `acme.xlsx` | Acme Corp, annual report: sheets `Cover`, `IS`, `BS`, `CF` |
| `acme_income.csv`, `acme_balance.csv`, `acme_cashflow.csv` | the same three statements as csv |
| `birchwood.xlsx` | Birchwood Inc., annual report: sheets `Income Statement`, `Balance Sheet` |
| `birchwood_income.csv`, `birchwood_balance.csv` | the same as csv |
| `calder.xlsx` | Calder plc, IFRS annual report: sheets `P&L`, `SFP` |
| `calder_income.csv`, `calder_financial_position.csv` | the same as csv |
| `dunmore.xlsx` | Dunmore Holdings, quarterly report (10-Q): sheets `Operations`, `KPI` |
| `dunmore_income.csv`, `dunmore_kpi.csv` | the same as csv |
| `acme.pdf`, `birchwood.pdf`, `calder.pdf`, `dunmore.pdf` | the same workbooks as PDF, one page per sheet in sheet order (see [PDFs](#pdfs)); `acme.pdf` adds a page of prose |

Every csv has exactly the grid of its worksheet (title rows, blank rows,
header rows, merged header text in the first cell of the merge), so a
reference means the same figure in both: `acme.xlsx#IS!C18` is
`acme_income.csv#C18`. References are 1-based A1 cells of that grid (csv row 1
is the first line of the file). Sheet names with spaces or punctuation are
quoted: `birchwood.xlsx#'Income Statement'!B7`, `calder.xlsx#'P&L'!C7`.

## Conventions

Consistency: every subtotal and total adds up exactly (in the workbooks they
are formulas, e.g. `=SUM(B9:B11)`, `=B7-B12`, stored with their cached
results, so a reader must use the cached values); the balance sheets balance;
Acme's cash flow ends at the balance-sheet cash of both years and begins each
year at the prior year's end; net income in the cash flow equals the income
statement; per-share amounts round from net income and the share counts;
Dunmore's KPI revenue and margins agree with its nine-month columns.

### Acme Corp (`acme.xlsx`, `acme_*.csv`)

- US GAAP, calendar fiscal year ending December 31; three annual columns
  2024, 2023, 2022 (balance sheet: two instants, December 31, 2024 and 2023).
- Unit line "($ in millions, except per share data)": amounts in millions,
  EPS in dollars, share counts in millions.
- Header: "Year Ended December 31," (balance sheet "December 31,") MERGED
  across the value columns, and below it the years as NUMERIC cells.
- Expenses are positive numbers ("Cost of revenue 2,520"); the only negatives
  are genuinely negative amounts (other expense, cash outflows, AOCI).
- Indentation: real cell indentation (Excel indent levels 1 and 2); captions
  ("Costs and expenses:", "ASSETS", "Current assets:") are bold, have no values.
- Number formats `#,##0` and `0.00` (EPS). Totals are formulas.
- `Cover` holds only text (company name, report title), no numbers.
- csv: raw values as stored (`4200`, `-9`, `2.35`), no thousands separators,
  no indentation (as Excel would export it), LF line ends, UTF-8 without BOM.
- The famous swap pair: 2022 Net income (`acme.xlsx#IS!D18`) and 2024 Goodwill
  (`acme.xlsx#BS!B16`) are both 412.

### Birchwood Inc. (`birchwood.xlsx`, `birchwood_*.csv`)

- US GAAP, NON-calendar fiscal year ending June 30: "Fiscal Year Ended June
  30," merged over 2024 and 2023 (numeric year cells); balance sheet "June 30,"
  over 2024 and 2023 (instants June 30, 2024 and June 30, 2023).
- Unit line "(in thousands, except per share amounts)".
- Expenses SHOWN IN PARENTHESES: stored as negative numbers with number format
  `#,##0;(#,##0)` (first and total rows `"$ "#,##0;"$ "(#,##0)`), so "Cost of
  revenue" is -98,322 shown as (98,322). "Other income (expense), net" is
  (482) in fiscal 2024 and 1,135 in fiscal 2023.
- Nil values are zero shown as an em dash (format `#,##0;(#,##0);"—"`):
  restructuring in fiscal 2024, short-term investments at June 30, 2023,
  current portion of long-term debt at June 30, 2024.
- Indentation by LEADING SPACES in the label text (two per level, e.g.
  `"  Research and development"`, `"    Total operating expenses"`), in the
  workbook and in the csv; no cell indentation.
- csv: text as printed: `"$ 184,512"` on first and total rows, `"(98,322)"`,
  `"—"` for nil, `"86,190"`; fields with commas or leading spaces are quoted.

### Calder plc (`calder.xlsx`, `calder_*.csv`)

- IFRS wording: "Consolidated income statement", Revenue, Cost of sales,
  Gross profit, Distribution costs, Administrative expenses, Operating profit,
  Finance income, Finance costs, Profit before tax, Income tax expense,
  "Profit for the year", "Attributable to:" Owners of the parent /
  Non-controlling interests, "Basic earnings per share (€)"; the "Consolidated
  statement of financial position" with Non-current assets, Property, plant
  and equipment, Trade and other receivables, Borrowings (twice: current and
  non-current, same label in different sections), Net assets, Total equity.
- Calendar year ending 31 December. Amounts in € million with ONE decimal:
  the unit is the "€m" row under the column headings (no "in millions" text).
- Column B is a **Notes** column holding note numbers (3, 4, 7 …) that are
  NOT amounts; values are in C and D.
- Income statement headings are TEXT cells "2024" and "2023"; the statement of
  financial position has NATIVE DATE header cells 31 December 2024 / 31
  December 2023 (format `d mmmm yyyy`; csv text "31 December 2024").
- Costs are negative with a true minus sign U+2212 (`−1,735.8`); format
  `#,##0.0;"−"#,##0.0`. Liabilities are positive.
- No indentation at all; section captions are bold. Totals are formulas.
- csv: as printed (`"2,845.6"`, `−1,735.8`), written as Excel's "CSV UTF-8":
  UTF-8 **with BOM** and CRLF line ends.

### Dunmore Holdings (`dunmore.xlsx`, `dunmore_*.csv`)

- A 10-Q (quarterly report), US GAAP, calendar year. Four value columns:
  three months ended September 30, 2024 and 2023, nine months ended
  September 30, 2024 and 2023. Three header rows: "Three Months Ended" merged
  over B:C and "Nine Months Ended" over D:E; "September 30," merged the same
  way; then the years 2024, 2023, 2024, 2023 as numeric cells.
- Unit line "(In thousands, except per share data; shares in thousands)".
- Expenses positive; losses and tax benefits negative in parentheses (format
  `#,##0;(#,##0)`; EPS `0.00;(0.00)`). Q3 2023 and nine months 2023 are net
  losses, so their basic and diluted EPS and share counts coincide.
- Indentation: real cell indentation in the workbook; csv flat.
- Sheet `KPI`: "Key metrics" for the nine months, columns "2024", "2023",
  "% change" (text headings). Gross margin and operating margin are
  PERCENT-formatted cells (stored 0.381 with format `0.0%`), revenue in
  thousands, active customers a plain count, and the % change column is
  percent-formatted (0.15 = 15.0%, 0.125 = 12.5%); the change is left empty
  for the margin rows.
- csv: as printed: `"63,232"`, `(746)`, `(0.09)`, `38.1%`, `12.5%`, `-1.9%`.

## Layout

{LAYOUT}

## PDFs

`<book>.pdf` holds the workbook's sheets, one per page in sheet order, so
page N is sheet N (`acme.pdf` page 1 is the `Cover` sheet, page 2 `IS`).
The pages are laid out as a 10-K or 10-Q prints its statements, on US Letter
(612 × 792 pt):

- Text only, in the standard fonts Helvetica and Helvetica-Bold (not
  embedded, `WinAnsiEncoding`; Calder's fonts add `/Differences [129 /minus]`
  for U+2212, which WinAnsi lacks). Content streams are not compressed.
- **No ruling lines** (except Dunmore's `KPI` page): columns must be found
  from where the text is.
- Title lines centred at the top (company and statement title in bold 9 pt,
  unit lines in 8 pt); everything else 8 pt, 11 pt between baselines. Each
  row of the sheet is one line; blank rows are blank lines.
- Labels left-aligned at x = 54 pt, indented 10 pt per level (Acme,
  Birchwood, Dunmore; Calder's statements are flat, as in its workbook).
  Captions ("Costs and expenses:") are lines without amounts.
- Amounts right-aligned at their column's right edge, printed exactly as the
  workbook shows them: `4,200`, `-9`, `2.35`, `(98,322)`, `—`, `−1,735.8`,
  `38.1%`. A column is as wide as its widest amount or heading (40 pt at
  least), 12 pt apart, the last ending at x = 558 pt.
- `$` in its own narrow column (8 pt) left of the amounts, only on some rows,
  as 10-Ks print it: Birchwood where its workbook shows `"$ "`; Acme and
  Dunmore on the first row with amounts and on the totals at indent 0 (not
  on percentages); never for Calder (€m). The `$` is not part of the amount.
- Column headings as in the sheet, in bold, centred: a merged heading ("Year
  Ended December 31,", "Three Months Ended") over its whole span, a single
  heading (a year, "Notes", "€m", "31 December 2024") over its column.
  Calder's note numbers are centred in a Notes column left of the amounts.

Two pages differ on purpose:

- `dunmore.pdf` page 2 (`KPI`) is a **ruled table**: 0.5 pt lines around
  every cell of its header row and its four data rows (the title lines above
  it are not ruled).
- `acme.pdf` ends with a page of **prose**, "Management's Discussion and
  Analysis": three paragraphs under two headings citing the statements'
  figures in running text ("Revenue increased 7.7% to $4,200 million in 2024
  from $3,900 million in 2023", "$2.33 per diluted share", "total debt of
  $1,100 million", and one in words, "four billion dollars"), left-aligned and
  wrapped at 468 pt, so a line can break inside a phrase ("$380" / "million").
  No table. The generator checks every figure it cites against the data.

{PDFS}

## Same-number pairs

Cells holding the same number, which a verifier must tell apart by role
(concept and period), not by value. Each entry names the workbook cell and the
csv cell (same grid). Generated from the data: every non-zero value that
occurs more than once in one table, and values shared across tables of one
workbook by rows with different labels (which includes the same concept under
another label, such as Dunmore's "Total revenue" and KPI "Revenue"). Some are deliberate traps (Acme 2022 Net income
= 2024 Goodwill; R&D 2024 = SG&A 2022; EPS basic = diluted), some are in the
nature of statements (a year's ending cash is the next year's beginning cash;
Calder's net assets equal total equity; goodwill unchanged between years).

{PAIRS}"##;

/// The pages of each PDF, and where each statement prints a `$`.
fn pdfs_markdown(books: &[Book]) -> String {
    let mut md = String::new();
    for book in books {
        let _ = writeln!(md, "### {}\n", pdf_name(book));
        let mut page = 0;
        if !book.cover.is_empty() {
            page += 1;
            let _ = writeln!(md, "- Page {page}: sheet `Cover`, text only.");
        }
        let last = book.sheets.len().saturating_sub(1);
        for (i, sheet) in book.sheets.iter().enumerate() {
            page += 1;
            let title = sheet
                .top
                .get(1)
                .and_then(|cells| cells.first())
                .map(|c| head_text(&c.v))
                .unwrap_or_default();
            let first = first_value_row(sheet);
            let dollars: Vec<String> = sheet
                .rows
                .iter()
                .enumerate()
                .filter(|(idx, r)| {
                    r.cells
                        .iter()
                        .flatten()
                        .any(|n| pdf_amount(*n, r, book.style, Some(*idx) == first).0)
                })
                .map(|(_, r)| format!("\"{}\"", r.label))
                .collect();
            let dollars = if dollars.is_empty() {
                "no `$`".to_string()
            } else {
                format!("`$` on {}", dollars.join(", "))
            };
            let ruled = if book.file == "dunmore.xlsx" && i == last {
                "; a RULED table"
            } else {
                ""
            };
            let _ = writeln!(
                md,
                "- Page {page}: sheet `{}`, {title}; {} value columns; {dollars}{ruled}.",
                sheet.name,
                sheet.col_names.len()
            );
        }
        if book.file == "acme.xlsx" {
            page += 1;
            let _ = writeln!(
                md,
                "- Page {page}: Management's Discussion and Analysis, prose only."
            );
        }
        md.push('\n');
    }
    md
}

fn write_readme(books: &[Book], dir: &Path) -> Result<()> {
    let text = README
        .replace("{PDFS}", pdfs_markdown(books).trim_end())
        .replace("{LAYOUT}", layout_markdown(books).trim_end())
        .replace("{PAIRS}", pairs_markdown(books).trim_end());
    std::fs::write(dir.join("README.md"), format!("{text}\n"))?;
    Ok(())
}

// ---------------------------------------------------------------------------
// Bad-input fixtures (tests/fixtures/bad)
// ---------------------------------------------------------------------------

/// A tiny but valid statement workbook.
fn tiny_workbook() -> Result<Vec<u8>> {
    let mut wb = Workbook::new();
    wb.set_properties(&fixed_properties()?);
    let ws = wb.add_worksheet();
    ws.set_name("IS")?;
    ws.write_string(0, 0, "Tiny Co")?;
    ws.write_string(1, 0, "(in thousands)")?;
    ws.write_number(2, 1, 2024)?;
    ws.write_number(2, 2, 2023)?;
    let rows: [(&str, f64, f64); 3] = [
        ("Revenue", 4200.0, 3900.0),
        ("Cost of revenue", 2600.0, 2450.0),
        ("Gross profit", 1600.0, 1450.0),
    ];
    for (i, (label, a, b)) in rows.iter().enumerate() {
        let r = u32::try_from(i + 3)?;
        ws.write_string(r, 0, *label)?;
        ws.write_number(r, 1, *a)?;
        ws.write_number(r, 2, *b)?;
    }
    Ok(wb.save_to_buffer()?)
}

fn workbook_with(cells: &[(u32, u16, &str)], numbers: &[(u32, u16, f64)]) -> Result<Vec<u8>> {
    let mut wb = Workbook::new();
    wb.set_properties(&fixed_properties()?);
    let ws = wb.add_worksheet();
    for (r, c, t) in cells {
        ws.write_string(*r, *c, *t)?;
    }
    for (r, c, v) in numbers {
        ws.write_number(*r, *c, *v)?;
    }
    Ok(wb.save_to_buffer()?)
}

/// splitmix64, for reproducible "random" bytes.
fn random_bytes(mut seed: u64, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        out.extend_from_slice(&z.to_le_bytes());
    }
    out.truncate(n);
    out
}

/// The tiny statement of `tiny_workbook` as a sheet, for the PDF fixtures.
fn tiny_sheet() -> Sheet {
    Sheet {
        name: "IS",
        csv: None,
        top: vec![
            vec![hc(0, Hv::Title("Tiny Co"))],
            vec![hc(0, Hv::Text("(in thousands)"))],
            vec![hc(1, Hv::Year(2024)), hc(2, Hv::Year(2023))],
        ],
        notes_col: false,
        col_names: vec!["2024", "2023"],
        rows: vec![
            line("Revenue", 0, &[4200, 3900]),
            line("Cost of revenue", 0, &[2600, 2450]),
            line("Gross profit", 0, &[1600, 1450]),
        ],
    }
}

const TINY_STYLE: Style = Style {
    xlsx_indent: Indent::Flat,
    csv_indent: Indent::Flat,
    neg: Neg::Minus,
    nil_dash: false,
    csv_printed: false,
    csv_bom_crlf: false,
    pdf_dollars: false,
};

fn tiny_page() -> Result<PdfPage> {
    Ok(PdfPage::of(statement_page(
        &tiny_sheet(),
        TINY_STYLE,
        false,
    )?))
}

/// A valid one-page PDF of the tiny statement.
fn tiny_pdf() -> Result<Vec<u8>> {
    pdf_bytes("Tiny Co", vec![tiny_page()?], false)
}

/// One page that only paints a grey image: a scan, no text.
fn image_only_pdf() -> Result<Vec<u8>> {
    use lopdf::dictionary;
    let (w, h) = (24u8, 16u8);
    let pixels: Vec<u8> = (0..h)
        .flat_map(|y| (0..w).map(move |x| 0x70 + 3 * x + 2 * y))
        .collect();
    let image = lopdf::Stream::new(
        dictionary! {
            "Type" => "XObject",
            "Subtype" => "Image",
            "Width" => i64::from(w),
            "Height" => i64::from(h),
            "ColorSpace" => "DeviceGray",
            "BitsPerComponent" => 8,
        },
        pixels,
    );
    let mut canvas = Canvas::default();
    canvas.raw("q 432 0 0 288 90 432 cm /Im0 Do Q");
    let page = PdfPage {
        canvas,
        images: vec![("Im0", image)],
        resources: lopdf::Dictionary::new(),
    };
    pdf_bytes("Scanned statement", vec![page], false)
}

/// Page 1 the tiny statement; page 2 sets an ExtGState whose `/SMask` is
/// the name `/Bogus`, on which pdf-extract 0.12.1 panics
/// ("unexpected smask name" in `apply_state`).
fn panics_pdf() -> Result<Vec<u8>> {
    use lopdf::dictionary;
    let mut canvas = Canvas::default();
    canvas.raw("/GS0 gs");
    canvas.text(
        MARGIN,
        PAGE_H - MARGIN - TITLE,
        Face::Regular,
        BODY,
        "This page sets a graphics state whose soft mask is the name /Bogus.",
    )?;
    let page2 = PdfPage {
        canvas,
        images: Vec::new(),
        resources: dictionary! {
            "ExtGState" => dictionary! {
                "GS0" => dictionary! { "Type" => "ExtGState", "SMask" => "Bogus" },
            },
        },
    };
    pdf_bytes("Tiny Co", vec![tiny_page()?, page2], false)
}

/// 2,000 empty pages, in object streams so that the file stays small.
fn many_pages_pdf() -> Result<Vec<u8>> {
    let pages = (0..2000).map(|_| PdfPage::default()).collect();
    pdf_bytes("Many pages", pages, true)
}

fn write_bad(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    let w = |name: &str, bytes: &[u8]| -> Result<()> {
        std::fs::write(dir.join(name), bytes).with_context(|| format!("writing {name}"))
    };
    w("report.docx", b"Not a spreadsheet.\n")?;
    let tiny = tiny_workbook()?;
    w(
        "truncated.xlsx",
        tiny.get(..tiny.len() * 6 / 10).unwrap_or_default(),
    )?;
    w("random.xlsx", &random_bytes(0x7469_636B_6D61_726B, 2000))?;
    w("zero.xlsx", b"")?;
    w("zero.csv", b"")?;
    w("empty_sheet.xlsx", &workbook_with(&[], &[])?)?;
    w(
        "no_numbers.xlsx",
        &workbook_with(
            &[
                (0, 0, "Notes to the Consolidated Financial Statements"),
                (2, 0, "Basis of preparation"),
                (3, 0, "Significant accounting policies"),
                (4, 0, "Revenue recognition"),
                (5, 0, "Leases"),
                (6, 0, "Income taxes"),
            ],
            &[],
        )?,
    )?;
    w(
        "no_header.xlsx",
        &workbook_with(
            &[
                (0, 0, "Revenue"),
                (1, 0, "Cost of revenue"),
                (2, 0, "Gross profit"),
                (3, 0, "Operating expenses"),
                (4, 0, "Operating income"),
            ],
            &[
                (0, 1, 4200.0),
                (0, 2, 3900.0),
                (1, 1, 2600.0),
                (1, 2, 2450.0),
                (2, 1, 1600.0),
                (2, 2, 1450.0),
                (3, 1, 900.0),
                (3, 2, 850.0),
                (4, 1, 700.0),
                (4, 2, 600.0),
            ],
        )?,
    )?;
    w(
        "ragged.csv",
        b"Ragged Co\n(in thousands)\n,2024,2023\nRevenue,4,200,3,900\nCost of revenue,\"2,600\",\"2,450\"\nGross profit,\"1,600\",\"1,450\"\n",
    )?;
    w(
        "short_rows.csv",
        b"Short Rows Co\nStatement of Operations\n(in thousands)\n,2024,2023\nRevenue,4200,3900\nCosts and expenses:\nCost of revenue,2600,2450\nOther income,15\nNet income,1615,1450\n",
    )?;
    let statement = "Euro Co\nStatement of Operations\n(€ in thousands)\n,2024,2023\nRevenue,4200,3900\nNet income,850,790\n";
    let mut cp1252 = Vec::new();
    for ch in statement.chars() {
        if ch == '€' {
            cp1252.push(0x80);
        } else {
            let mut buf = [0u8; 4];
            cp1252.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
        }
    }
    w("invalid_utf8.csv", &cp1252)?;
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in statement.replace('\n', "\r\n").encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    w("utf16.csv", &utf16)?;
    let tiny = tiny_pdf()?;
    w(
        "truncated.pdf",
        tiny.get(..tiny.len() * 6 / 10).unwrap_or_default(),
    )?;
    w("random.pdf", &random_bytes(0x7469_636B_6D61_726B, 2000))?;
    w("image_only.pdf", &image_only_pdf()?)?;
    w("panics.pdf", &panics_pdf()?)?;
    w("many_pages.pdf", &many_pages_pdf()?)?;
    let missing = dir.join("missing.xlsx");
    if missing.exists() {
        std::fs::remove_file(&missing)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------

fn main() -> Result<()> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => {}
        ["--bad", dir] => return write_bad(Path::new(dir)),
        ["--pdf-layouts", dir] => return layouts::write_layouts(Path::new(dir)),
        ["--tiny-xlsx", path] => {
            std::fs::write(path, tiny_workbook()?)?;
            return Ok(());
        }
        ["--tiny-pdf", path] => {
            std::fs::write(path, tiny_pdf()?)?;
            return Ok(());
        }
        _ => bail!(
            "usage: make_samples [--bad DIR | --pdf-layouts DIR | --tiny-xlsx PATH | --tiny-pdf PATH]"
        ),
    }
    let books = vec![acme(), birchwood(), calder(), dunmore()];
    for b in &books {
        check_totals(b)?;
    }
    let [a, b, c, d] = books.as_slice() else {
        bail!("expected four books");
    };
    check_acme(a)?;
    check_mdna(a)?;
    check_birchwood(b)?;
    check_calder(c)?;
    check_dunmore(d)?;
    let dir = root.join("samples");
    std::fs::create_dir_all(&dir)?;
    for book in &books {
        write_xlsx(book, &dir)?;
        write_csvs(book, &dir)?;
        write_pdf(book, &dir)?;
    }
    write_readme(&books, &dir)?;
    println!("wrote {}", dir.display());
    Ok(())
}
