//! Problems as SGF, the way players have them: one problem a game of the file (one a
//! file, or a collection), set up by `AB`/`AW` and `PL`, the answers as variations. A
//! line is right when a node on it says so (a comment `RIGHT`, `Correct`, `正解`,
//! `正确`, or `TE`); a file that marks nothing has its main line as the answer. The
//! goal is read from `GOAL` or from the words of the root's comment (`Black to kill`,
//! `黑先活`…). The collection is written in the same form, with its own `GOAL`,
//! `LEVEL`, `TARGET` and `NODES`.

use std::fmt::Write as _;

use super::{Goal, Problem, Step};
use crate::go::sgf::{self, Node, SgfError, SgfGame, coordinates, points_of};
use crate::go::{Color, Move, Point, Position};

/// Why a text is no problem file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProblemFileError {
    /// Not SGF.
    #[error(transparent)]
    Sgf(#[from] SgfError),
    /// SGF, but no game of it sets up a position with an answer.
    #[error("no problem in this file: no position set up with a move to play")]
    NoProblem,
}

/// Words that mark a right line.
const RIGHT: [&str; 5] = ["RIGHT", "CORRECT", "正解", "正确", "正確"];

/// The problems of `text`; `name` (a file's name) makes their ids. Games that are no
/// problem (no stones set up, no move) are left out; a file with none is an error.
///
/// # Errors
/// Not SGF, or no problem in it.
pub fn read(text: &str, name: &str) -> Result<Vec<Problem>, ProblemFileError> {
    let games = sgf::read(text)?;
    let many = games.len() > 1;
    let problems: Vec<Problem> = games
        .iter()
        .enumerate()
        .filter_map(|(n, g)| {
            let id = if many {
                format!("{name} {}", n + 1)
            } else {
                name.to_owned()
            };
            problem(g, id.trim())
        })
        .collect();
    if problems.is_empty() {
        return Err(ProblemFileError::NoProblem);
    }
    Ok(problems)
}

/// Whether `text` is a file of problems rather than a game: the first game sets
/// stones up, has a short answer and says it is a problem (a `GOAL`, a right line
/// marked, or a goal in the words of its root), and reads as problems. A game with
/// handicap stones is a game.
#[must_use]
pub fn is_problem_file(text: &str) -> bool {
    let Ok(games) = sgf::read(text) else {
        return false;
    };
    let Some(game) = games.first() else {
        return false;
    };
    let root = game.node(0);
    let set_up = ["AB", "AW"].iter().any(|p| prop(root, p).is_some());
    let words = format!("{} {}", root.comment, game.tag("GN").unwrap_or(""));
    let says = prop(root, "GOAL").is_some()
        || game.nodes.iter().any(marks_right)
        || goal_in(&words).is_some();
    set_up && says && game.main_line().len() <= 40 && read(text, "").is_ok()
}

fn prop<'a>(node: &'a Node, name: &str) -> Option<&'a str> {
    node.props
        .iter()
        .find(|(n, _)| n == name)
        .and_then(|(_, v)| v.first())
        .map(String::as_str)
}

fn marks_right(node: &Node) -> bool {
    let upper = node.comment.to_uppercase();
    RIGHT.iter().any(|w| upper.contains(w)) || prop(node, "TE").is_some()
}

/// The goal the words of a comment or a name say; seki before life, as 双活 has 活.
fn goal_in(words: &str) -> Option<Goal> {
    let lower = words.to_lowercase();
    let has = |ws: &[&str]| ws.iter().any(|w| lower.contains(w));
    if has(&["seki", "双活", "雙活", "セキ"]) {
        Some(Goal::Seki)
    } else if has(&["kill", "杀", "殺", "死"]) {
        Some(Goal::Kill)
    } else if has(&["ko", "劫", "コウ"]) {
        Some(Goal::Ko)
    } else if has(&["live", "活", "life"]) {
        Some(Goal::Live)
    } else if has(&["capture", "吃", "取"]) {
        Some(Goal::Capture)
    } else if has(&["escape", "save", "逃"]) {
        Some(Goal::Escape)
    } else {
        None
    }
}

