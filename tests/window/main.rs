//! The game as a person uses it: a real window under Xvfb, real mouse and keys, and
//! what the screen and the log show. Needs Xvfb, Mesa's Vulkan (lavapipe), xdotool and
//! xwd (`.ci/run` installs them).
#![cfg(feature = "gui")]

mod family;
mod fits;
#[path = "../common/fsf.rs"]
mod fsf;
mod go_gnugo;
mod harness;
mod household;
mod keyboard;
mod lessons;
mod library;
mod looks;
mod opening;
mod pictures;
mod screen_reader;
mod tables;

use harness::{Game, Seen};
use xiangqi::rules::Square;
use xiangqi::theme::over as blend;
use xiangqi::theme::wood;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Pixels of the game-end banner (a dark panel across the middle of the board) near
/// the board's middle.
fn banner_pixels(game: &Game) -> usize {
    let (x, y, cell) = game.point(sq("e4"));
    let banner = blend(xiangqi::theme::panel::BANNER, wood::BOARD);
    game.shot().count_near(x, y - 0.5 * cell, 20.0, banner)
}

/// Waits for the game-end banner.
fn until_banner(game: &Game) {
    game.until("the banner", || (banner_pixels(game) > 300).then_some(()));
}

/// The autosave in the game's home, as it is on disk.
fn autosaved(game: &Game) -> xiangqi::games::xiangqi::session::Session {
    let path = game.home().join(".local/share/xiangqi/autosave.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    xiangqi::games::xiangqi::session::Session::from_snapshot(&text).unwrap()
}

#[test]
fn start_shows_the_board() {
    let game = Game::start("start");
    let shot = game.shot();
    assert_eq!(game.seen(&shot, sq("a0")), Seen::Red);
    assert_eq!(game.seen(&shot, sq("e9")), Seen::Black);
    assert_eq!(game.seen(&shot, sq("e4")), Seen::Empty);
    assert_eq!(game.seen(&shot, sq("h7")), Seen::Black);
    assert_eq!(game.seen(&shot, sq("c3")), Seen::Red);
}

#[test]
fn moves_by_clicks_show_on_the_board_and_in_the_log() {
    let game = Game::start("clicks");
    game.play("h2e2");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    game.until_seen(sq("h2"), Seen::Empty);
    game.until_seen(sq("e2"), Seen::Red);
    game.play("h9g7");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
    game.until_seen(sq("g7"), Seen::Black);
    // The last move's corners mark h9 and g7, not h2.
    let (x, y, cell) = game.point(sq("h9"));
    let corner = |shot: &harness::Shot, x: f32, y: f32| {
        let mark = blend(wood::LAST_MOVE, wood::BOARD);
        shot.count_near(x - 0.45 * cell, y - 0.45 * cell, cell * 0.08, mark)
    };
    game.until("last-move marks", || {
        (corner(&game.shot(), x, y) > 0).then_some(())
    });
    let (x2, y2, _) = game.point(sq("h2"));
    assert_eq!(corner(&game.shot(), x2, y2), 0, "h2 is no longer marked");
}

#[test]
fn drag_and_drop_and_right_click_cancel() {
    let game = Game::start("drag");
    game.drag("b0", "c2");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKABNR b");
    game.until_seen(sq("c2"), Seen::Red);
    // Select a black piece: its halo appears; a right click takes it away.
    game.click("h7", "1");
    let (x, y, cell) = game.point(sq("h7"));
    let green = blend(wood::SELECTED, wood::BOARD);
    let halo = |g: &Game| g.shot().count_near(x + 0.49 * cell, y, cell * 0.05, green);
    game.until("the selection halo", || (halo(&game) > 0).then_some(()));
    game.click("e4", "3");
    game.until("the halo to go", || (halo(&game) == 0).then_some(()));
    // Nothing was played by the cancelled selection.
    let positions = game.positions().len();
    game.click("e4", "1");
    game.click("h0", "1");
    game.until_logged("refused h0");
    assert_eq!(game.positions().len(), positions);
}

#[test]
fn an_illegal_move_changes_nothing_and_says_why() {
    let game = Game::start("illegal");
    let positions = game.positions().len();
    game.play("e0e2");
    game.until_logged("refused e0e2: a general cannot move from e0 to e2");
    assert_eq!(game.positions().len(), positions, "no position change");
    game.until_seen(sq("e0"), Seen::Red);
    game.until_seen(sq("e2"), Seen::Empty);
}

#[test]
fn checkmate_stops_the_game_until_undo() {
    let game = Game::start("mate");
    for m in ["h2h4", "d9e8", "h4g4", "g6g5", "g4g9"] {
        game.play(m);
    }
    game.until_logged("outcome red-wins checkmate");
    until_banner(&game);
    let positions = game.positions().len();
    let mark = game.mark();
    game.play("a9a8");
    game.until_logged_since(mark, "refused a9");
    assert_eq!(game.positions().len(), positions, "the board refuses moves");
    game.key("ctrl+z");
    game.until_position("rnb1kabnr/4a4/1c5c1/p1p1p3p/6p2/6C2/P1P1P1P1P/1C7/9/RNBAKABNR w");
    game.play("a3a4");
    game.until_seen(sq("a4"), Seen::Red);
}

#[test]
fn undo_redo_and_new_game_by_keys() {
    let game = Game::start("keys");
    for m in ["h2e2", "h9g7", "h0g2"] {
        game.play(m);
    }
    let third = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b";
    game.until_position(third);
    for _ in 0..3 {
        game.key("ctrl+z");
    }
    game.until_position(START);
    game.until_seen(sq("h2"), Seen::Red);
    game.key("ctrl+y");
    game.key("ctrl+y");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
    game.key("ctrl+y");
    game.until_position(third);
    game.key("ctrl+r");
    game.until_position(START);
    game.key("ctrl+z");
    game.until_position(third);
    game.until_seen(sq("g2"), Seen::Red);
}

#[test]
fn clicks_land_after_resizing_and_flipping() {
    let mut game = Game::start("resize");
    game.resize(760, 540);
    game.until_seen(sq("a0"), Seen::Red);
    game.play("h2e2");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    game.resize(1300, 880);
    game.until_seen(sq("e2"), Seen::Red);
    game.key("f");
    game.flipped = true;
    game.until_seen(sq("e2"), Seen::Red);
    game.play("h9g7");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
    game.until_seen(sq("g7"), Seen::Black);
}

/// Esc and Ctrl+W quit, and what only the exit writes is on disk when the game has
/// gone: the moves are autosaved as they are played, but the time the clock ran since
/// is written by the exit alone (a running clock is no change to autosave).
#[test]
fn escape_and_ctrl_w_quit_cleanly() {
    use xiangqi::rules::Color;
    for (name, key) in [("escape", "Escape"), ("ctrl-w", "ctrl+w")] {
        let mut game = Game::start_with(name, &["--clock", "10+0"]);
        game.play("h2e2");
        game.play("h9g7");
        game.until_position(AFTER_H2E2_H9G7);
        // The per-move autosave has both moves, red's clock at its full time less
        // what the first move took.
        let path = game.home().join(".local/share/xiangqi/autosave.txt");
        game.until("the moves autosaved", || {
            let text = std::fs::read_to_string(&path).ok()?;
            let session = xiangqi::games::xiangqi::session::Session::from_snapshot(&text).ok()?;
            (session.game().ply_count() == 2).then_some(())
        });
        let per_move = autosaved(&game).clock().unwrap().left(Color::Red);
        // Red's time runs on; only the exit can write what it came to. (A wait for time
        // to pass, not for the game.)
        std::thread::sleep(std::time::Duration::from_millis(2500));
        game.key(key);
        assert_eq!(game.exit_code(), Some(0), "{key}");
        let session = autosaved(&game);
        let moves: Vec<String> = session.game().moves().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7"], "{key}");
        let at_exit = session.clock().unwrap().left(Color::Red);
        // The clock is read as the frames' times add up: once a second while it runs,
        // so the exit may see up to a frame's time less than went by.
        assert!(
            at_exit + std::time::Duration::from_millis(500) < per_move,
            "{key}: the exit wrote the clock as it stood: {at_exit:?}, per move {per_move:?}"
        );
    }
}

const AFTER_H2E2_H9G7: &str = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w";

const AFTER_H2E2: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";

#[test]
fn ctrl_s_ctrl_r_ctrl_l_restores_the_saved_game() {
    let game = Game::start("save-load");
    game.play("h2e2");
    game.until_position(AFTER_H2E2);
    game.key("ctrl+s");
    game.until_logged("saved slot 1");
    let slot = game.home().join(".local/share/xiangqi/slots/slot-1.pgn");
    let text = std::fs::read_to_string(&slot).expect("slot 1 is a file in the data folder");
    assert!(text.contains("1. 炮二平五"), "{text}");
    game.key("ctrl+r");
    game.until_position(START);
    game.until_seen(sq("e2"), Seen::Empty);
    game.key("ctrl+l");
    game.until_position(AFTER_H2E2);
    game.until_seen(sq("e2"), Seen::Red);
    // The load is undoable like any other step.
    game.key("ctrl+z");
    game.until_position(START);
    game.until_seen(sq("h2"), Seen::Red);
}

#[test]
fn ctrl_e_puts_the_fen_on_the_x_clipboard() {
    let game = Game::start("copy");
    game.play("h2e2");
    game.until_position(AFTER_H2E2);
    game.key("ctrl+e");
    game.until_logged("copied ");
    let copied = game.until("the FEN on the clipboard", || {
        game.clipboard().filter(|c| c.starts_with(AFTER_H2E2))
    });
    assert_eq!(copied, format!("{AFTER_H2E2} - - 1 1"));
    game.key("ctrl+shift+e");
    let pgn = game.until("the PGN on the clipboard", || {
        game.clipboard().filter(|c| c.contains("[FEN "))
    });
    assert!(pgn.contains("1. 炮二平五"), "{pgn}");
}

#[test]
fn ctrl_i_pastes_a_fen_a_chinese_pgn_and_refuses_garbage() {
    let game = Game::start("paste");
    game.set_clipboard("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1");
    game.key("ctrl+i");
    game.until_position("4k4/9/9/9/9/9/9/9/4A4/3AK4 w");
    game.until_seen(sq("a0"), Seen::Empty);
    game.until_seen(sq("e0"), Seen::Red);
    game.set_clipboard("[Event \"测试\"]\n[Result \"*\"]\n\n1. 炮二平五 馬8进7\n2. 傌二进三 *\n");
    game.key("ctrl+i");
    let after = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b";
    game.until_position(after);
    game.until_seen(sq("g2"), Seen::Red);
    let positions = game.positions().len();
    game.set_clipboard("this is not a game");
    game.key("ctrl+i");
    game.until_logged("refused import");
    game.until_logged("notice Could not read the clipboard");
    assert_eq!(game.positions().len(), positions, "the board is untouched");
    game.until_seen(sq("g2"), Seen::Red);
    game.key("ctrl+z");
    game.until_position("4k4/9/9/9/9/9/9/9/4A4/3AK4 w");
}

#[test]
fn the_game_resumes_after_a_kill_and_after_quitting_and_opens_a_file() {
    let game = Game::start("resume");
    game.play("h2e2");
    game.play("h9g7");
    let two = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w";
    game.until_position(two);
    // The autosave is written on a thread of its own, the moment after the move: the
    // kill comes once it is on disk (a kill inside that moment loses the move, as it
    // would a player's).
    let autosave = game.home().join(".local/share/xiangqi/autosave.txt");
    game.until("the second move autosaved", || {
        std::fs::read_to_string(&autosave)
            .is_ok_and(|t| t.contains("h9g7"))
            .then_some(())
    });
    // Dropping the harness kills the game with SIGKILL: no chance to save at exit.
    drop(game);
    let mut game = Game::restart("resume", &[]);
    game.until_position(two);
    game.until_seen(sq("g7"), Seen::Black);
    game.key("ctrl+z");
    game.until_position(AFTER_H2E2);
    game.key("ctrl+w");
    assert_eq!(game.exit_code(), Some(0));
    let file = game.home().join("Documents/opening.pgn");
    std::fs::write(&file, "1. h2e2 b9c7 2. b0c2\n").unwrap();
    drop(game);
    let game = Game::restart("resume", &[file.to_str().unwrap()]);
    game.until_position("r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C4/9/R1BAKABNR b");
    game.until_logged("notice Opened opening.pgn");
    // Ctrl+Z goes back to the resumed game.
    game.key("ctrl+z");
    game.until_position(AFTER_H2E2);
}

#[test]
fn ctrl_g_writes_a_gif_of_the_game_to_the_pictures_folder() {
    let game = Game::start("gif");
    game.play("h2e2");
    game.play("h9g7");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
    game.key("ctrl+g");
    game.until_logged("notice Picture exported to");
    let pictures = game.home().join("Pictures");
    let files: Vec<_> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let bytes = std::fs::read(&files[0]).unwrap();
    assert!(bytes.starts_with(b"GIF89a"));
    let mut decoder = gif::DecodeOptions::new()
        .read_info(bytes.as_slice())
        .unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 3, "the start and two plies");
}

