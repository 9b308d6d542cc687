//! Labelled positions as plain feature rows: a game observer keeps the quiet positions
//! of a game, and once the result is known every kept position becomes one row per role
//! (that role's features, the result from that role's view, and with search labels the
//! score of a search of the position for that role).

use serde::{Deserialize, Serialize};

use super::label::{Labeler, NO_RESULT};
use crate::game::{search_moves, Features, MatchRules, Role, Status};
use crate::played_game::Observer;

/// Which positions of a game are kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Plies after the opening that are skipped (the opening's random moves still show).
    pub skip_plies: u32,
    /// Keep only quiet positions: no tactical move (capture, push-off, battle) for the
    /// side to move, so the static evaluation is what a short search would see.
    pub quiet: bool,
    /// Keep only positions with this role to move (a role name), e.g. the side to move
    /// at the leaves of the searches that will use the weights: a fixed-depth search
    /// without quiescence evaluates only positions of one parity.
    #[serde(default)]
    pub to_move: Option<String>,
}

impl Default for Filter {
    fn default() -> Self {
        Filter {
            skip_plies: crate::tunables::TEXEL_SKIP_PLIES,
            quiet: true,
            to_move: None,
        }
    }
}

impl Filter {
    /// Whether `pos`, `ply` plies into the game, is kept.
    pub fn keeps<G: Features>(
        &self,
        pos: &G,
        ply: u32,
        rules: &MatchRules,
        buf: &mut Vec<G::Move>,
    ) -> bool {
        if ply < self.skip_plies || rules.status(pos) != Status::Ongoing {
            return false;
        }
        if let Some(name) = &self.to_move {
            if G::ROLES[pos.side_to_move()] != name.as_str() {
                return false;
            }
        }
        if !self.quiet {
            return true;
        }
        search_moves(rules, pos, buf);
        !buf.iter().any(|&m| pos.is_tactical(m))
    }
}

/// Which roles' evaluations a position trains (the experiment's Texel `rows:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rows {
    /// Every position gives a row to both roles (the result from each role's view, the
    /// score negated for the other role): one zero-sum evaluation, the fit as it was
    /// before per-role rows, kept for comparison.
    Both,
    /// A position trains only the role whose search meets it: a game's position the
    /// side to move, a version 2 file's row its own role. No row ties the two roles'
    /// weights to each other's negatives.
    PerRole,
}

/// Labelled rows: per role, `features` holds `width` floats per row, `labels` one
/// result (1, ½, 0 from that role's view) per row and `scores` the row's search score
/// for that role (NaN when the row has none; see [`super::label::Label`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Samples {
    /// Features per row.
    pub width: usize,
    /// Packed feature rows, per role.
    pub features: [Vec<f32>; 2],
    /// Labels, per role.
    pub labels: [Vec<f32>; 2],
    /// Search scores, per role.
    #[serde(default)]
    pub scores: [Vec<f32>; 2],
}

impl Samples {
    /// No rows, `width` features each.
    pub fn new(width: usize) -> Self {
        Samples {
            width,
            ..Samples::default()
        }
    }

    /// Rows of role `r`.
    pub fn rows(&self, r: Role) -> usize {
        self.labels[r].len()
    }

    /// Rows of role `r` a fit can learn from: a known result or a search score (a row
    /// with neither, `- -` in a file, labels nothing).
    pub fn usable_rows(&self, r: Role) -> usize {
        (self.labels[r].iter().zip(&self.scores[r]))
            .filter(|(l, s)| !l.is_nan() || !s.is_nan())
            .count()
    }

    /// Adds `pos` with `score0`, the result for role 0, and each role's search
    /// `scores` (NaN for none), one row per role.
    pub fn push<G: Features>(&mut self, pos: &G, score0: f32, scores: [f32; 2], buf: &mut [f32]) {
        for (r, score) in scores.into_iter().enumerate() {
            pos.features(r, buf);
            self.features[r].extend_from_slice(buf);
            // 1 − NaN is NaN: a detour has no result for either role.
            self.labels[r].push(if r == 0 { score0 } else { 1.0 - score0 });
            self.scores[r].push(score);
        }
    }

    /// Adds one row to role `r`: its `features` (`width` values), its `result` from
    /// `r`'s view (NaN: unknown) and its search `score` for `r` (NaN: none). The rows of
    /// a per-role fit: each role learns only from the positions its own search met.
    pub fn push_row(&mut self, r: Role, features: &[f32], result: f32, score: f32) {
        debug_assert_eq!(features.len(), self.width);
        self.features[r].extend_from_slice(features);
        self.labels[r].push(result);
        self.scores[r].push(score);
    }

    /// Appends `other`'s rows.
    pub fn append(&mut self, other: &Samples) {
        for r in 0..2 {
            self.features[r].extend_from_slice(&other.features[r]);
            self.labels[r].extend_from_slice(&other.labels[r]);
            self.scores[r].extend_from_slice(&other.scores[r]);
        }
    }
}

/// Watches one game and keeps its quiet positions until the result is known.
pub struct Collector<'a, G: Features> {
    filter: &'a Filter,
    rules: MatchRules,
    ply: u32,
    moves: Vec<G::Move>,
    kept: Vec<G>,
}

impl<'a, G: Features> Collector<'a, G> {
    /// A collector for one game played under `rules`.
    pub fn new(filter: &'a Filter, rules: MatchRules) -> Self {
        Collector {
            filter,
            rules,
            ply: 0,
            moves: Vec::new(),
            kept: Vec::new(),
        }
    }

    /// The kept positions.
    pub fn positions(&self) -> &[G] {
        &self.kept
    }

    /// Adds the kept positions, labelled with the game's final `status` (and, with a
    /// `labeler`, each role's search score), to `out`: a row for both roles, or with
    /// [`Rows::PerRole`] for the side to move only.
    pub fn label(
        &self,
        status: Status,
        out: &mut Samples,
        mut labeler: Option<&mut Labeler<G>>,
        rows: Rows,
    ) {
        let mut buf = vec![0.0; out.width];
        let score0 = status.score_for(0).unwrap_or(0.5) as f32;
        let mut add = |out: &mut Samples, pos: &G, score0: f32, scores: [f32; 2]| match rows {
            Rows::Both => out.push(pos, score0, scores, &mut buf),
            Rows::PerRole => {
                let r = pos.side_to_move();
                pos.features(r, &mut buf);
                let result = if r == 0 { score0 } else { 1.0 - score0 };
                out.push_row(r, &buf, result, scores[r]);
            }
        };
        for pos in &self.kept {
            let Some(l) = labeler.as_deref_mut() else {
                add(out, pos, score0, [f32::NAN; 2]);
                continue;
            };
            let scores = search_rows(l, pos, rows);
            add(out, pos, score0, scores);
            for d in l.detours(pos) {
                let scores = search_rows(l, &d, rows);
                add(out, &d, NO_RESULT, scores);
            }
        }
    }
}

/// Each role's search score of `pos`, searching only the roles `rows` gives a row
/// (NaN for the others).
fn search_rows<G: Features>(l: &mut Labeler<G>, pos: &G, rows: Rows) -> [f32; 2] {
    [0, 1].map(|r| match rows {
        Rows::PerRole if pos.side_to_move() != r => f32::NAN,
        _ => l.score(pos, r),
    })
}

impl<G: Features> Observer<G> for Collector<'_, G> {
    fn after_ply(&mut self, after: &G) {
        self.ply += 1;
        if self
            .filter
            .keeps(after, self.ply, &self.rules, &mut self.moves)
        {
            self.kept.push(after.clone());
        }
    }
}
