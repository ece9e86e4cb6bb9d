//! One table, two games, in a real window: at the Go table Xiangqi's keys do nothing to
//! the Xiangqi table, its engine rests, and coming back finds it as it was left.

use super::harness::{Game, Seen};
use super::{AFTER_H2E2, go_point, panel_place, sq};

/// The clock's last reading the game logged in `log` (`xiangqi clock waits: red 598.250
/// black 600.000, periods used 0 0`), as (red, black) seconds.
fn clock_logged(log: &str, what: &str) -> Option<(f64, f64)> {
    clock_and_periods_logged(log, what).map(|(red, black, _)| (red, black))
}

/// The same reading with the 读秒 periods each side has used: (red, black, [used]).
fn clock_and_periods_logged(log: &str, what: &str) -> Option<(f64, f64, [u8; 2])> {
    let line = log
        .lines()
        .rfind(|l| l.contains(&format!("xiangqi clock {what}: ")))?;
    let rest = line.split(&format!("xiangqi clock {what}: ")).nth(1)?;
    let mut words = rest.split_whitespace().map(|w| w.trim_end_matches(','));
    let red = words.nth(1)?.parse().ok()?;
    let black = words.nth(1)?.parse().ok()?;
    let used = [words.nth(2)?.parse().ok()?, words.next()?.parse().ok()?];
    Some((red, black, used))
}

/// Presses Space and waits for the clock's reading it logs as `what` (`paused`, `runs`).
fn space_logged(game: &Game, what: &str) -> (f64, f64, [u8; 2]) {
    let mark = game.mark();
    game.key("space");
    game.until(&format!("the clock {what}"), || {
        clock_and_periods_logged(&game.since(mark), what)
    })
}

/// Space pauses the clock, also in 读秒, and the pause costs nothing (issue 91): red's
/// base of a second spent, its first 5 s period running, paused for 7 s (longer than
/// the period; the window sleeps), run again for a second and paused: red has used no
/// period, and what is left of it went down by about the second it ran.
#[test]
fn a_pause_costs_no_time_and_no_byoyomi_period() {
    let game = Game::start_with("pause", &["--clock", "0:01+0/5x3"]);
    game.until_logged("xiangqi clock Byoyomi");
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let paused = space_logged(&game, "paused");
    assert_eq!(
        paused.2,
        [0, 0],
        "red plays in its first period: {paused:?}"
    );
    std::thread::sleep(std::time::Duration::from_secs(7));
    let resumed = space_logged(&game, "runs");
    assert!(
        (resumed.0 - paused.0).abs() < 0.05 && resumed.2 == [0, 0],
        "nothing ran while paused: {paused:?} then {resumed:?}"
    );
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let again = space_logged(&game, "paused");
    assert_eq!(again.2, [0, 0], "no period used by the pause: {again:?}");
    let ran = resumed.0 - again.0;
    assert!(
        (0.8..2.0).contains(&ran),
        "red's period went down by the second it ran: {resumed:?} then {again:?}"
    );
    assert!(
        !game.log().contains("flag fell"),
        "nobody lost on time while paused"
    );
}

/// The CPU ticks process `pid` used over `secs` seconds.
fn ticks_of(pid: u32, secs: u64) -> u64 {
    let read = || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // After the command's name in brackets, from the state (field 3) on: utime and
        // stime are fields 14 and 15.
        let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let fields: Vec<&str> = after.split_whitespace().collect();
        let field =
            |n: usize| -> u64 { fields.get(n - 3).and_then(|f| f.parse().ok()).unwrap_or(0) };
        field(14) + field(15)
    };
    let before = read();
    std::thread::sleep(std::time::Duration::from_secs(secs));
    read() - before
}

/// Waits until the engine's lines, logged after byte `from` of the log, reach `depth`
/// for the analysis.
fn until_depth(game: &Game, from: usize, depth: u32) {
    game.until(&format!("the analysis at depth {depth}"), || {
        game.log()[from..]
            .lines()
            .filter_map(|l| l.split("engine depth ").nth(1))
            .filter(|rest| rest.ends_with("(Analyse)"))
            .filter_map(|rest| rest.split_whitespace().next()?.parse::<u32>().ok())
            .any(|d| d >= depth)
            .then_some(())
    });
}

