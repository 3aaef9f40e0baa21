//! Checks 3 and 4 at a claim's cited cell: which cell of a cite the claim
//! is about, and the value and role findings there.
//!
//! A cite of one cell is that cell; a range, table, page or source cite is
//! the cell of it whose role fits the claim best (`role::pick_cell`). The
//! value check compares the stated number with the cell; the role check
//! resolves the claim's role over the assembled context (`role::resolve`),
//! and a direction word of the claim against the cell's sign ("net loss" on
//! a profit) is a sign flip. Findings carry the cite, the cell and, when the
//! cell with the claimed role holds the stated number, the re-cite.

use rust_decimal::Decimal;

use super::resolve::Resolved;
use super::role::{self, ClaimRole, Resolution, Verdict};
use super::value::{self, ValueOutcome, ValueRules};
use super::{Check, CheckSet, Code, Finding, Route};
use super::{equity, movement, page};
use crate::model::{Amount, Cell, Document, Located};
use crate::vocab::Vocab;

/// What the value and role checks are given about one claim.
pub struct Claimed<'r> {
    /// The stated value as written.
    pub written: &'r str,
    /// The stated value, read.
    pub stated: &'r Amount,
    /// The claim's role, read.
    pub role: &'r ClaimRole,
    /// The claim's sentence, if any.
    pub sentence: Option<&'r str>,
    /// How the stated value is held to a cell (the claim's negative
    /// words, the tolerance, a hedge, a fraction for a ratio).
    pub rules: ValueRules,
}

impl Claimed<'_> {
    /// The value check's verdict at a cell.
    pub fn compare(&self, cell: &Cell<'_>) -> ValueOutcome {
        value::compare(self.stated, cell, &self.rules)
    }
}

/// The cell of a resolved cite the claim is about.
pub fn pick<'a>(resolved: &Resolved<'a>, claimed: &Claimed<'_>, vocab: &Vocab) -> Option<Cell<'a>> {
    if let Located::Cell(table, coord) = resolved.located {
        return table.cell_at(coord);
    }
    let holds = |cell: &Cell<'_>| claimed.compare(cell).holds();
    role::pick_cell(
        claimed.role,
        resolved.document.cells_in(resolved.located),
        vocab,
        &holds,
    )
}

/// What the value and role checks see besides the claim and its cite.
pub struct Context<'c, 'a> {
    /// Every loaded document and scope of the assembled context.
    pub assembled: &'c [(&'a Document, Located<'a>)],
    /// The claim's quote, if any (on a page of prose it says where the
    /// value is).
    pub quote: Option<&'c str>,
    /// The checks that run.
    pub checks: CheckSet,
    /// The vocabulary.
    pub vocab: &'c Vocab,
}

