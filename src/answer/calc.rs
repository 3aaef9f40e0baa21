//! Calculation claims: the `calc` field of an answer's claim (docs/contract.md §4).
//!
//! This module owns the calc language — parsing its two written forms, a
//! normalized printing of them ([`Calc`]'s `Display`), and their evaluation
//! in `Decimal` against the claim's operands, with a human-readable trace.
//! Whether the result agrees with what the claim wrote (its rounding) is the
//! arithmetic check's business, not this module's.
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

// ---------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------

/// A byte range of the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
}

impl Span {
    fn to(self, other: Span) -> Span {
        Span {
            start: self.start,
            end: other.end,
        }
    }

    fn text(self, source: &str) -> String {
        clip(source.get(self.start..self.end).unwrap_or(""))
    }
}

/// A number as written: signed (programs only), `%` kept apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Literal {
    /// The number as written, `%` not applied.
    written: Decimal,
    percent: bool,
    /// The number with `%` applied.
    value: Decimal,
}

impl Literal {
    fn new(
        written: Decimal,
        percent: bool,
        span: Span,
        source: &str,
    ) -> Result<Literal, CalcError> {
        let value = if percent {
            written
                .checked_div(Decimal::ONE_HUNDRED)
                .ok_or_else(|| CalcError::Number {
                    pos: span.start,
                    text: span.text(source),
                })?
        } else {
            written
        };
        Ok(Literal {
            written,
            percent,
            value,
        })
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.written)?;
        if self.percent {
            f.write_str("%")?;
        }
        Ok(())
    }
}

fn find_operand<'o, 'a>(operands: &'o [Operand<'a>], id: &str) -> Option<&'o Operand<'a>> {
    operands.iter().find(|o| o.id == id)
}

fn unknown_operand(pos: usize, id: &str, operands: &[Operand<'_>]) -> CalcError {
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

fn push_unique<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// A value as the trace prints it: at most six decimal places (a ratio's
/// 28 digits say nothing more), normalized; no thousands separators, which
/// would read as argument commas in a program.
fn show(value: Decimal) -> String {
    value
        .round_dp_with_strategy(6, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        .normalize()
        .to_string()
}

// ---------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    /// A number: its value as written and whether `%` followed it.
    Num(Decimal, bool),
    /// Digits a `Decimal` cannot hold.
    BadNum,
    Ident,
    /// `#` and digits.
    Hash,
    Plus,
    Minus,
    Star,
    Slash,
    /// `^` or `**`: a power.
    Caret,
    LParen,
    RParen,
    Comma,
    /// Any other character.
    Other,
    End,
}

#[derive(Debug, Clone, Copy)]
struct Token {
    kind: Tok,
    span: Span,
}

/// The token at or after byte `at` (whitespace skipped).
fn lex(src: &str, at: usize) -> Token {
    let rest = src.get(at..).unwrap_or("");
    let trimmed = rest.trim_start();
    let start = at + (rest.len() - trimmed.len());
    let token = |kind, len: usize| Token {
        kind,
        span: Span {
            start,
            end: start + len,
        },
    };
    let bytes = trimmed.as_bytes();
    let Some(c) = trimmed.chars().next() else {
        return token(Tok::End, 0);
    };
    match c {
        '0'..='9' | '.' => match lex_number(trimmed) {
            Some((len, Some((value, percent)))) => token(Tok::Num(value, percent), len),
            Some((len, None)) => token(Tok::BadNum, len),
            None => token(Tok::Other, 1),
        },
        'A'..='Z' | 'a'..='z' | '_' => {
            let len = bytes
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
            token(Tok::Ident, len)
        }
        '#' => {
            let digits = bytes
                .iter()
                .skip(1)
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits == 0 {
                token(Tok::Other, 1)
            } else {
                token(Tok::Hash, 1 + digits)
            }
        }
        '+' => token(Tok::Plus, 1),
        '-' => token(Tok::Minus, 1),
        '\u{2212}' => token(Tok::Minus, c.len_utf8()),
        '*' if bytes.get(1) == Some(&b'*') => token(Tok::Caret, 2),
        '*' => token(Tok::Star, 1),
        '^' => token(Tok::Caret, 1),
        '/' => token(Tok::Slash, 1),
        '(' => token(Tok::LParen, 1),
        ')' => token(Tok::RParen, 1),
        ',' => token(Tok::Comma, 1),
        _ => token(Tok::Other, c.len_utf8()),
    }
}

/// A number at the start of `text`: its length in bytes and its value and
/// percent mark (`None` when a `Decimal` cannot hold it); `None` when `text`
/// does not start with a number (a `.` not followed by a digit).
fn lex_number(text: &str) -> Option<(usize, Option<(Decimal, bool)>)> {
    let bytes = text.as_bytes();
    let digit_at = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let mut digits = String::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i)
        && b.is_ascii_digit()
    {
        digits.push(char::from(b));
        i += 1;
    }
    // Thousands groups: 1-3 leading digits, then ",ddd" groups.
    if (1..=3).contains(&i) {
        while bytes.get(i) == Some(&b',')
            && digit_at(i + 1)
            && digit_at(i + 2)
            && digit_at(i + 3)
            && !digit_at(i + 4)
        {
            for k in 1..=3 {
                if let Some(&b) = bytes.get(i + k) {
                    digits.push(char::from(b));
                }
            }
            i += 4;
        }
    }
    if bytes.get(i) == Some(&b'.') && digit_at(i + 1) {
        if digits.is_empty() {
            digits.push('0');
        }
        digits.push('.');
        i += 1;
        while let Some(&b) = bytes.get(i)
            && b.is_ascii_digit()
        {
            digits.push(char::from(b));
            i += 1;
        }
    }
    if digits.is_empty() {
        return None;
    }
    let after = text.get(i..).unwrap_or("");
    let after_ws = after.trim_start();
    let percent = after_ws.starts_with('%');
    if percent {
        i += after.len() - after_ws.len() + 1;
    }
    let value = Decimal::from_str_exact(&digits).ok();
    Some((i, value.map(|v| (v, percent))))
}

struct Parser<'s> {
    src: &'s str,
    pos: usize,
}

impl<'s> Parser<'s> {
    fn peek(&self) -> Token {
        lex(self.src, self.pos)
    }

    fn bump(&mut self, token: Token) {
        self.pos = token.span.end;
    }

    fn text(&self, span: Span) -> &'s str {
        self.src.get(span.start..span.end).unwrap_or("")
    }

    fn syntax(&self, token: Token, expected: &'static str) -> CalcError {
        if token.kind == Tok::BadNum {
            return self.bad_number(token.span);
        }
        CalcError::Syntax {
            pos: token.span.start,
            expected,
            found: (token.kind != Tok::End).then(|| clip(self.text(token.span))),
        }
    }

    fn bad_number(&self, span: Span) -> CalcError {
        CalcError::Number {
            pos: span.start,
            text: span.text(self.src),
        }
    }

    fn expect(&mut self, kind: Tok, expected: &'static str) -> Result<Token, CalcError> {
        let token = self.peek();
        if token.kind == kind {
            self.bump(token);
            Ok(token)
        } else {
            Err(self.syntax(token, expected))
        }
    }

    fn literal(&self, written: Decimal, percent: bool, span: Span) -> Result<Literal, CalcError> {
        Literal::new(written, percent, span, self.src)
    }
}

// ---------------------------------------------------------------------------
// Infix
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

impl BinOp {
    fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Pow => "^",
        }
    }

    fn precedence(self) -> u8 {
        match self {
            BinOp::Add | BinOp::Sub => PREC_SUM,
            BinOp::Mul | BinOp::Div => PREC_PRODUCT,
            BinOp::Pow => PREC_POWER,
        }
    }
}

