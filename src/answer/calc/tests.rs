//! Tests of the calc language: parsing both forms, printing, evaluation
//! and its trace, every error, and a property test of infix evaluation
//! against a recursive reference.

use super::eval::pow;
use super::infix::BinOp;
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
