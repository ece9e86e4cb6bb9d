//! Makes the Go problem collection, `assets/problems/go.sgf`: shapes composed in a
//! corner of the board (an eye space, the group around it, the wall around that, then a
//! few stones taken away or put in: a hane, a placement, a weakness) and a few stones at
//! the edge for the capture problems; GNU Go keeps those where the marked group lives or
//! dies (or is taken or not) by who plays first, and reads out each one's answer tree
//! (`xiangqi::games::go::problems::make`). Graded into four levels by how much GNU Go
//! read and how many tries fail. Black always plays first.
//!
//! `cargo run --release --example make-go-problems [COUNT]` (GNU Go installed); the
//! same file every run.

use std::collections::HashSet;
use std::path::Path;

use xiangqi::engine::gtp::{self, Gtp};
use xiangqi::engine::reading::{Reader, Verdict};
use xiangqi::games::go::problems::check::tell;
use xiangqi::games::go::problems::{Goal, LEVELS, Problem, make::make, write};
use xiangqi::go::{Board, Color, Game, Point, Position, Rules};

const SIZE: u8 = 19;
const SOURCE: &str = "composed here, read out by GNU Go 3.8";

/// A seeded stream of numbers (splitmix64): the same collection every run.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn near4(p: Point) -> impl Iterator<Item = Point> {
    [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(move |(dx, dy)| {
            let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
            (x >= 0 && y >= 0 && x < SIZE as i8 && y < SIZE as i8)
                .then(|| Point::new(x as u8, y as u8))
        })
}

fn near8(p: Point) -> impl Iterator<Item = Point> {
    (-1i8..=1)
        .flat_map(move |dx| (-1i8..=1).map(move |dy| (dx, dy)))
        .filter_map(move |(dx, dy)| {
            let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
            ((dx, dy) != (0, 0) && x >= 0 && y >= 0 && x < SIZE as i8 && y < SIZE as i8)
                .then(|| Point::new(x as u8, y as u8))
        })
}

/// Every chain has a liberty.
fn legal(board: &Board) -> bool {
    board
        .points()
        .all(|p| board.chain(p).is_none_or(|c| !c.liberties.is_empty()))
}

/// A corner group (white) around an eye space, black's wall around it, then a few
/// stones changed. The mark: white's largest chain.
fn corner(rng: &mut Seeded) -> Option<(Board, Point)> {
    let mut space = vec![Point::new(rng.below(4) as u8, 0)];
    let want = 3 + rng.below(6) as usize;
    while space.len() < want {
        let from = space[rng.below(space.len() as u64) as usize];
        let Some(q) = near4(from).nth(rng.below(4) as usize) else {
            continue;
        };
        if q.x < 7 && q.y < 3 && !space.contains(&q) {
            space.push(q);
        }
    }
    let group: Vec<Point> = space
        .iter()
        .flat_map(|&p| near4(p))
        .filter(|q| !space.contains(q))
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let mut board = Board::new(SIZE).ok()?;
    for &p in &group {
        board.set(p, Some(Color::White));
    }
    for &p in &group {
        for q in near8(p) {
            if board.get(q).is_none() && !space.contains(&q) {
                board.set(q, Some(Color::Black));
            }
        }
    }
    let mut inside: Vec<Point> = space.iter().chain(&group).copied().collect();
    inside.sort();
    for _ in 0..1 + rng.below(4) {
        let p = inside[rng.below(inside.len() as u64) as usize];
        let roll = rng.below(100);
        let stone = match board.get(p) {
            Some(Color::White) if roll < 50 => None,
            Some(Color::White) if roll < 80 => Some(Color::Black),
            None if roll < 50 => Some(Color::Black),
            None if roll < 80 => Some(Color::White),
            other => other,
        };
        board.set(p, stone);
    }
    if !legal(&board) {
        return None;
    }
    let target = board.stones(Color::White).into_iter().max_by_key(|&p| {
        (
            board.chain(p).map_or(0, |c| c.stones.len()),
            std::cmp::Reverse(p),
        )
    })?;
    Some((board, target))
}

/// A few stones of each side near the corner; the mark: a white chain short of
/// liberties.
fn skirmish(rng: &mut Seeded) -> Option<(Board, Point)> {
    let mut board = Board::new(SIZE).ok()?;
    for color in [Color::Black, Color::White] {
        for _ in 0..3 + rng.below(4) {
            let p = Point::new(rng.below(7) as u8, rng.below(5) as u8);
            if board.get(p).is_none() {
                board.set(p, Some(color));
            }
        }
    }
    if !legal(&board) {
        return None;
    }
    let short: Vec<Point> = board
        .stones(Color::White)
        .into_iter()
        .filter(|&p| {
            board
                .chain(p)
                .is_some_and(|c| (1..=2).contains(&c.liberties.len()))
        })
        .collect();
    let target = *short.get(rng.below(short.len().max(1) as u64) as usize)?;
    Some((board, target))
}

/// The board with the colours swapped: the side to solve is always black.
fn swapped(board: &Board) -> Board {
    let mut out = *board;
    for p in board.points() {
        out.set(p, board.get(p).map(|c| !c));
    }
    out
}

/// Mirrored across the diagonal: the same shape down the left side.
fn transposed(board: &Board, target: Point) -> (Board, Point) {
    let mut out = Board::new(SIZE).expect("19");
    for p in board.points() {
        out.set(Point::new(p.y, p.x), board.get(p));
    }
    (out, Point::new(target.y, target.x))
}

