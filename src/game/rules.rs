//! The rules every game implements.
//!
//! The search, the arena and the tuner are written once against [`Game`]; a new game
//! brings its rules and its text notation here, its evaluation features in
//! [`Features`](super::Features), and everything else works for it unchanged. The trait is shaped by the four games weightforge plays:
//!
//! * roles may be asymmetric (wolves and sheep), so the side to move is a [`Role`] index
//!   into [`Game::ROLES`] and evaluation weights are kept per role;
//! * the environment may move too (War of Life runs a generation after every move):
//!   that is simply part of [`Game::make`];
//! * the start may be random (War of Life) or one of several (Abalone's daisies):
//!   [`Game::resolve_start`] reads a start name once into a [`Start`], a fixed position
//!   or a generator that draws from the game's seeded RNG;
//! * moves may have random results (battles in Vampires vs Werewolves): a move's
//!   [`Game::Outcome`] is chosen by the caller, so the search can take an expectation
//!   over [`Game::outcomes`] while real play draws one with [`Game::sample_outcome`].
//!   Deterministic games use `()` and one outcome of probability 1.
//!
//! Positions hold only the rules. A match's policy (its ply cap and whether reaching it
//! is adjudicated) lives in [`MatchRules`], which the arena and the search share.

use std::fmt;

use rand_chacha::ChaCha8Rng;

/// The RNG every random choice in weightforge uses: portable and seedable, so that a run
/// is a pure function of its seeds on every platform.
pub type GameRng = ChaCha8Rng;

/// A player's role: an index into [`Game::ROLES`] (0 moves first in every start).
pub type Role = usize;

/// The other role of a two-role game.
#[inline]
pub fn other(role: Role) -> Role {
    1 - role
}

/// Whether a position is finished, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The given role has won.
    Win(Role),
    /// Nobody has won (a rule of the game, or a match's ply cap).
    Draw,
}

impl Status {
    /// The score of a finished game for `role`: 1 win, ½ draw, 0 loss.
    pub fn score_for(self, role: Role) -> Option<f64> {
        match self {
            Status::Ongoing => None,
            Status::Draw => Some(0.5),
            Status::Win(r) if r == role => Some(1.0),
            Status::Win(_) => Some(0.0),
        }
    }
}

/// A position text, a move text or a start name that could not be understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (in {text:?})")]
pub struct ParseError {
    /// What was read.
    pub text: String,
    /// What is wrong with it and what was expected.
    pub message: String,
}

impl ParseError {
    /// A parse error for `text` saying `message`.
    pub fn new(text: impl Into<String>, message: impl Into<String>) -> Self {
        ParseError {
            text: text.into(),
            message: message.into(),
        }
    }
}

/// A start read once: a fixed position that openings clone, or a generator that draws a
/// random start from the game's RNG each time (War of Life's `random`).
#[derive(Clone, Debug)]
pub enum Start<G> {
    /// The same position every time.
    Fixed(G),
    /// A fresh random position for each game.
    Random(fn(&mut GameRng) -> G),
}

impl<G: Clone> Start<G> {
    /// The position of one game: a clone of a fixed start, or one drawn from `rng`.
    pub fn draw(&self, rng: &mut GameRng) -> G {
        match self {
            Start::Fixed(pos) => pos.clone(),
            Start::Random(generate) => generate(rng),
        }
    }
}

/// A built-in start of `G` by name, else a position text: what [`Game::resolve_start`]
/// does unless a game reads more kinds of start.
pub fn start_or_position<G: Game>(name: &str) -> Result<Start<G>, ParseError> {
    if let Some(start) = G::named_start(name.trim()) {
        return Ok(start);
    }
    G::parse(name).map(Start::Fixed).map_err(|e| {
        let names = G::start_names().join(", ");
        ParseError::new(
            name.trim(),
            format!("not a start name ({names}) nor a position: {}", e.message),
        )
    })
}