/// A Xiangqi game with a running clock and the analysis on; at the Go table H, A, R, F,
/// Space, F2, `]`, Ctrl+G and a stone played: the Xiangqi engine stops searching and
/// no Fairy-Stockfish is started, each Xiangqi key means nothing to Xiangqi (H, A, R
/// and `]` are GNU Go's hint, territory and review here), Space is the Go clock's; back at 象棋 the position, the board's way up, the analysis and the clock
/// (within a second) are as left.
#[test]
fn keys_at_the_go_table_leave_the_xiangqi_table_alone() {
    let game = Game::start_with("tables", &["--clock", "10+0"]);
    game.play("h2e2");
    game.until_position(AFTER_H2E2);
    game.key("a");
    game.until_logged("engine asked: Analyse");
    let pid: u32 = game.until("the engine's process", || {
        let log = game.log();
        let line = log
            .lines()
            .find(|l| l.contains("engine started: "))?
            .to_owned();
        line.rsplit_once("(process ")?
            .1
            .trim_end_matches(')')
            .parse()
            .ok()
    });
    // The engine's own lines say it searches: a depth of 5 reached.
    until_depth(&game, 0, 5);

    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    // And its answer to the stop that it no longer does.
    game.until_logged("engine stopped");
    let stopped = game.log().rfind("engine stopped").unwrap();
    let left = game.until("the clock's reading on leaving", || {
        clock_logged(&game.log(), "waits")
    });
    let at_go = game.log().len();
    game.click_at(panel_place(&game, "go-9"));
    game.until_logged("go new game");
    // (F3 is Go's own here, its problems: the go_problem scenario.)
    for key in ["a", "r", "f", "F2", "bracketright", "o"] {
        game.key(key);
    }
    // H is a hint here too: GNU Go's, for the Go game.
    game.key("h");
    game.until_logged("go hint ");
    game.click_at(go_point(&game, "E5", 9));
    game.until_logged("go plays E5");
    // The move box takes Go moves too: a point's name, and pass; a taken point is
    // refused as a click on it is.
    game.key("slash");
    game.until_logged("move box open");
    game.type_text("e5");
    game.key("Return");
    game.until_logged("go refused E5");
    for _ in 0..2 {
        game.key("BackSpace");
    }
    game.type_text("d4");
    game.key("Return");
    game.until_logged("go plays D4");
    game.type_text("pass");
    game.key("Return");
    game.until_logged("go plays pass");
    game.key("Escape");
    game.until_logged("move box closed");
    // The board cursor at the Go table: F6, from the centre two to the right, Enter.
    game.key("F6");
    game.until_logged("go cursor at E5");
    game.key("Right");
    game.key("Right");
    game.until_logged("go cursor at G5");
    game.key("Return");
    game.until_logged("go plays G5");
    game.key("Escape");
    game.until_logged("go cursor off");
    game.key("space");
    game.until_logged("go clock ");
    game.key("ctrl+g");
    game.until_logged("action ExportGif");
    // L is the Go table's own library window here (opened and closed again).
    game.key("l");
    game.until_logged("go library: Toggle");
    game.key("l");
    let log = game.log()[at_go..].to_owned();
    for dropped in [
        "ToggleAnalysis",
        "Review(Toggle)",
        "Flip",
        "ToggleEdit",
        "Train(Open(None))",
        "Review(Next",
        "Library(ToggleExplorer)",
        "Library(Toggle)",
    ] {
        // The Go table's keys have no such action: the key means nothing here.
        assert!(
            !log.contains(&format!("action {dropped}")),
            "{dropped} at the Go table:\n{log}"
        );
    }
    assert!(
        !log.contains("engine asked"),
        "the engine was asked nothing:\n{log}"
    );
    assert!(
        !log.contains("starting the engine"),
        "no engine started:\n{log}"
    );
    assert!(
        !log.contains("notice Analysis"),
        "the analysis was not toggled:\n{log}"
    );
    // The engine that analysed for the Xiangqi table has stopped searching: no line
    // of it since its answer to the stop, and its process uses no CPU.
    let since = &game.log()[stopped..];
    assert!(
        !since.contains("engine depth"),
        "the hidden table's engine said lines:\n{since}"
    );
    assert!(ticks_of(pid, 2) < 20, "the hidden table's engine rests");
    game.save_shot("tables-go");

    // The pointer brought there first: a loaded machine once took the move and the
    // click in one frame, and egui saw no click on the switch.
    let switch = panel_place(&game, "table-xiangqi");
    game.move_to(switch);
    game.click_at(switch);
    game.until_logged("table switches to Xiangqi");
    let back_at = game.log().rfind("table switches to Xiangqi").unwrap();
    let back = game.until("the clock's reading on coming back", || {
        clock_logged(&game.log()[back_at..], "as left")
    });
    assert!(
        (back.0 - left.0).abs() < 1.0 && (back.1 - left.1).abs() < 1.0,
        "the clock as left: {left:?} then {back:?}"
    );
    let last = game.positions().last().cloned().unwrap_or_default();
    assert!(last.starts_with(AFTER_H2E2), "the position as left: {last}");
    // Not flipped: red's cannon stands where an unflipped board has e2.
    game.until_seen(sq("e2"), Seen::Red);
    // The analysis comes back with its table.
    game.until("the analysis again", || {
        game.log()[back_at..]
            .contains("engine asked: Analyse")
            .then_some(())
    });
    until_depth(&game, back_at, 5);
    game.save_shot("tables-back");
}