const PREC_SUM: u8 = 1;
const PREC_PRODUCT: u8 = 2;
const PREC_UNARY: u8 = 3;
const PREC_POWER: u8 = 4;
const PREC_ATOM: u8 = 5;

/// One postfix node; `span` covers the whole subexpression it closes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Num { lit: Literal, span: Span },
    Id { name: String, span: Span },
    Neg { span: Span },
    Bin { op: BinOp, span: Span },
}

/// A subexpression printed for display, with the precedence of its top.
struct Printed {
    text: String,
    prec: u8,
}

impl Printed {
    fn atom(text: String) -> Printed {
        Printed {
            text,
            prec: PREC_ATOM,
        }
    }

    fn wrapped(self, min_prec: u8) -> String {
        if self.prec < min_prec {
            format!("({})", self.text)
        } else {
            self.text
        }
    }

    fn neg(self) -> Printed {
        Printed {
            text: format!("-{}", self.wrapped(PREC_UNARY)),
            prec: PREC_UNARY,
        }
    }

    /// Left operands keep parentheses only when they bind looser; right
    /// operands also when they bind equally, so the tree is kept exactly.
    fn bin(op: BinOp, left: Printed, right: Printed) -> Printed {
        let prec = op.precedence();
        // A power groups to the right: its base keeps parentheses when it
        // binds equally, its exponent does not.
        let (left_min, right_min) = if op == BinOp::Pow {
            (prec + 1, prec)
        } else {
            (prec, prec + 1)
        };
        Printed {
            text: format!(
                "{} {} {}",
                left.wrapped(left_min),
                op.symbol(),
                right.wrapped(right_min)
            ),
            prec,
        }
    }
}

fn pop2<T>(stack: &mut Vec<T>) -> Result<(T, T), CalcError> {
    let right = stack
        .pop()
        .ok_or(CalcError::Internal("postfix stack underflow"))?;
    let left = stack
        .pop()
        .ok_or(CalcError::Internal("postfix stack underflow"))?;
    Ok((left, right))
}

fn parse_infix(src: &str) -> Result<Infix, CalcError> {
    let mut p = InfixParser {
        p: Parser { src, pos: 0 },
        nodes: Vec::new(),
    };
    p.expr(0)?;
    let end = p.p.peek();
    if end.kind != Tok::End {
        return Err(p.p.syntax(end, "an operator or the end of the calculation"));
    }
    Ok(Infix {
        source: src.to_string(),
        nodes: p.nodes,
    })
}

struct InfixParser<'s> {
    p: Parser<'s>,
    nodes: Vec<Node>,
}

impl InfixParser<'_> {
    fn expr(&mut self, depth: usize) -> Result<Span, CalcError> {
        let mut left = self.term(depth)?;
        loop {
            let token = self.p.peek();
            let op = match token.kind {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => return Ok(left),
            };
            self.p.bump(token);
            let right = self.term(depth)?;
            left = left.to(right);
            self.nodes.push(Node::Bin { op, span: left });
        }
    }

    fn term(&mut self, depth: usize) -> Result<Span, CalcError> {
        let mut left = self.unary(depth)?;
        loop {
            let token = self.p.peek();
            let op = match token.kind {
                Tok::Star => BinOp::Mul,
                Tok::Slash => BinOp::Div,
                _ => return Ok(left),
            };
            self.p.bump(token);
            let right = self.unary(depth)?;
            left = left.to(right);
            self.nodes.push(Node::Bin { op, span: left });
        }
    }

    /// Unary minus signs are counted in a loop, not by recursion.
    fn unary(&mut self, depth: usize) -> Result<Span, CalcError> {
        let mut minuses = Vec::new();
        loop {
            let token = self.p.peek();
            if token.kind != Tok::Minus {
                break;
            }
            minuses.push(token.span);
            self.p.bump(token);
        }
        let mut span = self.power(depth)?;
        while let Some(minus) = minuses.pop() {
            span = minus.to(span);
            self.nodes.push(Node::Neg { span });
        }
        Ok(span)
    }

    /// A primary, raised to a power when `^` follows: the exponent is a
    /// unary expression, so `a ^ b ^ c` is `a ^ (b ^ c)` and `a ^ -1` reads.
    fn power(&mut self, depth: usize) -> Result<Span, CalcError> {
        let base = self.primary(depth)?;
        let token = self.p.peek();
        if token.kind != Tok::Caret {
            return Ok(base);
        }
        if depth >= MAX_DEPTH {
            return Err(CalcError::TooDeep {
                pos: token.span.start,
                max: MAX_DEPTH,
            });
        }
        self.p.bump(token);
        let exponent = self.unary(depth + 1)?;
        let span = base.to(exponent);
        self.nodes.push(Node::Bin {
            op: BinOp::Pow,
            span,
        });
        Ok(span)
    }

    fn primary(&mut self, depth: usize) -> Result<Span, CalcError> {
        let token = self.p.peek();
        match token.kind {
            Tok::Num(written, percent) => {
                self.p.bump(token);
                let lit = self.p.literal(written, percent, token.span)?;
                self.nodes.push(Node::Num {
                    lit,
                    span: token.span,
                });
                Ok(token.span)
            }
            Tok::Ident => {
                self.p.bump(token);
                self.nodes.push(Node::Id {
                    name: self.p.text(token.span).to_string(),
                    span: token.span,
                });
                Ok(token.span)
            }
            Tok::LParen => {
                if depth >= MAX_DEPTH {
                    return Err(CalcError::TooDeep {
                        pos: token.span.start,
                        max: MAX_DEPTH,
                    });
                }
                self.p.bump(token);
                self.expr(depth + 1)?;
                let close = self.p.expect(Tok::RParen, "an operator or \")\"")?;
                let span = token.span.to(close.span);
                // The subexpression's top node is the last one pushed; its
                // span takes in the parentheses, so messages quote them.
                if let Some(
                    Node::Num { span: top, .. }
                    | Node::Id { span: top, .. }
                    | Node::Neg { span: top }
                    | Node::Bin { span: top, .. },
                ) = self.nodes.last_mut()
                {
                    *top = span;
                }
                Ok(span)
            }
            _ => Err(self.p.syntax(token, "an operand id or a number")),
        }
    }
}

/// A subexpression during evaluation: its value, where it is written, and
/// its trace text with the operand values substituted.
struct Item {
    value: Decimal,
    span: Span,
    printed: Printed,
}

/// A value substituted into an infix trace; negative values are
/// parenthesized so the trace reads unambiguously.
fn substituted(value: Decimal) -> Printed {
    if value.is_sign_negative() && !value.is_zero() {
        Printed::atom(format!("({})", show(value)))
    } else {
        Printed::atom(show(value))
    }
}

impl Infix {
    fn operand_ids(&self) -> Vec<&str> {
        let mut ids = Vec::new();
        for node in &self.nodes {
            if let Node::Id { name, .. } = node {
                push_unique(&mut ids, name.as_str());
            }
        }
        ids
    }

    fn print(&self) -> Result<String, CalcError> {
        let mut stack: Vec<Printed> = Vec::new();
        for node in &self.nodes {
            let item = match node {
                Node::Num { lit, .. } => Printed::atom(lit.to_string()),
                Node::Id { name, .. } => Printed::atom(name.clone()),
                Node::Neg { .. } => stack
                    .pop()
                    .ok_or(CalcError::Internal("postfix stack underflow"))?
                    .neg(),
                Node::Bin { op, .. } => {
                    let (left, right) = pop2(&mut stack)?;
                    Printed::bin(*op, left, right)
                }
            };
            stack.push(item);
        }
        single(stack).map(|p| p.text)
    }