/// A match's policy on top of the rules: the ply cap, and what reaching it means.
/// The arena plays under it and the search sees the same, so both agree on when a game
/// is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchRules {
    /// Plies after which an unfinished game ends.
    pub ply_cap: u32,
    /// At the cap, `true` asks the game's [`Game::adjudicate`]; `false` scores a draw.
    pub adjudicate: bool,
}

impl MatchRules {
    /// No cap: only the game's own rules end a game.
    pub const UNCAPPED: MatchRules = MatchRules {
        ply_cap: u32::MAX,
        adjudicate: false,
    };

    /// A cap of `ply_cap` plies, drawn when reached.
    pub fn capped(ply_cap: u32) -> Self {
        MatchRules {
            ply_cap,
            adjudicate: false,
        }
    }

    /// The status of `pos` under these rules.
    #[inline]
    pub fn status<G: Game>(&self, pos: &G) -> Status {
        if pos.ply() >= self.ply_cap {
            pos.capped_status(self.adjudicate)
        } else {
            pos.status()
        }
    }

    /// Clears `out` and fills it with the legal moves, none once the match is over.
    pub fn legal_moves<G: Game>(&self, pos: &G, out: &mut Vec<G::Move>) {
        out.clear();
        if self.status(pos) == Status::Ongoing {
            pos.legal_moves(out);
        }
    }

    /// The cap below which a position's value does not depend on the ply it is reached
    /// at: the match's cap or the game's own ply limit, whichever comes first.
    #[inline]
    pub fn horizon<G: Game>(&self) -> u32 {
        self.ply_cap.min(G::PLY_LIMIT)
    }
}

