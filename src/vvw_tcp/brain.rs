//! How the client chooses its plies: the player seated as an [`Agent`] (so every search
//! setting of its genome holds), searching on its own thread until its deadline, a
//! one-ply agent here when that thread is late, and the rules' check with the fallback
//! ply last, so that every `UPD` gets exactly one legal answer in time.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rand::SeedableRng;

use super::client_config::{Answer, ClientConfig};
use super::client_error::ClientError;
use super::protocol::ClientView;
use crate::game::{Game, GameRng, MatchRules, Role};
use crate::games::vampires_werewolves::fallback::fallback_move;
use crate::games::vampires_werewolves::ply::check_ply;
use crate::games::vampires_werewolves::{Step, VvwMove, VvwPosition};
use crate::player::{Agent, PlayerSpec, SearchBudget};
use crate::search::SearchResult;
use crate::tunables::{MAX_DEPTH, VVW_QUICK_SHARE, VVW_QUICK_TT_BITS, VVW_WAIT_SHARE};

/// A search request for the search thread: which `UPD`, from where, until when.
struct Job {
    update: u32,
    pos: VvwPosition,
    rules: MatchRules,
    deadline: Instant,
}

/// The search thread: it owns the agent (its tables live across the game) and answers
/// each [`Job`] with the `UPD` number and the search's result.
pub(super) struct SearchThread {
    jobs: Option<Sender<Job>>,
    results: Receiver<(u32, SearchResult<VvwMove>)>,
    handle: Option<JoinHandle<()>>,
}

impl SearchThread {
    fn start(mut agent: Agent<VvwPosition>, seed: u64) -> Self {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (outbox, results) = mpsc::channel();
        let handle = std::thread::Builder::new()
            .name("vvw-search".into())
            .spawn(move || {
                let mut rng = GameRng::seed_from_u64(seed);
                for job in inbox {
                    agent.set_deadline(Some(job.deadline));
                    agent.set_rules(job.rules);
                    let r = agent.decide(&job.pos, &mut rng);
                    if outbox.send((job.update, r)).is_err() {
                        break;
                    }
                }
            })
            .ok();
        SearchThread {
            jobs: Some(jobs),
            results,
            handle,
        }
    }

    /// Sends `job` and waits until `wait_until` for its result, skipping late results of
    /// earlier jobs. `None`: no result in time (or the thread is gone).
    fn ask(&self, job: Job, wait_until: Instant) -> Option<SearchResult<VvwMove>> {
        let update = job.update;
        let sent = self
            .jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(job).is_ok());
        if !sent {
            return None;
        }
        loop {
            let left = wait_until.saturating_duration_since(Instant::now());
            match self.results.recv_timeout(left) {
                Ok((u, r)) if u == update => return Some(r),
                Ok(_) => {} // a late answer to an earlier UPD
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
    }
}

impl Drop for SearchThread {
    /// Lets the thread finish its search (it stops at its own deadline) and end.
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// How the client chooses its plies.
pub(super) enum Brain {
    /// A player that answers at once (random moves), on the client's thread.
    Direct(Agent<VvwPosition>),
    /// A searching player on its own thread, and a one-ply agent for when it is late.
    Threaded {
        thread: SearchThread,
        quick: Agent<VvwPosition>,
    },
}

impl Brain {
    /// Seats `player` in `role`: the genome's search settings, deepening up to the
    /// configured depth (default: until the deadline).
    pub(super) fn new(player: &PlayerSpec, role: Role, config: &ClientConfig) -> Self {
        let rules = MatchRules::capped(config.max_plays);
        match player {
            PlayerSpec::Random | PlayerSpec::Engine(_) | PlayerSpec::Perfect(_) => {
                Brain::Direct(Agent::new(player, role, None, rules))
            }
            PlayerSpec::Genome(_) => {
                let depth = config.max_depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
                let searcher = Agent::new(player, role, Some(depth), rules);
                let quick = Some(VVW_QUICK_TT_BITS);
                Brain::Threaded {
                    thread: SearchThread::start(searcher, config.seed),
                    quick: Agent::with_table(
                        player,
                        role,
                        SearchBudget::depth(Some(1)),
                        quick,
                        rules,
                    ),
                }
            }
        }
    }