/// The save slots are the table's, the same dialog for both games (issue 55): at the Go
/// table Ctrl+S saves the game to a Go slot, the panel's Slots… button opens the dialog,
/// and its first slot shows a small goban with the stones played (a black one in the
/// middle, a white one up left), as the Xiangqi slots show a small board.
#[test]
fn go_slots_open_in_the_tables_dialog_with_a_small_goban() {
    let game = Game::start("go-slots-dialog");
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.click_at(panel_place(&game, "go-9"));
    for name in ["E5", "C7"] {
        game.click_at(go_point(&game, name, 9));
        game.until_logged(&format!("go plays {name}"));
    }
    game.key("ctrl+s");
    game.until_logged("go saved slot 1");
    game.click_at(panel_place(&game, "go-slots"));
    game.until_logged("action ToggleSlots");
    // The preview box is 90 points square, the goban in it nine lines: E5 is its
    // centre, C7 two lines left and up. The dialog grows into its size over a few
    // frames: its picture's place is read again until the stones are seen there.
    let cell = 90.0 / 9.0;
    let (shot, (x, y)) = game.until("the slot's goban drawn", || {
        let (x, y) = panel_place(&game, "slot-preview-1");
        let shot = game.shot();
        let black = shot.count_near(x, y, 3.0, xiangqi::theme::go::BLACK);
        let (wx, wy) = (x - 2.0 * cell, y - 2.0 * cell);
        let white = shot.count_near(wx, wy, 3.0, xiangqi::theme::go::WHITE);
        (black > 10 && white > 10).then_some((shot, (x, y)))
    });
    let (ex, ey) = (x + 2.0 * cell, y + 2.0 * cell);
    let empty = shot.count_near(ex, ey, 3.0, xiangqi::theme::go::BLACK);
    assert!(empty < 3, "G3 is empty in the preview: {empty}");
    game.save_shot("go-slots-dialog");
    game.key("Escape");
    game.until_logged("action ToggleSlots");
}

/// Time odds from the command line (`--clock 1+0,0:04+0`: red a minute, black four
/// seconds): after red's move black's own short clock runs out and red wins on time,
/// red's minute still standing.
#[test]
fn time_odds_from_the_command_line_black_flags_on_its_own_short_clock() {
    let game = Game::start_with("odds", &["--clock", "1+0,0:04+0"]);
    game.play("h2e2");
    game.until_position(AFTER_H2E2);
    game.until_logged("flag fell: red-wins timeout");
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    let (red, black) = game.until("the clocks' reading on leaving", || {
        clock_logged(&game.log(), "waits")
    });
    assert!(red > 40.0 && red <= 60.0, "red's own minute: {red}");
    assert!(black == 0.0, "black's four seconds ran out: {black}");
}

