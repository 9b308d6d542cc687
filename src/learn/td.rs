//! TD(λ) on one game: each position's error toward its λ-return.
//!
//! The values `V₁ … Vₙ` of the positions after each move (the first role's view,
//! `tanh` of the tables' sum) and the result `z` give the one-step errors
//! `δₜ = Vₜ₊₁ − Vₜ` (`δₙ = z − Vₙ`); the λ-return's error of position `t` is
//! `Σₖ≥ₜ λ^(k−t) δₖ`, computed backward in one pass. The games are played against
//! frozen weights, so this equals the eligibility-trace form of TD(λ) summed over the
//! game. Each position's update is that error times `1 − Vₜ²` (the slope of `tanh`),
//! for every weight the position activates.
//!
//! A position left by a random move (exploration) learns nothing and passes nothing
//! back: its error is not the greedy player's, so the trace stops there (Sutton and
//! Barto's tic-tac-toe learner: "exploratory moves do not result in any learning").

/// Writes into `out` each position's update (its λ-return error times the slope of
/// `tanh` at its value) for the values `values` and the result `outcome` (first role:
/// +1, 0 or −1); positions `explored` (left by a random move) get none.
pub fn updates(values: &[f32], explored: &[bool], outcome: f32, lambda: f32, out: &mut Vec<f32>) {
    out.clear();
    out.resize(values.len(), 0.0);
    let mut trace = 0.0f32;
    for t in (0..values.len()).rev() {
        if explored[t] {
            trace = 0.0;
            continue;
        }
        let next = values.get(t + 1).copied().unwrap_or(outcome);
        let delta = next - values[t];
        trace = delta + lambda * trace;
        out[t] = trace * (1.0 - values[t] * values[t]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lambda_zero_is_one_step_and_lambda_one_is_the_result() {
        let values = [0.2f32, -0.1, 0.5];
        let mut out = Vec::new();
        let greedy = [false; 3];
        updates(&values, &greedy, 1.0, 0.0, &mut out);
        let slope = |v: f32| 1.0 - v * v;
        assert!((out[0] - (-0.1 - 0.2) * slope(0.2)).abs() < 1e-6);
        assert!((out[2] - (1.0 - 0.5) * slope(0.5)).abs() < 1e-6);
        updates(&values, &greedy, 1.0, 1.0, &mut out);
        for (u, v) in out.iter().zip(values) {
            assert!((u - (1.0 - v) * slope(v)).abs() < 1e-6, "{u} vs {v}");
        }
    }

    #[test]
    fn an_explored_position_learns_nothing_and_stops_the_trace() {
        let values = [0.2f32, -0.1, 0.5];
        let mut out = Vec::new();
        updates(&values, &[false, true, false], 1.0, 1.0, &mut out);
        let slope = |v: f32| 1.0 - v * v;
        assert_eq!(out[1], 0.0);
        assert!((out[0] - (-0.1 - 0.2) * slope(0.2)).abs() < 1e-6, "{out:?}");
        assert!((out[2] - (1.0 - 0.5) * slope(0.5)).abs() < 1e-6);
    }
}
