//! The fixed counts of Burnside's lemma on the torus alone (every element of the group
//! but the identity, engine `count::torus_classes::TorusClassPlan::fixed_counts`), without the total's
//! count that `count --torus --classes` adds: wall time and their sum.
//!
//!     cargo run --release -p tourglyph-bench --example torus_fixed -- 10 10
use tourglyph::Board;
use tourglyph::engine::count::torus_classes;

fn main() {
    let a: Vec<u32> = std::env::args()
        .skip(1)
        .map(|x| x.parse().expect("two sides, such as 10 10"))
        .collect();
    let board = Board::new(a[0], a[1]);
    let t = std::time::Instant::now();
    match torus_classes::TorusClassPlan::new(board).and_then(|p| p.fixed_counts(None)) {
        Ok(f) => {
            let sum = f.iter().try_fold(0u128, |a, &x| a.checked_add(x));
            let sum = sum.map_or_else(|| "2^128 or more".to_string(), |s| s.to_string());
            println!(
                "{board}: the fixed counts of every element but the identity add up to {sum}; {:.2} s",
                t.elapsed().as_secs_f64()
            );
        }
        Err(e) => println!("{board}: {e}"),
    }
}
