//! A job's games as work units ([`dist::Batch`](crate::dist::Batch)): one unit is one
//! pair of games (one opening, roles swapped), the finest cut that keeps a pair's two
//! games together, played by the match runner ([`crate::matches::pair`]). A unit is a
//! pure function of the job and its number, seeded from (run seed, round, candidate,
//! rival, pair) ([`crate::seeds::RoundSeeds`]), so the threads of one process and the
//! processes of an `mpirun` play the same games.

use std::collections::HashSet;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::job::{Job, Rival, Round};
use super::resolved::Resolved;
use super::unit_check::{self, Expected, Found};
use crate::dist::{Batch, Units};
use crate::fit::label::{Label, Labeler};
use crate::fit::positions_file::Labelled;
use crate::fit::samples::{Collector, Filter, Rows, Samples};
use crate::game::{Features, Status};
use crate::genome::Genome;
use crate::matches::one_game::Seating;
use crate::matches::openings::Openings;
use crate::matches::pair::{play_pair, play_pair_recorded};
use crate::matches::settings::MatchSettings;
use crate::played_game::{GameRecord, NoObserver, Observer, SetupError};
use crate::player::{PlayerSpec, SearchBudget};
use crate::record::GameLog;
use crate::seeds::PairSeed;

/// What one pair gave: its pairing, its opening's hash, the two games, the written-down
/// games of a validation, and the positions kept for Texel with their text.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlayedPair {
    /// The pairing (index in the job).
    pub pairing: usize,
    /// The opening's hash.
    pub opening: u64,
    /// The two games (candidate = A).
    pub games: [GameRecord; 2],
    /// The games written down (validation only).
    pub logs: Option<[GameLog; 2]>,
    /// Positions kept for Texel.
    pub samples: Samples,
    /// The same positions as text.
    pub texts: Vec<Labelled>,
}

/// A job to play: its games, the openings it must not reuse, and the positions to keep.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct JobBatch<G> {
    /// The games.
    pub job: Job,
    /// Opening hashes that must not be reused (sorted).
    pub exclude: Option<Vec<u64>>,
    /// Which positions to keep (Texel), if any.
    pub filter: Option<Filter>,
    /// What the kept positions are labelled with.
    pub label: Label,
    /// Which roles the kept positions train.
    pub rows: Rows,
    #[serde(skip)]
    game: PhantomData<fn() -> G>,
}

impl<G> JobBatch<G> {
    /// The batch of `job`, keeping the positions `keep` names (with their labels and
    /// the roles they train).
    pub fn new(
        job: Job,
        exclude: Option<&HashSet<u64>>,
        keep: Option<(Filter, Label, Rows)>,
    ) -> Self {
        let exclude = exclude.map(|e| {
            let mut v: Vec<u64> = e.iter().copied().collect();
            v.sort_unstable();
            v
        });
        let (filter, label, rows) = match keep {
            Some((f, l, rows)) => (Some(f), l, rows),
            None => (None, Label::Result, Rows::Both),
        };
        JobBatch {
            job,
            exclude,
            filter,
            label,
            rows,
            game: PhantomData,
        }
    }
}

/// A job's pairs, ready to play.
pub struct JobUnits<'a, G: Features> {
    r: &'a Resolved,
    batch: &'a JobBatch<G>,
    exclude: Option<HashSet<u64>>,
    openings: Openings<G>,
    players: Vec<(PlayerSpec, PlayerSpec)>,
    /// (pairing, pair) of each unit.
    tasks: Vec<(usize, u32)>,
    /// The node budget of the job's round, when it sets one for every game.
    budget: SearchBudget,
}

impl<G: Features> Batch for JobBatch<G> {
    const KIND: &'static str = "job";
    type Context = Resolved;
    type Output = PlayedPair;
    type Units<'a> = JobUnits<'a, G>;

    fn prepare<'a>(&'a self, r: &'a Resolved) -> Result<JobUnits<'a, G>, SetupError> {
        let settings = MatchSettings {
            starts: r.starts.clone(),
            opening_plies: r.exp.openings.plies,
            ply_cap: r.ply_cap,
            depth: None,
            nodes: self.job.round.budget(r),
            move_time_ms: None,
            adjudicate: r.exp.adjudicate,
        };
        let job = &self.job;
        let tasks = job
            .pairings
            .iter()
            .enumerate()
            .flat_map(|(i, p)| (0..p.pairs).map(move |k| (i, k)))
            .collect();
        Ok(JobUnits {
            r,
            batch: self,
            exclude: self.exclude.as_ref().map(|e| e.iter().copied().collect()),
            openings: settings.openings::<G>()?,
            budget: settings.budget(),
            players: (0..job.pairings.len())
                .map(|i| players(r, job, i))
                .collect(),
            tasks,
        })
    }
}