#[test]
fn desktop_install_then_double_clicking_a_pgn_opens_it_in_a_window_with_the_icon() {
    // A GBK, CRLF PGN in Chinese notation, as game sites serve them.
    let pgn = include_bytes!("../data/gbk-crlf.pgn");
    let game = Game::open_from_desktop("desktop", "对局.pgn", pgn);
    game.until_position("r1b1kabr1/4a3c/1cn3n2/p1p1p1R1p/6p2/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB2 w");
    game.until_seen(sq("g6"), Seen::Red);
    game.until_logged("notice Opened 对局.pgn");
    // The window is the one the launcher entry names, and it carries the icon.
    let entry = std::fs::read_to_string(
        game.home()
            .join(".local/share/applications/org.xiangqi.Xiangqi.desktop"),
    )
    .unwrap();
    let class = entry
        .lines()
        .find_map(|l| l.strip_prefix("StartupWMClass="))
        .unwrap();
    let wm_class = game.window_property("WM_CLASS");
    assert!(wm_class.contains(&format!("\"{class}\"")), "{wm_class}");
    let icon = game.window_property("_NET_WM_ICON");
    assert!(icon.contains("Icon (128 x 128)"), "{icon:.200}");
}

#[test]
fn the_referee_rings_a_blocked_horse_warns_of_a_perpetual_chase_and_rules_it() {
    let game = Game::start("referee");
    // The horse on b0 cannot reach d1: the elephant on c0 stands on its leg.
    game.play("b0d1");
    game.until_logged(
        "refused b0d1: a horse cannot move from b0 to d1: the horse's leg is blocked at c0",
    );
    let (x, y, cell) = game.point(sq("c0"));
    let ring = blend(wood::CHECK, wood::BOARD);
    game.until("the ring on the horse's leg", || {
        (game
            .shot()
            .count_near(x + 0.49 * cell, y, cell * 0.05, ring)
            > 0)
        .then_some(())
    });
    // Red's chariot keeps after black's lone cannon.
    game.set_clipboard("3k5/9/9/9/9/4c4/9/9/9/1R2K4 w - - 0 1");
    game.key("ctrl+i");
    game.until_position("3k5/9/9/9/9/4c4/9/9/9/1R2K4 w");
    for m in ["b0b4", "e4e5", "b4b5", "e5e4", "b5b4"] {
        game.play(m);
    }
    game.until_logged("warning Red is chasing the 砲: one more repetition loses");
    for m in ["e4e5", "b4b5", "e5e4", "b5b4"] {
        game.play(m);
    }
    game.until_logged("outcome black-wins perpetual-chase");
    until_banner(&game);
    // Ctrl+Z takes the verdict back: the chariot is on b5 again, the game goes on.
    game.key("ctrl+z");
    game.until_position("3k5/9/9/9/1R7/4c4/9/9/9/4K4 w");
}