    /// The value alone: [`Infix::evaluate`] without the printed trace, for
    /// the many evaluations a check makes (interval corners, formula probes).
    fn value(&self, operands: &[Operand<'_>]) -> Result<Decimal, CalcError> {
        let mut stack: Vec<(Decimal, Span)> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let item = match node {
                Node::Num { lit, span } => (lit.value, *span),
                Node::Id { name, span } => {
                    let operand = find_operand(operands, name)
                        .ok_or_else(|| unknown_operand(span.start, name, operands))?;
                    (operand.base, *span)
                }
                Node::Neg { span } => {
                    let (inner, _) = stack
                        .pop()
                        .ok_or(CalcError::Internal("postfix stack underflow"))?;
                    (-inner, *span)
                }
                Node::Bin { op, span } => {
                    let ((left, _), (right, right_span)) = pop2(&mut stack)?;
                    let value = binary(*op, left, right)
                        .map_err(|e| e.at(*span, right_span, &self.source))?;
                    (value, *span)
                }
            };
            stack.push(item);
        }
        single(stack).map(|(value, _)| value.normalize())
    }

    /// [`Infix::value`] with the operands it read, in order of first use,
    /// and no printed steps.
    fn untraced(&self, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
        let value = self.value(operands)?;
        let mut used = Vec::new();
        for node in &self.nodes {
            if let Node::Id { name, .. } = node
                && let Some(operand) = find_operand(operands, name)
            {
                push_unique(&mut used, operand.id.to_string());
            }
        }
        Ok(Evaluation {
            value,
            steps: Vec::new(),
            unmatched_literals: Vec::new(),
            operands_used: used,
        })
    }

    fn evaluate(&self, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
        let mut used = Vec::new();
        let mut stack: Vec<Item> = Vec::new();
        for node in &self.nodes {
            let item = match node {
                Node::Num { lit, span } => Item {
                    value: lit.value,
                    span: *span,
                    printed: Printed::atom(lit.to_string()),
                },
                Node::Id { name, span } => {
                    let operand = find_operand(operands, name)
                        .ok_or_else(|| unknown_operand(span.start, name, operands))?;
                    push_unique(&mut used, operand.id.to_string());
                    Item {
                        value: operand.base,
                        span: *span,
                        printed: substituted(operand.base),
                    }
                }
                Node::Neg { span } => {
                    let inner = stack
                        .pop()
                        .ok_or(CalcError::Internal("postfix stack underflow"))?;
                    Item {
                        value: -inner.value,
                        span: *span,
                        printed: inner.printed.neg(),
                    }
                }
                Node::Bin { op, span } => {
                    let (left, right) = pop2(&mut stack)?;
                    let value = binary(*op, left.value, right.value)
                        .map_err(|e| e.at(*span, right.span, &self.source))?;
                    Item {
                        value,
                        span: *span,
                        printed: Printed::bin(*op, left.printed, right.printed),
                    }
                }
            };
            stack.push(item);
        }
        let result = single(stack)?;
        let value = result.value.normalize();
        let substituted = result.printed.text;
        let named = self.print()?;
        let line = if named == substituted {
            format!("{named} = {}", show(value))
        } else {
            format!("{named} = {substituted} = {}", show(value))
        };
        Ok(Evaluation {
            value,
            steps: vec![line],
            unmatched_literals: Vec::new(),
            operands_used: used,
        })
    }
}

fn single<T>(mut stack: Vec<T>) -> Result<T, CalcError> {
    let top = stack
        .pop()
        .ok_or(CalcError::Internal("empty postfix stack"))?;
    if stack.is_empty() {
        Ok(top)
    } else {
        Err(CalcError::Internal("postfix stack left values over"))
    }
}

/// An arithmetic failure before it is placed in the source.
enum ArithError {
    DivisionByZero,
    Overflow,
    /// A fractional power of a negative base (no real number): the exponent.
    NegativeRoot(Decimal),
}