/// Time odds set apart in the new-game dialog at the Go table: "Time odds" ticked, white
/// given 10+5 while black keeps 5+3; the game started on a 9×9 board has both, and a
/// saved file keeps them (SGF's `XC`).
#[test]
fn go_time_odds_set_apart_in_the_new_game_dialog() {
    let game = Game::start("go-odds-dialog");
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.key("ctrl+shift+r");
    game.until_logged("new game dialog open");
    game.click_at(panel_place(&game, "go-new-clock-odds"));
    game.until_logged("go next clock 5+3");
    game.click_at(panel_place(&game, "go-new-clock-1"));
    game.click_at(panel_place(&game, "go-new-clock-1-1"));
    game.until_logged("go next clock 5+3,10+5");
    game.save_shot("go-odds-dialog");
    game.click_at(panel_place(&game, "go-size-9"));
    game.click_at(panel_place(&game, "start-game"));
    game.until_logged("go new game");
    let log = game.log();
    let line = log.lines().rfind(|l| l.contains("go new game")).unwrap();
    assert!(
        line.contains("size: 9") && line.contains("base: 300s") && line.contains("base: 600s"),
        "black 5 minutes, white 10: {line}"
    );
    game.until_still();
    game.save_shot("go-odds-started");
}

/// Time odds set apart in Xiangqi's new-game dialog, in Chinese at 800×600: "让时"
/// ticked, black given 10+5 while red keeps 5+3; in the game started red's clock runs
/// down from five minutes while black's ten stand.
#[test]
fn xiangqi_time_odds_from_the_dialog_in_chinese_at_800x600() {
    let game = super::small_chinese("odds-dialog-zh");
    game.key("ctrl+shift+r");
    game.until_logged("new game dialog open");
    game.click_at(panel_place(&game, "new-clock-odds"));
    game.until_logged("clock for new games 5+3");
    game.click_at(panel_place(&game, "new-clock-1"));
    game.click_at(panel_place(&game, "new-clock-1-1"));
    game.until_logged("clock for new games 5+3,10+5");
    game.until_still();
    game.save_shot("odds-dialog-zh");
    game.click_at(panel_place(&game, "start-game"));
    game.until_logged("new game");
    game.until_still();
    game.save_shot("odds-started-zh");
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    let (red, black) = game.until("the clocks' reading on leaving", || {
        clock_logged(&game.log(), "waits")
    });
    assert!(red > 200.0 && red <= 300.0, "red's five minutes: {red}");
    assert!(black == 600.0, "black's ten minutes, not started: {black}");
}

/// The seconds since midnight in a log line's time stamp (`…T16:56:34.613191Z`).
fn stamp(line: &str) -> f64 {
    let clean: String = line.chars().filter(|c| !c.is_control()).collect();
    let time = clean
        .split('T')
        .nth(1)
        .and_then(|t| t.get(..15))
        .unwrap_or("");
    let mut parts = time
        .split(':')
        .map(|p| p.trim_end_matches('Z').parse::<f64>().unwrap_or(0.0));
    let (h, m, s) = (
        parts.next().unwrap_or(0.0),
        parts.next().unwrap_or(0.0),
        parts.next().unwrap_or(0.0),
    );
    h * 3600.0 + m * 60.0 + s
}

