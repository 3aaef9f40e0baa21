//! Infix expressions: the precedence-climbing parser that writes an
//! expression in postfix order (no recursion for chains of operators or
//! signs), its normalized printing, and its evaluation, with or without the
//! trace.

use rust_decimal::Decimal;

use super::eval::{binary, find_operand, push_unique, show, unknown_operand};
use super::lex::{Literal, Parser, Span, Tok};
use super::{CalcError, Evaluation, Infix, MAX_DEPTH, Operand};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

impl BinOp {
    pub(super) fn symbol(self) -> &'static str {
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
pub(super) enum Node {
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

pub(super) fn parse_infix(src: &str) -> Result<Infix, CalcError> {
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
    pub(super) fn operand_ids(&self) -> Vec<&str> {
        let mut ids = Vec::new();
        for node in &self.nodes {
            if let Node::Id { name, .. } = node {
                push_unique(&mut ids, name.as_str());
            }
        }
        ids
    }

    pub(super) fn print(&self) -> Result<String, CalcError> {
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
    pub(super) fn value(&self, operands: &[Operand<'_>]) -> Result<Decimal, CalcError> {
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
    pub(super) fn untraced(&self, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
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

    pub(super) fn evaluate(&self, operands: &[Operand<'_>]) -> Result<Evaluation, CalcError> {
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
