//! A calculation written over the printed numbers of the cells a claim
//! cites, without operands: `"calc": "1608 / 14694"` with `"cites":
//! ["…#p12t1!G21", "…#p8t1!E3"]`, as analysts and LLMs write one. Each
//! distinct number of the expression, in order of first appearance, is an
//! operand stating that number and citing the cite in the same place of
//! the list; the expression is rewritten over the operands' ids (`c1 /
//! c2`). Each operand is then checked against its own cell like any
//! operand: a number paired with the wrong cell fails its value check, so
//! the pairing by order can refuse a right claim but never accept a wrong
//! one. A result written after `=` (`1608 / 14694 = 0.1094`) is dropped:
//! the claim's `value` is what is checked. Constants the cites leave over
//! (`* 100`) stay constants.
//!
//! Only an infix expression is read so; a FinQA program, or numbers that
//! do not pair one for one with the cites, still need `operands`.
//!
//! **The operands' roles** come from the claim's role where it writes the
//! calculation's shape: a ratio "A / B, fiscal 2023" over `c1 / c2` gives
//! "A, fiscal 2023" and "B, fiscal 2023"; a growth "X growth, 2016 vs 2015"
//! over `(c1 - c2) / c2` gives "X, 2016" and "X, 2015". Each operand's role
//! is then checked at its cell like any other. Where the role writes no
//! such shape the operands have none: the verifier gives them the inputs of
//! the metric the claim's role names, where the calculation is its formula
//! (`check::metric_operands`), else the role check cannot tell what they
//! are (`ambiguous_role`): nothing is taken on trust.

use super::{Claim, Role};

/// The most numbers of an expression paired with cites.
const MAX_NUMBERS: usize = 16;

/// The calculation and operands `calc` gives over `cites`, or `None` when
/// it cannot be read so.
pub(super) fn operands_from_cites(
    calc: &str,
    cites: &[String],
    role: Option<&Role>,
) -> Option<(String, Vec<Claim>)> {
    if cites.is_empty() || cites.len() > MAX_NUMBERS {
        return None;
    }
    // A result written after "=" is the claim's value's business.
    let expression = match calc.split_once('=') {
        Some((left, right)) if is_number(right.trim()) => left.trim_end(),
        Some(_) => return None,
        None => calc,
    };
    // A letter (an operand id, a FinQA program's operation) makes it none.
    let numbers = numbers_in(expression)?;
    // Distinct numbers in order; constants ("100") only when the cites
    // leave them over.
    let mut distinct: Vec<&str> = Vec::new();
    for (_, text) in &numbers {
        if !distinct.contains(text) {
            distinct.push(text);
        }
    }
    if distinct.len() > cites.len() {
        distinct.retain(|t| !matches!(*t, "100" | "1" | "2" | "1000"));
    }
    if distinct.len() != cites.len() {
        return None;
    }
    let mut rewritten = String::with_capacity(expression.len());
    let mut at = 0;
    for (range, text) in &numbers {
        let id = distinct
            .iter()
            .position(|d| d == text)
            .map(|k| format!("c{}", k + 1));
        if let Some(id) = id {
            rewritten.push_str(expression.get(at..range.start)?);
            rewritten.push_str(&id);
            at = range.end;
        }
    }
    rewritten.push_str(expression.get(at..)?);
    let roles = match role {
        Some(Role::Text(text)) => roles_of(text, &rewritten),
        _ => None,
    };
    let operands = distinct
        .iter()
        .zip(cites)
        .enumerate()
        .map(|(k, (text, cite))| Claim {
            id: format!("c{}", k + 1),
            value: Some((*text).to_string()),
            cites: vec![cite.clone()],
            role: roles
                .as_ref()
                .and_then(|r| r.get(k))
                .map(|r| Role::Text(r.clone())),
            ..Claim::default()
        })
        .collect();
    Some((rewritten, operands))
}