#[test]
fn a_collection_opened_from_the_desktop_lists_its_games_and_an_xqf_opens_too() {
    // Three games in one file, with a title and text between them.
    let pgn = include_bytes!("../data/three-games.pgn");
    let game = Game::open_from_desktop("collection", "名局选.pgn", pgn);
    game.until_logged("notice 名局选.pgn holds 3 games: pick one");
    game.until_logged("game list: 3 games in 名局选.pgn");
    game.until_position(START);
    game.until_still();
    game.save_shot("collection-list");
    // The second game, by the keys the list shows: ↓ then Enter.
    game.key("Down");
    game.key("Return");
    game.until_position("r1bakab2/8r/1cn1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 w");
    game.until_logged("notice Opened 名局选.pgn, game 2: 红方棋手 – 黑方棋手");
    game.key("ctrl+z");
    game.until_position(START);
    drop(game);

    // An XQF file named on the command line (what the file manager runs for one).
    let xqf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/xqf/030-黄松轩先胜冯敬如.XQF"
    );
    let game = Game::restart("collection", &[xqf]);
    game.until_position("3nkab2/3ra4/R3b3n/p4rp1p/2p6/4N2R1/P1P3P2/4C1N2/9/2BAKAB2 b");
    game.until_logged("notice Opened 030-黄松轩先胜冯敬如.XQF: an XQF game, 37 plies");
}

#[test]
fn a_big_collection_lists_at_once_and_its_search_box_finds_a_game() {
    // 3,000 games: read on a thread, the list growing as it is read.
    let mut pgn = String::new();
    for i in 1..=3000 {
        pgn.push_str(&format!(
            "[Event \"全国象棋个人赛 第{i}轮\"]\n[Red \"红{i}\"]\n[Black \"许银川\"]\n\n1. 炮二平五 马８进７ *\n\n"
        ));
    }
    // Named on the command line, as a file manager's "open with" does.
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("大合集.pgn");
    std::fs::write(&path, pgn).unwrap();
    // Its list covers the board from the first frames.
    let game = Game::start_covered("big-collection", &[path.to_str().unwrap()]);
    game.until_logged("game list: reading 大合集.pgn");
    game.until_logged("game list: 3000 games in 大合集.pgn");
    let search = game.place("panel games-search");
    game.click_at(search);
    // Letters typed there are the search's, not the table's keys (F flips, M mutes).
    game.type_text("fm");
    game.key("BackSpace");
    game.key("BackSpace");
    game.type_text("红2999");
    game.until_still();
    game.save_shot("collection-search");
    let settings = harness::config_file("big-collection", "settings.ron");
    let kept = std::fs::read_to_string(settings).unwrap_or_default();
    assert!(
        !game.log().contains("notice Sound off") && !kept.contains("flipped: true"),
        "a letter in the search box reached the table: {kept}"
    );
    game.key("Return");
    game.until_logged("notice Opened 大合集.pgn, game 2999: 红2999 – 许银川");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
}

#[test]
fn a_three_second_clock_flags_and_ctrl_z_gives_the_game_back() {
    // `--clock` starts a new timed game; red's time runs at once.
    let game = Game::start_with("clock", &["--clock", "0:03+0"]);
    assert!(banner_pixels(&game) < 50, "no result yet");
    // The flag falls by itself: the banner says so on the board.
    until_banner(&game);
    game.until("the log's position to carry the result", || {
        let last = game.positions().pop()?;
        last.ends_with("outcome black-wins timeout").then_some(())
    });
    game.key("ctrl+z");
    game.until("the banner gone", || {
        (banner_pixels(&game) == 0).then_some(())
    });
    game.until("the result to be taken back", || {
        let last = game.positions().pop()?;
        (!last.contains("outcome")).then_some(())
    });
    // Space restarts the clock (stopped by the undo at 3 s), and it flags again.
    game.key("space");
    until_banner(&game);
    game.until("a second flag fall", || {
        (game.log().matches("flag fell: black-wins timeout").count() == 2).then_some(())
    });
}

#[test]
fn m_mutes_and_the_status_line_says_what_it_did() {
    let game = Game::start("mute");
    let settings = harness::config_file("mute", "settings.ron");
    let kept = || std::fs::read_to_string(&settings).unwrap_or_default();
    game.key("m");
    game.until_logged("notice Sound off");
    // What the game keeps, not only what it says.
    game.until("the sound off in settings.ron", || {
        kept().contains("sound: false").then_some(())
    });
    game.key("m");
    game.until_logged("notice Sound on");
    game.until("the sound on in settings.ron", || {
        kept().contains("sound: true").then_some(())
    });
    let said: Vec<String> = game
        .log()
        .lines()
        .filter_map(|l| l.split("notice ").nth(1).map(str::to_owned))
        .filter(|n| n.starts_with("Sound"))
        .collect();
    assert_eq!(said, ["Sound off", "Sound on"]);
}

