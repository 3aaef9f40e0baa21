//! What evaluating either form shares: operands found by id (and the error
//! for an unknown one), a value as the trace prints it, and the checked
//! arithmetic — the binary operations and the power — whose failures are
//! placed in the source afterwards (`ArithError`).

use rust_decimal::Decimal;

use super::infix::BinOp;
use super::lex::Span;
use super::{CalcError, Operand};

pub(super) fn find_operand<'o, 'a>(
    operands: &'o [Operand<'a>],
    id: &str,
) -> Option<&'o Operand<'a>> {
    operands.iter().find(|o| o.id == id)
}

pub(super) fn unknown_operand(pos: usize, id: &str, operands: &[Operand<'_>]) -> CalcError {
    let mut known: Vec<String> = Vec::new();
    for o in operands {
        if !known.iter().any(|k| k == o.id) {
            known.push(o.id.to_string());
        }
    }
    CalcError::UnknownOperand {
        pos,
        id: id.to_string(),
        known,
    }
}

pub(super) fn push_unique<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// A value as the trace prints it: at most six decimal places (a ratio's
/// 28 digits say nothing more), normalized; no thousands separators, which
/// would read as argument commas in a program.
pub(super) fn show(value: Decimal) -> String {
    value
        .round_dp_with_strategy(6, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        .normalize()
        .to_string()
}

/// An arithmetic failure before it is placed in the source.
pub(super) enum ArithError {
    DivisionByZero,
    Overflow,
    /// A fractional power of a negative base (no real number): the exponent.
    NegativeRoot(Decimal),
}

impl ArithError {
    /// `whole` is the operation, `divisor` the operand that was zero.
    pub(super) fn at(self, whole: Span, divisor: Span, source: &str) -> CalcError {
        match self {
            ArithError::DivisionByZero => CalcError::DivisionByZero {
                pos: divisor.start,
                text: divisor.text(source),
            },
            ArithError::Overflow => CalcError::Overflow {
                pos: whole.start,
                text: whole.text(source),
            },
            ArithError::NegativeRoot(exponent) => CalcError::NonIntegerExponent {
                pos: divisor.start,
                text: divisor.text(source),
                exponent,
            },
        }
    }
}

pub(super) fn binary(op: BinOp, left: Decimal, right: Decimal) -> Result<Decimal, ArithError> {
    let result = match op {
        BinOp::Add => left.checked_add(right),
        BinOp::Sub => left.checked_sub(right),
        BinOp::Mul => left.checked_mul(right),
        BinOp::Div => {
            if right.is_zero() {
                return Err(ArithError::DivisionByZero);
            }
            left.checked_div(right)
        }
        BinOp::Pow => return pow(left, right),
    };
    result.ok_or(ArithError::Overflow)
}

/// `base ^ exponent`: a whole exponent by repeated squaring (exact); a
/// fractional one (a root: a compound annual rate's `^ (1/2)`) of a base
/// that is not negative, to the 28 digits a decimal holds.
pub(super) fn pow(base: Decimal, exponent: Decimal) -> Result<Decimal, ArithError> {
    use rust_decimal::prelude::ToPrimitive;
    if !exponent.fract().is_zero() {
        if base.is_sign_negative() && !base.is_zero() {
            return Err(ArithError::NegativeRoot(exponent));
        }
        // The logarithm's last digits are noise: 20 decimal places kept.
        return rust_decimal::MathematicalOps::checked_powd(&base, exponent)
            .map(|v| v.round_dp(20))
            .ok_or(ArithError::Overflow);
    }
    // Beyond ±9.2e18: no decimal power of such a size is representable
    // except for trivial bases; reported as overflow.
    let n = exponent.to_i64().ok_or(ArithError::Overflow)?;
    let mut remaining = n.unsigned_abs();
    let mut result = Decimal::ONE;
    let mut square = base;
    while remaining > 0 {
        if remaining & 1 == 1 {
            result = result.checked_mul(square).ok_or(ArithError::Overflow)?;
        }
        remaining >>= 1;
        if remaining > 0 {
            square = square.checked_mul(square).ok_or(ArithError::Overflow)?;
        }
    }
    if n >= 0 {
        return Ok(result);
    }
    if result.is_zero() {
        // 0 ^ -k: the base is the divisor.
        return Err(ArithError::DivisionByZero);
    }
    Decimal::ONE.checked_div(result).ok_or(ArithError::Overflow)
}