/// The operands' roles the claim's role writes for a calculation of this
/// shape (`c1 / c2`, `(c1 - c2) / c2`), in the operands' order.
fn roles_of(role: &str, calc: &str) -> Option<Vec<String>> {
    let role = role.trim();
    let role = role
        .strip_suffix("(computed)")
        .or_else(|| role.strip_suffix("(calculated)"))
        .unwrap_or(role)
        .trim_end()
        .trim_end_matches(',');
    let shape: String = calc.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(parts) = formula_in_parentheses(role)
        && matches!(shape.as_str(), "c1/c2" | "c1/c2*100")
    {
        return Some(parts);
    }
    let (measure, rest) = role.split_once(',')?;
    let rest = rest.trim();
    match shape.as_str() {
        "c1/c2" | "c1/c2*100" => {
            let (a, b) = measure.split_once('/')?;
            let (a, b) = (a.trim(), b.trim());
            if a.is_empty() || b.is_empty() || b.contains('/') {
                return None;
            }
            Some(vec![format!("{a}, {rest}"), format!("{b}, {rest}")])
        }
        "(c1-c2)/c2" | "(c1-c2)/c2*100" | "c1/c2-1" | "(c1/c2-1)*100" => {
            let line = without_change_word(measure.trim())?;
            let lower = rest.to_ascii_lowercase();
            let at = [
                " vs. ",
                " vs ",
                " versus ",
                " compared with ",
                " compared to ",
            ]
            .iter()
            .find_map(|w| lower.find(w).map(|i| (i, w.len())))?;
            let later = rest.get(..at.0)?.trim();
            let earlier = rest.get(at.0 + at.1..)?.trim();
            if later.is_empty() || earlier.is_empty() {
                return None;
            }
            Some(vec![
                format!("{line}, {later}"),
                format!("{line}, {earlier}"),
            ])
        }
        _ => None,
    }
}

/// The operands' roles of a role naming its metric and writing the
/// metric's formula in parentheses, the period after them: "Operating
/// margin (operating income / total operating revenues), three months ended
/// June 30, 2025" gives "operating income, three months ended June 30,
/// 2025" and "total operating revenues, three months ended June 30, 2025".
/// `None` unless the parentheses hold one "/" and no parentheses of their
/// own, with words on both sides.
fn formula_in_parentheses(role: &str) -> Option<Vec<String>> {
    let open = role.find('(')?;
    let close = open + role.get(open..)?.find(')')?;
    let inner = role.get(open + 1..close)?;
    if inner.contains('(') || inner.matches('/').count() != 1 {
        return None;
    }
    let (a, b) = inner.split_once('/')?;
    let (a, b) = (a.trim(), b.trim());
    let rest = role.get(close + 1..)?.trim_start();
    let rest = rest.strip_prefix(',').unwrap_or(rest).trim();
    if a.is_empty() || b.is_empty() || rest.is_empty() || rest.contains(['(', '/']) {
        return None;
    }
    Some(vec![format!("{a}, {rest}"), format!("{b}, {rest}")])
}

/// A growth's line without its word of change ("transaction-based revenue
/// growth" → "transaction-based revenue"); `None` when it ends in none.
fn without_change_word(measure: &str) -> Option<&str> {
    const WORDS: &[&str] = &[
        "growth",
        "change",
        "increase",
        "decrease",
        "decline",
        "% change",
        "percent change",
        "y/y growth",
        "yoy growth",
        "year-over-year growth",
    ];
    let lower = measure.to_ascii_lowercase();
    WORDS
        .iter()
        .filter(|w| lower.ends_with(&format!(" {w}")))
        .map(|w| measure.len() - w.len() - 1)
        .min()
        .and_then(|end| measure.get(..end))
        .map(str::trim_end)
        .filter(|line| !line.is_empty())
}

fn is_number(text: &str) -> bool {
    numbers_in(text).is_some_and(
        |n| matches!(n.as_slice(), [(range, _)] if range.start == 0 && range.end == text.len()),
    )
}

