//! Reading a board handed over by a course runner, per game.

use anyhow::{bail, Result};
use weightforge::frontends::bcit;
use weightforge::game::{Game, Role};
use weightforge::games::abalone::Abalone;
use weightforge::games::wolves_sheep::{state_file, WolvesSheep};

/// Reads `text` as the state format of game `G`: the course's 5×5 state file for
/// Wolves & Sheep (which needs `role`); for Abalone the course's `.input` file (side on
/// line 1, board on line 2) or, when the first line holds a space, one position in the
/// game's notation; the game's position notation otherwise.
pub fn read_state<G: Game>(text: &str, role: Option<Role>) -> Result<G> {
    if G::NAME == WolvesSheep::NAME {
        let Some(role) = role else {
            bail!("the state file does not say who moves: give --role wolves or --role sheep");
        };
        let pos = state_file::parse_state(text, role)?;
        return Ok(G::parse(&pos.to_text())?);
    }
    let pos = if G::NAME == Abalone::NAME && is_bcit_input(text) {
        G::parse(&bcit::parse_input(text)?.to_text())?
    } else {
        G::parse(text.trim())?
    };
    if let Some(r) = role {
        if r != pos.side_to_move() {
            bail!(
                "--role {} does not match the position's side to move ({})",
                G::ROLES[r],
                G::ROLES[pos.side_to_move()]
            );
        }
    }
    Ok(pos)
}

/// Whether an Abalone state text is a course `.input` file rather than one position in
/// the notation `<b|w> <board>`: its first line has no space.
fn is_bcit_input(text: &str) -> bool {
    !text
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .contains(char::is_whitespace)
}