/// 读秒 said aloud (`--clock 0:01+0/11`, red's time running from the start): the clock
/// calls "Byo-yomi" as red's base is spent, then ten down to one a second apart, each
/// when that many seconds of the period are left, and the flag falls after "one".
#[test]
fn byoyomi_is_counted_aloud_a_second_apart_then_the_flag_falls() {
    let game = Game::start_with("byoyomi", &["--clock", "0:01+0/11"]);
    game.until_logged("flag fell: black-wins timeout");
    let log = game.log();
    let calls: Vec<&str> = log.lines().filter(|l| l.contains("clock calls ")).collect();
    let words: Vec<&str> = calls
        .iter()
        .map(|l| {
            l.split("clock calls ")
                .nth(1)
                .unwrap()
                .split([',', ' '])
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(
        words,
        [
            "Byo-yomi", "ten", "nine", "eight", "seven", "six", "five", "four", "three", "two",
            "one"
        ]
    );
    // The clock's own reading at each call: within the second it names.
    let readings: Vec<(u32, f64)> = log
        .lines()
        .filter_map(|l| {
            let rest = l.split("xiangqi clock Seconds(").nth(1)?;
            let (n, left) = rest.split_once("): ")?;
            Some((n.parse().ok()?, left.split(' ').next()?.parse().ok()?))
        })
        .collect();
    assert_eq!(readings.len(), 10, "{readings:?}");
    for (n, left) in &readings {
        assert!(
            *left <= f64::from(*n) && *left > f64::from(*n) - 1.0,
            "{n} said at {left} left"
        );
    }
    // The log's times: a second apart (a frame late at most, on a busy machine more).
    let times: Vec<f64> = calls.iter().map(|l| stamp(l)).collect();
    for pair in times[1..].windows(2) {
        let gap = pair[1] - pair[0];
        assert!(
            (0.7..1.5).contains(&gap),
            "a second apart: {gap:.3} in {times:?}"
        );
    }
}

/// Replay at a pace (演播): four moves played, Ctrl+P goes back to the start and plays
/// them again by itself, each piece sliding over as when it was played, the board above
/// the bar (a0 and b0 uncovered); Space pauses it (no step for longer than the pace),
/// Space goes on, and it ends with the last move, the game back where it was.
#[test]
fn replay_plays_the_game_again_by_itself_with_space_to_pause() {
    let game = Game::start("replay");
    for (m, at, seen) in [
        ("h2e2", "e2", Seen::Red),
        ("h9g7", "g7", Seen::Black),
        ("h0g2", "g2", Seen::Red),
        ("i9h9", "h9", Seen::Black),
    ] {
        game.play(m);
        game.until_seen(sq(at), seen);
    }
    let mark = game.mark();
    game.key("ctrl+p");
    game.until_logged_since(mark, "replay starts");
    game.until_logged_since(mark, "panel replay-pause at");
    // The board leaves a strip under it for the bar: the bar covers none of its points.
    game.until_logged_since(mark, "board strip 40 px");
    game.strip.set(40.0);
    let (_, bar_y) = panel_place(&game, "replay-pause");
    let (_, a0_y, cell) = game.point(sq("a0"));
    assert!(
        bar_y - 16.0 > a0_y + 0.45 * cell,
        "the bar ({bar_y}) is under a0's piece ({a0_y}, cell {cell})"
    );
    game.until_seen(sq("a0"), Seen::Red);
    game.until_seen(sq("b0"), Seen::Red);
    game.until_seen(sq("h2"), Seen::Red);
    game.until_logged_since(mark, "replay steps");
    game.until_logged_since(mark, "piece slides h2e2");
    // (The window sleeps between steps: a screenshot, not a still frame, is waited for.)
    game.until_seen(sq("e2"), Seen::Red);
    game.save_shot("replay-bar");
    game.key("space");
    game.until_logged("replay paused");
    let paused = game.mark();
    std::thread::sleep(std::time::Duration::from_millis(3000));
    assert!(
        !game.since(paused).contains("replay steps"),
        "paused: no step for longer than the pace"
    );
    game.until_seen(sq("i9"), Seen::Black);
    game.key("space");
    game.until_logged("replay goes on");
    game.until_logged("replay ends");
    let log = game.since(mark);
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        assert!(
            log.contains(&format!("piece slides {m}")),
            "{m} slides again"
        );
    }
    game.until_logged_since(mark, "board strip 0 px");
    game.strip.set(0.0);
    game.until_seen(sq("h9"), Seen::Black);
    game.until_seen(sq("i9"), Seen::Empty);
}

/// The clock for a real board (Ctrl+K) at the next game's time odds (`--clock
/// 0:20+0,0:03+0`): a click on the left half starts red's time, Space passes the move to
/// black, whose three seconds run out on its own half; Esc closes it, and the game's
/// clock under it waited.
#[test]
fn clock_for_a_real_board_a_click_starts_it_space_switches_and_black_flags() {
    let game = Game::start_with("board-clock", &["--clock", "0:20+0,0:03+0"]);
    game.key("ctrl+k");
    game.until_logged("board clock set to 0:20+0,0:03+0");
    game.until_logged("panel board-clock-0 at");
    game.click_at(panel_place(&game, "board-clock-0"));
    game.until_logged("board clock starts: First runs");
    std::thread::sleep(std::time::Duration::from_millis(1200));
    game.key("space");
    game.until_logged("board clock: Second runs");
    game.until_logged("board clock flag: Second");
    game.until_still();
    game.save_shot("board-clock");
    game.key("Escape");
    game.until_logged("board clock closed");
    game.click_at(panel_place(&game, "table-go"));
    let (red, _) = game.until("the game's clocks on leaving", || {
        clock_logged(&game.log(), "waits")
    });
    assert!(
        red > 15.0,
        "the game's clock waited under the board clock: {red}"
    );
}

/// A character's ink on a piece: black's dark strokes, red's red ones.
fn ink(c: [u8; 3]) -> bool {
    u32::from(c[0]) + u32::from(c[1]) + u32::from(c[2]) < 240 || c[0] > c[1].saturating_add(80)
}

/// How much of the ink (dark or red pixels) of `before`'s square around `(x, y)` is found in
/// `after` turned by 180° about that point (±1 px): 1.0 for a turned copy.
fn turned_match(
    before: &super::harness::Shot,
    after: &super::harness::Shot,
    (x, y, r): (f32, f32, f32),
) -> f64 {
    let (mut inked, mut found) = (0u32, 0u32);
    let reach = (r * 0.3) as i32;
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            if !ink(before.at(x + dx as f32, y + dy as f32)) {
                continue;
            }
            inked += 1;
            let near = (-1..=1).any(|ey| {
                (-1..=1).any(|ex| ink(after.at(x - (dx + ex) as f32, y - (dy + ey) as f32)))
            });
            found += u32::from(near);
        }
    }
    f64::from(found) / f64::from(inked.max(1))
}