/// A two-player game as weightforge sees it.
///
/// Implementations keep positions small and cheap to copy: the search clones the root
/// once per move, and the arena clones positions for openings.
pub trait Game: Clone + Send + Sync + fmt::Debug + 'static {
    /// A move as the search handles it (small and `Copy`).
    type Move: Copy + Eq + Send + Sync + fmt::Debug + 'static;
    /// The random result of a move; `()` in deterministic games, whose moves then
    /// always have the outcome `Outcome::default()`.
    type Outcome: Copy + Default + Send + Sync + fmt::Debug + 'static;
    /// What [`Game::make`] hands back so that [`Game::unmake`] can restore the position.
    type Undo: Copy + Send + 'static;

    /// The name used on the command line and in files, e.g. `wolves_sheep`.
    const NAME: &'static str;
    /// Role names, the first to move first: `["wolves", "sheep"]`.
    const ROLES: [&'static str; 2];
    /// Whether moves can have random outcomes (the search then takes expectations).
    const HAS_CHANCE: bool = false;
    /// The ply cap a match gets when nobody chooses one.
    const DEFAULT_PLY_CAP: u32;
    /// A ply count at which the game's own rules end it (War of Life's referee: 250);
    /// none by default.
    const PLY_LIMIT: u32 = u32::MAX;

    /// Names of the built-in starts (the first is the default). A game may also accept
    /// other start texts in [`Game::resolve_start`] (a map file, a position).
    fn start_names() -> &'static [&'static str];

    /// The built-in start called `name` (one of [`Game::start_names`]), `None` for any
    /// other name.
    fn named_start(name: &str) -> Option<Start<Self>>;

    /// Reads a start once: a built-in start name, else a position text.
    fn resolve_start(name: &str) -> Result<Start<Self>, ParseError> {
        start_or_position(name)
    }

    /// A new game from the named start (resolved for this one game; a match resolves its
    /// starts once with [`Game::resolve_start`]). Random starts are drawn from `rng`.
    fn start(name: &str, rng: &mut GameRng) -> Result<Self, ParseError> {
        Ok(Self::resolve_start(name)?.draw(rng))
    }

    /// Why this position cannot occur in a game (a board the rules allow to write
    /// but no play reaches, as 0 sheep in Wolves & Sheep, where a game ends at 2), or
    /// `None`. Position files and datagen checkpoints refuse such rows: a fit on them
    /// learns positions no search meets.
    fn unreachable(&self) -> Option<String> {
        None
    }

    /// The role to move.
    fn side_to_move(&self) -> Role;

    /// Plies played since the start (or since the position was parsed).
    fn ply(&self) -> u32;

    /// The status of the position under the game's own rules (a match's ply cap is
    /// applied on top by [`MatchRules::status`]).
    fn status(&self) -> Status;

    /// The result the game's adjudication rule gives an unfinished game stopped by a
    /// match's ply cap (Abalone: fewer marbles lost wins). Default: a draw.
    fn adjudicate(&self) -> Status {
        Status::Draw
    }

    /// The status of a game stopped by a match's ply cap: the rules' result if the game
    /// is over anyway, else a draw, or [`Game::adjudicate`] when the match asks for it.
    /// Games whose own rules say what a cap means override it.
    fn capped_status(&self, adjudicate: bool) -> Status {
        match self.status() {
            Status::Ongoing if adjudicate => self.adjudicate(),
            Status::Ongoing => Status::Draw,
            s => s,
        }
    }

    /// The oracle word for a status (`ongoing`, `wolves_win`, `draw`, ...).
    fn status_word(&self, status: Status) -> String {
        match status {
            Status::Ongoing => "ongoing".to_string(),
            Status::Draw => "draw".to_string(),
            Status::Win(r) => format!("{}_win", Self::ROLES[r]),
        }
    }

    /// Clears `out` and fills it with every legal move of the side to move by the rules
    /// (none when the game is over). Perft, random play and openings use it.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The number of legal moves (perft counts leaves with it); `buf` is scratch space.
    /// Games that can count without listing (popcounts) override it.
    fn count_moves(&self, buf: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(buf);
        buf.len()
    }

    /// The random outcomes of `mv` with their probabilities (summing to 1), as the
    /// search should weigh them. Default (deterministic games): the one outcome
    /// `Outcome::default()`.
    fn outcomes(&self, _mv: Self::Move, out: &mut Vec<(Self::Outcome, f64)>) {
        out.clear();
        out.push((Self::Outcome::default(), 1.0));
    }

    /// Draws the outcome of `mv` as real play does. Default: `Outcome::default()`.
    fn sample_outcome(&self, _mv: Self::Move, _rng: &mut GameRng) -> Self::Outcome {
        Self::Outcome::default()
    }

    /// Plays `mv` with the given outcome.
    fn make(&mut self, mv: Self::Move, outcome: Self::Outcome) -> Self::Undo;

    /// Takes back `mv`, given what [`Game::make`] returned.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);

    /// Zobrist hash of the position (pieces and side to move).
    fn hash(&self) -> u64;

    /// Reads a position in the game's oracle notation.
    fn parse(text: &str) -> Result<Self, ParseError>;

    /// Writes the position in the game's oracle notation.
    fn to_text(&self) -> String;

    /// Writes a move in the game's notation.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The position drawn for a person to read (`weightforge replay`): the notation
    /// unless the game has a board drawing of several lines.
    fn diagram(&self) -> String {
        self.to_text()
    }

    /// Reads a move in the game's notation (it must be legal here).
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| self.move_text(m) == text.trim())
            .ok_or_else(|| ParseError::new(text, "not a legal move in this position"))
    }
}

/// Extension helpers shared by every game.
pub trait GameExt: Game {
    /// Plays `mv`, drawing its outcome from `rng`.
    fn play(&mut self, mv: Self::Move, rng: &mut GameRng) -> Self::Undo {
        let outcome = self.sample_outcome(mv, rng);
        self.make(mv, outcome)
    }

    /// The index of a role by name.
    fn role_index(name: &str) -> Option<Role> {
        Self::ROLES.iter().position(|r| *r == name)
    }
}

impl<G: Game> GameExt for G {}