/// The value and role findings for a claim at its chosen cite. `judged` is
/// the chosen cell with the value check's verdict there, or `None` when the
/// cite holds no number.
pub fn value_and_role(
    claimed: &Claimed<'_>,
    cited: &Resolved<'_>,
    judged: Option<(Cell<'_>, ValueOutcome)>,
    context: &Context<'_, '_>,
) -> Vec<Finding> {
    let Context {
        assembled,
        checks,
        vocab,
        ..
    } = *context;
    let written = claimed.written;
    let mut findings = Vec::new();
    let Some((cell, mut outcome)) = judged else {
        if let Located::Page(page) = cited.located
            && !page.text.trim().is_empty()
        {
            return page::on_page(claimed, cited, &page.text, context);
        }
        if checks.has(Check::Value) {
            let what = cited.document.text_in(cited.located);
            let at = match cited.located {
                Located::Cell(table, coord) => table
                    .grid_value(
                        (coord.row as usize).saturating_sub(1),
                        (coord.col as usize).saturating_sub(1),
                    )
                    .map(|v| v.text().into_owned()),
                _ => None,
            };
            let comma = if at.is_some_and(|t| crate::read::decimal_comma::is_decimal_comma(&t)) {
                ": a number written with a decimal comma, which tickmark does not read"
            } else {
                ""
            };
            findings.push(
                Finding::new(
                    Code::ValueMismatch,
                    Route::Reanswer,
                    format!(
                        "{} holds no number ({:?}{comma}); the claim states {written}",
                        cited.reference,
                        crate::answer::calc::clip(what.trim())
                    ),
                )
                .cite(&cited.cite),
            );
        }
        return findings;
    };
    // A page whose tables hold the number nowhere, but whose running text
    // writes it ("gross margin increased by $1,532 million" above a table
    // of other lines): the number is the text's.
    if let Located::Page(page) = cited.located
        && !outcome.holds()
        && page::text_states(claimed, &page.text)
        && !cited
            .document
            .cells_in(cited.located)
            .any(|c| claimed.compare(&c).holds())
    {
        return page::on_page(claimed, cited, &page.text, context);
    }
    // A quote of the page's running text that writes the claim's number
    // as the claim writes it, where the table's cell holds another number
    // that only rounds to it (Corning's "differed from the U.S. statutory
    // rate of 21%" above its table's effective rate of 20.5): the quoted
    // number is the claim's, and its sentence says what it is. Written
    // with a scale ("$169.2 billion" of a table's 169,237 million), the
    // text rounds the table's number, as filers' text does.
    if let Located::Page(page) = cited.located
        && outcome.holds()
        && claimed.stated.scale_exp == 0
        && context
            .quote
            .is_some_and(|q| page::quote_states(claimed, q, &page.text))
        && value::comparable(claimed.stated, &cell, claimed.rules.literal)
            .is_some_and(|c| c.stated != c.cell)
    {
        return page::on_page(claimed, cited, &page.text, context);
    }
    // A currency the claim names against a cell that names none: the
    // table's or the document's currency, else US dollars (the filings
    // tickmark reads state theirs, or are American).
    if outcome.holds()
        && checks.has(Check::Value)
        && let Some(said) = claimed.stated.currency
        && cell.currency().is_none()
    {
        let held = value::table_currency(cited.document, cell.table());
        if held.unwrap_or(crate::model::Currency::USD) != said {
            let shown = describe_cell(&cell);
            let why = match held {
                Some(c) => format!("its table is in {c}"),
                None => "its source names no currency, so it is read as US dollars".to_string(),
            };
            findings.push(
                Finding::new(
                    Code::ValueMismatch,
                    Route::Reanswer,
                    format!("the claim states {written} ({said}), but {shown} and {why}"),
                )
                .cite(&cited.cite)
                .cell(&cell),
            );
            outcome = ValueOutcome::CurrencyMismatch;
        }
    }
    // A direction the claim names against the one the cell's sign has.
    let flip = direction_flipped(claimed, &cell, vocab);
    let flipped = flip.is_some();
    if flipped && outcome.holds() {
        outcome = ValueOutcome::SignFlip;
    }
    let value_outcome = checks.has(Check::Value).then_some(outcome.clone());
    let currency_reported = outcome == ValueOutcome::CurrencyMismatch && !findings.is_empty();
    let holds = value_outcome.as_ref().is_none_or(ValueOutcome::holds) && !flipped;
    let holds_at = |c: &Cell<'_>| claimed.compare(c).holds();
    // A percentage the claim states is no amount's (Tesla's "gross margin"
    // 30.3% beside the gross margin of 1,943); an amount written in
    // thousands, millions or billions is no amount per share (Verizon's
    // "Net income attributable to Verizon" of $22.1 billion beside the
    // per-share block's line of the same words, $5.32).
    let admits = |c: &Cell<'_>| {
        (!claimed.stated.percent || c.percent())
            && !(claimed.stated.scale_exp >= 3 && c.measure() == crate::model::Measure::PerShare)
    };
    // A cell that is the role's must also be what the claim's sentence says
    // where the two name other periods.
    let mut told_by_sentence = None;
    let resolution: Option<Resolution<'_>> = checks.has(Check::Role).then(|| {
        let by_role = role::resolve(claimed.role, &cell, assembled, vocab, (&holds_at, &admits));
        if by_role.verdict == Verdict::Same
            && let Some(said) = claimed.role.as_its_sentence_says()
        {
            let by_sentence = role::resolve(&said, &cell, assembled, vocab, (&holds_at, &admits));
            if by_sentence.verdict != Verdict::Same {
                told_by_sentence = Some(said.role.describe());
                return by_sentence;
            }
        }
        by_role
    });
    let (suggest, route) = match &resolution {
        Some(r) if r.named_holds && r.named.is_some() => {
            (r.named.map(|c| c.reference().to_string()), Route::Recite)
        }
        _ => (None, Route::Reanswer),
    };
    if let Some(outcome) = value_outcome.as_ref().filter(|_| !currency_reported) {
        // Written only for a finding.
        let shown = || describe_cell(&cell);
        let finding = match outcome {
            // A count of a thing ("1,136 miles") is no amount of money,
            // whatever the digits.
            ValueOutcome::Match | ValueOutcome::Presentation
                if value::is_quantity(written) && cell.currency().is_some() =>
            {
                Some(Finding::new(
                    Code::NoCheckableClaim,
                    Route::Review,
                    format!(
                        "the claim states {written}, a count of a thing, but {} is an amount of money",
                        shown()
                    ),
                ))
            }
            ValueOutcome::Match | ValueOutcome::Presentation => None,
            ValueOutcome::SignFlip if flipped => {
                let (says, text) = match flip {
                    Some(Flip::Sentence) => (
                        "the claim's sentence says",
                        claimed.sentence.unwrap_or_default(),
                    ),
                    _ => ("the claim says", claimed.role.text.as_str()),
                };
                Some(Finding::new(
                    Code::SignFlip,
                    Route::Reanswer,
                    format!(
                        "{says} {} ({written}), but {}: {}",
                        text.trim(),
                        shown(),
                        describe_direction(&cell, vocab)
                    ),
                ))
            }
            ValueOutcome::SignFlip => Some(Finding::new(
                Code::SignFlip,
                Route::Reanswer,
                format!(
                    "the claim states {written}, but {}: the same amount with the opposite sign",
                    shown()
                ),
            )),
            // A unit tickmark does not read may carry the scale itself
            // ("43.4 MMBoe" of a row in MBoe): a person checks it.
            ValueOutcome::ScaleMismatch { factor } if value::is_quantity(written) => {
                Some(Finding::new(
                    Code::NoCheckableClaim,
                    Route::Review,
                    format!(
                        "the claim states {written}, but {}: the same digits at {} the scale, and the value's unit, which may say its scale, is not read",
                        shown(),
                        describe_factor(*factor)
                    ),
                ))
            }
            ValueOutcome::ScaleMismatch { factor } => Some(Finding::new(
                Code::ScaleMismatch,
                Route::Reanswer,
                format!(
                    "the claim states {written}, but {}: the same digits at {} the scale",
                    shown(),
                    describe_factor(*factor)
                ),
            )),
            ValueOutcome::CurrencyMismatch => Some(Finding::new(
                Code::ValueMismatch,
                route,
                format!(
                    "the claim states {written}, but {} in {}",
                    shown(),
                    cell.currency()
                        .map_or("another currency".to_string(), |c| c.to_string())
                ),
            )),
            ValueOutcome::Mismatch => Some(Finding::new(
                Code::ValueMismatch,
                route,
                format!("the claim states {written}, but {}", shown()),
            )),
        };
        if let Some(mut finding) = finding {
            finding = finding.cite(&cited.cite).cell(&cell);
            if finding.code == Code::ValueMismatch {
                finding.suggest.clone_from(&suggest);
            }
            findings.push(finding);
        }
    }
    if let Some(resolution) = resolution {
        // Written only for a finding.
        let claimed_role = || match &told_by_sentence {
            Some(said) => format!(
                "{said} in its sentence (its role: {})",
                claimed.role.role.describe()
            ),
            None => claimed.role.role.describe(),
        };
        let finding = match &resolution.verdict {
            Verdict::Same => None,
            Verdict::Ambiguous(why) => Some(Finding::new(
                Code::AmbiguousRole,
                Route::Review,
                format!(
                    "cannot tell whether {} is {}: {why}",
                    cited.reference,
                    claimed_role()
                ),
            )),
            Verdict::ConceptDiffers | Verdict::PeriodDiffers => {
                let code = if holds {
                    Code::SameNumberSwap
                } else if resolution.verdict == Verdict::ConceptDiffers {
                    Code::RoleMismatch
                } else {
                    Code::PeriodMismatch
                };
                let lead = if holds {
                    format!(
                        "{written} is at {}, but that cell is {}",
                        cited.reference,
                        describe_role(&cell, vocab)
                    )
                } else {
                    format!("{} is {}", cited.reference, describe_role(&cell, vocab))
                };
                let claimed_role = claimed_role();
                let tail = match (&resolution.named, resolution.named_holds) {
                    (Some(named), true) => {
                        format!("; {} holds {written} as {claimed_role}", named.reference())
                    }
                    (Some(named), false) => format!(
                        "; the cell with the claimed role, {}, holds {}: the claim is wrong",
                        named.reference(),
                        cell_amount(named)
                    ),
                    (None, _) => format!("; no cell of the assembled context is {claimed_role}"),
                };
                Some(Finding::new(
                    code,
                    route,
                    format!("{lead}; the claim says {claimed_role}{tail}"),
                ))
            }
        };
        if let Some(mut finding) = finding {
            finding = finding.cite(&cited.cite).cell(&cell);
            finding.suggest.clone_from(&suggest);
            findings.push(finding);
        }
    }
    // The right number in the right role, with a sentence that says it
    // moved the other way than its line did.
    if findings.is_empty()
        && checks.has(Check::Support)
        && let Some((movement, by)) = match (claimed.role.movement, claimed.role.movement_better) {
            (Some(m), _) if claimed.role.movement_in_size => Some((m, movement::Order::Size)),
            (Some(m), _) => Some((m, movement::Order::Usual)),
            (None, Some(better)) => Some((
                movement::better_way(better, &cell, vocab),
                movement::better_order(&cell, vocab),
            )),
            (None, None) => None,
        }
        && let Some(finding) = movement::contradiction(movement, by, &cell, &cited.cite, vocab)
    {
        findings.push(finding);
    }
    // The year-earlier amount the sentence compares the value with.
    if findings.is_empty()
        && checks.has(Check::Support)
        && let Some(prior) = &claimed.role.prior
        && let Some(finding) =
            movement::prior_contradiction(prior, &cell, &cited.cite, vocab, &claimed.rules)
    {
        findings.push(finding);
    }
    // The sentence's "added to cash" against a reduction printed.
    if findings.is_empty()
        && checks.has(Check::Value)
        && let Some(sentence) = claimed.sentence
        && let Some(finding) = movement::cash_effect_flipped(sentence, &cell, &cited.cite)
    {
        findings.push(finding);
    }
    // The sentence's "knocked $27.4 million off other comprehensive
    // income" against an addition printed.
    if findings.is_empty()
        && checks.has(Check::Value)
        && let Some(sentence) = claimed.sentence
        && let Some(finding) = movement::oci_effect_flipped(sentence, &cell, &cited.cite)
    {
        findings.push(finding);
    }
    // The level the sentence says a change led to.
    if findings.is_empty()
        && checks.has(Check::Support)
        && let Some(later) = &claimed.role.later
        && let Some(finding) =
            movement::later_contradiction(later, &cell, &cited.cite, vocab, &claimed.rules)
    {
        findings.push(finding);
    }
    // A sentence about an equity statement's components: the column it
    // names, and the way it says the amount moved it.
    if findings.is_empty()
        && checks.has(Check::Role)
        && let Some(finding) = equity::component_named(claimed, &cell, &cited.cite, vocab)
    {
        findings.push(finding);
    }
    if findings.is_empty()
        && checks.has(Check::Value)
        && let Some(finding) = equity::effect_flipped(claimed, &cell, &cited.cite, vocab)
    {
        findings.push(finding);
    }
    if findings.is_empty()
        && checks.has(Check::Support)
        && let Some(movement) = claimed.role.change_movement.or_else(|| {
            claimed
                .role
                .change_better
                .map(|better| movement::better_way(better, &cell, vocab))
        })
        && let Some(finding) = movement::change_contradiction(movement, &cell, &cited.cite, vocab)
    {
        findings.push(finding);
    }
    if findings.is_empty()
        && checks.has(Check::Value)
        && let Some(way) = claimed.role.role_way
        && let Some(finding) = movement::role_way_flipped(
            way.of_stated(claimed.stated.value),
            &cell,
            &cited.cite,
            vocab,
        )
    {
        findings.push(finding);
    }
    findings
}

