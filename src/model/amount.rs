//! An amount as a report writes it: a signed decimal, the precision written,
//! and the marks around it (currency, percent, scale word, parentheses, dash).

use rust_decimal::Decimal;
use serde::Serialize;

/// A number as written in a table cell or a claim, before table units apply.
///
/// `value` is signed and in the units written: "(1,234)" is -1234, "$4.2
/// billion" is 4.2 with `scale_exp` 9. The table's unit line is applied later
/// by the labeler; scale words written with the number are kept here. Small
/// and `Copy`: tables hold one per number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    /// The signed number in the units written (scale words not applied).
    pub value: Decimal,
    /// Digits after the decimal point as written: "4.2" has 1, "1,234" has 0.
    pub decimals: u32,
    /// The power of ten of a scale word or suffix written with the number
    /// ("4.2 billion" → 9, "$12m" → 6, "5k" → 3); 0 when none was written.
    pub scale_exp: u8,
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
            scale_exp: 0,
            percent: false,
            currency: None,
            parens: false,
            dash: false,
        }
    }

    /// The multiplier of the scale word written with the number, if any.
    pub fn scale(&self) -> Option<Decimal> {
        (self.scale_exp > 0)
            .then(|| 10i64.checked_pow(u32::from(self.scale_exp)))
            .flatten()
            .map(Decimal::from)
    }

    /// The value with the written scale word applied ("4.2 billion" →
    /// 4,200,000,000); `None` if that overflows a `Decimal`.
    pub fn scaled_value(&self) -> Option<Decimal> {
        match self.scale() {
            Some(scale) => self.value.checked_mul(scale),
            None => Some(self.value),
        }
    }

    /// The amount read as hundredths of its unit (cents of a currency,
    /// basis points of a percent: "34.0" pence is 0.340, "102" bps 1.02),
    /// written to two more decimals; `None` if the division fails.
    pub fn hundredths(self) -> Option<Amount> {
        Some(Amount {
            value: self.value.checked_div(Decimal::ONE_HUNDRED)?,
            decimals: self.decimals.saturating_add(2),
            ..self
        })
    }
}

/// An ISO 4217 currency code such as `USD`, from a fixed table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Currency(u8);

/// The currencies tickmark knows, by ISO 4217 code.
const CODES: [&str; 32] = [
    "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "CNY", "INR", "SEK", "NOK", "DKK", "HKD",
    "SGD", "KRW", "BRL", "MXN", "ZAR", "NZD", "TWD", "RUB", "PLN", "TRY", "ILS", "THB", "IDR",
    "MYR", "PHP", "SAR", "AED", "CZK", "HUF",
];

impl Currency {
    /// US dollar.
    pub const USD: Currency = Currency(0);
    /// Euro.
    pub const EUR: Currency = Currency(1);
    /// Pound sterling.
    pub const GBP: Currency = Currency(2);

    /// The currency of an upper-case ISO code, if it is one tickmark knows.
    pub fn from_code(code: &str) -> Option<Currency> {
        CODES
            .iter()
            .position(|c| *c == code)
            .and_then(|at| u8::try_from(at).ok())
            .map(Currency)
    }

    /// The ISO code.
    pub fn code(self) -> &'static str {
        CODES.get(usize::from(self.0)).copied().unwrap_or("XXX")
    }
}

impl std::fmt::Display for Currency {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Currency {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
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

impl Measure {
    /// The snake_case name used in JSON and CSV.
    pub fn as_str(self) -> &'static str {
        match self {
            Measure::Monetary => "monetary",
            Measure::PerShare => "per_share",
            Measure::Shares => "shares",
            Measure::Percent => "percent",
            Measure::Ratio => "ratio",
            Measure::Number => "number",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measure_names_are_the_json_names() {
        for measure in [
            Measure::Monetary,
            Measure::PerShare,
            Measure::Shares,
            Measure::Percent,
            Measure::Ratio,
            Measure::Number,
        ] {
            assert_eq!(
                serde_json::to_value(measure).ok(),
                Some(serde_json::Value::from(measure.as_str()))
            );
        }
    }
}
