//! Benchmarks of `find` (criterion). Each case is paired with a baseline measured in the
//! same run — the linear verification pass over a tour of the same board — so results
//! can be read as ratios: "finding costs k verification passes".
//!
//! Run: `cargo bench --bench find`. Goals (issue): closed 8×8 from all 64 squares under
//! 0.1 s in total; closed 1000×1000 under 1 s; open 5000×5000 under 2 s.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tourglyph::engine::find::construction::verify::verify;
use tourglyph::{Board, Piece};
use tourglyph::{engine::find::construction::Request, engine::find::construction::find};

fn req(m: u32, n: u32, closed: bool, start: Option<u32>) -> Request {
    Request {
        board: Board::new(m, n),
        piece: Piece::knight(),
        closed,
        start,
        seed: None,
    }
}

fn bench(c: &mut Criterion) {
    let k = Piece::knight().moves();
    let mut g = c.benchmark_group("find");
    g.sample_size(10).measurement_time(Duration::from_secs(5));

    let b8 = Board::new(8, 8);
    let tours8: Vec<Vec<u32>> = (0..64)
        .map(|s| find(&req(8, 8, true, Some(s))).unwrap().cells)
        .collect();
    g.bench_function("closed 8x8, all 64 starts", |bch| {
        bch.iter(|| {
            for s in 0..64 {
                black_box(find(&req(8, 8, true, Some(s))).unwrap());
            }
        })
    });
    g.bench_function("baseline: verify 64 tours of 8x8", |bch| {
        bch.iter(|| {
            for t in &tours8 {
                verify(b8, &k, black_box(t), true).unwrap();
            }
        })
    });

    let b1k = Board::new(1000, 1000);
    let t1k = find(&req(1000, 1000, true, None)).unwrap().cells;
    g.bench_function("closed 1000x1000", |bch| {
        bch.iter(|| black_box(find(&req(1000, 1000, true, None)).unwrap()))
    });
    g.bench_function("baseline: verify 1000x1000", |bch| {
        bch.iter(|| verify(b1k, &k, black_box(&t1k), true).unwrap())
    });

    let b5k = Board::new(5000, 5000);
    let t5k = find(&req(5000, 5000, false, None)).unwrap().cells;
    g.bench_function("open 5000x5000", |bch| {
        bch.iter(|| black_box(find(&req(5000, 5000, false, None)).unwrap()))
    });
    g.bench_function("baseline: verify 5000x5000", |bch| {
        bch.iter(|| verify(b5k, &k, black_box(&t5k), false).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