/// Who names a direction opposite to the cell's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flip {
    /// The claim's role (or the sentence read as its role).
    Role,
    /// The claim's sentence, of the value's own measure phrase.
    Sentence,
}

/// Whether the claim names a direction opposite to the one the cell's sign
/// gives its line ("Net loss" on a profit, "used in" on an inflow), in its
/// role or in the sentence's words before its value ("Investing activities
/// generated $239.2 million" on an outflow). The claim's word turns with a
/// negative stated value ("net income of $(746)" says a loss), except a
/// word of the negative side ("net loss of (746)" is a loss written with
/// parentheses).
fn direction_flipped(claimed: &Claimed<'_>, cell: &Cell<'_>, vocab: &Vocab) -> Option<Flip> {
    let spec = claimed.role;
    if spec.role.direction.is_none()
        && spec.sentence_direction.is_none()
        && spec.change_movement.is_none()
    {
        return None;
    }
    let roles = role::roles_of(cell.table(), vocab);
    let row = roles.rows.get(cell.record().row as usize)?;
    let held = role::cell_direction(row, cell, roles)?;
    let negative_value = claimed.stated.value.is_sign_negative() && !claimed.stated.value.is_zero();
    let role_flips = spec.role.direction.is_some_and(|said| {
        let said = said.of_amount(negative_value);
        said.kind == held.kind && said.positive != held.positive
    });
    // A change the sentence states ("Accounts receivable decreased by $45
    // million") on a line whose sign is its balance's change (a
    // working-capital line of a cash-flow statement).
    let change_kind = crate::vocab::lexicon::Lexicon::builtin().direction_by_kind("change")
        == Some(usize::from(held.kind));
    let moved_flips = change_kind
        && spec.change_movement.is_some_and(|m| {
            let up = m == crate::check::movement::Movement::Up;
            up != held.positive
        });
    let sentence_flips = moved_flips
        || spec
            .sentence_direction
            .is_some_and(|said| said.kind == held.kind && said.positive != held.positive);
    match (role_flips, sentence_flips) {
        (true, _) => Some(Flip::Role),
        (false, true) => Some(Flip::Sentence),
        (false, false) => None,
    }
}