/// The settings open in a dialog from the panel's Settings button. A first click is
/// never lost: after ten idle seconds, with the keyboard on the game or elsewhere, one
/// click (the pointer arriving with it) is one press and one release to the game, and
/// the dialog opens, then closes, then opens. In the default window and a small one the
/// dialog lies inside the window, no grey line runs down through the panel (egui draws
/// its edge line there when something in the panel is wider than the panel) and no row
/// is cut off at its edge.
#[test]
fn settings_open_with_no_line_through_the_panel_and_no_row_cut_off() {
    use xiangqi::theme::panel::FILL;
    let game = Game::start("settings");
    let plain = |c: [u8; 3]| harness::close(c, FILL, 6);
    let (x, y) = panel_place(&game, "settings");
    let opened = || {
        let log = game.log();
        log.rfind("settings open").unwrap_or(0) > log.rfind("settings closed").unwrap_or(0)
    };
    let presses = || {
        let log = game.log();
        (
            log.matches("Left Pressed").count(),
            log.matches("Left Released").count(),
        )
    };
    let (x, y) = (x.to_string(), y.to_string());
    let mut elsewhere = None;
    for (focused, open) in [(true, true), (false, false), (false, true)] {
        if !focused && elsewhere.is_none() {
            elsewhere = Some(game.focus_elsewhere());
        }
        // Away from the button (over the other program's window, maybe: not the game's
        // to take).
        game.xdotool(&["mousemove", "100", "100"]);
        // Asleep: no frame since the last one said `idle` (then the click must wake it).
        game.until_idle();
        let (pressed, released) = presses();
        // Sent once, never again: a lost click is what this looks for.
        game.xdotool(&["mousemove", &x, &y, "click", "1"]);
        let what = format!(
            "Settings {} (keyboard on the game: {focused})",
            if open { "open" } else { "closed" }
        );
        game.until(&what, || (opened() == open).then_some(()));
        assert_eq!(
            presses(),
            (pressed + 1, released + 1),
            "{what}: one click, one press and release"
        );
    }
    if let Some(mut xlogo) = elsewhere {
        let _ = xlogo.kill();
        let _ = xlogo.wait();
    }
    game.move_to((100.0, 100.0));
    for size in [None, Some((700, 500))] {
        if let Some((w, h)) = size {
            game.resize(w, h);
            // egui lays out a resized window a frame late: its first settled frame.
            game.place("settings dialog");
        }
        let (w, h) = game.size();
        // The dialog as last placed: `settings dialog at X,Y size WxH` (its centre).
        let placed = game.until("the dialog placed", || {
            let log = game.log();
            let line = log
                .lines()
                .rfind(|l| l.contains("settings dialog at "))?
                .to_owned();
            let rest = line.split("settings dialog at ").nth(1)?;
            let (at, size) = rest.split_once(" size ")?;
            let (cx, cy) = at.split_once(',')?;
            let (dw, dh) = size.trim().split_once('x')?;
            let n = |s: &str| s.trim().parse::<f32>().ok();
            let (cx, cy, dw, dh) = (n(cx)?, n(cy)?, n(dw)?, n(dh)?);
            let inside = cx - dw / 2.0 >= 0.0
                && cy - dh / 2.0 >= 0.0
                && cx + dw / 2.0 <= w
                && cy + dh / 2.0 <= h;
            inside.then_some((cx, cy, dw, dh))
        });
        let left = w - harness::PANEL;
        assert!(
            placed.0 + placed.2 / 2.0 <= left + 1.0,
            "the dialog {placed:?} covers the panel in a {w}x{h} window"
        );
        // No column of the panel (but the scroll bar's, at its right edge) is covered
        // from top to bottom. The frame laid out at a new size is shown a moment after
        // it ran: the screen is read until no such line is seen, or the deadline says
        // one stays.
        let longest_line = || {
            let shot = game.shot();
            let mut longest = (0, 0.0);
            for x in (left as usize + 2)..(w as usize - 16) {
                let mut run = 0;
                for y in 0..h as usize {
                    if plain(shot.at(x as f32, y as f32)) {
                        run = 0;
                    } else {
                        run += 1;
                        if run > longest.0 {
                            longest = (run, x as f32 - left);
                        }
                    }
                }
            }
            longest
        };
        let longest = game.read_until(longest_line, |(run, _)| (*run as f32) < h * 0.4);
        game.save_shot(&format!("settings-{w}x{h}"));
        assert!(
            (longest.0 as f32) < h * 0.4,
            "a line {} px long runs down the panel {} px from its left edge ({w}x{h})",
            longest.0,
            longest.1
        );
        assert!(
            !game.log().contains("panel content overflows"),
            "something is wider than the panel ({w}x{h})"
        );
    }
}

/// Where the editor's panel says `what` is (its log: `edit tray K at 845,79`), as the
/// first frame that settled after the last input left it (the panel lays itself out
/// again after a drop).
fn edit_place(game: &Game, what: &str) -> (f32, f32) {
    game.place(&format!("edit {what}"))
}

#[test]
fn edit_a_mate_in_one_from_an_empty_board_and_play_it() {
    let game = Game::start("edit");
    game.key("F2");
    // Empty the board (its button is there once the editor's panel is drawn), then drag each piece from the tray to its point.
    game.click_at(edit_place(&game, "empty"));
    game.until_seen(sq("a0"), Seen::Empty);
    for (piece, at) in [("K", "d0"), ("k", "e9"), ("R", "a8"), ("R", "b7")] {
        let from = edit_place(&game, &format!("tray {piece}"));
        let (x, y, _) = game.point(sq(at));
        game.drag_between(from, (x, y));
        let want = if piece == "k" { Seen::Black } else { Seen::Red };
        game.until_seen(sq(at), want);
    }
    // A drop where the piece can never stand is refused with the reason.
    let advisor = edit_place(&game, "tray A");
    let (x, y, _) = game.point(sq("e3"));
    game.drag_between(advisor, (x, y));
    game.until_logged("notice A red advisor can never stand on e3");
    assert_eq!(game.seen(&game.shot(), sq("e3")), Seen::Empty);
    // Play from here, then the mate.
    game.click_at(edit_place(&game, "play"));
    game.until_position("4k4/R8/1R7/9/9/9/9/9/9/3K5 w");
    game.play("b7b9");
    game.until("the mate", || {
        let last = game.positions().pop()?;
        last.ends_with("outcome red-wins checkmate").then_some(())
    });
    until_banner(&game);
    // Ctrl+Z takes the mate back, and again the set-up game, back to the start.
    game.key("ctrl+z");
    game.key("ctrl+z");
    game.until_position(START);
}

/// Pixels of the engine's orange arrow anywhere on the board. (Seen drawn as about
/// (198,108,18) over the wood; nothing else on the board is orange: the wood and the
/// grid have more blue, red pieces and their edges less green.)
fn arrow_pixels(game: &Game) -> usize {
    let (x0, y0, _) = game.point(sq(if game.flipped { "i0" } else { "a9" }));
    let (x1, y1, _) = game.point(sq(if game.flipped { "a9" } else { "i0" }));
    let shot = game.shot();
    let orange = |[r, g, b]: [u8; 3]| r > 170 && (90..=175).contains(&g) && b < 70;
    let mut n = 0;
    for y in y0 as usize..=y1 as usize {
        for x in x0 as usize..=x1 as usize {
            n += usize::from(orange(shot.at(x as f32, y as f32)));
        }
    }
    n
}

