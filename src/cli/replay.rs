//! `weightforge replay`: the games of a record file, listed, or one of them move by
//! move with the board drawn after every ply.

use std::fmt::Write as _;
use std::io::Write as _;

use std::path::Path;

use anyhow::{bail, Context, Result};
use weightforge::escape::escape_control;
use weightforge::fit::{positions_file, record_rows};
use weightforge::game::Features;
use weightforge::limits::AROUND_PLIES;
use weightforge::record::{self, GameLog};
use weightforge::record_check;
use weightforge::with_game;

use super::args::ReplayArgs;
use super::checks::{check_flag, unknown_game};

/// `weightforge replay`
pub fn replay(a: ReplayArgs) -> Result<()> {
    let numbered = record::read_numbered(&a.file)?;
    for (line, log) in &numbered {
        let game = log.game.as_str();
        with_game!(game, G => record_check::check::<G>(log), Err(unknown_game(game).to_string()))
            .map_err(|why| anyhow::anyhow!("{}:{line}: {why}", a.file.display()))?;
    }
    if let Some(out) = &a.positions {
        check_flag("--around", a.around.into(), &AROUND_PLIES)?;
        return write_positions(&a.file, &numbered, out, a.around);
    }
    let logs: Vec<GameLog> = numbered.into_iter().map(|(_, g)| g).collect();
    let Some(n) = a.game else {
        return emit(&list(&logs));
    };
    if n == 0 || n > logs.len() {
        bail!(
            "--game {n}: {} holds games 1 to {}",
            a.file.display(),
            logs.len()
        );
    }
    let log = &logs[n - 1];
    let game = log.game.clone();
    let text = with_game!(game.as_str(), G => game_text::<G>(log, n), Err(unknown_game(&game)))?;
    emit(&text)
}

/// `--positions OUT`: every ongoing position of the games as position rows.
fn write_positions(
    file: &Path,
    numbered: &[(usize, GameLog)],
    out: &Path,
    around: u32,
) -> Result<()> {
    let Some((_, first)) = numbered.first() else {
        bail!("{}: no games to take positions from", file.display());
    };
    let game = first.game.clone();
    if let Some((line, other)) = numbered.iter().find(|(_, g)| g.game != game) {
        bail!(
            "{}:{line}: a {} game among {game} games",
            file.display(),
            other.game
        );
    }
    with_game!(game.as_str(), G => positions_for::<G>(file, numbered, out, around), Err(unknown_game(&game)))
}

fn positions_for<G: Features>(
    file: &Path,
    numbered: &[(usize, GameLog)],
    out: &Path,
    around: u32,
) -> Result<()> {
    let mut rows = Vec::new();
    for (line, log) in numbered {
        let mut game = record_rows::game_rows::<G>(log)
            .map_err(|why| anyhow::anyhow!("{}:{line}: {why}", file.display()))?;
        rows.append(&mut game);
    }
    let mut what = format!(
        "every position of {} games where the game goes on; role: the side to move",
        numbered.len()
    );
    if around > 0 {
        rows = record_rows::around::<G>(rows, around)
            .map_err(|why| anyhow::anyhow!("{}: --around {around}: {why}", file.display()))?;
        let plies = if around == 1 { "ply" } else { "plies" };
        what = format!("{what}; each once, with every position {around} {plies} or fewer from one");
    }
    let made = format!(
        "made by: weightforge replay {} --positions --around {around} ({what})",
        file.display()
    );
    positions_file::write_rows::<G>(out, &[made], &rows)?;
    println!(
        "{} positions ({what}) written to {}",
        rows.len(),
        out.display()
    );
    Ok(())
}

/// Writes to standard output; a reader that stops early (`| head`) is not an error.
fn emit(text: &str) -> Result<()> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// One line per game.
fn list(logs: &[GameLog]) -> String {
    let mut s = format!("{} games (print one with --game N)\n", logs.len());
    for (i, g) in logs.iter().enumerate() {
        let _ = writeln!(
            s,
            "{:>4}  {} ({}) vs {} ({})  {}  {} plies  {}",
            i + 1,
            escape_control(&g.players[0]),
            g.roles[0],
            escape_control(&g.players[1]),
            g.roles[1],
            g.result,
            g.moves.len(),
            g.reason_text
        );
    }
    s
}

/// A game move by move, the board after every ply.
fn game_text<G: Features>(log: &GameLog, n: usize) -> Result<String> {
    let mut s = String::new();
    let draw = |text: &str, what: &str| -> Result<String> {
        let pos = G::parse(text).with_context(|| format!("game {n}: {what}: bad position"))?;
        Ok(pos.diagram())
    };
    writeln!(
        s,
        "game {n}: {} ({}) vs {} ({}), {}, seed {:?}",
        escape_control(&log.players[0]),
        log.roles[0],
        escape_control(&log.players[1]),
        log.roles[1],
        log.game,
        log.seed
    )?;
    writeln!(s, "start: {}", log.start)?;
    writeln!(s, "{}\n", draw(&log.start, "start")?)?;
    let mut side = G::parse(&log.start)
        .with_context(|| format!("game {n}: bad start"))?
        .side_to_move();
    for (i, ply) in log.moves.iter().enumerate() {
        writeln!(s, "{}. {} {}", i + 1, log.roles[side], ply.mv)?;
        writeln!(s, "{}\n", draw(&ply.after, &format!("ply {}", i + 1))?)?;
        side = G::parse(&ply.after)?.side_to_move();
    }
    writeln!(s, "result {} ({})", log.result, log.reason_text)?;
    Ok(s)
}
