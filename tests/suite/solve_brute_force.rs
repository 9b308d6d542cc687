//! The retrograde solver (src/solve/) against a brute-force solver written separately:
//! every position with 2 up to K sheep is listed through the game's own API
//! (`WolvesSheep::from_parts`), its children found with `legal_moves` and `make`, and
//! the values found by plain value iteration over all of them (each round recomputes
//! every undecided position from the previous round's values until nothing changes;
//! a position never decided is a draw). Nothing but the `Game` trait is shared with the
//! solver. CI checks up to 4 sheep; `cargo test --test suite solve_brute_force:: -- --ignored`
//! checks up to 5 (about 4 minutes on a loaded machine, 1.5 GB).

use weightforge::game::{Game, Status};
use weightforge::games::wolves_sheep::solve::driver;
use weightforge::games::wolves_sheep::{WolvesSheep, SHEEP, WOLVES};
use weightforge::solved::Value;

/// A brute-force value: `None` undecided (a draw at the end).
type Brute = Option<Value>;

fn key(p: &WolvesSheep) -> u64 {
    u64::from(p.wolves()) | u64::from(p.sheep()) << 25 | (p.side_to_move() as u64) << 50
}

/// Every position with 2 to `max` sheep, either side to move, sorted by key.
fn all_positions(max: u32) -> Vec<WolvesSheep> {
    let mut out = Vec::new();
    for a in 0..25 {
        for b in a + 1..25 {
            let wolves = (1u32 << a) | (1u32 << b);
            let free: Vec<u32> = (0..25).filter(|&s| s != a && s != b).collect();
            let mut chosen = Vec::new();
            subsets(&free, 0, max, &mut chosen, &mut |set| {
                if set.len() >= 2 {
                    let sheep = set.iter().fold(0u32, |acc, &s| acc | 1 << s);
                    for side in [WOLVES, SHEEP] {
                        out.push(WolvesSheep::from_parts(wolves, sheep, side).unwrap());
                    }
                }
            });
        }
    }
    out.sort_by_key(key);
    out
}

fn subsets(free: &[u32], from: usize, max: u32, chosen: &mut Vec<u32>, f: &mut dyn FnMut(&[u32])) {
    f(chosen);
    if chosen.len() as u32 == max {
        return;
    }
    for i in from..free.len() {
        chosen.push(free[i]);
        subsets(free, i + 1, max, chosen, f);
        chosen.pop();
    }
}

/// Children of every position as indices (compressed rows), through `legal_moves`.
fn children(positions: &[WolvesSheep]) -> (Vec<usize>, Vec<u32>) {
    let keys: Vec<u64> = positions.iter().map(key).collect();
    let (mut start, mut list, mut moves) = (vec![0], Vec::new(), Vec::new());
    for p in positions {
        p.legal_moves(&mut moves);
        for &m in &moves {
            let mut c = *p;
            c.make(m, ());
            list.push(keys.binary_search(&key(&c)).expect("child listed") as u32);
        }
        start.push(list.len());
    }
    (start, list)
}

/// Plain value iteration over every position.
fn brute_force(positions: &[WolvesSheep]) -> Vec<Brute> {
    let (start, list) = children(positions);
    let mut values: Vec<Brute> = positions
        .iter()
        .map(|p| match p.status() {
            Status::Win(r) if r == p.side_to_move() => Some(Value::Win(0)),
            Status::Win(_) => Some(Value::Loss(0)),
            _ => None,
        })
        .collect();
    loop {
        let next: Vec<Brute> = (0..positions.len())
            .map(|i| values[i].or_else(|| from_children(&values, &list[start[i]..start[i + 1]])))
            .collect();
        if next == values {
            return values;
        }
        values = next;
    }
}

/// A win if some child is lost (fastest), a loss if every child is won (slowest).
fn from_children(values: &[Brute], kids: &[u32]) -> Brute {
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss = Some(0);
    for &c in kids {
        match values[c as usize] {
            Some(Value::Loss(d)) => fastest_win = Some(fastest_win.map_or(d + 1, |f| f.min(d + 1))),
            Some(Value::Win(d)) => slowest_loss = slowest_loss.map(|s: u32| s.max(d + 1)),
            _ => slowest_loss = None,
        }
    }
    match (fastest_win, slowest_loss) {
        (Some(d), _) => Some(Value::Win(d)),
        (None, Some(d)) if !kids.is_empty() => Some(Value::Loss(d)),
        _ => None,
    }
}

fn check_up_to(max: u32) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("small.solved");
    let sol = driver::solve(&out, max, &mut |_| {}).unwrap();
    let positions = all_positions(max);
    let brute = brute_force(&positions);
    let mut wrong = 0;
    for (p, b) in positions.iter().zip(&brute) {
        let expected = b.unwrap_or(Value::Draw);
        let got = sol.value(p).unwrap();
        if got != expected {
            wrong += 1;
            if wrong <= 10 {
                eprintln!("{}: solver {got}, brute force {expected}", p.to_text());
            }
        }
    }
    assert_eq!(wrong, 0, "of {} positions", positions.len());
    // The file on disk reads back to the same values.
    let again = weightforge::games::wolves_sheep::solve::Solution::open(&out).unwrap();
    for p in positions.iter().step_by(97) {
        assert_eq!(again.value(p).unwrap(), sol.value(p).unwrap());
    }
}

#[test]
fn solver_equals_brute_force_up_to_4_sheep() {
    check_up_to(4);
}

#[test]
#[ignore = "about 4 minutes and 1.5 GB; run with --ignored"]
fn solver_equals_brute_force_up_to_5_sheep() {
    check_up_to(5);
}