impl ArithError {
    /// `whole` is the operation, `divisor` the operand that was zero.
    fn at(self, whole: Span, divisor: Span, source: &str) -> CalcError {
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

fn binary(op: BinOp, left: Decimal, right: Decimal) -> Result<Decimal, ArithError> {
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
fn pow(base: Decimal, exponent: Decimal) -> Result<Decimal, ArithError> {
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

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Add,
    Subtract,
    Multiply,
    Divide,
    Exp,
    Greater,
    TableSum,
    TableAverage,
    TableMax,
    TableMin,
}

const OPS: [Op; 10] = [
    Op::Add,
    Op::Subtract,
    Op::Multiply,
    Op::Divide,
    Op::Exp,
    Op::Greater,
    Op::TableSum,
    Op::TableAverage,
    Op::TableMax,
    Op::TableMin,
];

impl Op {
    fn name(self) -> &'static str {
        match self {
            Op::Add => "add",
            Op::Subtract => "subtract",
            Op::Multiply => "multiply",
            Op::Divide => "divide",
            Op::Exp => "exp",
            Op::Greater => "greater",
            Op::TableSum => "table_sum",
            Op::TableAverage => "table_average",
            Op::TableMax => "table_max",
            Op::TableMin => "table_min",
        }
    }

    fn from_name(name: &str) -> Option<Op> {
        OPS.into_iter().find(|op| op.name() == name)
    }

    fn is_table(self) -> bool {
        matches!(
            self,
            Op::TableSum | Op::TableAverage | Op::TableMax | Op::TableMin
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Arg {
    /// A number; `written` carries its sign.
    Lit { lit: Literal, span: Span },
    /// `const_N`: the name as written and its value.
    Const {
        name: String,
        value: Decimal,
        span: Span,
    },
    /// `#k`.
    Step { k: usize, span: Span },
    /// An operand id.
    Id { name: String, span: Span },
}

impl Arg {
    fn span(&self) -> Span {
        match self {
            Arg::Lit { span, .. }
            | Arg::Const { span, .. }
            | Arg::Step { span, .. }
            | Arg::Id { span, .. } => *span,
        }
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Lit { lit, .. } => write!(f, "{lit}"),
            Arg::Const { name, .. } => f.write_str(name),
            Arg::Step { k, .. } => write!(f, "#{k}"),
            Arg::Id { name, .. } => f.write_str(name),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum StepArgs {
    Two(Arg, Arg),
    /// A `table_*` selector, whitespace collapsed.
    Table(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Step {
    op: Op,
    args: StepArgs,
    span: Span,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.args {
            StepArgs::Two(a, b) => write!(f, "{}({a}, {b})", self.op.name()),
            StepArgs::Table(selector) => write!(f, "{}({selector}, none)", self.op.name()),
        }
    }
}

/// Whether `text` is written as a FinQA program.
fn is_program(text: &str) -> bool {
    let t = text.trim_start();
    let len = t
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    match (t.get(..len), t.get(len..)) {
        (Some(name), Some(rest)) => Op::from_name(name).is_some() && rest.starts_with('('),
        _ => false,
    }
}

fn collapse_ws(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn parse_program(src: &str) -> Result<Program, CalcError> {
    let mut p = Parser { src, pos: 0 };
    let mut steps: Vec<Step> = Vec::new();
    loop {
        let head = p.peek();
        let op = match head.kind {
            Tok::Ident => Op::from_name(p.text(head.span)),
            _ => None,
        };
        let Some(op) = op else {
            return Err(p.syntax(head, "an operation such as subtract("));
        };
        if steps.len() >= MAX_STEPS {
            return Err(CalcError::TooManySteps {
                pos: head.span.start,
                max: MAX_STEPS,
            });
        }
        p.bump(head);
        p.expect(Tok::LParen, "\"(\"")?;
        let args = if op.is_table() {
            let selector = selector(&mut p)?;
            let next = p.peek();
            if next.kind == Tok::Comma {
                p.bump(next);
                let none = p.peek();
                if none.kind == Tok::Ident && p.text(none.span).eq_ignore_ascii_case("none") {
                    p.bump(none);
                } else {
                    return Err(p.syntax(none, "\"none\""));
                }
            }
            StepArgs::Table(selector)
        } else {
            let a = arg(&mut p, steps.len())?;
            p.expect(Tok::Comma, "\",\"")?;
            let b = arg(&mut p, steps.len())?;
            StepArgs::Two(a, b)
        };
        let close = p.expect(Tok::RParen, "\")\"")?;
        steps.push(Step {
            op,
            args,
            span: head.span.to(close.span),
        });
        let next = p.peek();
        match next.kind {
            Tok::Comma => p.bump(next),
            Tok::End => break,
            _ => {
                return Err(p.syntax(
                    next,
                    "\",\" before the next step, or the end of the program",
                ));
            }
        }
    }
    Ok(Program {
        source: src.to_string(),
        steps,
    })
}

/// The raw text of a `table_*` argument, up to the `,` or `)` that ends it
/// (balanced parentheses inside it are kept).
fn selector(p: &mut Parser<'_>) -> Result<String, CalcError> {
    let rest = p.src.get(p.pos..).unwrap_or("");
    let start = p.pos + (rest.len() - rest.trim_start().len());
    let body = p.src.get(start..).unwrap_or("");
    let mut depth = 0usize;
    let mut end = None;
    for (i, c) in body.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => {
                end = Some(i);
                break;
            }
            ')' => depth -= 1,
            ',' if depth == 0 => {
                end = Some(i);
                break;
            }
            _ => {}
        }
    }
    let Some(end) = end else {
        return Err(CalcError::Syntax {
            pos: p.src.len(),
            expected: "\")\"",
            found: None,
        });
    };
    let text = collapse_ws(body.get(..end).unwrap_or(""));
    if text.is_empty() {
        return Err(p.syntax(p.peek(), "a row name or an operand id"));
    }
    p.pos = start + end;
    Ok(text)
}

fn arg(p: &mut Parser<'_>, step: usize) -> Result<Arg, CalcError> {
    const EXPECTED: &str = "a number, #k, const_N or an operand id";
    let token = p.peek();
    match token.kind {
        Tok::Num(written, percent) => {
            p.bump(token);
            let lit = p.literal(written, percent, token.span)?;
            Ok(Arg::Lit {
                lit,
                span: token.span,
            })
        }
        Tok::Minus => {
            p.bump(token);
            let number = p.peek();
            match number.kind {
                Tok::Num(written, percent) => {
                    p.bump(number);
                    let span = token.span.to(number.span);
                    let lit = p.literal(-written, percent, span)?;
                    Ok(Arg::Lit { lit, span })
                }
                Tok::BadNum => Err(p.bad_number(number.span)),
                _ => Err(p.syntax(number, "a number after \"-\"")),
            }
        }
        Tok::Hash => {
            p.bump(token);
            let text = p.text(token.span);
            let k = text.get(1..).and_then(|d| d.parse::<usize>().ok());
            match k {
                Some(k) if k < step => Ok(Arg::Step {
                    k,
                    span: token.span,
                }),
                _ => Err(CalcError::StepReference {
                    pos: token.span.start,
                    text: clip(text),
                    step,
                }),
            }
        }
        Tok::Ident => {
            p.bump(token);
            let name = p.text(token.span);
            match name.strip_prefix("const_") {
                Some(rest) => constant(p, name, rest, token.span),
                None => Ok(Arg::Id {
                    name: name.to_string(),
                    span: token.span,
                }),
            }
        }
        _ => Err(p.syntax(token, EXPECTED)),
    }
}

/// `const_<digits>` or `const_m<digits>`; `rest` is the part after `const_`.
fn constant(p: &Parser<'_>, name: &str, rest: &str, span: Span) -> Result<Arg, CalcError> {
    let (negative, digits) = match rest.strip_prefix('m') {
        Some(digits) => (true, digits),
        None => (false, rest),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CalcError::Syntax {
            pos: span.start,
            expected: "a constant such as const_100 or const_m1",
            found: Some(clip(name)),
        });
    }
    let value = Decimal::from_str_exact(digits).map_err(|_| p.bad_number(span))?;
    Ok(Arg::Const {
        name: name.to_string(),
        value: if negative { -value } else { value },
        span,
    })
}

/// What the program's evaluation has gathered so far.
struct ProgramRun<'o, 'a> {
    source: &'o str,
    operands: &'o [Operand<'a>],
    results: Vec<Decimal>,
    unmatched: Vec<Decimal>,
    used: Vec<String>,
}

impl ProgramRun<'_, '_> {
    /// An argument's value and its trace text.
    fn arg(&mut self, arg: &Arg) -> Result<(Decimal, String), CalcError> {
        match arg {
            Arg::Lit { lit, .. } => match self.operands.iter().find(|o| o.stated == lit.written) {
                Some(operand) => {
                    push_unique(&mut self.used, operand.id.to_string());
                    Ok((
                        operand.base,
                        format!("{} [{}]", show(operand.base), operand.id),
                    ))
                }
                None => {
                    push_unique(&mut self.unmatched, lit.written);
                    Ok((lit.value, lit.to_string()))
                }
            },
            Arg::Const { name, value, .. } => Ok((*value, format!("{} [{name}]", show(*value)))),
            Arg::Step { k, span } => {
                let value =
                    self.results
                        .get(*k)
                        .copied()
                        .ok_or_else(|| CalcError::StepReference {
                            pos: span.start,
                            text: format!("#{k}"),
                            step: self.results.len(),
                        })?;
                Ok((value, format!("{} [#{k}]", show(value))))
            }
            Arg::Id { name, span } => {
                let operand = find_operand(self.operands, name)
                    .ok_or_else(|| unknown_operand(span.start, name, self.operands))?;
                push_unique(&mut self.used, operand.id.to_string());
                Ok((
                    operand.base,
                    format!("{} [{}]", show(operand.base), operand.id),
                ))
            }
        }
    }

    fn step(&mut self, step: &Step) -> Result<(Decimal, String), CalcError> {
        let source = self.source;
        let overflow = || CalcError::Overflow {
            pos: step.span.start,
            text: step.span.text(source),
        };
        match &step.args {
            StepArgs::Two(a, b) => {
                let (x, x_text) = self.arg(a)?;
                let (y, y_text) = self.arg(b)?;
                let value = match step.op {
                    Op::Add => binary(BinOp::Add, x, y),
                    Op::Subtract => binary(BinOp::Sub, x, y),
                    Op::Multiply => binary(BinOp::Mul, x, y),
                    Op::Divide => binary(BinOp::Div, x, y),
                    Op::Greater => Ok(if x > y { Decimal::ONE } else { Decimal::ZERO }),
                    Op::Exp => power(x, y, a.span(), b.span(), self.source)?,
                    Op::TableSum | Op::TableAverage | Op::TableMax | Op::TableMin => {
                        return Err(CalcError::Internal("table step with two arguments"));
                    }
                }
                .map_err(|e| e.at(step.span, b.span(), self.source))?;
                let line = format!("{}({x_text}, {y_text}) = {}", step.op.name(), show(value));
                Ok((value, line))
            }
            StepArgs::Table(selector) => {
                let chosen = select(self.operands, selector);
                if chosen.is_empty() {
                    return Err(CalcError::NoTableOperands {
                        pos: step.span.start,
                        text: step.span.text(self.source),
                    });
                }
                let mut values = Vec::with_capacity(chosen.len());
                for operand in &chosen {
                    push_unique(&mut self.used, operand.id.to_string());
                    values.push(operand.base);
                }
                let (value, what) = aggregate(step.op, &values, overflow)?;
                let listed: Vec<String> = chosen
                    .iter()
                    .map(|o| format!("{} [{}]", show(o.base), o.id))
                    .collect();
                let line = format!("{step} = {what}({}) = {}", listed.join(", "), show(value));
                Ok((value, line))
            }
        }
    }
}

/// `base ^ exponent` for an integer exponent, by repeated squaring.
fn power(
    base: Decimal,
    exponent: Decimal,
    base_span: Span,
    exponent_span: Span,
    source: &str,
) -> Result<Result<Decimal, ArithError>, CalcError> {
    match pow(base, exponent) {
        Err(ArithError::NegativeRoot(exponent)) => Err(CalcError::NonIntegerExponent {
            pos: exponent_span.start,
            text: exponent_span.text(source),
            exponent,
        }),
        // 0 ^ -k: the base is the divisor.
        Err(ArithError::DivisionByZero) => Err(CalcError::DivisionByZero {
            pos: base_span.start,
            text: base_span.text(source),
        }),
        other => Ok(other),
    }
}

/// The operands a `table_*` selector names (see the module documentation).
fn select<'o, 'a>(operands: &'o [Operand<'a>], selector: &str) -> Vec<&'o Operand<'a>> {
    if let Some(operand) = find_operand(operands, selector) {
        return vec![operand];
    }
    let needle = selector.to_lowercase();
    let by_role: Vec<&Operand<'a>> = operands
        .iter()
        .filter(|o| collapse_ws(o.role).to_lowercase().contains(&needle))
        .collect();
    if by_role.is_empty() {
        operands.iter().collect()
    } else {
        by_role
    }
}

/// The aggregate of a non-empty list and its name for the trace.
fn aggregate(
    op: Op,
    values: &[Decimal],
    overflow: impl Fn() -> CalcError,
) -> Result<(Decimal, &'static str), CalcError> {
    let (first, rest) = values
        .split_first()
        .ok_or(CalcError::Internal("aggregate of nothing"))?;
    let sum = || {
        rest.iter()
            .try_fold(*first, |acc, v| acc.checked_add(*v))
            .ok_or_else(&overflow)
    };
    match op {
        Op::TableSum => Ok((sum()?, "sum")),
        Op::TableAverage => {
            let average = sum()?
                .checked_div(Decimal::from(values.len()))
                .ok_or_else(&overflow)?;
            Ok((average, "average"))
        }
        Op::TableMax => Ok((rest.iter().fold(*first, |m, v| m.max(*v)), "max")),
        Op::TableMin => Ok((rest.iter().fold(*first, |m, v| m.min(*v)), "min")),
        _ => Err(CalcError::Internal("aggregate of a non-table step")),
    }
}

impl Program {
    fn operand_ids(&self) -> Vec<&str> {
        let mut ids = Vec::new();
        for step in &self.steps {
            if let StepArgs::Two(a, b) = &step.args {
                for arg in [a, b] {
                    if let Arg::Id { name, .. } = arg {
                        push_unique(&mut ids, name.as_str());
                    }
                }
            }
        }
        ids
    }

    fn evaluate(&self, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
        let mut run = ProgramRun {
            source: &self.source,
            operands,
            results: Vec::with_capacity(self.steps.len()),
            unmatched: Vec::new(),
            used: Vec::new(),
        };
        let mut lines = Vec::with_capacity(self.steps.len());
        for step in &self.steps {
            let (value, line) = run.step(step)?;
            run.results.push(value);
            lines.push(line);
        }
        let value = run.results.last().copied().ok_or(CalcError::Empty)?;
        Ok(Evaluation {
            value: value.normalize(),
            steps: lines,
            unmatched_literals: run.unmatched,
            operands_used: run.used,
        })
    }
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(text: &str) -> Decimal {
        Decimal::from_str_exact(text).unwrap()
    }

    fn op<'a>(id: &'a str, stated: &str, base: &str, role: &'a str) -> Operand<'a> {
        Operand {
            id,
            stated: d(stated),
            base: d(base),
            role,
        }
    }

    /// Operands whose stated and base values agree.
    fn plain() -> Vec<Operand<'static>> {
        vec![
            op("a", "10", "10", "A"),
            op("b", "4", "4", "B"),
            op("c", "2", "2", "C"),
            op("x", "3", "3", "X"),
        ]
    }

    fn acme() -> Vec<Operand<'static>> {
        vec![
            op("s24", "56864", "56864000000", "Net sales 2024"),
            op("s23", "49356", "49356000000", "Net sales 2023"),
            op("gp", "1600", "1600000000", "Gross profit 2023"),
            op("rev", "4200", "4200000000", "Revenue 2023"),
        ]
    }

    fn table() -> Vec<Operand<'static>> {
        vec![
            op("ni22", "100", "100", "Net income 2022"),
            op("ni23", "300", "300", "Net  Income 2023"),
            op("rev23", "1000", "1000", "Revenue 2023"),
        ]
    }

    fn eval(text: &str, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
        Calc::parse(text)?.evaluate(operands)
    }

    fn err(text: &str, operands: &[Operand<'_>]) -> String {
        match eval(text, operands) {
            Ok(e) => panic!("{text:?} evaluated to {}", e.value),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn infix_values() {
        let ops = [plain(), acme()].concat();
        let cases: &[(&str, &str)] = &[
            ("a - b - c", "4"),
            ("a / b / c", "1.25"),
            ("a - b * c", "2"),
            ("a * b - c", "38"),
            ("a - (b - c)", "8"),
            ("a / (b / c)", "5"),
            ("(a - b) * c", "12"),
            ("a + b + c", "16"),
            ("-x * 2", "-6"),
            ("- x * 2", "-6"),
            ("--a", "10"),
            ("a * -b", "-40"),
            ("a - -b", "14"),
            ("-(a + b)", "-14"),
            ("(a - b) / b * 100", "150"),
            ("1,234.5 + 0", "1234.5"),
            ("1,234,567 - 1", "1234566"),
            ("50% * a", "5"),
            ("a + 12.5 %", "10.125"),
            (".5 * a", "5"),
            ("a-b", "6"),
            ("((a))", "10"),
            ("x ^ 2", "9"),
            ("x ** 2", "9"),
            ("-x ^ 2", "-9"),
            ("(-x) ^ 2", "9"),
            ("2 ^ 3 ^ 2", "512"),
            ("2 ^ -1", "0.5"),
            ("4 ^ 0.5", "2"),
            ("a * 2 ^ 2", "40"),
            ("  a  ", "10"),
            ("\u{2212}x", "-3"),
            ("a/b", "2.5"),
            ("gp / rev", "0.3809523809523809523809523810"),
            ("(s24 - s23) / s23", "0.1521192965394278304562768458"),
            ("1 / 3", "0.3333333333333333333333333333"),
        ];
        for (text, want) in cases {
            let got = eval(text, &ops).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(got.value, d(want), "{text:?}");
            assert!(got.unmatched_literals.is_empty(), "{text:?}");
        }
    }

    #[test]
    fn infix_uses_base_values_and_traces_one_line() {
        let e = eval("(s24 - s23) / s23", &acme()).unwrap();
        assert_eq!(
            e.steps,
            vec!["(s24 - s23) / s23 = (56864000000 - 49356000000) / 49356000000 = 0.152119"]
        );
        assert_eq!(e.operands_used, vec!["s24", "s23"]);
        let e = eval("s24 - s23", &acme()).unwrap();
        assert_eq!(e.value, d("7508000000"));
        // Infix literals are constants, never matched to operands.
        let e = eval("56864 - 1", &acme()).unwrap();
        assert_eq!(e.value, d("56863"));
        assert_eq!(e.steps, vec!["56864 - 1 = 56863"]);
        assert!(e.operands_used.is_empty());
        // Negative values are parenthesized in the trace.
        let ops = [op("n", "-5", "-5", "")];
        let e = eval("2 - n", &ops).unwrap();
        assert_eq!(e.steps, vec!["2 - n = 2 - (-5) = 7"]);
    }

    #[test]
    fn infix_errors() {
        let ops = plain();
        let deep = format!("{}a{}", "(".repeat(201), ")".repeat(201));
        let ok_deep = format!("{}a{}", "(".repeat(200), ")".repeat(200));
        assert_eq!(eval(&ok_deep, &ops).unwrap().value, d("10"));
        let long = "a+".repeat(5001);
        let cases: Vec<(&str, String)> = vec![
            (
                "(a - b",
                r#"calc: expected an operator or ")" at byte 6, found end of input"#.into(),
            ),
            (
                "a +",
                "calc: expected an operand id or a number at byte 3, found end of input".into(),
            ),
            (
                "a b",
                r#"calc: expected an operator or the end of the calculation at byte 2, found "b""#
                    .into(),
            ),
            (
                ")",
                r#"calc: expected an operand id or a number at byte 0, found ")""#.into(),
            ),
            (
                "a * (b-)",
                r#"calc: expected an operand id or a number at byte 7, found ")""#.into(),
            ),
            (
                "a / 0",
                r#"calc: division by zero at byte 4: the divisor "0" is zero"#.into(),
            ),
            (
                "a / (b - b)",
                r#"calc: division by zero at byte 4: the divisor "(b - b)" is zero"#.into(),
            ),
            (
                "a + zz",
                r#"calc: expected one of the claim's operand ids (a, b, c, x) at byte 4, found "zz""#
                    .into(),
            ),
            (
                "1,23 + a",
                r#"calc: expected an operator or the end of the calculation at byte 1, found ",""#
                    .into(),
            ),
            (
                "a%",
                r#"calc: expected an operator or the end of the calculation at byte 1, found "%""#
                    .into(),
            ),
            (
                "a $ b",
                r#"calc: expected an operator or the end of the calculation at byte 2, found "$""#
                    .into(),
            ),
            (
                "gp(a)",
                r#"calc: expected an operator or the end of the calculation at byte 2, found "(""#
                    .into(),
            ),
            (
                "a + #0",
                r##"calc: expected an operand id or a number at byte 4, found "#0""##.into(),
            ),
            ("", "calc: expected a calculation, found an empty text".into()),
            (" \t ", "calc: expected a calculation, found an empty text".into()),
            (
                &deep,
                "calc: expected at most 200 nested parentheses, found more at byte 200".into(),
            ),
            (
                &long,
                "calc: expected at most 10000 bytes, found 10002".into(),
            ),
            (
                "79228162514264337593543950335 * 2",
                r#"calc: overflow at byte 0: "79228162514264337593543950335 * 2" is too large for a decimal"#
                    .into(),
            ),
            (
                "a + 792281625142643375935439503350",
                r#"calc: expected a number a decimal can hold (up to 28 significant digits) at byte 4, found "792281625142643375935439503350""#
                    .into(),
            ),
        ];
        for (text, want) in &cases {
            assert_eq!(&err(text, &ops), want, "{text:?}");
        }
    }

    #[test]
    fn error_variants_carry_position_and_text() {
        let e = eval("a / (b - b)", &plain()).unwrap_err();
        assert_eq!(
            e,
            CalcError::DivisionByZero {
                pos: 4,
                text: "(b - b)".into()
            }
        );
        let e = Calc::parse("(a - b").unwrap_err();
        assert_eq!(
            e,
            CalcError::Syntax {
                pos: 6,
                expected: "an operator or \")\"",
                found: None
            }
        );
        let e = eval("zz", &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"calc: expected one of the claim's operand ids (it declares none) at byte 0, found "zz""#
        );
    }

    #[test]
    fn long_chains_do_not_recurse() {
        let ops = plain();
        let chain = format!("a{}", "+a".repeat(4999));
        assert_eq!(eval(&chain, &ops).unwrap().value, d("50000"));
        let minus = format!("{}a", "-".repeat(9998));
        assert_eq!(eval(&minus, &ops).unwrap().value, d("10"));
        assert_eq!(Calc::parse(&minus).unwrap().to_string(), minus);
    }

    #[test]
    fn display_normalizes_and_round_trips() {
        let cases: &[(&str, &str)] = &[
            ("(a-b)/b", "(a - b) / b"),
            ("a - (b - c)", "a - (b - c)"),
            ("(a - b) - c", "a - b - c"),
            ("a + (b + c)", "a + (b + c)"),
            ("a * (b + c)", "a * (b + c)"),
            ("((a))", "a"),
            ("-(a + b)", "-(a + b)"),
            ("-(a * b)", "-(a * b)"),
            ("(-a) * b", "-a * b"),
            ("a * (-b)", "a * -b"),
            ("--a", "--a"),
            ("1,234.50 * 5 %", "1234.50 * 5%"),
            (
                "subtract( 56,864 ,49356 ),divide(#0,const_100)",
                "subtract(56864, 49356), divide(#0, const_100)",
            ),
            ("table_sum(  net   income )", "table_sum(net income, none)"),
            ("table_max(a(b)c, NONE)", "table_max(a(b)c, none)"),
            ("add(- 5, 5%)", "add(-5, 5%)"),
        ];
        for (text, want) in cases {
            let calc = Calc::parse(text).unwrap();
            assert_eq!(calc.to_string(), *want, "{text:?}");
            let again = Calc::parse(want).unwrap();
            assert_eq!(again.to_string(), *want, "{text:?}");
        }
        let calc: Calc = "gp / rev".parse().unwrap();
        assert!(!calc.is_program());
        assert_eq!(calc.source(), "gp / rev");
    }

    #[test]
    fn operand_ids_in_order_of_first_use() {
        let cases: &[(&str, &[&str])] = &[
            ("(s24 - s23) / s23", &["s24", "s23"]),
            ("b / a + b * c", &["b", "a", "c"]),
            ("1 + 2", &[]),
            ("subtract(a, 5), divide(#0, b), add(a, #1)", &["a", "b"]),
            ("table_sum(ni23, none), add(#0, x)", &["x"]),
            ("multiply(const_100, y)", &["y"]),
        ];
        for (text, want) in cases {
            assert_eq!(Calc::parse(text).unwrap().operand_ids(), *want, "{text:?}");
        }
    }

    #[test]
    fn detects_program_form() {
        assert!(Calc::parse("  subtract(1, 2)").unwrap().is_program());
        assert!(Calc::parse("table_sum(x)").unwrap().is_program());
        // Not immediately followed by "(": infix, which then fails.
        assert_eq!(
            err("add (1, 2)", &[]),
            r#"calc: expected an operator or the end of the calculation at byte 4, found "(""#
        );
        // An operand named like an operation is fine in infix.
        let ops = [op("add", "2", "2", "")];
        assert_eq!(eval("add * 3", &ops).unwrap().value, d("6"));
    }

    #[test]
    fn design_example_uses_base_units() {
        let e = eval("subtract(56864, 49356), divide(#0, 49356)", &acme()).unwrap();
        let want = Decimal::from(7_508_000_000_i64) / Decimal::from(49_356_000_000_i64);
        assert_eq!(e.value, want);
        assert!(e.value.to_string().starts_with("0.15211"));
        assert_eq!(
            e.steps,
            vec![
                "subtract(56864000000 [s24], 49356000000 [s23]) = 7508000000",
                "divide(7508000000 [#0], 49356000000 [s23]) = 0.152119",
            ]
        );
        assert!(e.unmatched_literals.is_empty());
        assert_eq!(e.operands_used, vec!["s24", "s23"]);
        // A subtraction alone returns base units.
        let e = eval("subtract(56864, 49356)", &acme()).unwrap();
        assert_eq!(e.value, d("7508000000"));
        // Matching is by value: 56,864.00 is 56864.
        let e = eval("subtract(56,864.00, 0)", &acme()).unwrap();
        assert_eq!(e.value, d("56864000000"));
        assert_eq!(e.unmatched_literals, vec![d("0")]);
    }

    #[test]
    fn program_values() {
        let t = table();
        let none: &[Operand<'_>] = &[];
        let cases: &[(&str, &[Operand<'_>], &str, &[&str])] = &[
            ("add(1, 2)", none, "3", &["1", "2"]),
            ("subtract(1, 2)", none, "-1", &["1", "2"]),
            ("multiply(1.5, 2)", none, "3", &["1.5", "2"]),
            ("divide(1, 8)", none, "0.125", &["1", "8"]),
            (
                "divide(1, 3), multiply(#0, 3)",
                none,
                "0.9999999999999999999999999999",
                &["1", "3"],
            ),
            ("add(5%, 1)", none, "1.05", &["5", "1"]),
            ("add(-5, 2), add(#0, -5)", none, "-8", &["-5", "2"]),
            ("add(1,234, 6)", none, "1240", &["1234", "6"]),
            ("multiply(0.5, const_100)", none, "50", &["0.5"]),
            ("multiply(3, const_m1)", none, "-3", &["3"]),
            ("multiply(2, const_1000000)", none, "2000000", &["2"]),
            ("add(const_7, const_m25)", none, "-18", &[]),
            ("add(const_1000, const_12)", none, "1012", &[]),
            ("exp(2, 10)", none, "1024", &["2", "10"]),
            ("exp(2, -2)", none, "0.25", &["2", "-2"]),
            ("exp(1.1, 2)", none, "1.21", &["1.1", "2"]),
            ("exp(7, 0)", none, "1", &["7", "0"]),
            (
                "exp(-1, 1000000000000)",
                none,
                "1",
                &["-1", "1000000000000"],
            ),
            ("exp(0.5, 200)", none, "0", &["0.5", "200"]),
            ("greater(5, 3)", none, "1", &["5", "3"]),
            ("greater(3, 5)", none, "0", &["3", "5"]),
            ("greater(3, 3)", none, "0", &["3"]),
            (
                "subtract(5, 3), greater(#0, 1)",
                none,
                "1",
                &["5", "3", "1"],
            ),
            ("table_sum(net income, none)", &t, "400", &[]),
            ("table_average(net income, none)", &t, "200", &[]),
            ("table_max(Net Income)", &t, "300", &[]),
            ("table_min(net income, none)", &t, "100", &[]),
            ("table_sum(net   income 2023, none)", &t, "300", &[]),
            ("table_sum(ni23, none)", &t, "300", &[]),
            ("table_sum(dividends, none)", &t, "1400", &[]),
            (
                "table_average(net income, none), divide(#0, 1000)",
                &t,
                "0.2",
                &[],
            ),
            ("add(ni22, 300)", &t, "400", &[]),
        ];
        for (text, ops, want, unmatched) in cases {
            let e = eval(text, ops).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(e.value, d(want), "{text:?}");
            let unmatched: Vec<Decimal> = unmatched.iter().map(|u| d(u)).collect();
            assert_eq!(e.unmatched_literals, unmatched, "{text:?}");
        }
    }

    #[test]
    fn program_literal_matching() {
        let ops = vec![
            op("r1", "38.1", "0.381", "margin"),
            op("a", "100", "100000", "first"),
            op("b", "100", "200000", "second"),
            op("neg", "-7", "-7000", "loss"),
        ];
        // The first operand with the stated value wins; base values are used.
        let e = eval("add(100, 1)", &ops).unwrap();
        assert_eq!(e.value, d("100001"));
        assert_eq!(e.operands_used, vec!["a"]);
        assert_eq!(e.unmatched_literals, vec![d("1")]);
        // "%" literals match the number as written.
        let e = eval("multiply(38.1%, 2)", &ops).unwrap();
        assert_eq!(e.value, d("0.762"));
        // Signs matter.
        let e = eval("add(-7, 7)", &ops).unwrap();
        assert_eq!(e.value, d("-6993"));
        assert_eq!(e.unmatched_literals, vec![d("7")]);
        // Constants are never matched.
        let e = eval("multiply(const_100, 1)", &ops).unwrap();
        assert_eq!(e.value, d("100"));
        assert_eq!(e.steps, vec!["multiply(100 [const_100], 1) = 100"]);
        // Unmatched literals are reported once each.
        let e = eval("add(3, 3), add(#0, 3)", &ops).unwrap();
        assert_eq!(e.unmatched_literals, vec![d("3")]);
        assert_eq!(e.steps[1], "add(6 [#0], 3) = 9");
    }

    #[test]
    fn table_trace_lists_the_selection() {
        let e = eval("table_average(net income, none)", &table()).unwrap();
        assert_eq!(
            e.steps,
            vec!["table_average(net income, none) = average(100 [ni22], 300 [ni23]) = 200"]
        );
        assert_eq!(e.operands_used, vec!["ni22", "ni23"]);
    }

    #[test]
    fn program_errors() {
        let t = table();
        let cases: &[(&str, &str)] = &[
            (
                "add(1, #1)",
                r##"calc: expected a number, const_N or an operand id (step #0 has no earlier step to refer to) at byte 7, found "#1""##,
            ),
            (
                "add(1, 2), add(#1, 1)",
                r##"calc: expected #0, the only earlier step at byte 15, found "#1""##,
            ),
            (
                "add(1, 2), add(#0, 1), add(#5, 1)",
                r##"calc: expected a reference to an earlier step, #0 to #1, at byte 27, found "#5""##,
            ),
            (
                "add(1, 2), add(#99999999999999999999999, 1)",
                r##"calc: expected #0, the only earlier step at byte 15, found "#99999999999999999999999""##,
            ),
            ("add(1)", r#"calc: expected "," at byte 5, found ")""#),
            (
                "add(1, 2",
                r#"calc: expected ")" at byte 8, found end of input"#,
            ),
            (
                "add(100,200)",
                r#"calc: expected "," at byte 11, found ")""#,
            ),
            (
                "add(1, 2) subtract(1, 2)",
                r#"calc: expected "," before the next step, or the end of the program at byte 10, found "subtract""#,
            ),
            (
                "add(1, 2),",
                "calc: expected an operation such as subtract( at byte 10, found end of input",
            ),
            (
                "add(1, 2), foo(1, 2)",
                r#"calc: expected an operation such as subtract( at byte 11, found "foo""#,
            ),
            (
                "add(1, )",
                r#"calc: expected a number, #k, const_N or an operand id at byte 7, found ")""#,
            ),
            (
                "add(-x, 1)",
                r#"calc: expected a number after "-" at byte 5, found "x""#,
            ),
            (
                "add(const_abc, 1)",
                r#"calc: expected a constant such as const_100 or const_m1 at byte 4, found "const_abc""#,
            ),
            (
                "add(const_m, 1)",
                r#"calc: expected a constant such as const_100 or const_m1 at byte 4, found "const_m""#,
            ),
            (
                "divide(1, 0)",
                r#"calc: division by zero at byte 10: the divisor "0" is zero"#,
            ),
            (
                "subtract(1, 1), divide(5, #0)",
                r##"calc: division by zero at byte 26: the divisor "#0" is zero"##,
            ),
            (
                "add(zz, 1)",
                r#"calc: expected one of the claim's operand ids (ni22, ni23, rev23) at byte 4, found "zz""#,
            ),
            (
                "exp(-4, 0.5)",
                r#"calc: expected an integer exponent at byte 8, found "0.5""#,
            ),
            (
                "divide(1, 2), exp(-4, #0)",
                r##"calc: expected an integer exponent at byte 22, found "#0" = 0.5"##,
            ),
            (
                "exp(10, 40)",
                r#"calc: overflow at byte 0: "exp(10, 40)" is too large for a decimal"#,
            ),
            (
                "exp(1, 100000000000000000000)",
                r#"calc: overflow at byte 0: "exp(1, 100000000000000000000)" is too large for a decimal"#,
            ),
            (
                "exp(0, -1)",
                r#"calc: division by zero at byte 4: the divisor "0" is zero"#,
            ),
            (
                "multiply(79228162514264337593543950335, 2)",
                r#"calc: overflow at byte 0: "multiply(79228162514264337593543950335, 2)" is too large for a decimal"#,
            ),
            (
                "table_sum(, none)",
                r#"calc: expected a row name or an operand id at byte 10, found ",""#,
            ),
            (
                "table_sum(x, all)",
                r#"calc: expected "none" at byte 13, found "all""#,
            ),
            (
                "table_sum(x(y, none)",
                r#"calc: expected ")" at byte 20, found end of input"#,
            ),
            (
                "table_sum(x, none, 3)",
                r#"calc: expected ")" at byte 17, found ",""#,
            ),
        ];
        for (text, want) in cases {
            assert_eq!(&err(text, &t), want, "{text:?}");
        }
        let huge = [
            op("h1", "1", "79228162514264337593543950335", "big"),
            op("h2", "2", "79228162514264337593543950335", "big"),
        ];
        assert_eq!(
            eval("table_max(big)", &huge).unwrap().value,
            d("79228162514264337593543950335")
        );
        assert_eq!(
            err("table_sum(big)", &huge),
            r#"calc: overflow at byte 0: "table_sum(big)" is too large for a decimal"#
        );
        assert_eq!(
            err("table_sum(net income, none)", &[]),
            r#"calc: expected operands for "table_sum(net income, none)" at byte 0 to aggregate, found none"#
        );
        let many = "add(1,2),".repeat(1001);
        let many = many.trim_end_matches(',');
        assert_eq!(
            Calc::parse(many).unwrap_err(),
            CalcError::TooManySteps {
                pos: 9000,
                max: 1000
            }
        );
        let steps = "add(1,2),".repeat(1000);
        let ok = Calc::parse(steps.trim_end_matches(',')).unwrap();
        assert_eq!(ok.evaluate(&[]).unwrap().steps.len(), 1000);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = format!("{}a{}", "(".repeat(10_000), ")".repeat(10_000));
        assert!(matches!(Calc::parse(&deep), Err(CalcError::TooLong { .. })));
        let deep = format!("{}a", "(".repeat(9_000));
        assert!(matches!(
            Calc::parse(&deep),
            Err(CalcError::TooDeep { pos: 200, max: 200 })
        ));
    }

    /// A test-side expression tree, evaluated by plain recursion.
    #[derive(Debug, Clone)]
    enum Expr {
        Id(usize),
        Lit(u32),
        Neg(Box<Expr>),
        Bin(BinOp, Box<Expr>, Box<Expr>),
    }

    const NAMES: [&str; 4] = ["a", "b", "c", "d"];

    fn arb_expr() -> impl Strategy<Value = Expr> {
        let leaf = prop_oneof![
            (0..NAMES.len()).prop_map(Expr::Id),
            (0u32..20).prop_map(Expr::Lit),
        ];
        leaf.prop_recursive(6, 48, 2, |inner| {
            prop_oneof![
                inner.clone().prop_map(|e| Expr::Neg(Box::new(e))),
                (
                    prop::sample::select(vec![BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div]),
                    inner.clone(),
                    inner,
                )
                    .prop_map(|(op, l, r)| Expr::Bin(op, Box::new(l), Box::new(r))),
            ]
        })
    }

    fn render(e: &Expr) -> String {
        match e {
            Expr::Id(i) => NAMES[*i].to_string(),
            Expr::Lit(n) => n.to_string(),
            Expr::Neg(x) => format!("-({})", render(x)),
            Expr::Bin(op, l, r) => format!("({} {} {})", render(l), op.symbol(), render(r)),
        }
    }

    /// `None` on division by zero or overflow.
    fn reference(e: &Expr, values: &[i64]) -> Option<Decimal> {
        match e {
            Expr::Id(i) => Some(Decimal::from(values[*i])),
            Expr::Lit(n) => Some(Decimal::from(*n)),
            Expr::Neg(x) => Some(-reference(x, values)?),
            Expr::Bin(op, l, r) => {
                let (l, r) = (reference(l, values)?, reference(r, values)?);
                match op {
                    BinOp::Add => l.checked_add(r),
                    BinOp::Sub => l.checked_sub(r),
                    BinOp::Mul => l.checked_mul(r),
                    BinOp::Div if r.is_zero() => None,
                    BinOp::Div => l.checked_div(r),
                    BinOp::Pow => pow(l, r).ok(),
                }
            }
        }
    }

    proptest! {
        #[test]
        fn parse_never_panics(text in "\\PC{0,80}") {
            if let Ok(calc) = Calc::parse(&text) {
                let _ = calc.evaluate(&table());
                let _ = calc.operand_ids();
                // The normalized printing parses back to itself.
                let printed = calc.to_string();
                let again = Calc::parse(&printed).unwrap();
                prop_assert_eq!(again.to_string(), printed);
            }
        }

        #[test]
        fn program_like_text_never_panics(
            text in "(add|subtract|divide|exp|greater|table_sum)\\([-#0-9a-z_,. %()]{0,40}"
        ) {
            if let Ok(calc) = Calc::parse(&text) {
                let _ = calc.evaluate(&table());
                let printed = calc.to_string();
                prop_assert_eq!(Calc::parse(&printed).unwrap().to_string(), printed);
            }
        }

        #[test]
        fn nesting_depth(depth in 0usize..6000) {
            let text = format!("{}a{}", "(".repeat(depth), ")".repeat(depth));
            match Calc::parse(&text) {
                Ok(calc) => {
                    prop_assert!(depth <= MAX_DEPTH);
                    prop_assert_eq!(calc.evaluate(&plain()).unwrap().value, d("10"));
                }
                Err(e) => prop_assert!(depth > MAX_DEPTH, "{}", e),
            }
        }

        #[test]
        fn infix_matches_recursive_evaluation(
            expr in arb_expr(),
            values in prop::collection::vec(-50i64..50, NAMES.len()),
        ) {
            let want = reference(&expr, &values);
            let operands: Vec<Operand<'_>> = NAMES
                .iter()
                .zip(&values)
                .map(|(id, v)| Operand {
                    id,
                    stated: Decimal::from(*v) / Decimal::from(1000),
                    base: Decimal::from(*v),
                    role: "",
                })
                .collect();
            let text = render(&expr);
            let calc = Calc::parse(&text).unwrap();
            // The value alone fails where the evaluation fails, with its error.
            prop_assert_eq!(
                calc.value(&operands).err(),
                calc.evaluate(&operands).err()
            );
            prop_assume!(want.is_some());
            prop_assert_eq!(calc.evaluate(&operands).unwrap().value, want.unwrap());
            // The value alone is the evaluation's value.
            prop_assert_eq!(calc.value(&operands).unwrap(), want.unwrap());
            // The minimal-parentheses printing is the same tree.
            let printed = Calc::parse(&calc.to_string()).unwrap();
            prop_assert_eq!(printed.evaluate(&operands).unwrap().value, want.unwrap());
            prop_assert_eq!(printed.to_string(), calc.to_string());
        }
    }
}