fn problem(game: &SgfGame, id: &str) -> Option<Problem> {
    let root = game.node(0);
    let mut start = game.start().ok()?;
    let first_child = root.children.first().map(|&c| game.node(c));
    if prop(root, "PL").is_none()
        && let Some((color, _)) = first_child.and_then(|n| n.mv)
    {
        start = Position::from_board(*start.board(), color);
    }
    if start.board().stones(Color::Black).is_empty()
        && start.board().stones(Color::White).is_empty()
    {
        return None;
    }
    // The tree, and which of its nodes lie on a right line.
    let mut right = vec![false; game.nodes.len()];
    let marked_any = game.nodes.iter().any(marks_right);
    let mut order = Vec::new();
    let mut todo = vec![0usize];
    while let Some(i) = todo.pop() {
        order.push(i);
        todo.extend(game.node(i).children.iter().copied());
    }
    for &i in order.iter().rev() {
        let node = game.node(i);
        right[i] = if marked_any {
            marks_right(node) || node.children.iter().any(|&c| right[c])
        } else {
            true
        };
    }
    if !marked_any {
        // Nothing marked: the main line is the answer, the rest tries.
        right.iter_mut().for_each(|r| *r = false);
        for i in game.main_line() {
            right[i] = true;
        }
    }
    let mut steps = Vec::new();
    let mut index = vec![usize::MAX; game.nodes.len()];
    for &i in order.iter().skip(1) {
        let node = game.node(i);
        let Some((_, mv)) = node.mv else { continue };
        index[i] = steps.len();
        steps.push(Step {
            mv,
            right: right[i],
            note: node.comment.clone(),
            next: Vec::new(),
        });
    }
    for &i in &order {
        if index[i] == usize::MAX && i != 0 {
            continue;
        }
        let next: Vec<usize> = game
            .node(i)
            .children
            .iter()
            .map(|&c| index[c])
            .filter(|&s| s != usize::MAX)
            .collect();
        if i != 0 {
            steps[index[i]].next = next;
        }
    }
    let first: Vec<usize> = root
        .children
        .iter()
        .map(|&c| index[c])
        .filter(|&s| s != usize::MAX)
        .collect();
    if first.is_empty() {
        return None;
    }
    let words = format!("{} {}", root.comment, game.tag("GN").unwrap_or(""));
    let goal = prop(root, "GOAL")
        .and_then(Goal::of_name)
        .or_else(|| goal_in(&words))
        .unwrap_or(Goal::Kill);
    let size = game.size;
    let mut problem = Problem {
        id: game
            .tag("GN")
            .filter(|_| prop(root, "GOAL").is_some())
            .unwrap_or(id)
            .to_owned(),
        level: prop(root, "LEVEL")
            .and_then(|l| l.parse().ok())
            .unwrap_or(0),
        goal,
        start,
        target: prop(root, "TARGET").and_then(|v| points_of(v, size).first().copied()),
        steps,
        first,
        source: game.tag("SO").unwrap_or(id).to_owned(),
        nodes: prop(root, "NODES")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0),
    };
    if problem.target.is_none() {
        problem.target = guess_target(&problem);
    }
    Some(problem)
}

/// The group a file's problem is about, where it does not say: of the side the goal is
/// against (or for), the chain nearest the first right move, the largest of the nearest.
fn guess_target(problem: &Problem) -> Option<Point> {
    let board = problem.start.board();
    let color = if problem.goal.against_target() {
        !problem.to_play()
    } else {
        problem.to_play()
    };
    let at = match problem.right_first_moves().first() {
        Some(Move::Play(p)) => *p,
        _ => return board.stones(color).first().copied(),
    };
    let far = |p: &Point| u32::from(p.x.abs_diff(at.x)) + u32::from(p.y.abs_diff(at.y));
    board
        .stones(color)
        .into_iter()
        .map(|p| {
            let size = board.chain(p).map_or(0, |c| c.stones.len());
            (far(&p), std::cmp::Reverse(size), p)
        })
        .min()
        .map(|(_, _, p)| p)
}

/// The problems as one SGF collection, each with its goal, level, mark and source, its
/// right lines ending in `RIGHT` and its wrong tries marked `Wrong`.
#[must_use]
pub fn write(problems: &[Problem]) -> String {
    let mut out = String::new();
    for p in problems {
        out.push_str(&sgf::write(&as_sgf(p)));
    }
    out
}