/// The two players of pairing `i`, the candidate first.
fn players(r: &Resolved, job: &Job, i: usize) -> (PlayerSpec, PlayerSpec) {
    let p = &job.pairings[i];
    let mut cand = r.player(&job.candidates[p.candidate], p.depth, p.nodes);
    if let (Rival::Pool(i), PlayerSpec::Engine(e)) = (p.rival, &mut cand) {
        // An engine plays each opponent at the depth the experiment names for it.
        Arc::make_mut(e).go_depth = r.opponents[i].engine_depth;
    }
    if job.round == Round::Validation {
        // Named as the run's result is, for the game records. An engine plays its own
        // defaults there, and both answer the same `id name`: the tuned one is named as
        // `match` names it with the constants file the run writes.
        let best = r.exp.best_name();
        match &mut cand {
            PlayerSpec::Genome(g) => Arc::make_mut(g).name = best,
            PlayerSpec::Engine(e) => {
                let name = e.name_with_constants(&best);
                Arc::make_mut(e).name = name;
            }
            PlayerSpec::Random | PlayerSpec::Perfect(_) => {}
        }
    }
    let rival = match p.rival {
        Rival::Pool(i) => match &r.opponents[i].spec {
            PlayerSpec::Random => PlayerSpec::Random,
            PlayerSpec::Engine(e) => PlayerSpec::Engine(Arc::clone(e)),
            PlayerSpec::Perfect(q) => PlayerSpec::Perfect(Arc::clone(q)),
            PlayerSpec::Genome(g) => PlayerSpec::Genome(Arc::new(Genome {
                depth: p.depth,
                nodes: p.nodes,
                ..(**g).clone()
            })),
        },
        Rival::HallOfFame(i) => r.player(&job.hall_of_fame[i], p.depth, p.nodes),
        Rival::Candidate(i) => r.player(&job.candidates[i], p.depth, p.nodes),
        Rival::HandStart => match &r.tables_fit {
            Some(t) => PlayerSpec::Genome(Arc::new(Genome {
                depth: p.depth,
                nodes: p.nodes,
                ..t.hand.clone()
            })),
            None => r.player(&r.start.weights, p.depth, p.nodes),
        },
    };
    (cand, rival)
}

impl<G: Features> Units for JobUnits<'_, G> {
    type Output = PlayedPair;

    fn count(&self) -> usize {
        self.tasks.len()
    }

    /// The pairing's search depths added up: a deeper pairing's games cost more (node
    /// budgets and outside engines are ranked by their depth setting alike).
    fn cost(&self, unit: usize) -> u64 {
        let p = &self.batch.job.pairings[self.tasks[unit].0];
        p.depth.iter().map(|&d| u64::from(d)).sum()
    }

    fn check(&self, unit: usize, out: &PlayedPair) -> Result<(), String> {
        if unit >= self.tasks.len() {
            return Err(format!("unit {unit}: the batch has {}", self.tasks.len()));
        }
        let pairing = self.tasks[unit].0;
        if out.pairing != pairing {
            let p = out.pairing;
            return Err(format!(
                "pairing {p}, but this unit plays pairing {pairing}"
            ));
        }
        let (start, _) = self.start(unit).map_err(|e| e.to_string())?;
        let want = Expected {
            start: &start,
            logged: self.batch.job.round == Round::Validation,
        };
        let found = Found {
            opening: out.opening,
            games: &out.games,
            logs: out.logs.as_ref(),
            samples: &out.samples,
            texts: &out.texts,
        };
        unit_check::check(&found, &want)
    }

    fn run(&self, unit: usize) -> Result<PlayedPair, SetupError> {
        let (i, _) = self.tasks[unit];
        let job = &self.batch.job;
        let (start, pair_seed) = self.start(unit)?;
        let (a, b) = &self.players[i];
        let seating = Seating {
            players: [a, b],
            budget: self.budget,
            rules: self.openings.rules(),
        };
        let mut samples = Samples::new(G::feature_info().len());
        let (games, logs, texts) = if job.round == Round::Validation {
            let (pair, logs) = play_pair_recorded(&seating, &start, &pair_seed);
            (pair, Some(logs), Vec::new())
        } else {
            let b = self.batch;
            let keep = b.filter.as_ref().map(|f| (f, b.label, b.rows));
            let (pair, s, texts) = pair_with_positions(&seating, &start, &pair_seed, keep);
            samples = s;
            (pair, None, texts)
        };
        let played = PlayedPair {
            pairing: i,
            opening: start.hash(),
            games,
            logs,
            samples,
            texts,
        };
        Ok(played)
    }
}