/// Face to face (对坐), a setting: black's pieces, across the board, are drawn turned by
/// 180° for the player sitting there — black's general on e9 is its upright glyph turned,
/// pixel for pixel — while red's, at the near side, stay as they were.
#[test]
fn face_to_face_turns_the_far_sides_characters() {
    let name = "face-to-face";
    let game = Game::start(name);
    game.until_drawn();
    game.until_still();
    let upright = game.shot();
    game.key("ctrl+w");
    drop(game);
    face_to_face_on(name);
    let game = Game::restart(name, &[]);
    game.until_drawn();
    game.until_still();
    let facing = game.shot();
    game.save_shot("face-to-face");
    let general = game.point(sq("e9"));
    let turned = turned_match(&upright, &facing, general);
    let same = turned_match(&upright, &upright, general);
    println!("black's general: {turned:.2} of its ink turned, {same:.2} as it stood");
    // (A glyph's box is not quite centred on the piece: a pixel or two of its ink is
    // off its turned place.)
    assert!(
        turned > 0.8,
        "black's general turned: {turned:.2} of its ink found turned"
    );
    assert!(
        same < turned - 0.2,
        "the glyph is not its own turned copy: {same:.2}"
    );
    // Red's general, near the player at red, stands as before: its ink where it was.
    let (x, y, r) = game.point(sq("e0"));
    let unturned = turned_match(&facing, &upright, (x, y, r));
    let kept = {
        let mirror = |s: &super::harness::Shot| {
            let reach = (r * 0.3) as i32;
            (-reach..=reach)
                .flat_map(|dy| (-reach..=reach).map(move |dx| (dx, dy)))
                .filter(|&(dx, dy)| ink(s.at(x + dx as f32, y + dy as f32)))
                .count()
        };
        (mirror(&upright), mirror(&facing))
    };
    assert!(kept.0 > 20, "red's general has ink: {}", kept.0);
    assert_eq!(kept.0, kept.1, "red's general drawn as before");
    assert!(unturned < 0.8, "red's general not turned: {unturned:.2}");
}

