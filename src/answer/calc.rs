//! Placeholder until the calc branch lands (replaced by the merge).
#![allow(missing_docs, clippy::missing_errors_doc)]
use rust_decimal::Decimal;

pub struct Operand<'a> {
    pub id: &'a str,
    pub stated: Decimal,
    pub base: Decimal,
    pub role: &'a str,
}

#[derive(Debug)]
pub struct Calc;

#[derive(Debug, thiserror::Error)]
#[error("not implemented")]
pub struct CalcError;

pub struct Evaluation {
    pub value: Decimal,
    pub steps: Vec<String>,
    pub unmatched_literals: Vec<Decimal>,
}

impl Calc {
    pub fn parse(_text: &str) -> Result<Calc, CalcError> {
        Err(CalcError)
    }
    pub fn evaluate(&self, _operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
        Err(CalcError)
    }
}
