//! What derives from the one list of the games weightforge plays: [`GAME_NAMES`],
//! [`GameId`] (the `--game` values) and the [`with_game!`](crate::with_game)
//! dispatch macro. The list itself, [`game_list!`](crate::game_list), sits in
//! `src/games/mod.rs` beside the folders it declares. What a game brings besides its
//! rules sits in its own folder behind [`GameEntry`](crate::game::GameEntry); adding a
//! game is one folder under `src/games/` and one line in that list.

/// Runs `$body` with the type alias `$G` bound to a game: either to the game of a
/// [`GameId`] (`with_game!(id, G => body)`), or to the game named `$name`, evaluating
/// `$unknown` when no game has that name (`with_game!(name, G => body, unknown)`).
#[macro_export]
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr, $unknown:expr) => {
        match $crate::registry::GameId::from_name($name) {
            Some(id) => $crate::with_game!(id, $G => $body),
            None => $unknown,
        }
    };
    ($id:expr, $G:ident => $body:expr) => {
        $crate::game_list!(dispatch_game_arms! ($id, $G, $body))
    };
}

/// The `match` of [`with_game!`](crate::with_game) over the registry's list.
#[macro_export]
#[doc(hidden)]
macro_rules! dispatch_game_arms {
    (($id:expr, $G:ident, $body:expr) $($variant:ident => $module:ident :: $ty:ident,)*) => {
        match $id {
            $($crate::registry::GameId::$variant => {
                type $G = $crate::games::$module::$ty;
                $body
            })*
        }
    };
}

/// Declares [`GameId`] and [`GAME_NAMES`] from the registry's list.
#[macro_export]
#[doc(hidden)]
macro_rules! declare_games {
    (() $($variant:ident => $module:ident :: $ty:ident,)*) => {
        /// A game weightforge plays, in the registry's order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $(
                #[doc = concat!("[`", stringify!($ty), "`](crate::games::", stringify!($module), "::", stringify!($ty), ")")]
                $variant,
            )*
        }

        impl GameId {
            /// Every game, in the registry's order.
            pub const ALL: &'static [GameId] = &[$(GameId::$variant),*];

            /// The game's name ([`Game::NAME`](crate::game::Game::NAME)).
            pub const fn name(self) -> &'static str {
                match self {
                    $(GameId::$variant => <$crate::games::$module::$ty as $crate::game::Game>::NAME,)*
                }
            }
        }

        /// The names of the games weightforge plays, in the registry's order.
        pub const GAME_NAMES: &[&str] = &[$(<$crate::games::$module::$ty as $crate::game::Game>::NAME),*];
    };
}

crate::game_list!(declare_games!());

/// A game name no game has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {name:?}; the games are: {}", GAME_NAMES.join(", "))]
pub struct UnknownGame {
    /// The name asked for.
    pub name: String,
}

impl GameId {
    /// The game named `name`, if any.
    pub fn from_name(name: &str) -> Option<GameId> {
        GameId::ALL.iter().copied().find(|g| g.name() == name)
    }

    /// The game named `name`, or an error listing the games.
    pub fn parse(name: &str) -> Result<GameId, UnknownGame> {
        GameId::from_name(name).ok_or_else(|| UnknownGame {
            name: name.to_string(),
        })
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl clap::ValueEnum for GameId {
    fn value_variants<'a>() -> &'a [Self] {
        GameId::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// The solved-game capability of `G` ([`GameEntry::solvable`](crate::game::GameEntry::solvable)),
/// if it has one: how `solve`, `accuracy`, `perfect` and exact labels reach any game
/// that can be solved without naming it.
pub fn solvable<G: crate::game::Game>() -> Option<crate::solved::Solvable<G>> {
    let id = GameId::from_name(G::NAME)?;
    crate::with_game!(id, H => {
        let s: Box<dyn std::any::Any> = Box::new(<H as crate::game::GameEntry>::solvable());
        s.downcast::<Option<crate::solved::Solvable<G>>>().ok().and_then(|b| *b)
    })
}

/// The names of the games that can be solved, in the registry's order.
pub fn solvable_names() -> Vec<&'static str> {
    GameId::ALL
        .iter()
        .filter(
            |&&id| crate::with_game!(id, H => <H as crate::game::GameEntry>::solvable().is_some()),
        )
        .map(|id| id.name())
        .collect()
}