/// The game of scenario `name` started, closed, and started again face to face.
fn started_face_to_face(name: &str) -> Game {
    let game = Game::start(name);
    game.until_drawn();
    game.key("ctrl+w");
    drop(game);
    face_to_face_on(name);
    let game = Game::restart(name, &[]);
    game.until_drawn();
    game
}

/// Where the far player's card (logged as `card`) puts its two answers (`answers-0`,
/// `-1`): the first as they read, on the screen's right, and both at the card's far
/// end, the screen's top. Returns both places.
fn turned_answers(game: &Game, card: &str, answers: &str) -> [(f32, f32); 2] {
    let card = panel_place(game, card);
    let first = panel_place(game, &format!("{answers}-0"));
    let second = panel_place(game, &format!("{answers}-1"));
    assert!(
        first.0 > second.0,
        "read from across, the first answer on the screen's right: {first:?} {second:?}"
    );
    assert!(
        first.1 < card.1,
        "the answers at the card's far end, the screen's top: {first:?}, card {card:?}"
    );
    [first, second]
}

/// Face to face in the settings file of scenario `name` (the dialog's checkbox writes it so).
fn face_to_face_on(name: &str) {
    let settings = super::harness::config_file(name, "settings.ron");
    let text = std::fs::read_to_string(&settings).unwrap_or_default();
    let text = if text.contains("face_to_face: false") {
        text.replace("face_to_face: false", "face_to_face: true")
    } else {
        "(face_to_face: true)".to_owned()
    };
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    std::fs::write(&settings, text).unwrap();
}

/// The banner's words, light on its dark fill: every channel above 170.
fn white(c: [u8; 3]) -> bool {
    c.iter().all(|&v| v > 170)
}

/// Face to face, what is asked and told: the far player's card at the panel's top is
/// drawn turned, its answers where the far player reads them first (their left: the
/// screen's right, their card's bottom: the screen's top) and taken where they are drawn;
/// a draw offered across the table is answered there; the result is shown twice over the
/// board, the far copy the near one turned by 180°, pixel for pixel.
#[test]
fn face_to_face_turns_the_far_players_card_questions_and_result() {
    let name = "face-to-face-questions";
    let game = started_face_to_face(name);
    game.play("h2e2");
    // Black, across, to move: their card offers them Resign and Offer a draw.
    let [_resign, offer] = turned_answers(&game, "across-card", "across-answer");
    game.click_button(offer, "1");
    game.until_logged("draw offered by Black");
    let decline = panel_place(&game, "decline-draw");
    game.click_button(decline, "1");
    game.play("h9g7");
    let offer = panel_place(&game, "offer-draw");
    game.click_button(offer, "1");
    game.until_logged("draw offered by Red");
    // The question is black's to answer, on their card: Accept first as they read.
    let accept = panel_place(&game, "across-answer-0");
    game.click_button(accept, "1");
    game.until_logged("across answer");
    game.until_logged("game ended");
    let (cx, cy) = panel_place(&game, "across-banner");
    // The bottom-right corner of the near copy: the scan stays inside the banners.
    let (ex, ey) = panel_place(&game, "across-banner-corner");
    game.until_still();
    let shot = game.shot();
    game.save_shot(name);
    let (mut words, mut turned, mut above) = (0u32, 0u32, 0u32);
    let (reach, depth) = ((ex - cx) as i32 - 2, (ey - cy) as i32 - 2);
    for dy in 10..depth {
        for dx in -reach..=reach {
            let (dx, dy) = (dx as f32, dy as f32);
            above += u32::from(white(shot.at(cx + dx, cy - dy)));
            if !white(shot.at(cx + dx, cy + dy)) {
                continue;
            }
            words += 1;
            let found = (-1..=1).any(|ey| {
                (-1..=1).any(|ex| white(shot.at(cx - dx + ex as f32, cy - dy + ey as f32)))
            });
            turned += u32::from(found);
        }
    }
    let share = f64::from(turned) / f64::from(words.max(1));
    println!("the result: {words} px of words below, {above} above, {share:.2} found turned");
    assert!(
        words > 100 && above > 100,
        "both copies drawn: {words}, {above}"
    );
    assert!(
        share > 0.8,
        "the far copy is the near one turned: {share:.2}"
    );
}

