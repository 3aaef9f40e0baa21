//! FinQA programs: the operations, the parsing of a program's steps and
//! their arguments (numbers, `#k`, `const_N`, operand ids, `table_*`
//! selectors), and the evaluation that matches literals to operands and
//! traces each step.

use std::fmt;

use rust_decimal::Decimal;

use super::eval::{ArithError, binary, find_operand, pow, push_unique, show, unknown_operand};
use super::infix::BinOp;
use super::lex::{Literal, Parser, Span, Tok};
use super::{CalcError, Evaluation, MAX_STEPS, Operand, Program, clip};

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
pub(super) struct Step {
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
pub(super) fn is_program(text: &str) -> bool {
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

pub(super) fn parse_program(src: &str) -> Result<Program, CalcError> {
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
    pub(super) fn operand_ids(&self) -> Vec<&str> {
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

    pub(super) fn evaluate(&self, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
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
