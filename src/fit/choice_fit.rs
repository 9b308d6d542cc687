//! A table genome fitted on move choices (`weightforge fit --choices`): for each position
//! of a position file, every legal move's child labelled by a judge (the solved game:
//! its value and distance from the mover's view), the rows made sparse
//! ([`super::choices`]), a held-out share set aside by a hash of the position text, the
//! scale K fitted on the hand evaluation, then one fit per L2 strength; the strength
//! with the lowest held-out loss is kept. The figures are a table fit's
//! ([`RoleFit`]), with the share of held-out positions whose highest-scored move is a
//! best one beside them.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use super::choices::{self, Child, ChoiceModel, ChoiceRows};
use super::positions_file::FitRow;
use super::samples::Rows;
use super::sparse;
use super::table_fit::{L2Point, RoleFit, TableFitPlan};
use crate::eval::Evaluator;
use crate::game::{Features, Role, Status};
use crate::tables::{GenomeTables, TableLayout, UnknownFamily};
use crate::tunables::MAX_TABLE_WEIGHT;

/// A role's move-choice fit: the table fit's figures and the best-move shares.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceFit {
    /// Rows are positions; losses are the choice model's.
    pub fit: RoleFit,
    /// The model: value scale, softmax sharpness and the choice loss's weight.
    pub model: ChoiceModel,
    /// Children over the training and held-out positions.
    pub children: usize,
    /// Positions (training and held-out) where the other side moves.
    pub theirs: usize,
    /// Share of held-out positions whose highest-scored move is a best one: the hand
    /// genome's, then each strength's (in the order tried).
    pub agreement: (f64, Vec<f64>),
}

/// A move choice fit that cannot run.
#[derive(Debug, thiserror::Error)]
pub enum ChoiceFitError<E: std::error::Error + 'static> {
    /// A family the game does not have.
    #[error(transparent)]
    Family(#[from] UnknownFamily),
    /// The game draws moves' outcomes at random: a child is not one position.
    #[error("{0}: moves with random outcomes have no single child to judge")]
    Chance(&'static str),
    /// The judge could not label a child (its error names the position).
    #[error("{0}")]
    Judge(E),
}

/// Turns positions into choice rows: the mover's children, each judged, held sparse.
struct RowBuilder<'l, G: Features> {
    layout: &'l TableLayout,
    eval: Evaluator,
    role: Role,
    moves: Vec<G::Move>,
    contents: Vec<u8>,
    active: Vec<Vec<u32>>,
    figures: Vec<(f32, f32)>,
}

impl<'l, G: Features> RowBuilder<'l, G> {
    fn new(layout: &'l TableLayout, role: Role, hand: &[f64]) -> Self {
        RowBuilder {
            layout,
            eval: Evaluator::new::<G>(role, hand),
            role,
            moves: Vec::new(),
            contents: vec![0; layout.cells],
            active: Vec::new(),
            figures: Vec::new(),
        }
    }

    /// Adds `pos`'s row to `out`; `judge(child)` labels a child from the fitted role's
    /// view (the mover's, or when `pos`'s side to move is the other role, the role's).
    fn add<E>(
        &mut self,
        pos: &G,
        out: &mut ChoiceRows,
        judge: &mut impl FnMut(&G, Role) -> Result<f32, E>,
    ) -> Result<(), E> {
        pos.legal_moves(&mut self.moves);
        self.active.resize_with(self.moves.len(), Vec::new);
        self.figures.clear();
        for (i, &mv) in self.moves.iter().enumerate() {
            let mut child = pos.clone();
            child.make(mv, Default::default());
            child.cell_contents(&mut self.contents);
            self.layout
                .active_stored(&self.contents, &mut self.active[i]);
            let label = judge(&child, self.role)?;
            self.figures.push((self.eval.value(&child) as f32, label));
        }
        let children: Vec<Child<'_>> = (self.figures.iter().zip(&self.active))
            .map(|(&(bias, label), active)| Child {
                active,
                bias,
                label,
            })
            .collect();
        out.push(&children, pos.side_to_move() != self.role);
        Ok(())
    }
}