/// Face to face at the Go table: white sits across, their card turned at the panel's
/// top; on white's move it offers them Pass and Resign where they read them first (the
/// screen's right, at the card's far end: its top), and a tap there passes for white;
/// the pass is said on the card to black's side of it, black's card stays upright below.
#[test]
fn face_to_face_at_the_go_table_white_passes_from_the_turned_card() {
    let name = "face-to-face-go";
    let game = started_face_to_face(name);
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.click_at(panel_place(&game, "go-9"));
    game.click_at(go_point(&game, "E5", 9));
    game.until_logged("go plays E5");
    let [pass, _resign] = turned_answers(&game, "go-across-card", "go-across-answer");
    game.click_at(pass);
    game.until_logged("go plays pass");
    game.until_still();
    game.save_shot(name);
}

/// Face to face each card's buttons are its own player's, whoever is to move (issue 91:
/// red's 认输 under his own card, on black's move, resigned for black and recorded
/// 红方胜). Red resigns from the near panel on black's move: black wins. At the Go
/// table black resigns from the near panel on white's move: white wins.
#[test]
fn face_to_face_each_players_resign_is_their_own_whoever_is_to_move() {
    let name = "face-to-face-resign";
    let game = started_face_to_face(name);
    game.play("h2e2");
    game.until_position(super::AFTER_H2E2);
    // Black to move; red presses his own 认输, and is asked for red.
    game.click_at(panel_place(&game, "resign"));
    game.click_at(panel_place(&game, "confirm-resign"));
    game.until_logged("game ended: black-wins resignation");
    assert!(
        !game.log().contains("red-wins resignation"),
        "red resigned, not black"
    );
    game.until_still();
    game.save_shot(name);
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.click_at(panel_place(&game, "go-9"));
    game.click_at(go_point(&game, "E5", 9));
    game.until_logged("go plays E5");
    // White to move; black, near, resigns with his own button.
    game.click_at(panel_place(&game, "go-resign"));
    game.until_logged("go result W+R");
}

/// 读秒 kept by a slot (issue 91: red in his last period came back with base time and
/// three new periods): red's base of a second and a 3 s period spent, Space pauses,
/// Ctrl+S saves, Ctrl+L loads the slot back; Space runs the clock again where it stood:
/// the period used, the time left in the one running to the tenth.
#[test]
fn a_slot_keeps_the_byoyomi_periods_used_and_the_time_on_the_move() {
    let game = Game::start_with("slot-byoyomi", &["--clock", "0:01+0/3x3"]);
    game.until_logged("xiangqi clock PeriodUsed");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let paused = space_logged(&game, "paused");
    assert_eq!(paused.2, [1, 0], "red has used a period: {paused:?}");
    game.key("ctrl+s");
    game.until_logged("saved slot 1");
    let mark = game.mark();
    game.key("ctrl+l");
    game.until("the slot loaded", || {
        let since = game.since(mark);
        (since.contains("Loaded slot 1") || since.contains("已读取存档 1")).then_some(())
    });
    let resumed = space_logged(&game, "runs");
    assert_eq!(
        resumed.2, paused.2,
        "the periods used came back: {resumed:?}"
    );
    assert!(
        (resumed.0 - paused.0).abs() < 0.1 && (resumed.1 - paused.1).abs() < 0.1,
        "the time left came back as it stood: {paused:?} then {resumed:?}"
    );
}
