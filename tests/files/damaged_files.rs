//! A file cut short (a full disk, a copy interrupted, a crash in another program) never
//! reads as a shorter game or other settings: each of the game's own files, cut at every
//! byte offset, reads as damaged and is kept aside, or, when the cut took only trailing
//! white space, reads exactly as the whole file. Nothing else is touched.

use std::fs;
use std::path::Path;
use std::time::Duration;

use xiangqi::games::xiangqi::session::Session;
use xiangqi::rules::record::GameRecord;
use xiangqi::rules::{Move, Notation, TimeControl, read};
use xiangqi::settings::{Coordinates, Preferences, Settings};
use xiangqi::slots::{SlotState, SlotStore};
use xiangqi::storage::{Damaged, Dirs, read_autosave};

fn home(name: &str) -> Dirs {
    let root = std::env::temp_dir().join(format!("xiangqi-cut-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let dirs = Dirs::under(&root);
    for dir in [&dirs.data, &dirs.config, &dirs.slots()] {
        fs::create_dir_all(dir).unwrap();
    }
    dirs
}

/// A real game from the test data: a master game with comments.
fn master_game() -> GameRecord {
    let bytes = fs::read("tests/data/three-games.pgn").unwrap();
    read::read_games_bytes(&bytes)
        .unwrap()
        .remove(0)
        .unwrap()
        .record
}

/// The master game replayed on a clock, then a new game and a few moves taken back:
/// a session with clocks, a replaced game and moves to redo.
fn session() -> Session {
    let mut s = Session::new();
    s.new_game_with(Some(TimeControl::minutes(5, 3).into()));
    for m in master_game().game.moves().take(30) {
        s.tick(Duration::from_millis(1700));
        s.play(m).unwrap();
    }
    s.new_game();
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        s.play(m.parse().unwrap()).unwrap();
    }
    s.undo();
    s.undo();
    s
}

/// Every file in `dir` and below, with its bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push((path.display().to_string(), fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// Whether `cut` differs from `whole` only by trailing white space.
fn only_space_lost(whole: &[u8], cut: &[u8]) -> bool {
    whole[cut.len()..].iter().all(u8::is_ascii_whitespace)
}

/// Checks that a damaged read moved exactly the cut bytes aside, and puts the folder
/// back as it was for the next cut.
fn kept_aside(
    damaged: &Damaged,
    file: &Path,
    cut: &[u8],
    others: &[(String, Vec<u8>)],
    root: &Path,
) {
    let kept = damaged.kept.as_ref().expect("moved aside");
    assert_eq!(
        fs::read(kept).unwrap(),
        cut,
        "the kept file is the file as it was"
    );
    assert!(!file.exists(), "moved, so that no later write replaces it");
    fs::remove_file(kept).unwrap();
    assert_eq!(contents(root), others, "nothing else touched");
}

#[test]
fn a_slot_cut_anywhere_is_damaged_and_left_alone() {
    let dirs = home("slot");
    let store = SlotStore::new(dirs.slots());
    // The master game as a server with clocks would give it (its tags, comments and a
    // `[%clk]` for each of 30 moves), opened, with a line of our own added: a comment
    // and a glyph on it. What is saved is what the session holds.
    let mut download = master_game();
    download.set_tag("TimeControl", "300+3");
    for n in 1..=30 {
        download
            .clocks
            .insert(n, Duration::from_secs(300 - n as u64));
    }
    let text = xiangqi::rules::pgn::write(&download, Notation::Chinese);
    let mut s = Session::new();
    s.replace_record(read::read_any(&text).unwrap().record);
    s.review(10);
    let main_move = s.game().moves().nth(10).unwrap();
    let other = *s
        .shown_position()
        .legal_moves()
        .iter()
        .find(|&&m| m != main_move)
        .unwrap();
    s.play(other).unwrap();
    s.set_comment(s.cursor(), "新着 {not a brace}");
    s.toggle_nag(s.cursor(), xiangqi::rules::tree::Nag::INTERESTING);
    let record = s.record();
    assert_eq!(record.tag("Red"), Some("黄松轩"));
    assert_eq!(record.tag("Annotator"), Some("石镛、石炼"));
    assert!(!record.clocks.is_empty() && !record.comments.is_empty());
    assert_eq!(record.variations.len(), 1);
    assert_eq!(record.variations[0].nags.len(), 1);
    store.save(1, &record).unwrap();
    store.rename(1, "Club night * 1-0").unwrap();
    store
        .save(2, &GameRecord::new(xiangqi::rules::Game::new()))
        .unwrap();
    let whole = fs::read(store.path(1)).unwrap();
    let SlotState::Saved(full) = store.read(1) else {
        panic!("the slot reads");
    };
    let moves = |r: &GameRecord| r.game.moves().collect::<Vec<Move>>();
    let other = fs::read(store.path(2)).unwrap();
    let mut damaged = 0;
    for len in 0..whole.len() {
        let cut = &whole[..len];
        fs::write(store.path(1), cut).unwrap();
        match store.read(1) {
            SlotState::Damaged(_) => {
                damaged += 1;
                // Never overwritten by a save, and the other slot is untouched.
                assert!(store.save(1, &record).is_err(), "cut at {len}");
                assert_eq!(fs::read(store.path(1)).unwrap(), cut);
            }
            SlotState::Saved(info) => {
                // Compared with what was saved, not with another read of the file.
                assert!(only_space_lost(&whole, cut), "cut at {len} reads as a game");
                let back = &info.record;
                assert_eq!(moves(back), moves(&record));
                assert_eq!(back.comments, record.comments);
                assert_eq!(back.clocks, record.clocks);
                assert_eq!(back.variations, record.variations);
                assert_eq!(back.nags, record.nags);
                // Every tag but the slot's name, and "?" (unknown) filled in by the save.
                let known = |(k, v): &&(String, String)| k != "Event" && !v.contains('?');
                for (name, value) in record.tags.iter().filter(known) {
                    assert_eq!(back.tag(name), Some(value.as_str()), "{name}");
                }
                assert_eq!(info.name.as_deref(), Some("Club night * 1-0"));
            }
            SlotState::Empty => panic!("cut at {len} reads as empty"),
        }
        assert_eq!(fs::read(store.path(2)).unwrap(), other);
    }
    assert!(damaged + 2 >= whole.len(), "{damaged} of {}", whole.len());
    assert_eq!(full.name.as_deref(), Some("Club night * 1-0"));
}

#[test]
fn an_autosave_cut_anywhere_is_kept_aside() {
    let dirs = home("autosave");
    let session = session();
    let whole = session.to_snapshot().into_bytes();
    assert!(whole.len() > 1000, "a real history: {} bytes", whole.len());
    let path = dirs.autosave();
    let others = contents(&dirs.data);
    for len in 0..whole.len() {
        let cut = &whole[..len];
        fs::write(&path, cut).unwrap();
        match read_autosave(&path) {
            Err(damaged) => kept_aside(&damaged, &path, cut, &others, &dirs.data),
            Ok(Some((back, _))) => {
                assert!(only_space_lost(&whole, cut), "cut at {len} resumes");
                assert_eq!(back.to_snapshot().as_bytes(), whole);
            }
            Ok(None) => panic!("cut at {len}: no file?"),
        }
    }
    fs::write(&path, &whole).unwrap();
    let (back, _) = read_autosave(&path).unwrap().unwrap();
    assert_eq!(back.to_snapshot().as_bytes(), whole);
}

#[test]
fn a_settings_file_cut_anywhere_is_kept_aside() {
    let dirs = home("settings");
    let prefs = Preferences {
        settings: Settings {
            sound: false,
            volume: 0.35,
            coordinates: Coordinates::Chinese,
            flipped: true,
            ..Settings::default()
        },
        window: Some((1024.0, 768.0)),
        slots: [("xiangqi".to_owned(), 4)].into(),
        table: "xiangqi".into(),
    };
    // Xiangqi's fields beside the table's, as the game writes them.
    let xq = xiangqi::settings::XiangqiSettings {
        notation: Notation::Wxf,
        clock: Some(TimeControl::minutes(10, 5).into()),
        ..Default::default()
    };
    prefs.write(&dirs.settings(), &[xq.to_file()]).unwrap();
    let whole = fs::read(dirs.settings()).unwrap();
    assert_eq!(Preferences::load(&dirs), (prefs.clone(), None));
    let others = contents(&dirs.config);
    let others: Vec<_> = others
        .into_iter()
        .filter(|(p, _)| !p.ends_with("settings.ron"))
        .collect();
    for len in 0..whole.len() {
        let cut = &whole[..len];
        fs::write(dirs.settings(), cut).unwrap();
        match Preferences::load(&dirs) {
            (defaults, Some(damaged)) => {
                assert_eq!(defaults, Preferences::default());
                kept_aside(&damaged, &dirs.settings(), cut, &others, &dirs.config);
            }
            (read, None) => {
                assert!(only_space_lost(&whole, cut), "cut at {len} reads: {read:?}");
                assert_eq!(read, prefs);
                let text = String::from_utf8_lossy(cut);
                assert_eq!(xiangqi::settings::XiangqiSettings::from_file(&text), xq);
            }
        }
    }
}
