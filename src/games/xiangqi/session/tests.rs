//! The session's unit tests.
use super::*;
use crate::rules::Color;

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn moves_undo_and_redo() {
    let mut s = Session::new();
    s.play(mv("h2e2")).unwrap();
    s.play(mv("h9g7")).unwrap();
    assert_eq!(s.undo(), Some(Change::Move(mv("h9g7"))));
    assert_eq!(s.undo(), Some(Change::Move(mv("h2e2"))));
    assert_eq!(s.undo(), None);
    assert_eq!(s.shown_position(), &Position::new());
    assert_eq!(s.redo(), Some(Change::Move(mv("h2e2"))));
    s.play(mv("b9c7")).unwrap();
    assert!(!s.can_redo(), "a new move drops the redo list");
    assert_eq!(s.game().ply_count(), 2);
}

#[test]
fn new_game_is_undoable() {
    let mut s = Session::new();
    s.play(mv("h2e2")).unwrap();
    s.new_game();
    assert_eq!(s.game().ply_count(), 0);
    assert_eq!(s.undo(), Some(Change::Replaced));
    assert_eq!(s.game().ply_count(), 1);
    // Undo reaches on into the old game's moves, and redo comes back through all.
    assert_eq!(s.undo(), Some(Change::Move(mv("h2e2"))));
    assert_eq!(s.redo(), Some(Change::Move(mv("h2e2"))));
    assert_eq!(s.redo(), Some(Change::Replaced));
    assert_eq!(s.game().ply_count(), 0);
}

#[test]
fn game_over_refuses_until_undo() {
    let mut s = Session::new();
    for m in ["h2h4", "d9e8", "h4g4", "g6g5", "g4g9"] {
        s.play(mv(m)).unwrap();
    }
    assert!(s.outcome().is_some());
    assert!(matches!(
        s.play(mv("a9a8")),
        Err(SessionError::Play(PlayError::GameOver(_)))
    ));
    s.undo();
    assert!(s.outcome().is_none());
    s.play(mv("a3a4")).unwrap();
}

#[test]
fn captured_pieces_follow_the_shown_position() {
    let mut s = Session::new();
    for m in ["h2e2", "h9g7", "e2e6", "g7e6"] {
        s.play(mv(m)).unwrap();
    }
    let [red, black] = s.captured();
    assert_eq!(red, [Piece::new(Color::Red, crate::rules::Role::Cannon)]);
    assert_eq!(
        black,
        [Piece::new(Color::Black, crate::rules::Role::Soldier)]
    );
    s.review(3);
    assert!(
        s.captured()[0].is_empty(),
        "red's cannon is not yet taken at ply 3"
    );
    assert_eq!(s.captured()[1].len(), 1);
}

#[test]
fn review_does_not_lose_the_game() {
    let mut s = Session::new();
    for m in ["h2e2", "h9g7", "h0g2"] {
        s.play(mv(m)).unwrap();
    }
    s.review_back();
    assert!(s.is_reviewing());
    assert_eq!(s.shown_ply(), 2);
    assert_eq!(s.shown_last_move(), Some(mv("h9g7")));
    s.review_start();
    assert_eq!(s.shown_position(), &Position::new());
    assert_eq!(s.shown_last_move(), None);
    s.review_back();
    assert_eq!(s.shown_ply(), 0);
    for _ in 0..5 {
        s.review_forward();
    }
    assert!(
        !s.is_reviewing(),
        "stepping past the end returns to the game"
    );
    assert_eq!(s.game().ply_count(), 3);
    s.review(1);
    s.undo();
    assert!(!s.is_reviewing());
    assert_eq!(s.game().ply_count(), 2);
}

#[test]
fn against_the_computer_undo_and_redo_go_by_pairs_but_not_past_a_new_game() {
    let mut s = Session::new();
    s.play(mv("h2e2")).unwrap();
    s.play(mv("h9g7")).unwrap();
    let black = Some(Color::Black);
    assert_eq!(s.undo_against(black), Some(Change::Move(mv("h9g7"))));
    assert_eq!(s.game().ply_count(), 0, "the player's move went with it");
    assert_eq!(s.redo_against(black), Some(Change::Move(mv("h2e2"))));
    assert_eq!(s.game().ply_count(), 2, "and came back with it");
    // Two players: one step at a time.
    assert_eq!(s.undo_against(None), Some(Change::Move(mv("h9g7"))));
    assert_eq!(s.game().ply_count(), 1);
    // The computer with red: its first move taken back leaves it to move, and the
    // new game before it is not taken back with it.
    let mut s = Session::new();
    s.new_game();
    s.play(mv("h2e2")).unwrap();
    assert_eq!(
        s.undo_against(Some(Color::Red)),
        Some(Change::Move(mv("h2e2")))
    );
    assert_eq!(s.game().ply_count(), 0);
    assert!(s.can_undo(), "the new game is still there to undo");
}