/// Role `role`'s training and held-out choice rows: each distinct position where the
/// game goes on and it is to move (with [`Rows::Both`], where either side is), once.
fn role_rows<'a, G: Features, E>(
    rows: impl Iterator<Item = FitRow<'a, G>>,
    layout: &TableLayout,
    (role, which): (Role, Rows),
    hand: &[f64],
    held_out: f64,
    judge: &mut impl FnMut(&G, Role) -> Result<f32, E>,
) -> Result<[ChoiceRows; 2], E> {
    let per_row = layout.active_count();
    let mut out = [ChoiceRows::new(per_row), ChoiceRows::new(per_row)];
    let mut builder = RowBuilder::<G>::new(layout, role, hand);
    let mut seen = HashSet::new();
    for row in rows {
        let ongoing = row.pos.status() == Status::Ongoing;
        let mine = which == Rows::Both || row.pos.side_to_move() == role;
        if !mine || !ongoing || !seen.insert(row.text) {
            continue;
        }
        let hash = row.text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let side = usize::from((hash % 10_000) as f64 / 10_000.0 < held_out);
        builder.add(row.pos, &mut out[side], judge)?;
    }
    Ok(out)
}

/// What a move-choice fit is asked to do: a table fit's settings, the choice loss's
/// weight (0: the children's values alone; 1: their order alone) and which positions
/// train a role.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoicePlan {
    /// The L2 strengths, held-out share, Adam steps and rate (the score weight and the
    /// loss are not used).
    pub table: TableFitPlan,
    /// The choice loss's weight, 0 to 1.
    pub weight: f64,
    /// [`Rows::PerRole`]: a role learns the positions it moves from; [`Rows::Both`]:
    /// also those the other side moves from, its children judged from the role's view
    /// and the other side's best move the role's worst, so that the role's evaluation
    /// also knows the positions where it is to move (the leaves of a search of an even
    /// number of plies).
    pub rows: Rows,
}

/// Fits role `role`'s tables on the move choices of the positions `rows` gives, from
/// the hand weights `hand`.
pub fn fit_role<'a, G: Features, E>(
    rows: impl Iterator<Item = FitRow<'a, G>>,
    layout: &TableLayout,
    role: Role,
    hand: &[f64],
    plan: &ChoicePlan,
    judge: &mut impl FnMut(&G, Role) -> Result<f32, E>,
) -> Result<(Vec<f64>, ChoiceFit), E> {
    let table = &plan.table;
    let [train, held] = role_rows(rows, layout, (role, plan.rows), hand, table.held_out, judge)?;
    let m = choices::fit_model(&train, plan.weight);
    let t0 = Instant::now();
    let mut fits = Vec::new();
    for &l2 in &table.l2 {
        let u = sparse::adam(&vec![0.0; layout.len()], l2, &table.settings, |u, g| {
            choices::loss_grad(&train, &m, u, g);
        });
        let point = L2Point {
            l2,
            train: choices::mean_loss(&train, &m, &u),
            held: choices::mean_loss(&held, &m, &u),
            nonzero: u.iter().filter(|x| (*x / m.k).abs() >= 1e-6).count(),
        };
        fits.push((choices::agreement(&held, m.k, &u), u, point));
    }
    let secs = t0.elapsed().as_secs_f64();
    let passes = table.l2.len() as f64 * f64::from(table.settings.steps);
    let chosen = (0..fits.len())
        .min_by(|&a, &b| fits[a].2.held.total_cmp(&fits[b].2.held))
        .unwrap_or(0);
    let weights = fits.get(chosen).map_or(vec![0.0; layout.len()], |f| {
        f.1.iter()
            .map(|x| (x / m.k).clamp(-MAX_TABLE_WEIGHT, MAX_TABLE_WEIGHT))
            .collect()
    });
    let fit = ChoiceFit {
        fit: RoleFit {
            rows: (train.len(), held.len()),
            bytes: train.bytes() + held.bytes(),
            k: m.k,
            ks: f64::NAN,
            ks_spread: f64::NAN,
            held_hand: choices::mean_loss(&held, &m, &[]),
            points: fits.iter().map(|f| f.2).collect(),
            chosen,
            gradients: (passes * train.active.len() as f64, secs),
        },
        model: m,
        children: train.children() + held.children(),
        theirs: train.theirs_count() + held.theirs_count(),
        agreement: (
            choices::agreement(&held, m.k, &[]),
            fits.iter().map(|f| f.0).collect(),
        ),
    };
    Ok((weights, fit))
}