impl<G: Features> JobUnits<'_, G> {
    /// Unit `unit`'s opening and the seed of its pair.
    fn start(&self, unit: usize) -> Result<(G, PairSeed), SetupError> {
        let (i, k) = self.tasks[unit];
        let job = &self.batch.job;
        let p = &job.pairings[i];
        let seeds = job.round.seeds(self.r.exp.seed);
        let rival = p.rival.seed(p.candidate);
        let mut rng = seeds.opening(rival, k);
        let start: G = self
            .openings
            .draw(k as u64, &mut rng, self.exclude.as_ref())?;
        Ok((start, seeds.pair(p.candidate, rival, k)))
    }
}

/// Plays two games and, with a filter, collects their positions; search labels use
/// the candidate's (A's) weights.
fn pair_with_positions<G: Features>(
    seating: &Seating,
    start: &G,
    seed: &PairSeed,
    keep: Option<(&Filter, Label, Rows)>,
) -> ([GameRecord; 2], Samples, Vec<Labelled>) {
    let mut samples = Samples::new(G::feature_info().len());
    let Some((filter, label, rows)) = keep else {
        let observers: [&mut dyn Observer<G>; 2] = [&mut NoObserver, &mut NoObserver];
        let pair = play_pair(seating, start, seed, observers);
        return (pair, samples, Vec::new());
    };
    let rules = seating.rules;
    let mut c0 = Collector::<G>::new(filter, rules);
    let mut c1 = Collector::<G>::new(filter, rules);
    let pair = play_pair(seating, start, seed, [&mut c0, &mut c1]);
    // A search weight of 0 leaves every label the result: no search is worth running.
    let mut labeler = match (label, seating.players[0]) {
        (Label::Search { depth, detours, .. }, PlayerSpec::Genome(g))
            if label.search_weight() > 0.0 =>
        {
            let rng = seed.detours();
            Some(Labeler::<G>::new(&g.weights, (depth, detours), rules, rng))
        }
        _ => None,
    };
    let mut texts = Vec::new();
    for (c, rec) in [&c0, &c1].into_iter().zip(&pair) {
        let score0 = if rec.a_role == 0 {
            rec.a_score
        } else {
            1.0 - rec.a_score
        };
        let status = match score0 {
            s if s > 0.5 => Status::Win(0),
            s if s < 0.5 => Status::Win(1),
            _ => Status::Draw,
        };
        c.label(status, &mut samples, labeler.as_mut(), rows);
        for pos in c.positions() {
            let mover = pos.side_to_move();
            texts.push(Labelled {
                text: pos.to_text(),
                label: if mover == 0 { score0 } else { 1.0 - score0 },
            });
        }
    }
    (pair, samples, texts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wolves_sheep::WolvesSheep;
    use crate::tables::{GenomeTables, TableLayout};
    use crate::tune::experiment::Experiment;
    use crate::tune::resolved::TablesFit;

    /// A table run's gate plays the start without its tables; a candidate has them.
    #[test]
    fn the_hand_start_is_the_start_without_its_tables() {
        let text = r#"(name: "t", game: "wolves_sheep", seed: 1, generations: 1,
            start: "li2023", tune_roles: ["wolves"], opponents: [(player: "luo2023")],
            pairs_per_opponent: 1)"#;
        let mut r = Experiment::parse(text, "t.ron")
            .unwrap()
            .resolve::<WolvesSheep>("t.ron")
            .unwrap();
        let hand = r.start.clone();
        let layout = TableLayout::new::<WolvesSheep>(&["psqt"]).unwrap();
        r.start.tables = Some(Arc::new(GenomeTables::zeros(Arc::new(layout))));
        r.tables_fit = Some(Arc::new(TablesFit {
            hand,
            families: vec!["psqt".into()],
            report: String::new(),
        }));
        let weights = r.start.weights.clone();
        let pairing = |rival| super::super::job::Pairing {
            candidate: 0,
            rival,
            pairs: 1,
            depth: [2, 2],
            nodes: None,
            weight: 1.0,
        };
        let job = Job {
            round: Round::Gate(0),
            candidates: vec![weights.clone(), weights],
            hall_of_fame: Vec::new(),
            pairings: vec![pairing(Rival::HandStart), pairing(Rival::Candidate(1))],
        };
        let tables = |p: &PlayerSpec| match p {
            PlayerSpec::Genome(g) => g.tables.is_some(),
            _ => panic!("a genome"),
        };
        let (cand, rival) = players(&r, &job, 0);
        assert!(tables(&cand) && !tables(&rival));
        let PlayerSpec::Genome(g) = &rival else {
            unreachable!()
        };
        assert_eq!((g.name.as_str(), g.depth), ("li2023", [2, 2]));
        let (_, rival) = players(&r, &job, 1);
        assert!(tables(&rival));
    }
}