/// The numbers of an expression (digits, grouping commas, a fraction; a
/// "%" after one is the expression's, not the number's), with their
/// places. `None` when the expression names an operand id (a letter),
/// which needs `operands`.
fn numbers_in(text: &str) -> Option<Vec<(std::ops::Range<usize>, &str)>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii_alphabetic() || b == b'_' {
            return None;
        }
        if b.is_ascii_digit() || (b == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let start = i;
            while bytes.get(i).is_some_and(|c| {
                c.is_ascii_digit()
                    || *c == b'.'
                    || (*c == b','
                        && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
                        && bytes.get(i + 4).is_none_or(|d| !d.is_ascii_digit()))
            }) {
                i += 1;
            }
            out.push((start..i, text.get(start..i)?));
            if out.len() > MAX_NUMBERS {
                return None;
            }
            continue;
        }
        i += 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use super::*;

    fn cites(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("a.xlsx#IS!B{i}")).collect()
    }

    #[test]
    fn each_number_is_an_operand_citing_its_place_in_the_list() {
        let (calc, ops) = operands_from_cites("1608 / 14694 = 0.1094", &cites(2), None).unwrap();
        assert_eq!(calc, "c1 / c2");
        assert_eq!(ops.len(), 2);
        assert_eq!(ops[0].value.as_deref(), Some("1608"));
        assert_eq!(ops[0].cites, ["a.xlsx#IS!B1"]);
        assert_eq!(ops[1].value.as_deref(), Some("14694"));
        assert_eq!(ops[1].cites, ["a.xlsx#IS!B2"]);
        // A number used twice is one operand; grouping commas are kept.
        let (calc, ops) =
            operands_from_cites("(5,854.4 - 4,795.5) / 4,795.5 * 100", &cites(2), None).unwrap();
        assert_eq!(calc, "(c1 - c2) / c2 * 100");
        assert_eq!(ops[1].value.as_deref(), Some("4,795.5"));
    }

    #[test]
    fn what_does_not_pair_one_for_one_still_needs_operands() {
        // More numbers than cites, fewer, operand ids, a program, a
        // result that is no number.
        assert!(operands_from_cites("1 + 2 + 3", &cites(2), None).is_none());
        assert!(operands_from_cites("1608 / 14694", &cites(3), None).is_none());
        assert!(operands_from_cites("gp / rev", &cites(2), None).is_none());
        assert!(operands_from_cites("divide(1608, 14694)", &cites(2), None).is_none());
        assert!(operands_from_cites("1608 / 14694 = about a tenth", &cites(2), None).is_none());
        assert!(operands_from_cites("1608 / 14694", &[], None).is_none());
    }

    #[test]
    fn the_operands_roles_are_the_parts_the_claims_role_writes() {
        let role = |t: &str| Role::Text(t.to_string());
        let roles = |calc: &str, r: &str| -> Vec<Option<Role>> {
            operands_from_cites(calc, &cites(2), Some(&role(r)))
                .unwrap()
                .1
                .into_iter()
                .map(|o| o.role)
                .collect()
        };
        assert_eq!(
            roles(
                "1608 / 14694",
                "Amcor adjusted EBIT / net sales, fiscal 2023 (computed)"
            ),
            [
                Some(role("Amcor adjusted EBIT, fiscal 2023")),
                Some(role("net sales, fiscal 2023"))
            ]
        );
        assert_eq!(
            roles(
                "(1456160 - 1050445) / 1050445",
                "Square transaction-based revenue growth, 2016 vs 2015 (computed)"
            ),
            [
                Some(role("Square transaction-based revenue, 2016")),
                Some(role("Square transaction-based revenue, 2015"))
            ]
        );
        // A metric with its formula in parentheses, then the period.
        assert_eq!(
            roles(
                "2525 / 6154 = 0.4103",
                "Union Pacific operating margin (operating income / total operating revenues), three months ended June 30, 2025"
            ),
            [
                Some(role("operating income, three months ended June 30, 2025")),
                Some(role(
                    "total operating revenues, three months ended June 30, 2025"
                ))
            ]
        );
        // Parentheses that write no formula leave the role as it was read.
        assert_eq!(
            roles(
                "1608 / 14694",
                "Amcor adjusted EBIT (non-GAAP) / net sales, fiscal 2023"
            ),
            [
                Some(role("Amcor adjusted EBIT (non-GAAP), fiscal 2023")),
                Some(role("net sales, fiscal 2023"))
            ]
        );
        // A formula that is not one division: no roles.
        assert_eq!(
            roles(
                "2525 / 6154",
                "Operating margin (operating income / revenues / 2), FY2024"
            ),
            [None, None]
        );
        // A shape the role does not write: no roles (the role check then
        // cannot tell what the operands are).
        assert_eq!(
            roles("1608 / 14694", "Amcor adjusted EBIT margin, fiscal 2023"),
            [None, None]
        );
        assert_eq!(
            roles(
                "1608 - 14694",
                "Amcor adjusted EBIT / net sales, fiscal 2023"
            ),
            [None, None]
        );
        assert_eq!(
            roles(
                "(1089 - 1224) / 1224",
                "Amcor adjusted net income, fiscal 2023 vs 2022"
            ),
            [None, None]
        );
    }
}