/// Fits both roles' tables of `families` on the move choices of the positions `rows`
/// gives (called once per role), from the hand weights `hand`, each child labelled by
/// `judge` from the mover's view: the tables and each role's figures.
pub fn fit_choices<'a, G: Features, I: Iterator<Item = FitRow<'a, G>>, E>(
    rows: impl Fn() -> I,
    families: &[&str],
    hand: &[Vec<f64>; 2],
    plan: &ChoicePlan,
    mut judge: impl FnMut(&G, Role) -> Result<f32, E>,
) -> Result<(GenomeTables, [ChoiceFit; 2]), ChoiceFitError<E>>
where
    E: std::error::Error + 'static,
{
    if G::HAS_CHANCE {
        return Err(ChoiceFitError::Chance(G::NAME));
    }
    let layout = Arc::new(TableLayout::new::<G>(families)?);
    let mut tables = GenomeTables::zeros(Arc::clone(&layout));
    let mut fit = |role: Role| {
        let (w, fit) = fit_role::<G, E>(rows(), &layout, role, &hand[role], plan, &mut judge)
            .map_err(ChoiceFitError::Judge)?;
        tables.weights[role] = w;
        Ok::<_, ChoiceFitError<E>>(fit)
    };
    let fits = [fit(0)?, fit(1)?];
    Ok((tables, fits))
}

/// Per role: positions, children, memory, the model, the hand genome's held-out loss
/// and best-move share, each strength's, the strength kept and, with `speed`, the
/// gradient throughput (what `weightforge fit --choices` prints).
pub fn report<G: Features>(fits: &[ChoiceFit; 2], speed: bool) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for (r, c) in fits.iter().enumerate() {
        let f = &c.fit;
        let rate = super::table_fit::speed_text(f, speed);
        let _ = writeln!(
            out,
            "{}: {} training + {} held-out positions{} ({} moves, {:.0} MB), K {:.3e}, sharpness {:.3}, choice weight {}, hand genome held-out loss {:.5}, best move first in {:.1} %{rate}",
            G::ROLES[r],
            f.rows.0,
            f.rows.1,
            theirs_text(c.theirs),
            c.children,
            f.bytes as f64 / 1e6,
            f.k,
            c.model.beta,
            c.model.weight,
            f.held_hand,
            100.0 * c.agreement.0,
        );
        for (i, p) in f.points.iter().enumerate() {
            let mark = if i == f.chosen { "  <- kept" } else { "" };
            let _ = writeln!(
                out,
                "  l2 {:e}: training {:.5}, held-out {:.5}, best move first in {:.1} %, {} non-zero weights{mark}",
                p.l2,
                p.train,
                p.held,
                100.0 * c.agreement.1[i],
                p.nonzero
            );
        }
    }
    out
}

/// How the report names a role's positions: those it moves from, and how many more the
/// other side moves from when there are any.
fn theirs_text(theirs: usize) -> String {
    if theirs == 0 {
        " to move".into()
    } else {
        format!(" ({theirs} of them with the other side to move)")
    }
}
