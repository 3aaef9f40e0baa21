//! An amount as a report writes it: a signed decimal, the precision written,
//! and the marks around it (currency, percent, scale word, parentheses, dash).

use rust_decimal::Decimal;
use serde::Serialize;

/// A number as written in a table cell or a claim, before table units apply.
///
/// `value` is signed and in the units written: "(1,234)" is -1234, "$4.2
/// billion" is 4.2 with `scale` 1e9. The table's unit line is applied later by
/// the labeler; scale words written with the number are kept in `scale`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    /// The signed number in the units written (scale words not applied).
    pub value: Decimal,
    /// Digits after the decimal point as written: "4.2" has 1, "1,234" has 0.
    pub decimals: u32,
    /// Multiplier of a scale word or suffix written with the number
    /// ("4.2 billion", "$12m", "5k"), `None` when none was written.
    pub scale: Option<Decimal>,
    /// Written with `%`.
    pub percent: bool,
    /// Currency written with the number (`$`, `€`, `USD`, ...).
    pub currency: Option<Currency>,
    /// Written in parentheses, the accounting form of a negative number.
    pub parens: bool,
    /// A dash standing alone (`—`, `–`, `-`): nil, read as zero.
    pub dash: bool,
}

impl Amount {
    /// An amount with only a value and its written precision.
    pub fn plain(value: Decimal, decimals: u32) -> Amount {
        Amount {
            value,
            decimals,
            scale: None,
            percent: false,
            currency: None,
            parens: false,
            dash: false,
        }
    }

    /// The value with the written scale word applied ("4.2 billion" →
    /// 4,200,000,000); `None` if that overflows a `Decimal`.
    pub fn scaled_value(&self) -> Option<Decimal> {
        match self.scale {
            Some(scale) => self.value.checked_mul(scale),
            None => Some(self.value),
        }
    }
}

/// An ISO 4217 currency code such as `USD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Currency(pub &'static str);

impl Currency {
    /// US dollar.
    pub const USD: Currency = Currency("USD");
    /// Euro.
    pub const EUR: Currency = Currency("EUR");
    /// Pound sterling.
    pub const GBP: Currency = Currency("GBP");

    /// The ISO code.
    pub fn code(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Currency {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// What kind of quantity a row holds; decides which part of a unit line
/// ("$ in millions, shares in thousands, except per share data") applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// Money: scaled by the table's monetary unit.
    Monetary,
    /// Money per share (EPS, dividends per share): never scaled.
    PerShare,
    /// A count of shares: scaled only by a share clause or an unqualified unit.
    Shares,
    /// A percentage: never scaled.
    Percent,
    /// A ratio or multiple: never scaled.
    Ratio,
    /// Any other count (employees, stores): scaled only by an unqualified unit.
    Number,
}