/// The problems of one shape: black attacking, and (colours swapped) black defending,
/// where the mark's fate hangs on who plays first.
fn problems_of(gtp: &mut Gtp, board: &Board, target: Point, reader: Reader) -> Vec<Problem> {
    let pos = Position::from_board(*board, Color::Black);
    if tell(gtp, &pos).is_err() {
        return Vec::new();
    }
    if reader == Reader::Owl {
        // The wall must live, or the problem is the wall's.
        let wall = board.stones(Color::Black);
        if wall.is_empty()
            || gtp
                .dragon_status(wall[0], SIZE)
                .map_or(true, |s| s != "alive")
        {
            return Vec::new();
        }
    }
    let (Ok((attack, _)), Ok((defence, _))) = (
        gtp.attack(reader, target, SIZE),
        gtp.defend(reader, target, SIZE),
    ) else {
        return Vec::new();
    };
    if !attack.works() || !defence.works() {
        return Vec::new();
    }
    let goal = |verdict: Verdict, straight: Goal| {
        if verdict == Verdict::Works {
            straight
        } else {
            Goal::Ko
        }
    };
    let (kill, live) = match reader {
        Reader::Owl => (goal(attack, Goal::Kill), goal(defence, Goal::Live)),
        Reader::Tactical if attack == Verdict::Works && defence == Verdict::Works => {
            (Goal::Capture, Goal::Escape)
        }
        Reader::Tactical => return Vec::new(),
    };
    let mut out = Vec::new();
    let black_defends = Position::from_board(swapped(board), Color::Black);
    for (start, goal) in [(pos, kill), (black_defends, live)] {
        if let Ok(Some(p)) = make(gtp, &start, target, goal, "", SOURCE) {
            // A problem asks for a move among others: one or two right, several wrong.
            let right = p.right_first_moves().len();
            let wrong = p.first.len() - right;
            if right <= 2 && wrong >= 2 {
                out.push(p);
            }
        }
    }
    out
}

/// One worker's problems: `count` shapes tried from `seed`.
fn work(path: &Path, seed: u64, tries: usize) -> Vec<Problem> {
    let game = Game::new(SIZE, Rules::CHINESE).expect("19");
    let mut gtp = gtp::gnugo_seeded(path, &game, 10).expect("GNU Go starts");
    let mut rng = Seeded(seed);
    let mut out = Vec::new();
    for n in 0..tries {
        let capture = rng.chance(30);
        let shape = if capture {
            skirmish(&mut rng)
        } else {
            corner(&mut rng)
        };
        let Some((mut board, mut target)) = shape else {
            continue;
        };
        if rng.chance(50) {
            (board, target) = transposed(&board, target);
        }
        let reader = if capture {
            Reader::Tactical
        } else {
            Reader::Owl
        };
        out.extend(problems_of(&mut gtp, &board, target, reader));
        if n % 100 == 0 {
            eprintln!("worker {seed}: {n} shapes tried, {} problems", out.len());
        }
    }
    out
}

/// Levels and ids: each goal's problems graded apart by the reading (its nodes,
/// weighted by the tries that fail), a quarter of them to each level, so that every level
/// has every kind; then numbered level by level.
fn grade(all: &mut [Problem]) {
    let order = [
        Goal::Capture,
        Goal::Escape,
        Goal::Kill,
        Goal::Live,
        Goal::Ko,
    ];
    for goal in order {
        let mut of: Vec<&mut Problem> = all.iter_mut().filter(|p| p.goal == goal).collect();
        of.sort_by_key(|p| (p.nodes, p.start.board().hash()));
        let n = of.len();
        for (i, p) in of.into_iter().enumerate() {
            p.level = 1 + (i * usize::from(LEVELS) / n.max(1)) as u8;
        }
    }
    let rank = |g: Goal| order.iter().position(|&o| o == g).unwrap_or(order.len());
    all.sort_by_key(|p| (p.level, rank(p.goal), p.nodes, p.start.board().hash()));
    for (i, p) in all.iter_mut().enumerate() {
        p.id = format!("gp-{:04}", i + 1);
    }
}

fn main() {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/problems/go.sgf");
    if std::env::args().nth(1).as_deref() == Some("regrade") {
        // The collection as it is, graded again (no GNU Go).
        let text = std::fs::read_to_string(&out).expect("the collection");
        let mut all = xiangqi::games::go::problems::read(&text, "").expect("problems");
        grade(&mut all);
        std::fs::write(&out, write(&all)).expect("the collection is written");
        report(&all, &out);
        return;
    }
    let tries: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1500);
    let path = gtp::find_gnugo().expect("GNU Go is installed (sudo apt-get install gnugo)");
    let workers: Vec<_> = [1u64, 2]
        .into_iter()
        .map(|seed| {
            let path = path.clone();
            std::thread::spawn(move || work(&path, seed, tries))
        })
        .collect();
    let mut all: Vec<Problem> = workers
        .into_iter()
        .flat_map(|w| w.join().expect("a worker"))
        .collect();
    // The same shape once for each goal.
    let mut seen = HashSet::new();
    all.retain(|p| seen.insert((p.start.board().hash(), p.goal)));
    grade(&mut all);
    std::fs::write(&out, write(&all)).expect("the collection is written");
    report(&all, &out);
}

fn report(all: &[Problem], out: &Path) {
    for level in 1..=LEVELS {
        let of: Vec<&Problem> = all.iter().filter(|p| p.level == level).collect();
        let goals: Vec<String> = [
            Goal::Capture,
            Goal::Escape,
            Goal::Kill,
            Goal::Live,
            Goal::Ko,
        ]
        .iter()
        .map(|g| {
            format!(
                "{} {}",
                of.iter().filter(|p| p.goal == *g).count(),
                g.name()
            )
        })
        .collect();
        eprintln!(
            "level {level}: {} problems ({})",
            of.len(),
            goals.join(", ")
        );
    }
    eprintln!("{} problems written to {}", all.len(), out.display());
}