/// "holds 447, a profit" — what the cell's sign says, for a sign flip.
fn describe_direction(cell: &Cell<'_>, vocab: &Vocab) -> String {
    let roles = role::roles_of(cell.table(), vocab);
    let held = roles
        .rows
        .get(cell.record().row as usize)
        .and_then(|row| role::cell_direction(row, cell, roles));
    let side = match held.and_then(|d| d.def().map(|def| (def.kind.as_str(), d.positive))) {
        Some(("result", true)) => "income (a profit or gain)",
        Some(("result", false)) => "a loss or expense",
        Some(("cash", true)) => "cash provided (an inflow)",
        Some(("cash", false)) => "cash used (an outflow)",
        Some(("change", true)) => "an increase",
        Some(("change", false)) => "a decrease",
        Some(("tax", true)) => "an expense",
        Some(("tax", false)) => "a benefit",
        _ => "the other direction",
    };
    format!("the line is {side}, the opposite of what the claim says")
}

/// "acme.xlsx#IS!B7 holds 4,200 million (4,200,000,000)".
pub fn describe_cell(cell: &Cell<'_>) -> String {
    let amount = cell_amount(cell);
    match cell.value_base() {
        Some(base) if cell.scale() != Decimal::ONE => format!(
            "{} holds {amount} ({})",
            cell.reference(),
            crate::number::readable(base, 6)
        ),
        _ => format!("{} holds {amount}", cell.reference()),
    }
}