    /// The search's choice for `UPD` `update` under `rules` and whether the one-ply agent
    /// made it.
    fn decide(
        &mut self,
        pos: VvwPosition,
        rules: MatchRules,
        update: u32,
        config: &ClientConfig,
        received: Instant,
        rng: &mut GameRng,
    ) -> (SearchResult<VvwMove>, bool) {
        match self {
            Brain::Direct(agent) => {
                agent.set_rules(rules);
                (agent.decide(&pos, rng), false)
            }
            Brain::Threaded { thread, quick } => {
                let job = Job {
                    update,
                    pos,
                    rules,
                    deadline: received + config.search_time(),
                };
                let wait_until = received + config.move_time.mul_f64(VVW_WAIT_SHARE);
                match thread.ask(job, wait_until) {
                    Some(r) if r.best.is_some() => (r, false),
                    _ => {
                        // The search thread is late (or gone): one ply, here and now.
                        let deadline = received + config.move_time.mul_f64(VVW_QUICK_SHARE);
                        quick.set_deadline(Some(deadline));
                        quick.set_rules(rules);
                        (quick.decide(&pos, rng), true)
                    }
                }
            }
        }
    }
}

/// Chooses the ply for the current `UPD`: the search's, checked by the rules, else the
/// fallback. Never empty.
pub(super) fn answer(
    view: &ClientView,
    brain: &mut Brain,
    config: &ClientConfig,
    received: Instant,
    rng: &mut GameRng,
) -> Result<Answer, ClientError> {
    let role = view.role.unwrap_or(0);
    let grid = view.grid.as_ref().ok_or_else(|| ClientError::Unexpected {
        message: "UPD",
        during: "mid-game".into(),
        why: "no board yet".into(),
    })?;
    let update = view.updates;
    let mut chosen: Option<(Vec<Step>, u32, u64)> = None;
    let mut quick = false;
    if let Ok(pos) = view.position() {
        // The search must see a game that goes on, whatever the client counted.
        let rules = MatchRules::capped(config.max_plays.max(pos.ply() + 1));
        let (r, q) = brain.decide(pos, rules, update, config, received, rng);
        quick = q;
        chosen = r.best.map(|mv| (mv.steps().to_vec(), r.depth, r.nodes));
    }
    let answer = |steps, depth, nodes, fallback| Answer {
        update,
        steps,
        elapsed: Duration::ZERO,
        depth,
        nodes,
        quick,
        fallback,
    };
    if let Some((steps, depth, nodes)) = chosen {
        if check_ply(grid, role, &steps).is_ok() {
            return Ok(answer(steps, depth, nodes, false));
        }
    }
    let steps = fallback_move(grid, role).ok_or(ClientError::NoMove {
        update,
        species: if role == 0 { "vampires" } else { "werewolves" },
    })?;
    Ok(answer(steps, 0, 0, true))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::protocol::{CellUpdate, ServerMessage};
    use super::*;
    use crate::games::vampires_werewolves::Coord;

    /// A view of the kit's testmap2 for the vampires after `updates` empty UPDs.
    fn testmap2_view(updates: u32) -> ClientView {
        let pos = VvwPosition::parse(
            "15x29 v 0,0:w10 28,0:h2 10,3:h4 14,7:h20 18,11:h4 0,14:h2 28,14:v10",
        )
        .unwrap();
        let mut view = ClientView::new();
        let cells = pos.occupied().map(|(a, c)| CellUpdate::new(a, c)).collect();
        for m in [
            ServerMessage::Set { rows: 15, cols: 29 },
            ServerMessage::Hum(vec![]),
            ServerMessage::Hme(Coord::new(28, 14)),
            ServerMessage::Map(cells),
        ] {
            view.apply(&m).unwrap();
        }
        for _ in 0..updates {
            view.apply(&ServerMessage::Upd(vec![])).unwrap();
        }
        view
    }

    fn deepblue() -> PlayerSpec {
        PlayerSpec::resolve::<VvwPosition>("deepblue2021").unwrap()
    }

    #[test]
    fn a_late_search_thread_is_replaced_by_a_one_ply_search() {
        let config = ClientConfig {
            move_time: Duration::from_millis(400),
            ..ClientConfig::default()
        };
        let mut brain = Brain::new(&deepblue(), 0, &config);
        let mut rng = GameRng::seed_from_u64(5);
        // Keep the search thread busy for a second with a job of UPD 0.
        if let Brain::Threaded { thread, .. } = &brain {
            let view = testmap2_view(1);
            let busy = Job {
                update: 0,
                pos: view.position().unwrap(),
                rules: MatchRules::UNCAPPED,
                deadline: Instant::now() + Duration::from_secs(1),
            };
            thread.jobs.as_ref().unwrap().send(busy).unwrap();
        }
        let view = testmap2_view(1);
        let t0 = Instant::now();
        let a = answer(&view, &mut brain, &config, t0, &mut rng).unwrap();
        assert!(a.quick && !a.fallback, "{a:?}");
        assert_eq!(a.depth, 1);
        assert!(t0.elapsed() < config.move_time, "{:?}", t0.elapsed());
        let grid = view.grid.as_ref().unwrap();
        assert_eq!(check_ply(grid, 0, &a.steps), Ok(()));
        // Later answers skip the stale results (UPD 0 and 1) and use the thread's own.
        std::thread::sleep(Duration::from_millis(1200));
        let view = testmap2_view(2);
        let t0 = Instant::now();
        let b = answer(&view, &mut brain, &config, t0, &mut rng).unwrap();
        assert!(!b.quick && !b.fallback, "{b:?}");
        assert!(b.depth >= 1);
        assert_eq!(b.update, 2);
    }

    #[test]
    fn the_genome_node_limit_is_honoured() {
        const LIMIT: u64 = 3000;
        let PlayerSpec::Genome(genome) = deepblue() else {
            unreachable!()
        };
        let mut genome = (*genome).clone();
        genome.nodes = Some(LIMIT);
        let player = PlayerSpec::Genome(Arc::new(genome));
        // Ten seconds to search and no depth cap: only the node limit stops it early.
        let config = ClientConfig {
            move_time: Duration::from_secs(20),
            ..ClientConfig::default()
        };
        let mut brain = Brain::new(&player, 0, &config);
        let mut rng = GameRng::seed_from_u64(5);
        let view = testmap2_view(1);
        let t0 = Instant::now();
        let a = answer(&view, &mut brain, &config, t0, &mut rng).unwrap();
        assert!(!a.quick && !a.fallback, "{a:?}");
        assert!(a.depth >= 1, "{a:?}");
        // The search stops at the limit; aborted calls still count one node each.
        assert!((LIMIT..LIMIT + 100).contains(&a.nodes), "{a:?}");
        assert!(t0.elapsed() < config.search_time(), "{:?}", t0.elapsed());
    }
}
