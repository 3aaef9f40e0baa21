//! Calculation claims: the `calc` field of an answer's claim (docs/contract.md §4).
//!
//! This module owns the calc language — parsing its two written forms, a
//! normalized printing of them ([`Calc`]'s `Display`), and their evaluation
//! in `Decimal` against the claim's operands, with a human-readable trace.
//! Whether the result agrees with what the claim wrote (its rounding) is the
//! arithmetic check's business, not this module's.
//!
//! Its parts, each a submodule: `lex` (the tokens and the parser's cursor),
//! `infix` and `program` (the two written forms: parsing, printing,
//! evaluation) and `eval` (what evaluating either shares: operand look-up,
//! checked arithmetic, trace values). This file holds the public types, the
//! errors and the entry points.
//!
//! # Infix expressions
//!
//! `(s24 - s23) / s23`, `gp / rev`, `-x * 2`, `(a - b) / b * 100`,
//! `(end / start) ^ (1/2) - 1`:
//!
//! ```text
//! expr    := term (('+' | '-') term)*
//! term    := unary (('*' | '/') unary)*
//! unary   := '-' unary | power
//! power   := primary (('^' | '**') unary)?
//! primary := number | ident | '(' expr ')'
//! ```
//!
//! Binary operators are left-associative (`a - b - c` is `(a - b) - c`),
//! the power right-associative (`a ^ b ^ c` is `a ^ (b ^ c)`) and tighter
//! than a sign (`-a ^ 2` is `-(a ^ 2)`).
//! Whitespace may stand between any two tokens. A number is ASCII digits with
//! an optional `.` fraction (`123`, `1.5`, `.5`), grouped in threes by commas
//! (`1,234.5` — the first group one to three digits, every later group
//! exactly three, no spaces), with an optional `%` after it meaning /100. An
//! ident (`[A-Za-z_][A-Za-z0-9_]*`) is an operand id. The minus sign U+2212
//! (`−`) is read as `-`. Numbers in an infix expression are constants
//! (`* 100`) and are never matched to operands.
//!
//! # FinQA programs
//!
//! `subtract(56864, 49356), divide(#0, 49356)`: comma-separated steps
//! `op(arg1, arg2)`, the result being the last step's value. The text is a
//! program when it starts (after whitespace) with one of the operation names
//! below immediately followed by `(`; otherwise it is read as infix.
//!
//! | operation | value |
//! |---|---|
//! | `add`, `subtract`, `multiply`, `divide` | `arg1 + - * / arg2` |
//! | `exp` | `arg1 ^ arg2`; a fractional exponent (a root) needs a base that is not negative |
//! | `greater` | 1 if `arg1 > arg2`, else 0 |
//! | `table_sum`, `table_average`, `table_max`, `table_min` | an aggregate over the operands the one argument selects; an optional second argument must be `none` |
//!
//! An argument is a number (as in infix, with an optional leading `-`), `#k`
//! (the result of step k, 0-based, which must be an earlier step), a
//! constant `const_N` (`const_100`, `const_1000000`, ... any digits; `const_m1`
//! is -1 and `const_m<digits>` minus that number) or an operand id. Grouping
//! commas are recognised by the same rule as in infix, so `add(1,234, 5)` adds
//! 1234 and 5; FinQA writes `, ` between arguments, and `add(100,200)` reads
//! as the single number 100200 (then fails for want of a second argument).
//!
//! **Literal matching.** FinQA programs write operands as numbers, not ids:
//! a numeric literal whose value as written (without applying `%`, so `38.1%`
//! matches 38.1) equals an operand's `stated` value stands for that operand,
//! and evaluation uses the operand's `base` value; the first such operand
//! wins. A literal that matches no operand is used as written (with `%`
//! applied) and reported in [`Evaluation::unmatched_literals`]. `const_N`
//! values are constants and never matched — a program that writes `100`
//! instead of `const_100` while some operand states 100 gets that operand.
//!
//! **Table aggregates.** The argument of a `table_*` step is a selector, read
//! as raw text up to the `,` or `)` that ends it (parentheses inside it must
//! balance; runs of whitespace count as one space): FinQA writes row names
//! such as `table_average(net income, none)`. At evaluation, a selector equal
//! to an operand id selects that operand; otherwise it selects every operand
//! whose `role` contains the selector text, ignoring case; if none does, it
//! selects all the operands. An empty selection (no operands at all) is an
//! error. Selectors are not operand ids: [`Calc::operand_ids`] leaves them
//! out, and they never fail as unknown ids.
//!
//! # Evaluation
//!
//! Operand ids and matched literals evaluate to the operand's `base` value
//! (docs/contract.md §4: the arithmetic runs in base units; a ratio is unitless either
//! way). With duplicate ids, the first operand counts. All arithmetic is
//! checked: overflow is an error, never a panic; division keeps `Decimal`'s
//! 28 significant digits. The result is returned normalized (no trailing
//! zeros). A power (`exp`, `^`) with a whole exponent works by repeated
//! squaring, exactly; an exponent beyond the range of `i64` is reported as
//! overflow, and `0` to a negative power as division by zero. A fractional
//! exponent (`^ 0.5`, `^ (1/3)`) is computed through the logarithm
//! (`rust_decimal`'s `checked_powd`) and kept to 20 decimal places, far
//! finer than any written rounding; of a negative base it is an error.
//!
//! The trace ([`Evaluation::steps`]) has one line per program step, with the
//! values used and where each came from —
//! `subtract(56864000000 [s24], 49356000000 [s23]) = 7508000000`,
//! `divide(7508000000 [#0], 100 [const_100]) = 75080000`,
//! `table_sum(net income, none) = sum(100 [ni22], 300 [ni23]) = 400` — and
//! one line for an infix expression: its normalized printing, the same with
//! the operands' values substituted (negative ones parenthesized), and the
//! result, `gp / rev = 1600000000 / 4200000000 = 0.3809...`.
//!
//! # Strictness
//!
//! Operation names are lowercase; a trailing comma after the last step, a
//! missing or extra argument, and anything after the last `)` are errors.
//! Errors give the byte offset in the text as given and the offending text,
//! in the form `calc: expected X at byte N, found Y`.
//!
//! # Limits
//!
//! At most [`MAX_LEN`] bytes of text, [`MAX_STEPS`] program steps and
//! [`MAX_DEPTH`] nested parentheses. Chains of operators and unary minus
//! signs are parsed, evaluated and printed without recursion, so no input can
//! overflow the stack.

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;