/// A player alone at the table with the real Fairy-Stockfish: A shows the analysis
/// and its arrow and hides both, H points at a move, and with the computer set to
/// black (as the settings file keeps it) a move by the mouse is answered, and Ctrl+Z
/// takes back both.
#[test]
fn a_player_alone_gets_analysis_a_hint_and_the_computer_as_opponent() {
    let mut game = Game::start("engine");
    assert_eq!(arrow_pixels(&game), 0);
    game.key("a");
    game.until_logged("notice Analysis on");
    game.until_logged("engine started: Fairy-Stockfish");
    game.until("the analysis arrow", || {
        (arrow_pixels(&game) > 150).then_some(())
    });
    // The evaluation bar: red and black side by side in the panel.
    let (w, _) = game.size();
    let left = w - harness::PANEL;
    game.until("the evaluation bar", || {
        let shot = game.shot();
        (0..600).find_map(|y| {
            let row = |c| {
                (0..260)
                    .filter(|&i| harness::close(shot.at(left + 10.0 + i as f32, y as f32), c, 12))
                    .count()
            };
            (row(wood::RED) > 5 && row(wood::BLACK) > 5).then_some(())
        })
    });
    game.key("a");
    game.until_logged("notice Analysis off");
    game.until("the arrow gone", || {
        (arrow_pixels(&game) == 0).then_some(())
    });

    game.key("h");
    game.until_logged("notice Hint: ");
    game.until("the hint's arrow", || {
        (arrow_pixels(&game) > 150).then_some(())
    });
    game.key("ctrl+w");
    assert_eq!(game.exit_code(), Some(0));
    drop(game);

    // As the panel's "Computer plays black" leaves it (a hand-written file: what is
    // not said is the default).
    let settings = harness::config_file("engine", "settings.ron");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    std::fs::write(
        &settings,
        "(computer: \"black\", strength: \"depth 3\", level: 0)\n",
    )
    .unwrap();
    let game = Game::restart("engine", &[]);
    game.play("h2e2");
    game.until_logged("engine plays ");
    game.until("the computer's reply", || {
        let positions = game.positions();
        (positions.len() >= 3 && positions.last()?.contains(" w ")).then_some(())
    });
    let replies = game.positions().len();
    game.key("ctrl+z");
    game.until_position(START);
    // The sign that the engine has had its say since: a hint asked now comes (the
    // engine answers in order, so a move of the computer's would have come first).
    let hints = game.log().matches("notice Hint: ").count();
    game.key("h");
    game.until("the hint after the take-back", || {
        (game.log().matches("notice Hint: ").count() > hints).then_some(())
    });
    assert_eq!(
        game.positions().len(),
        replies + 1,
        "the computer waits for the player's move"
    );
}

/// Where the panel says a button is (its log: `panel resign at 1000,212`).
/// The game in Chinese in a window of 800×600 points, laid out at that size: a pointer
/// move after the resize, so that places read next are the new layout's (the resize's
/// own frame settles before egui lays the panel out again).
fn small_chinese(name: &str) -> Game {
    small_in(name, "zh_CN.UTF-8")
}

/// A window of 800×600 points started in `locale`'s language.
fn small_in(name: &str, locale: &str) -> Game {
    let game = Game::start_as(name, locale, 1.0, &[]);
    game.resize(800, 600);
    game.until_settled();
    game.move_to((400.0, 590.0));
    game.until_settled();
    game
}

fn panel_place(game: &Game, what: &str) -> (f32, f32) {
    game.place(&format!("panel {what}"))
}

/// The window does no work while nothing runs: once its last frame said `idle` (a
/// slide, a sound and the last redraws done), the process's CPU ticks over three
/// seconds.
///
/// A second three seconds are measured when the first saw work: a write the end of a
/// game started on a thread of its own (the library's, the autosave's) may finish inside
/// the first (one tick of `blocking-1` was seen once); a window that keeps working shows
/// in both.
fn assert_idle(game: &Game, when: &str) {
    game.until_idle();
    let first = game.cpu_ticks_by_thread_over(3);
    if first.is_empty() {
        return;
    }
    let second = game.cpu_ticks_by_thread_over(3);
    assert!(
        second.is_empty(),
        "{when}: CPU ticks in 3 s while nothing runs, by thread: {first:?}, then {second:?}"
    );
}

#[test]
fn the_window_sleeps_after_a_flag_fall_a_resignation_a_mate_and_in_the_editor_focused_or_not() {
    let game = Game::start_with("idle", &["--clock", "0:03+0"]);
    game.until_logged("flag fell: black-wins timeout");
    until_banner(&game);
    assert_idle(&game, "after a flag fall");

    // A new game, resigned from the panel (it asks once).
    let started = || game.log().matches("notice New game").count();
    let new_game = || {
        let before = started();
        game.key("ctrl+r");
        game.until("a new game", || (started() > before).then_some(()));
    };
    new_game();
    game.click_at(panel_place(&game, "resign"));
    game.click_at(panel_place(&game, "confirm-resign"));
    game.until_logged("game ended: black-wins resignation");
    until_banner(&game);
    assert_idle(&game, "after a resignation");

    new_game();
    for m in ["h2h4", "d9e8", "h4g4", "g6g5", "g4g9"] {
        game.play(m);
    }
    game.until_logged("outcome red-wins checkmate");
    until_banner(&game);
    assert_idle(&game, "after a mate");

    game.key("F2");
    edit_place(&game, "empty");
    assert_idle(&game, "with the editor open");

    // Another program has the keyboard: the game's window still sleeps.
    let mut other = game.focus_elsewhere();
    assert_idle(&game, "unfocused, with the editor open");
    let _ = other.kill();
    let _ = other.wait();
}

/// Where the panel last said it drew `what` (`panel move 17 at 900,395`), if it has.
fn last_place(game: &Game, what: &str) -> Option<(f32, f32)> {
    let prefix = format!("panel {what} at ");
    let log = game.log();
    let line = log.lines().rfind(|l| l.contains(&prefix))?.to_owned();
    let (x, y) = line.split(&prefix).nth(1)?.trim().split_once(',')?;
    Some((x.parse().ok()?, y.trim().parse().ok()?))
}

/// Where the panel drew `what`, settled: a menu's first frame lays it out somewhere
/// else before it knows its size.
fn settled_place(game: &Game, what: &str) -> (f32, f32) {
    panel_place(game, what)
}

/// A downloaded GBK game with players, a result, comments and a variation.
const COMMENTED: &str = "[Event \"全国象棋个人赛\"]\n[Site \"北京\"]\n[Date \"1960.10.01\"]\n[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n[Result \"1-0\"]\n[Annotator \"某某\"]\n\n{这是一盘名局。}\n1. 炮二平五 {中炮开局} 马８进７ 2. 马二进三 车９平８ (2... 卒７进１ {另一种下法}) 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 车二进六 {过河车} 炮８平９ 6. 车二平三 炮９退１ 7. 马八进七 士４进５ 8. 马七进六 炮９平７ 1-0\n";