/// A cell's number as a reader says it: as written (a bare spreadsheet
/// number with its thousands grouped), with its table's scale word:
/// "$4,200 million", "4,200 million", "2.35"; a scale without a name as
/// "× 100".
pub fn cell_amount(cell: &Cell<'_>) -> String {
    let text = cell.text();
    let shown = if text.parse::<Decimal>().is_ok() {
        crate::number::readable(cell.value(), 28)
    } else {
        text.into_owned()
    };
    let scale = cell.scale();
    if scale == Decimal::ONE || cell.percent() {
        return shown;
    }
    match crate::number::scale_name(scale) {
        Some(word) => format!("{shown} {word}"),
        None => format!("{shown} (× {})", crate::number::readable(scale, 28)),
    }
}

/// "Net income (NetIncomeLoss), FY ended 2022-12-31".
pub fn describe_role(cell: &Cell<'_>, vocab: &Vocab) -> String {
    let label = cell.row_label().unwrap_or("an unlabeled row");
    let concept = cell
        .concept()
        .map(|c| format!(" ({c})"))
        .unwrap_or_default();
    let roles = role::roles_of(cell.table(), vocab);
    let column = match cell.col_label() {
        Some(col) if cell.period().is_none() => format!(", {col}"),
        _ => String::new(),
    };
    match role::cell_periods(cell, roles).first() {
        Some(p) => format!("{label}{concept}{column}, {p}"),
        None => format!("{label}{concept}{column}"),
    }
}

fn describe_factor(factor: Decimal) -> String {
    if factor >= Decimal::ONE {
        format!("{} times", factor.normalize())
    } else {
        Decimal::ONE
            .checked_div(factor)
            .map_or("another".to_string(), |f| format!("1/{}", f.normalize()))
    }
}