use infix::{Node, parse_infix};
use program::{Step, is_program, parse_program};

/// The longest calculation text accepted, in bytes.
pub const MAX_LEN: usize = 10_000;
/// The most steps a FinQA program may have.
pub const MAX_STEPS: usize = 1000;
/// The deepest nesting of parentheses accepted in an infix expression.
pub const MAX_DEPTH: usize = 200;

/// One operand of a claim, as the calculation sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operand<'a> {
    /// The operand's id, as infix expressions and programs name it.
    pub id: &'a str,
    /// The number as the claim wrote it, in table units (matched against
    /// FinQA literals).
    pub stated: Decimal,
    /// The same number in base units (used in the arithmetic).
    pub base: Decimal,
    /// The operand's role text ("Net income 2023"), searched by `table_*`
    /// selectors.
    pub role: &'a str,
}

/// A parsed calculation: an infix expression or a FinQA program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Calc {
    /// An infix expression over operand ids and numbers.
    Infix(Infix),
    /// A FinQA-style program of steps.
    Program(Program),
}

/// An infix expression, kept in postfix order with source positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Infix {
    source: String,
    nodes: Vec<Node>,
}

/// A FinQA-style program, with source positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    source: String,
    steps: Vec<Step>,
}

/// The result of evaluating a calculation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The result, normalized (no trailing zeros).
    pub value: Decimal,
    /// A human-readable trace: for a program one line per step, such as
    /// `subtract(56864000000 [s24], 49356000000 [s23]) = 7508000000`; for an
    /// infix expression one line such as
    /// `(s24 - s23) / s23 = (4200 - 3900) / 3900 = 0.0769230769...`.
    pub steps: Vec<String>,
    /// FinQA literals that matched no operand, as written (signed, `%` not
    /// applied), in order of first appearance, without repeats. Always empty
    /// for infix expressions.
    pub unmatched_literals: Vec<Decimal>,
    /// Ids of the operands the evaluation read (named, matched by a literal
    /// or selected by a `table_*` step), in order of first use, without
    /// repeats.
    pub operands_used: Vec<String>,
}