/// A commented file opened; three moves back a different move is played: the move list
/// shows it as a variation (highlighted, under the move it replaces), the menu promotes
/// it to the main line, Ctrl+Z takes that back, a comment typed (Chinese too) goes onto
/// it, and the copied PGN has the file's players, result and comments and the new line.
#[test]
fn a_variation_played_in_a_commented_file_is_shown_promoted_undone_commented_and_copied() {
    use xiangqi::rules::tree::GameTree;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("variation-file");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("名局.pgn");
    let (gbk, _, _) = encoding_rs::GBK.encode(COMMENTED);
    std::fs::write(&path, &gbk).unwrap();
    let record = xiangqi::rules::pgn::read(COMMENTED).unwrap().record;
    let tree = GameTree::from_record(&record).unwrap();
    let main = tree.main_line();
    // Three moves back from the end (16 plies): black to move at ply 13.
    let before = record.game.position_at(13).clone();
    let played = record.game.moves().nth(13).unwrap();
    let other = *before
        .legal_moves()
        .iter()
        .find(|&&m| {
            m != played
                && before
                    .piece_at(m.from)
                    .is_some_and(|p| p.role == xiangqi::rules::Role::Chariot)
        })
        .unwrap();
    let after = before.play(other).unwrap();
    let new = tree.move_count() + 1;

    let game = Game::start_with("variation", &[path.to_str().unwrap()]);
    game.until_logged("notice Opened 名局.pgn");
    for _ in 0..3 {
        game.key("Left");
    }
    game.until_position(&before.to_fen());
    game.play(&other.to_string());
    game.until_position(&after.to_fen());

    // The new move is in the list, highlighted, below the move it replaces.
    let replaced = format!("move {}", main[13].index());
    // Both as the move list settled after the move (its first frame lays the new row
    // out where the next main-line move then goes).
    let (x, y) = panel_place(&game, &format!("move {new}"));
    let (_, main_y) = panel_place(&game, &replaced);
    assert!(
        y > main_y,
        "the variation ({y}) comes after the move it replaces ({main_y})"
    );
    let selection = xiangqi::theme::Rgba(144, 209, 255, 255);
    game.until("the variation highlighted", || {
        (game.shot().count_near(x, y, 12.0, selection) > 40).then_some(())
    });

    // Promoted from its menu: it moves above the move it replaced.
    game.click_button((x, y), "3");
    let promote = settled_place(&game, "promote");
    game.click_at(promote);
    game.until_logged("record edit promote");
    game.until("the variation promoted", || {
        let (_, y) = last_place(&game, &format!("move {new}"))?;
        let (_, old) = last_place(&game, &replaced)?;
        (y < old).then_some(())
    });
    // Ctrl+Z: the file's move is the main line again.
    game.key("ctrl+z");
    game.until("the promotion taken back", || {
        let (_, y) = last_place(&game, &format!("move {new}"))?;
        let (_, old) = last_place(&game, &replaced)?;
        (y > old).then_some(())
    });

    // A comment on the new move, typed into the box under the list.
    let comment = settled_place(&game, "comment");
    game.click_at(comment);
    // Chinese and English, pasted whole (the clipboard then holds the comment).
    game.type_text("好好 strong");
    game.until_logged(&format!("record edit comment {new} (9 chars)"));
    game.key("ctrl+shift+e");
    let pgn = game.until("the game on the clipboard", || {
        game.clipboard()
            .filter(|c| c.contains("[Event") && c.contains("好好 strong"))
    });
    let variation = xiangqi::rules::Notation::Chinese.write(&before, other);
    for kept in [
        "[Event \"全国象棋个人赛\"]",
        "[Site \"北京\"]",
        "[Date \"1960.10.01\"]",
        "[Red \"胡荣华\"]",
        "[Black \"杨官璘\"]",
        "[Result \"1-0\"]",
        "[Annotator \"某某\"]",
        "{这是一盘名局。}",
        "{中炮开局}",
        "(2... 卒７进１ {另一种下法})",
        "{过河车}",
        &format!("(7... {variation} {{"),
        "好好 strong})",
    ] {
        assert!(
            pgn.contains(kept),
            "{kept} is not in the copied game:\n{pgn}"
        );
    }
}

/// Where Go point `name` of a `size` board is on the screen.
fn go_point(game: &Game, name: &str, size: u8) -> (f32, f32) {
    let (w, h) = game.size();
    let board_w = w - harness::PANEL;
    let cell =
        (board_w / xiangqi::theme::geometry::WIDTH).min(h / xiangqi::theme::geometry::HEIGHT);
    let world =
        xiangqi::app::go::view::world_at(xiangqi::go::Point::from_gtp(name, size).unwrap(), size);
    let unit = xiangqi::app::xiangqi::view::board::CELL;
    (
        board_w / 2.0 + world.x / unit * cell,
        h / 2.0 - world.y / unit * cell,
    )
}

/// The table switched to Go from the panel, a 9×9 game: stones played with the mouse
/// stand where they were put (seen on the screen), a capture makes a ko, the ko point
/// is refused with its reason (said under the pointer before the click, and crossed),
/// two passes open the count, a group is marked and the mark undone, the count accepted
/// and saved, and the Xiangqi table comes back as it was.
#[test]
fn go_stones_are_played_with_the_mouse_a_ko_point_refused_and_the_xiangqi_table_kept() {
    let game = Game::start("go");
    game.play("h2e2");
    game.until_position(AFTER_H2E2);
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.click_at(panel_place(&game, "go-9"));
    let at = |name: &str| go_point(&game, name, 9);
    for name in ["B3", "C3", "A2", "D2", "B1", "C1"] {
        game.click_at(at(name));
        game.until_logged(&format!("go plays {name}"));
    }
    game.click_at(panel_place(&game, "go-pass"));
    game.until_logged("go plays pass");
    game.click_at(at("B2"));
    game.until_logged("go plays B2");
    game.click_at(at("C2"));
    game.until_logged("go plays C2");
    game.click_at(at("B2"));
    game.until_logged("go refused B2: B2 is a ko just taken");
    // On the screen: black stones dark on B3 and A2, white light on C3, and B2 bare (the
    // white stone there was taken). Looked at below right of each centre, away from the
    // shine.
    let spacing = at("C3").0 - at("B3").0;
    let off = |p: (f32, f32)| (p.0 + 0.2 * spacing, p.1 + 0.2 * spacing);
    let shot = game.until("the stones drawn", || {
        let shot = game.shot();
        let near = |p: (f32, f32), c| shot.count_near(off(p).0, off(p).1, 5.0, c);
        let dark = |p| near(p, xiangqi::theme::go::BLACK) > 40;
        let light = |p| near(p, xiangqi::theme::go::WHITE) > 40;
        (dark(at("B3")) && dark(at("A2")) && light(at("C3"))).then_some(shot)
    });
    let b2 = off(at("B2"));
    assert!(
        shot.count_near(b2.0, b2.1, 5.0, xiangqi::theme::go::WHITE) < 10,
        "the white stone on B2 was taken"
    );
    // The pointer coming over the ko point, before any click, says why it is refused,
    // and the point is crossed on the board.
    let (x, y) = at("B2");
    game.move_to(at("E5"));
    game.move_to((x, y));
    game.until_logged("go hover B2: B2 is a ko just taken: play a threat elsewhere first");
    game.until("the ko point crossed", || {
        let shot = game.shot();
        (shot.count_near(x, y, 0.12 * spacing, xiangqi::theme::go::FORBIDDEN) > 4).then_some(())
    });
    // Two passes open the count: the dead stones are suggested, a click on a white stone
    // marks its group (the count changes), Ctrl+Z takes the mark back, and the count
    // accepted is the game's result, saved.
    game.click_at(panel_place(&game, "go-pass"));
    game.click_at(panel_place(&game, "go-pass"));
    game.until_logged("go counting opens");
    game.until_logged("go dead stones suggested");
    let count_lines = |game: &Game| -> Vec<String> {
        game.log()
            .lines()
            .filter_map(|l| l.split_once("go count ").map(|(_, c)| c.to_owned()))
            .collect()
    };
    let before = game.until("the count shown", || count_lines(&game).last().cloned());
    game.click_at(at("C3"));
    game.until_logged("go marks white 1 stones");
    let marked = game.until("the count changed", || {
        count_lines(&game).last().filter(|c| **c != before).cloned()
    });
    game.save_shot("go-count-marked");
    game.key("ctrl+z");
    game.until("the mark taken back", || {
        (count_lines(&game).last() == Some(&before)).then_some(())
    });
    assert_ne!(marked, before);
    game.click_at(panel_place(&game, "go-accept"));
    game.until_logged("go result ");
    game.until_still();
    game.save_shot("go-count-accepted");
    let result = game
        .log()
        .lines()
        .rev()
        .find_map(|l| l.split_once("go result ").map(|(_, r)| r.trim().to_owned()))
        .unwrap();
    let file = game.home().join(".local/share/xiangqi/go-autosave.sgf");
    game.until("the result saved", || {
        std::fs::read_to_string(&file)
            .ok()
            .filter(|t| t.contains(&format!("RE[{result}]")))
    });
    // Back to Xiangqi: its game as it was.
    game.click_at(panel_place(&game, "table-xiangqi"));
    game.until_logged("table switches to Xiangqi");
    game.until_seen(sq("e2"), Seen::Red);
}