fn line_moves(s: &Session) -> Vec<String> {
    s.game().moves().map(|m| m.to_string()).collect()
}

#[test]
fn a_move_played_while_looking_back_begins_a_variation_and_undo_takes_it_away() {
    let mut s = Session::new();
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        s.play(mv(m)).unwrap();
    }
    s.review(2);
    // The move the line has: walking on, nothing changes.
    s.play(mv("h0g2")).unwrap();
    assert_eq!(s.shown_ply(), 3);
    assert!(s.is_reviewing());
    assert_eq!(s.tree().move_count(), 4);
    s.review(2);
    s.play(mv("b0c2")).unwrap();
    assert!(!s.is_reviewing(), "the new line's end is shown");
    assert_eq!(line_moves(&s), ["h2e2", "h9g7", "b0c2"]);
    assert_eq!(s.tree().lines().len(), 2);
    let main: Vec<Move> = s
        .tree()
        .main_line()
        .iter()
        .filter_map(|&n| s.tree().node(n).mv())
        .collect();
    assert_eq!(main.len(), 4, "the main line stays first");
    // ↑/↓ at the fork: the other line, the same position shown.
    s.review(2);
    assert!(s.switch_line(false));
    assert_eq!(line_moves(&s), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert!(!s.switch_line(false), "no line above the main line");
    assert!(s.switch_line(true));
    assert_eq!(line_moves(&s), ["h2e2", "h9g7", "b0c2"]);
    // Undo takes the variation away and shows what was shown before it.
    assert_eq!(s.undo(), Some(Change::Move(mv("b0c2"))));
    assert_eq!(s.tree().lines().len(), 1);
    assert_eq!(line_moves(&s), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(s.shown_ply(), 2);
    assert_eq!(s.redo(), Some(Change::Move(mv("b0c2"))));
    assert_eq!(line_moves(&s), ["h2e2", "h9g7", "b0c2"]);
    // Hot-seat take-backs feel as before: the last move goes.
    assert_eq!(s.undo(), Some(Change::Move(mv("b0c2"))));
    s.review_end();
    assert_eq!(s.undo(), Some(Change::Move(mv("i9h9"))));
    assert_eq!(line_moves(&s), ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn comments_glyphs_promotion_deletion_and_tags_are_undoable_changes() {
    use crate::rules::tree::Nag;
    let mut s = Session::new();
    for m in ["h2e2", "h9g7"] {
        s.play(mv(m)).unwrap();
    }
    s.review(1);
    s.play(mv("b9c7")).unwrap();
    let variation = s.cursor();
    // Typing is one change, however many keys.
    s.set_comment(variation, "屏");
    s.set_comment(variation, "屏风马");
    s.end_typing();
    s.toggle_nag(variation, Nag::GOOD);
    s.toggle_nag(variation, Nag::DUBIOUS);
    assert_eq!(
        s.note(variation).nags,
        [Nag::DUBIOUS],
        "one move glyph at a time"
    );
    s.promote(variation);
    assert_eq!(s.tree().main_line().last(), Some(&variation));
    s.set_tags(vec![("Red".into(), "许银川".into())]);
    assert_eq!(s.undo(), Some(Change::Replaced));
    assert!(s.tags().is_empty());
    assert_eq!(s.undo(), Some(Change::Replaced));
    assert_ne!(
        s.tree().main_line().last(),
        Some(&variation),
        "promotion undone"
    );
    s.undo();
    s.undo();
    assert!(s.note(variation).nags.is_empty());
    assert_eq!(s.undo(), Some(Change::Noted));
    assert_eq!(s.note(variation).after, "", "both keys went with one undo");
    s.redo();
    assert_eq!(s.note(variation).after, "屏风马");
    // Deleting the line shown shows the move before it, on the line left.
    s.delete_from(variation);
    assert_eq!(s.tree().lines().len(), 1);
    assert_eq!(line_moves(&s), ["h2e2", "h9g7"]);
    assert_eq!(s.shown_ply(), 1);
    s.undo();
    assert_eq!(s.tree().lines().len(), 2);
    assert_eq!(s.note(variation).after, "屏风马");
}

#[test]
fn the_record_keeps_every_line_comment_glyph_tag_and_result_and_so_does_the_autosave() {
    let text = "[Event \"全国赛\"]\n[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n[Result \"1-0\"]\n[Opening \"中炮\"]\n[Format \"ICCS\"]\n\n{开局} 1. h2e2! {中炮} (1. b2e2 {另一边}) 1... h9g7 (1... b9c7 $5) 2. h0g2 1-0\n";
    let record = crate::rules::pgn::read(text).unwrap().record;
    let mut s = Session::new();
    s.replace_record(record);
    assert_eq!(s.tree().lines().len(), 3);
    let written = crate::rules::pgn::write(&s.record(), crate::rules::Notation::Iccs);
    for kept in [
        "[Event \"全国赛\"]",
        "[Red \"胡荣华\"]",
        "[Black \"杨官璘\"]",
        "[Result \"1-0\"]",
        "[Opening \"中炮\"]",
        "{开局}",
        "1. h2e2! {中炮} (1. b2e2 {另一边}) 1... h9g7 (1... b9c7!?)",
    ] {
        assert!(written.contains(kept), "{kept} lost:\n{written}");
    }
    // Looking at a variation does not change what is saved.
    s.review(1);
    s.play(mv("b9c7")).unwrap();
    s.set_comment(s.cursor(), "马; 100%, =好");
    let back = Session::from_snapshot(&s.to_snapshot()).unwrap();
    assert_eq!(back.to_snapshot(), s.to_snapshot());
    assert_eq!(back.line(), s.line());
    assert_eq!(back.tags(), s.tags());
    assert_eq!(back.note(back.cursor()).after, "马; 100%, =好");
    assert_eq!(
        crate::rules::pgn::write(&back.record(), crate::rules::Notation::Iccs),
        crate::rules::pgn::write(&s.record(), crate::rules::Notation::Iccs)
    );
    let mut back = back;
    assert_eq!(back.undo(), Some(Change::Noted));
    assert_eq!(back.note(back.cursor()).after, "");
}

#[test]
fn a_node_of_another_game_has_no_note_and_an_annotation_for_it_is_passed_over() {
    use crate::rules::tree::{Eval, Nag, NodeId};
    let mut s = Session::new();
    s.play(mv("h2e2")).unwrap();
    let foreign = NodeId::from_index(99);
    assert_eq!(s.note(foreign), Note::default());
    let first = s.cursor();
    s.annotate(&[
        (foreign, Eval::Centipawns(5), Some(Nag(4))),
        (first, Eval::Centipawns(-30), Some(Nag(6))),
    ]);
    assert_eq!(s.note(first).nags, [Nag(6)]);
    assert_eq!(s.tree().node(first).eval, Some(Eval::Centipawns(-30)));
    // A glyph of the player's own stays; a later review's mark replaces an earlier one.
    s.toggle_nag(first, Nag(1));
    s.annotate(&[(first, Eval::Centipawns(-30), Some(Nag(4)))]);
    assert_eq!(s.note(first).nags, [Nag(1)]);
}

/// The game the rules referee is the line followed, move for move: after moves, a
/// variation, a refusal and undo, the tree's line and the game's moves are one list.
fn in_step(s: &Session) {
    let from_tree: Vec<Move> = s
        .line()
        .iter()
        .filter_map(|&n| s.tree().node(n).mv())
        .collect();
    let from_game: Vec<Move> = s.game().moves().collect();
    assert_eq!(from_tree, from_game, "the line and the game");
    assert_eq!(*s.shown_position(), s.tree().position(s.cursor()));
}

#[test]
fn a_move_refused_while_looking_back_changes_nothing() {
    let mut s = Session::new();
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        s.play(mv(m)).unwrap();
    }
    s.review(2);
    let (line, shown, nodes) = (s.line().to_vec(), s.shown_ply(), s.tree().move_count());
    // Red's chariot cannot jump its horse; black is not to move.
    assert!(s.play(mv("a0a3")).is_err());
    assert!(s.play(mv("a9a8")).is_err());
    assert_eq!(s.line(), line, "the line followed");
    assert_eq!(s.shown_ply(), shown, "the position shown");
    assert_eq!(s.tree().move_count(), nodes, "nothing added");
    assert!(s.is_reviewing());
    in_step(&s);
    // A legal one begins a variation, and undo comes back to the same place.
    s.play(mv("b0c2")).unwrap();
    in_step(&s);
    assert_eq!(s.undo(), Some(Change::Move(mv("b0c2"))));
    assert_eq!(s.line(), line);
    assert_eq!(s.shown_ply(), shown);
    in_step(&s);
}