/// Why a calculation could not be parsed or evaluated. Positions are byte
/// offsets into the calculation text as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CalcError {
    /// The text is empty or only whitespace.
    #[error("calc: expected a calculation, found an empty text")]
    Empty,
    /// The text is longer than [`MAX_LEN`].
    #[error("calc: expected at most {max} bytes, found {len}")]
    TooLong {
        /// The text's length in bytes.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// A program with more than [`MAX_STEPS`] steps.
    #[error("calc: expected at most {max} steps, found more at byte {pos}")]
    TooManySteps {
        /// Where the first step over the limit starts.
        pos: usize,
        /// The limit.
        max: usize,
    },
    /// Parentheses nested deeper than [`MAX_DEPTH`].
    #[error("calc: expected at most {max} nested parentheses, found more at byte {pos}")]
    TooDeep {
        /// The opening parenthesis over the limit.
        pos: usize,
        /// The limit.
        max: usize,
    },
    /// The text does not follow the grammar.
    #[error("calc: expected {expected} at byte {pos}, found {}", show_found(.found))]
    Syntax {
        /// Where the offending token starts.
        pos: usize,
        /// What the grammar allows there.
        expected: &'static str,
        /// The offending token (clipped when long); `None` at the end of the
        /// text.
        found: Option<String>,
    },
    /// A number or constant a `Decimal` cannot hold.
    #[error(
        "calc: expected a number a decimal can hold (up to 28 significant digits) at byte {pos}, found {text:?}"
    )]
    Number {
        /// Where the number starts.
        pos: usize,
        /// The number as written (clipped when long).
        text: String,
    },
    /// A `#k` that names the current step, a later one or none at all.
    #[error("calc: expected {} at byte {pos}, found {text:?}", step_ref_expected(*.step))]
    StepReference {
        /// Where the reference starts.
        pos: usize,
        /// The reference as written (`#3`).
        text: String,
        /// The 0-based index of the step that contains it.
        step: usize,
    },
    /// An operand id that the claim does not declare.
    #[error(
        "calc: expected one of the claim's operand ids ({}) at byte {pos}, found {id:?}",
        show_known(.known)
    )]
    UnknownOperand {
        /// Where the id is written.
        pos: usize,
        /// The id.
        id: String,
        /// The ids the claim declares.
        known: Vec<String>,
    },
    /// A divisor that evaluates to zero.
    #[error("calc: division by zero at byte {pos}: the divisor {text:?} is zero")]
    DivisionByZero {
        /// Where the divisor starts.
        pos: usize,
        /// The divisor as written.
        text: String,
    },
    /// A result too large for a `Decimal`.
    #[error("calc: overflow at byte {pos}: {text:?} is too large for a decimal")]
    Overflow {
        /// Where the overflowing operation starts.
        pos: usize,
        /// The operation as written.
        text: String,
    },
    /// An `exp` step whose exponent is not an integer.
    #[error("calc: expected an integer exponent at byte {pos}, found {}", show_exponent(.text, *.exponent))]
    NonIntegerExponent {
        /// Where the exponent argument starts.
        pos: usize,
        /// The exponent argument as written.
        text: String,
        /// Its value.
        exponent: Decimal,
    },
    /// A `table_*` step with nothing to aggregate (the claim has no
    /// operands).
    #[error("calc: expected operands for {text:?} at byte {pos} to aggregate, found none")]
    NoTableOperands {
        /// Where the step starts.
        pos: usize,
        /// The step as written.
        text: String,
    },
    /// A bug in this module; it should never be seen.
    #[error("calc: internal error ({0}); please report it")]
    Internal(&'static str),
}

fn show_found(found: &Option<String>) -> String {
    match found {
        Some(text) => format!("{text:?}"),
        None => "end of input".to_string(),
    }
}

fn step_ref_expected(step: usize) -> String {
    match step.checked_sub(1) {
        None => "a number, const_N or an operand id (step #0 has no earlier step to refer to)"
            .to_string(),
        Some(0) => "#0, the only earlier step".to_string(),
        Some(last) => format!("a reference to an earlier step, #0 to #{last},"),
    }
}