/// A real 76-ply game opened and reviewed by the engine (R): the progress bar and Stop
/// while it runs, the graph when done, Home and `]` go to the first marked move
/// with the better move as an arrow, a click on the graph shows that move; the
/// evaluations are in the game saved, and the window is idle again.
#[test]
fn a_game_is_reviewed_its_graph_shown_and_a_marked_move_has_its_better_move_as_an_arrow() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-76.pgn");
    let game = Game::start_with("review", &[path.to_str().unwrap()]);
    game.until_logged("imported 76 plies");
    panel_place(&game, "review");
    game.key("r");
    game.until_logged("review started: 77 positions");
    // While it runs: the progress bar's Stop.
    panel_place(&game, "review-stop");
    game.until_logged("review done: 77 positions");
    let graph = panel_place(&game, "review-graph");
    game.save_shot("review-done");
    game.key("Home");
    let mark = game.mark();
    game.key("bracketright");
    game.until_logged_since(mark, "arrow ");
    game.until_still();
    game.save_shot("review-marked-move");
    // The ply gone to and the arrow's move, as logged after `]`.
    let said = game.since(mark);
    let word_after = |prefix: &str| -> String {
        let line = said
            .lines()
            .find(|l| l.contains(prefix))
            .unwrap_or_default();
        let rest = line.split(prefix).nth(1).unwrap_or_default();
        rest.split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let ply: usize = word_after("review goes to ply ").parse().unwrap();
    let better: xiangqi::rules::Move = word_after("arrow ").parse().unwrap();
    let record = xiangqi::rules::read::read_any_bytes(&std::fs::read(&path).unwrap())
        .unwrap()
        .record;
    let before = record.game.position_at(ply - 1).clone();
    let played = record.game.moves().nth(ply - 1).unwrap();
    // The board shows the game at that ply.
    game.until_position(&record.game.position_at(ply).to_fen());
    // The arrow is the better move of the position before the marked one, and
    // Fairy-Stockfish itself (a fresh one, at the review's depth) finds it no worse
    // than the move played: the mark is a real mistake, the arrow a real answer.
    assert!(
        before.legal_moves().contains(&better) && better != played,
        "the arrow {better} is another legal move at ply {ply} (played: {played})"
    );
    let after_played = fsf::score(&before.play(played).unwrap(), 9);
    let after_better = fsf::score(&before.play(better).unwrap(), 9);
    assert!(
        after_better <= after_played + 30,
        "ply {ply}: Fairy-Stockfish gives the opponent {after_better} after {better} (the \
         arrow), {after_played} after {played} (played)"
    );
    // Drawn as that move: orange on the way from its point to its point.
    let (x0, y0, cell) = game.point(better.from);
    let (x1, y1, _) = game.point(better.to);
    let orange = |[r, g, b]: [u8; 3]| r > 170 && (90..=175).contains(&g) && b < 70;
    let shot = game.shot();
    let on_the_way = (-4..=4)
        .flat_map(|dy| (-4..=4).map(move |dx| (dx, dy)))
        .filter(|(dx, dy)| {
            let (x, y) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            orange(shot.at(x + *dx as f32 * cell / 20.0, y + *dy as f32 * cell / 20.0))
        })
        .count();
    assert!(
        on_the_way > 5,
        "the arrow drawn from {} to {}: {on_the_way} orange pixels at its middle",
        better.from,
        better.to
    );
    // The graph's middle: the middle of the game.
    let (w, h) = game.size();
    assert!(
        graph.0 < w && graph.1 < h,
        "the graph is in the window: {graph:?}"
    );
    let seen = game.log().matches("action GoTo").count();
    // Where the graph is now: the move list above it settles its height a frame late.
    let graph = stable_place(&game, "review-graph");
    game.click_at(graph);
    game.until("a move of the middle shown", || {
        (game.log().matches("action GoTo").count() > seen).then_some(())
    });
    // The evaluations went into the game: the autosave holds them.
    game.until("the evaluations autosaved", || {
        (autosaved(&game).record().evals.len() == 76).then_some(())
    });
    assert_idle(&game, "after the review");
}

/// Ctrl+= zooms the panel (it grows, its buttons move and stay usable), the zoom is kept
/// in the settings file and after a restart, and Ctrl+0 brings it back to 100 %.
#[test]
fn ui_scale_follows_ctrl_plus_and_minus_and_is_kept() {
    let game = Game::start("scale");
    let before = panel_place(&game, "table-go");
    game.key("ctrl+equal");
    game.key("ctrl+equal");
    game.until_logged("zoom 125%");
    let zoomed = game.until("the panel zoomed", || {
        let at = panel_place(&game, "table-go");
        (at != before).then_some(at)
    });
    // Wider and taller: its first button lies further left and lower.
    assert!(
        zoomed.0 < before.0 && zoomed.1 > before.1,
        "{before:?} → {zoomed:?}"
    );
    game.save_shot("scale-125");
    // Still a button: the Go table opens from it.
    game.click_at(zoomed);
    game.until_logged("table switches to Go");
    let settings = game.home().join(".config/xiangqi/settings.ron");
    game.until("the zoom saved", || {
        std::fs::read_to_string(&settings)
            .ok()
            .filter(|t| t.contains("zoom: 1.25"))
    });
    // Back at the Xiangqi table (the restart waits for its board).
    game.click_at(panel_place(&game, "table-xiangqi"));
    game.until_logged("table switches to Xiangqi");
    game.until("the table saved", || {
        std::fs::read_to_string(&settings)
            .ok()
            .filter(|t| t.contains("table: \"xiangqi\"") && t.contains("zoom: 1.25"))
    });
    drop(game);
    // Kept: one step down from 125 % is 110 %.
    let game = Game::restart("scale", &[]);
    game.key("ctrl+minus");
    game.until_logged("zoom 110%");
    game.key("ctrl+0");
    game.until_logged("zoom 100%");
}

