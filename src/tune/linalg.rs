//! The little linear algebra CMA-ES needs: symmetric eigendecomposition (cyclic Jacobi),
//! enough for the few dozen weights a genome has.

/// A square matrix in row-major order.
pub type Matrix = Vec<Vec<f64>>;

/// The identity matrix.
pub fn identity(n: usize) -> Matrix {
    (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect()
}

/// Eigenvalues and eigenvectors (columns of the returned matrix) of a symmetric matrix.
pub fn symmetric_eigen(a: &Matrix) -> (Vec<f64>, Matrix) {
    let n = a.len();
    let mut a = a.clone();
    let mut v = identity(n);
    for _sweep in 0..100 {
        let off: f64 = (0..n)
            .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
            .map(|(i, j)| a[i][j] * a[i][j])
            .sum();
        if off < 1e-22 {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                if a[p][q].abs() < 1e-300 {
                    continue;
                }
                let theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
                let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                let t = if theta == 0.0 { 1.0 } else { t };
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for row in a.iter_mut() {
                    let (akp, akq) = (row[p], row[q]);
                    row[p] = c * akp - s * akq;
                    row[q] = s * akp + c * akq;
                }
                let (lo, hi) = a.split_at_mut(q); // p < q
                let (row_p, row_q) = (&mut lo[p], &mut hi[0]);
                for (apk, aqk) in row_p.iter_mut().zip(row_q.iter_mut()) {
                    let (x, y) = (*apk, *aqk);
                    *apk = c * x - s * y;
                    *aqk = s * x + c * y;
                }
                for row in v.iter_mut() {
                    let (vkp, vkq) = (row[p], row[q]);
                    row[p] = c * vkp - s * vkq;
                    row[q] = s * vkp + c * vkq;
                }
            }
        }
    }
    ((0..n).map(|i| a[i][i]).collect(), v)
}

/// Euclidean norm.
pub fn norm(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum::<f64>().sqrt()
}

/// The expected norm of an n-dimensional standard normal vector.
pub fn chi_n(n: usize) -> f64 {
    let n = n as f64;
    n.sqrt() * (1.0 - 1.0 / (4.0 * n) + 1.0 / (21.0 * n * n))
}

/// Log-rank recombination weights for the best `mu` of λ, and μ_eff.
pub fn recombination_weights(mu: usize) -> (Vec<f64>, f64) {
    let raw: Vec<f64> = (0..mu)
        .map(|i| (mu as f64 + 0.5).ln() - ((i + 1) as f64).ln())
        .collect();
    let s: f64 = raw.iter().sum();
    let w: Vec<f64> = raw.iter().map(|x| x / s).collect();
    let mu_eff = 1.0 / w.iter().map(|x| x * x).sum::<f64>();
    (w, mu_eff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eigen_reconstructs_the_matrix() {
        let a = vec![
            vec![4.0, 1.0, 0.5],
            vec![1.0, 3.0, 0.2],
            vec![0.5, 0.2, 1.0],
        ];
        let (d, v) = symmetric_eigen(&a);
        for i in 0..3 {
            for j in 0..3 {
                let r: f64 = (0..3).map(|k| v[i][k] * d[k] * v[j][k]).sum();
                assert!((r - a[i][j]).abs() < 1e-9, "{i},{j}: {r}");
            }
        }
        let trace: f64 = d.iter().sum();
        assert!((trace - 8.0).abs() < 1e-9);
    }

    #[test]
    fn weights_sum_to_one() {
        let (w, mu_eff) = recombination_weights(4);
        assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(w.windows(2).all(|p| p[0] > p[1]));
        assert!(mu_eff > 1.0 && mu_eff < 4.0);
    }
}