fn show_known(known: &[String]) -> String {
    if known.is_empty() {
        "it declares none".to_string()
    } else {
        known.join(", ")
    }
}

fn show_exponent(text: &str, exponent: Decimal) -> String {
    let value = exponent.normalize().to_string();
    if text == value {
        format!("{text:?}")
    } else {
        format!("{text:?} = {value}")
    }
}

/// Long offending texts are clipped in messages.
pub(crate) fn clip(text: &str) -> String {
    const MAX_CHARS: usize = 80;
    if text.chars().count() <= MAX_CHARS {
        text.to_string()
    } else {
        let mut clipped: String = text.chars().take(MAX_CHARS).collect();
        clipped.push('…');
        clipped
    }
}

impl Calc {
    /// Parses a calculation in either form (see the module documentation),
    /// of at most [`MAX_LEN`] bytes.
    pub fn parse(text: &str) -> Result<Calc, CalcError> {
        Calc::parse_within(text, MAX_LEN)
    }

    /// Parses a calculation of at most `max_len` bytes (`--max-calc-bytes`).
    pub fn parse_within(text: &str, max_len: usize) -> Result<Calc, CalcError> {
        if text.len() > max_len {
            return Err(CalcError::TooLong {
                len: text.len(),
                max: max_len,
            });
        }
        if text.trim().is_empty() {
            return Err(CalcError::Empty);
        }
        if is_program(text) {
            parse_program(text).map(Calc::Program)
        } else {
            parse_infix(text).map(Calc::Infix)
        }
    }

    /// Operand ids the calculation names (infix idents, program idents), in
    /// order of first use, deduplicated. `table_*` selectors are not listed:
    /// they select operands at evaluation and never fail as unknown ids.
    pub fn operand_ids(&self) -> Vec<&str> {
        match self {
            Calc::Infix(infix) => infix.operand_ids(),
            Calc::Program(program) => program.operand_ids(),
        }
    }

    /// Evaluates the calculation against the claim's operands, in base units.
    pub fn evaluate(&self, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
        match self {
            Calc::Infix(infix) => infix.evaluate(operands),
            Calc::Program(program) => program.evaluate(operands),
        }
    }

    /// [`Calc::evaluate`] without building an infix expression's printed
    /// steps (its `steps` are empty): for a check that prints them only
    /// with a finding, and then evaluates again.
    pub fn evaluate_untraced(&self, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
        match self {
            Calc::Infix(infix) => infix.untraced(operands),
            Calc::Program(program) => program.evaluate(operands),
        }
    }

    /// The calculation's value alone, as [`Calc::evaluate`] gives it, without
    /// building its printed steps.
    pub fn value(&self, operands: &[Operand<'_>]) -> Result<Decimal, CalcError> {
        match self {
            Calc::Infix(infix) => infix.value(operands),
            Calc::Program(program) => program.evaluate(operands).map(|e| e.value),
        }
    }

    /// Whether the calculation was written as a FinQA program.
    pub fn is_program(&self) -> bool {
        matches!(self, Calc::Program(_))
    }

    /// The calculation text as given.
    pub fn source(&self) -> &str {
        match self {
            Calc::Infix(infix) => &infix.source,
            Calc::Program(program) => &program.source,
        }
    }
}

impl FromStr for Calc {
    type Err = CalcError;

    fn from_str(text: &str) -> Result<Calc, CalcError> {
        Calc::parse(text)
    }
}

/// A normalized printing that parses back to the same calculation: infix
/// with single spaces around binary operators and only the parentheses the
/// tree needs; programs as `op(a, b), op(c, d)` with `table_*` steps always
/// given their `, none`; numbers without grouping commas.
impl fmt::Display for Calc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Calc::Infix(infix) => match infix.print() {
                Ok(text) => f.write_str(&text),
                Err(_) => f.write_str(infix.source.trim()),
            },
            Calc::Program(program) => {
                for (i, step) in program.steps.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{step}")?;
                }
                Ok(())
            }
        }
    }
}

mod eval;
mod infix;
mod lex;
mod program;

#[cfg(test)]
mod tests;
