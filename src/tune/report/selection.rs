//! The end-of-run selection in words, for the console and the run page: why the
//! chosen finalist was kept when another one's score reads the same.

/// When another finalist's score reads the same as the chosen one's (to 0.1 %), why
/// the chosen one was kept, in words (`None`: no tie). `labels` and `scores` are the
/// finalists' in the order they were listed.
pub fn tie(labels: &[&str], scores: &[f64], chosen: usize) -> Option<String> {
    let shown = |s: f64| format!("{:.1}", 100.0 * s);
    let level: Vec<usize> = (0..scores.len())
        .filter(|&i| i != chosen && shown(scores[i]) == shown(scores[chosen]))
        .collect();
    if level.is_empty() {
        return None;
    }
    let names: Vec<&str> = level.iter().map(|&i| labels[i]).collect();
    let why = if level.iter().all(|&i| scores[i] == scores[chosen]) {
        "the games cannot tell them apart, and a tie goes to the finalist listed first \
         (the newest generation first, then the average, then the points of the line)"
    } else {
        "it scored a fraction of a point more"
    };
    Some(format!(
        "{} ties with {} at {} %; it was kept because {why}",
        labels[chosen],
        names.join(", "),
        shown(scores[chosen])
    ))
}

#[cfg(test)]
mod tests {
    use super::tie;

    #[test]
    fn a_tie_is_explained_and_a_clear_win_is_not() {
        let labels = ["generation 1", "the start (line t = 0)"];
        let words = tie(&labels, &[0.55, 0.55], 0).unwrap();
        assert!(
            words.contains("ties with the start (line t = 0) at 55.0 %"),
            "{words}"
        );
        assert!(words.contains("listed first"), "{words}");
        assert_eq!(tie(&labels, &[0.60, 0.55], 0), None);
    }
}
