//! A toy game for the self-play learner's tests: take-away. A pile of ten counters; each
//! side in turn takes one or two; whoever takes the last wins. The side to move loses
//! exactly when the pile is a multiple of three, so the value the learner must find is
//! known (planted) for every position.

use weightforge::game::{
    CellBoard, CellChanges, CellShape, FeatureInfo, Features, Game, ParseError, Role, Start,
    Status, TupleFamily,
};

/// The pile at the start.
pub const PILE: u8 = 10;

/// A take-away position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeAway {
    /// Counters left.
    pub pile: u8,
    /// Plies played.
    pub plies: u32,
}

static CONTENTS: [char; 11] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A'];

static BOARD: std::sync::LazyLock<CellBoard> = std::sync::LazyLock::new(|| CellBoard {
    cells: vec!["pile".into(), "turn".into()],
    contents: &CONTENTS,
    symmetries: Vec::new(),
    families: vec![TupleFamily {
        name: "pile_turn",
        meaning: "the pile and the side to move",
        tuples: vec![vec![0, 1]],
    }],
    opt_in: &[],
    learned: &[],
    drawn_at: vec![(0.0, 0.0), (1.0, 0.0)],
    shape: CellShape::Square,
});

impl Game for TakeAway {
    type Move = u8;
    type Outcome = ();
    type Undo = ();
    const NAME: &'static str = "take_away";
    const ROLES: [&'static str; 2] = ["first", "second"];
    const DEFAULT_PLY_CAP: u32 = 100;

    fn start_names() -> &'static [&'static str] {
        &["start"]
    }
    fn named_start(name: &str) -> Option<Start<Self>> {
        (name == "start").then_some(Start::Fixed(TakeAway {
            pile: PILE,
            plies: 0,
        }))
    }
    fn side_to_move(&self) -> Role {
        (self.plies % 2) as Role
    }
    fn ply(&self) -> u32 {
        self.plies
    }
    fn status(&self) -> Status {
        if self.pile == 0 {
            Status::Win(1 - self.side_to_move())
        } else {
            Status::Ongoing
        }
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend((1..=2).filter(|&k| k <= self.pile));
    }
    fn make(&mut self, mv: u8, _: ()) {
        self.pile -= mv;
        self.plies += 1;
    }
    fn unmake(&mut self, mv: u8, _: ()) {
        self.pile += mv;
        self.plies -= 1;
    }
    fn hash(&self) -> u64 {
        u64::from(self.pile) << 32 | u64::from(self.plies)
    }
    fn parse(text: &str) -> Result<Self, ParseError> {
        Err(ParseError::new(text, "take-away positions are not read"))
    }
    fn to_text(&self) -> String {
        format!("{} {}", self.pile, self.plies)
    }
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
}

impl Features for TakeAway {
    fn feature_info() -> &'static [FeatureInfo] {
        &[]
    }
    fn features(&self, _: Role, _: &mut [f32]) {}
    fn is_tactical(&self, _: u8) -> bool {
        false
    }
    fn move_key(&self, mv: u8) -> u32 {
        u32::from(mv)
    }
    fn cell_board() -> Option<&'static CellBoard> {
        Some(&BOARD)
    }
    fn cell_contents(&self, out: &mut [u8]) {
        out[0] = self.pile;
        out[1] = self.side_to_move() as u8;
    }
    fn cell_changes(&self, mv: u8, _: (), out: &mut CellChanges) {
        out.clear();
        out.push(0, self.pile, self.pile - mv);
        let side = self.side_to_move() as u8;
        out.push(1, side, 1 - side);
    }
}
