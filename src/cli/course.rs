//! The course front ends on the command line: `move` (an agent's answer for the board a
//! course runner hands over) and `moves --format bcit|bcit-moves` (a course's listing of
//! every legal move). What each course's files look like is the game's business
//! ([`GameEntry`]); this file only reads and writes them.

use std::io::Read;

use anyhow::{bail, Context, Result};
use rand::SeedableRng;
use weightforge::game::{read_state, CourseListing, GameEntry};
use weightforge::game::{GameExt, GameRng, MatchRules};
use weightforge::player::{Agent, PlayerSpec};
use weightforge::registry::GameId;
use weightforge::with_game;

use super::args::{MoveArgs, MovesArgs, MovesFormat};

/// `weightforge moves --format bcit|bcit-moves [FILE]`: every legal move's resulting
/// board (or the moves) of the course's input file, one per line, in the course's order.
pub fn listing<G: GameEntry>(a: &MovesArgs) -> Result<()> {
    let Some(course) = G::COURSE else {
        bail!(
            "--format bcit and bcit-moves are the BCIT Abalone course formats: use them \
             with --game {}",
            course_games()
        );
    };
    let pos = match &a.position {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
            (course.parse_input)(&text).with_context(|| path.clone())?
        }
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("reading standard input")?;
            (course.parse_input)(&text).context("standard input")?
        }
    };
    let format = match a.format {
        MovesFormat::BcitMoves => CourseListing::Moves,
        _ => CourseListing::Boards,
    };
    print!("{}", (course.listing)(&pos, format));
    Ok(())
}

/// `weightforge move`
pub fn best_move(a: MoveArgs) -> Result<()> {
    with_game!(a.game, G => best_move_for::<G>(&a))
}

/// Prints the chosen move: for a game with a course front end, the files the course
/// expects back (with `--output STEM` also written to `STEM.<ext>`); else the move in the
/// game's notation.
fn best_move_for<G: GameEntry>(a: &MoveArgs) -> Result<()> {
    let Some(course) = G::COURSE else {
        if a.output.is_some() {
            bail!(
                "--output writes the course's .move and .board files: {} only",
                course_games()
            );
        }
        let (pos, mv) = choose_move::<G>(a)?;
        println!("{}", pos.move_text(mv));
        return Ok(());
    };
    let (pos, mv) = choose_move::<G>(a)?;
    let files = (course.answer)(&pos, mv);
    for (_, text) in &files {
        print!("{text}");
    }
    if let Some(stem) = &a.output {
        for (ext, text) in &files {
            let path = stem.with_extension(ext);
            std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        }
    }
    Ok(())
}

/// The names of the games with a course front end.
fn course_games() -> String {
    let names: Vec<&str> = GameId::ALL
        .iter()
        .filter(|&&id| with_game!(id, G => G::COURSE.is_some()))
        .map(|id| id.name())
        .collect();
    names.join(", ")
}

/// Reads the state file of a `move` command and searches it: the position and the
/// chosen move.
fn choose_move<G: GameEntry>(a: &MoveArgs) -> Result<(G, G::Move)> {
    let text = std::fs::read_to_string(&a.state)
        .with_context(|| format!("reading {}", a.state.display()))?;
    let role = match &a.role {
        Some(r) => Some(
            G::role_index(r)
                .with_context(|| format!("--role {r:?}: {} has roles {:?}", G::NAME, G::ROLES))?,
        ),
        None => None,
    };
    let pos: G = read_state::<G>(&text, role).with_context(|| format!("{}", a.state.display()))?;
    super::resolve::check_play_flags(a.depth, None, None)?;
    let spec =
        PlayerSpec::resolve::<G>(&a.genome).with_context(|| format!("--genome {}", a.genome))?;
    let rules = MatchRules::capped(G::DEFAULT_PLY_CAP);
    let mut agent = Agent::new(&spec, pos.side_to_move(), a.depth, rules);
    let mut rng = GameRng::seed_from_u64(a.seed);
    match agent.choose(&pos, &mut rng)? {
        Some(mv) => Ok((pos, mv)),
        None => bail!(
            "no legal move: the game is over ({})",
            pos.status_word(rules.status(&pos))
        ),
    }
}