fn as_sgf(p: &Problem) -> SgfGame {
    let size = p.size();
    let mut root = Node::default();
    let mut info = |name: &str, value: String| root.props.push((name.to_owned(), vec![value]));
    info("GN", p.id.clone());
    info("SO", p.source.clone());
    info(
        "PL",
        if p.to_play() == Color::Black {
            "B"
        } else {
            "W"
        }
        .to_owned(),
    );
    info("GOAL", p.goal.name().to_owned());
    info("LEVEL", p.level.to_string());
    if let Some(t) = p.target {
        info("TARGET", coordinates(t));
    }
    info("NODES", p.nodes.to_string());
    for (name, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let stones: Vec<String> = p
            .start
            .board()
            .stones(color)
            .into_iter()
            .map(coordinates)
            .collect();
        if !stones.is_empty() {
            root.props.push((name.to_owned(), stones));
        }
    }
    let mut comment = String::new();
    let (zh, en) = p.words();
    let _ = write!(comment, "{en}. {zh}。");
    root.comment = comment;
    let mut game = SgfGame {
        size,
        nodes: vec![root],
    };
    // Each step a node under its parent: (step, parent node, colour to play).
    let mut todo: Vec<(usize, usize, Color)> =
        p.first.iter().rev().map(|&s| (s, 0, p.to_play())).collect();
    while let Some((s, parent, color)) = todo.pop() {
        let step = &p.steps[s];
        let i = game.nodes.len();
        game.nodes.push(Node {
            mv: Some((color, step.mv)),
            comment: step.note.clone(),
            ..Node::default()
        });
        game.nodes[parent].children.push(i);
        todo.extend(step.next.iter().rev().map(|&n| (n, i, !color)));
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_file_marks_its_right_line_by_a_comment_and_its_goal_by_words() {
        let text = "(;GM[1]SZ[9]AB[ba][bb][cb][db]AW[ac][bc][cc][dc][ec][eb][ea]\
                    C[White to kill 白先杀]\
                    (;W[ca];B[da]C[Wrong: black lives])\
                    (;W[aa]C[bad])\
                    (;W[ab];B[ca];W[da]C[RIGHT]))";
        let all = read(text, "corner.sgf").unwrap();
        assert_eq!(all.len(), 1);
        let p = &all[0];
        assert_eq!(p.id, "corner.sgf");
        assert_eq!(p.to_play(), Color::White);
        assert_eq!(p.goal, Goal::Kill);
        let at = |s: &str| Move::Play(points_of(s, 9)[0]);
        assert_eq!(p.right_first_moves(), vec![at("ab")]);
        assert_eq!(p.reply(&[at("ab")]), Some(at("ca")));
        assert_eq!(p.main_line(), vec![at("ab"), at("ca"), at("da")]);
        assert_eq!(p.reply(&[at("ca")]), Some(at("da")));
        assert_eq!(p.after(&[at("ee")]), None);
        // The black group is the mark: the goal is against it.
        assert_eq!(p.start.board().get(p.target.unwrap()), Some(Color::Black));
    }

    #[test]
    fn a_problem_file_is_told_from_a_game() {
        use crate::games::go::problems::collection;
        let problem = "(;SZ[19]AB[aa][ba]AW[ca]C[Black to kill](;B[da]C[RIGHT])(;B[ea]))";
        assert!(is_problem_file(problem));
        assert!(is_problem_file(&write(&collection()[..2])));
        // A handicap game, a plain game and a bare board are games.
        let handicap = "(;SZ[19]HA[2]AB[dd][pp];W[dp];B[pd])";
        assert!(!is_problem_file(handicap));
        assert!(!is_problem_file("(;SZ[9];B[ee];W[cc])"));
        assert!(!is_problem_file("not sgf"));
    }

    #[test]
    fn a_written_problem_reads_back_the_same() {
        let text = "(;GM[1]SZ[9]PL[B]AB[ac]AW[ab][bb]C[黑先吃](;B[aa]C[RIGHT])(;B[ba];W[aa]))";
        let p = read(text, "x").unwrap().remove(0);
        assert_eq!(p.goal, Goal::Capture);
        let again = read(&write(std::slice::from_ref(&p)), "y")
            .unwrap()
            .remove(0);
        assert_eq!(again.start, p.start);
        assert_eq!(again.steps, p.steps);
        assert_eq!(again.first, p.first);
        assert_eq!(again.goal, p.goal);
        assert_eq!(again.target, p.target);
    }

    #[test]
    fn no_problem_and_no_sgf_are_told_apart() {
        assert_eq!(read("(;GM[1]SZ[9])", "e"), Err(ProblemFileError::NoProblem));
        assert!(matches!(
            read("not sgf", "e"),
            Err(ProblemFileError::Sgf(_))
        ));
    }
}
