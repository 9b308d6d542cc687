//! The search variants every agreement test runs: everything on, plain alpha-beta, a
//! table alone, and everything on but one technique (or the whole move ordering) off.
//! Every variant must return the same value as plain minimax (expectimax with chance).

use weightforge::search::SearchOptions;

/// The variants, each with its name for failure messages.
pub fn variants() -> Vec<(&'static str, SearchOptions)> {
    let all = SearchOptions::default();
    let but = |f: fn(&mut SearchOptions)| {
        let mut o = all;
        f(&mut o);
        o
    };
    vec![
        ("all", all),
        ("plain", SearchOptions::plain()),
        (
            "tt only",
            SearchOptions {
                tt: true,
                tt_move: true,
                ..SearchOptions::plain()
            },
        ),
        ("no id", but(|o| o.iterative_deepening = false)),
        (
            "no tt",
            but(|o| {
                o.tt = false;
                o.tt_move = false;
            }),
        ),
        ("no tt cut-offs", but(|o| o.tt = false)),
        ("no tt move", but(|o| o.tt_move = false)),
        ("no tactical", but(|o| o.tactical_first = false)),
        ("no killers", but(|o| o.killers = false)),
        ("no history", but(|o| o.history = false)),
        ("ordering off", ordering_off()),
        ("random ties", but(|o| o.random_ties = true)),
    ]
}

/// Every technique on but the move ordering (TT move, tactical first, killers, history).
pub fn ordering_off() -> SearchOptions {
    SearchOptions {
        tt_move: false,
        tactical_first: false,
        killers: false,
        history: false,
        ..SearchOptions::default()
    }
}
