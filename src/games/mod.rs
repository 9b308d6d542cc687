//! The games weightforge plays, one folder each: rules, notation and features, and the
//! registry's list of them ([`game_list!`](crate::game_list)): one line per game, from
//! which the folders are declared here and everything that names games derives
//! (`src/registry/mod.rs`: [`GameId`](crate::registry::GameId), the `--game` values,
//! [`with_game!`](crate::with_game)). Adding a game is its folder and one line below.

pub mod bits;
pub mod keys;

/// The registry: one line per game, `Variant => folder::Type` (the folder under
/// `src/games/`, the position type in it). Invokes the macro `$callback` (exported by
/// this crate) with `($args)` followed by the list.
#[macro_export]
#[doc(hidden)]
macro_rules! game_list {
    ($callback:ident ! $args:tt) => {
        $crate::$callback! { $args
            WolvesSheep => wolves_sheep::WolvesSheep,
            WarOfLife => war_of_life::WarOfLife,
            Abalone => abalone::Abalone,
            VampiresWerewolves => vampires_werewolves::VvwPosition,
            ConnectFour => connect_four::ConnectFour,
        }
    };
}

/// Declares the module of each game of the registry's list.
#[macro_export]
#[doc(hidden)]
macro_rules! declare_game_modules {
    (() $($variant:ident => $module:ident :: $ty:ident,)*) => {
        $(pub mod $module;)*
    };
}

crate::game_list!(declare_game_modules!());
