//! Work split over threads in contiguous blocks, each thread with its own state (its
//! seated players), the results returned in the items' order: the same whatever the
//! thread count.

/// `f(state, index, item)` for every item, on up to `threads` threads, each starting
/// from its own `init()`; the results in item order, or the first error in item order.
pub fn in_parallel<T, S, R, E>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, usize, &T) -> Result<R, E> + Sync,
) -> Result<Vec<R>, E>
where
    T: Sync,
    R: Send,
    E: Send,
{
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let block = items.len().div_ceil(threads.max(1));
    let (init, f) = (&init, &f);
    let blocks: Vec<Result<Vec<R>, E>> = std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(block)
            .enumerate()
            .map(|(b, chunk)| {
                s.spawn(move || {
                    let mut state = init();
                    chunk
                        .iter()
                        .enumerate()
                        .map(|(j, item)| f(&mut state, b * block + j, item))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let mut out = Vec::with_capacity(items.len());
    for b in blocks {
        out.extend(b?);
    }
    Ok(out)
}