/// Where the panel says `what` is, settled (the panel may lay itself out again a frame
/// after a change).
fn stable_place(game: &Game, what: &str) -> (f32, f32) {
    panel_place(game, what)
}

/// Where the menu bar's menu or item `what` is (`MenuView`, `Zoom(1)`, as logged).
fn menu_place(game: &Game, what: &str) -> (f32, f32) {
    panel_place(game, &format!("menu {what}"))
}

/// The menu bar holds the commands: View → Zoom in zooms, Edit → Undo takes back a move,
/// and each item shows its shortcut; the toolbar's icons redo, undo and flip.
#[test]
fn menu_bar_items_do_what_their_keys_do() {
    let mut game = Game::start("menu");
    game.play("h2e2");
    game.until_position(AFTER_H2E2);
    // A menu's items are laid out once before the popup finds its place: read them after.
    let open = |menu: &str| {
        game.click_at(menu_place(&game, menu));
    };
    open("MenuEdit");
    game.save_shot("menu-edit");
    game.click_at(menu_place(&game, "Undo"));
    game.until_position(xiangqi::rules::Position::new().to_fen().as_str());
    // The toolbar's icons: redo brings the move back, undo takes it again, flip turns
    // the board. (Before the zoom: it lays the panel out anew, and a place read in
    // between would be the old one.)
    game.click_at(panel_place(&game, "tool-redo"));
    game.until_position(AFTER_H2E2);
    game.click_at(panel_place(&game, "tool-undo"));
    game.until_position(xiangqi::rules::Position::new().to_fen().as_str());
    game.click_at(panel_place(&game, "tool-flip"));
    game.flipped = true;
    game.until_seen(sq("e0"), Seen::Red);
    game.until_seen(sq("e9"), Seen::Black);
    game.save_shot("menu-toolbar-flipped");
    game.click_at(menu_place(&game, "MenuView"));
    // The popup's items once it has found its place (a loaded CI machine once clicked
    // the place of its first layout, and nothing was there).
    game.click_at(stable_place(&game, "menu Zoom(1)"));
    game.until_logged("zoom 110%");
}

/// Help → Manual opens the chapter of the game on the table, in the window's language:
/// the page is written under the game's data folder, with the chapter's title.
#[test]
fn help_manual_writes_and_opens_the_chapter_of_the_table() {
    let game = Game::start("manual");
    game.click_at(menu_place(&game, "Help"));
    game.click_at(stable_place(
        &game,
        "menu Own(OpenManual(OpenManual(\"playing\")))",
    ));
    game.until_logged("manual opened: ");
    let log = game.log();
    let page = log
        .lines()
        .find_map(|l| l.split("manual opened: ").nth(1))
        .unwrap()
        .trim()
        .to_owned();
    assert!(page.starts_with(game.home().to_str().unwrap()), "{page}");
    assert!(
        page.ends_with("/en/playing.html") || page.ends_with("/zh/playing.html"),
        "{page}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let title = if page.ends_with("/en/playing.html") {
        "Playing"
    } else {
        "对弈"
    };
    assert!(html.contains(&format!("<h1>{title}</h1>")), "{page}");
}

/// A mate in two from the collection, by the mouse: a wrong move first (told, answered
/// by the engine, taken back by Retry), then the solution, the defender answering; the
/// puzzle is solved, and still marked solved after a restart; then the list, filtered
/// by length and book, opens the one puzzle left.
#[test]
fn a_puzzle_is_failed_retried_solved_with_the_mouse_kept_solved_and_found_in_the_list() {
    use xiangqi::games::xiangqi::puzzles::{Shelf, collection};
    let puzzle = collection()
        .iter()
        .find(|p| p.mate_in() == Some(2) && p.solver() == xiangqi::rules::Color::Red)
        .expect("a mate in two for red");
    let start = puzzle.start.clone();
    let wrong = start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            m != puzzle.solution[0] && start.play(m).is_ok_and(|p| !p.legal_moves().is_empty())
        })
        .expect("a move that does not mate");
    let game = Game::start_with("puzzle", &["--puzzle", &puzzle.id]);
    game.until_logged(&format!("training puzzle {}", puzzle.id));
    game.until_position(&start.to_fen());
    game.play(&wrong.to_string());
    game.until_logged(&format!("puzzle wrong move {wrong}"));
    game.until_logged("puzzle refutation");
    // The engine's answer lands on the board before the picture is kept.
    let answer: xiangqi::rules::Move = game.until("the refutation", || {
        let log = game.log();
        let line = log
            .lines()
            .rfind(|l| l.contains("puzzle refutation "))?
            .to_owned();
        line.split("puzzle refutation ").nth(1)?.trim().parse().ok()
    });
    game.until_seen(answer.to, Seen::Black);
    game.save_shot("puzzle-wrong");
    // The button once the panel has settled after the refutation (its words above it
    // change; a loaded CI machine once clicked where it had been a frame before).
    game.click_at(stable_place(&game, "puzzle-retry"));
    game.until_logged("puzzle retry");
    game.until_position(&start.to_fen());
    game.play(&puzzle.solution[0].to_string());
    let answered = start
        .play(puzzle.solution[0])
        .and_then(|p| p.play(puzzle.solution[1]))
        .unwrap();
    game.until_position(&answered.to_fen());
    game.play(&puzzle.solution[2].to_string());
    game.until_logged(&format!("puzzle {} solved", puzzle.id));
    game.save_shot("puzzle-solved");
    drop(game);
    let game = Game::restart("puzzle", &["--puzzle", &puzzle.id]);
    game.until_logged(&format!(
        "training puzzle {} ({}, mate in 2) solved before",
        puzzle.id, puzzle.source
    ));

    // The list, filtered: the mates in four, then those of 梦入神机 among them; a click on
    // the first row opens it.
    let all = collection();
    let mut books = Vec::new();
    for p in all {
        if !books.contains(&p.shelf()) {
            books.push(p.shelf());
        }
    }
    let ours_book = Shelf::Book("梦入神机".into());
    let book = books
        .iter()
        .position(|b| *b == ours_book)
        .expect("梦入神机 in the list")
        + 1;
    let fours: Vec<_> = all.iter().filter(|p| p.mate_in() == Some(4)).collect();
    let ours: Vec<_> = fours.iter().filter(|p| p.shelf() == ours_book).collect();
    assert!(ours.len() > 1 && ours.len() < fours.len());
    game.click_at(panel_place(&game, "puzzle-list"));
    game.until_logged(&format!("puzzle list shows {}", all.len()));
    game.click_at(stable_place(&game, "puzzle-length"));
    game.click_at(stable_place(&game, "puzzle-length-4"));
    game.until_logged(&format!("puzzle list shows {}", fours.len()));
    game.click_at(stable_place(&game, "puzzle-book"));
    game.click_at(stable_place(&game, &format!("puzzle-book-{book}")));
    game.until_logged(&format!("puzzle list shows {}", ours.len()));
    game.save_shot("puzzle-list");
    game.click_at(stable_place(&game, "puzzle-first-row"));
    game.until_logged(&format!(
        "training puzzle {} ({}, mate in 4)",
        ours[0].id, ours[0].source
    ));
    game.until_position(&ours[0].start.to_fen());
}
