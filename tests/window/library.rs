//! The game library at the table (issue 40), as a player uses it: a folder of Big5
//! files imported from the library's window (an unreadable file counted), the opening
//! explorer from the master book and from the player's own games (a click plays its
//! move), the games that reach the position on the board found, and one opened — a
//! double-click — at the ply where it reaches it.

use super::harness::Game;
use super::stable_place;

/// After 炮二平五.
const AFTER_H2E2: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";

#[test]
fn library_imports_a_folder_explores_it_and_opens_a_game_found_by_position() {
    let game = Game::start("library");
    // Five Big5 files of the master dataset (one with an impossible position), in a
    // folder of the player's home.
    let folder = game.home().join("qp");
    std::fs::create_dir_all(&folder).unwrap();
    let big5 = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/big5");
    for entry in std::fs::read_dir(&big5).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            std::fs::copy(&path, folder.join(path.file_name().unwrap())).unwrap();
        }
    }
    game.until_logged("library: 0 games");

    // The explorer, from the master book: 炮二平五 is there, and a click plays it.
    game.key("o");
    game.click_at(stable_place(&game, "explorer-h2e2"));
    game.until_position(AFTER_H2E2);
    game.save_shot("library-explorer-masters");

    // L: the library's window; the folder typed, imported.
    game.key("l");
    game.click_at(stable_place(&game, "library-folder"));
    game.type_text("~/qp");
    game.click_at(stable_place(&game, "library-import"));
    game.until_logged(
        "library import: read 4, added 4, duplicates 0, skipped 0, unreadable 1, cancelled false",
    );
    game.until_logged("library: 4 games found");
    game.save_shot("library-imported");

    // A player's games (traditional characters, Big5 in the files): two.
    game.click_at(stable_place(&game, "library-player"));
    game.type_text("楊官璘");
    game.key("Return");
    game.until_logged("library: 2 games found");
    game.click_at(stable_place(&game, "library-player"));
    for _ in 0..3 {
        game.key("BackSpace");
    }
    game.key("Return");
    game.until("all four listed again", || {
        (game.log().matches("library: 4 games found").count() >= 2).then_some(())
    });

    // The explorer from the player's games: the answers to 炮二平五 they hold.
    game.click_at(stable_place(&game, "explorer-mine"));
    game.until_logged(
        "library: 2 moves from rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
    );

    // The games that reach the position on the board: three; the first opens at ply 1.
    game.click_at(stable_place(&game, "library-position"));
    game.until_logged("library: 3 games found");
    game.double_click(stable_place(&game, "library-row-0"));
    game.until_logged("opened at ply 1");
    game.until_logged("notice Opened from the library");
    game.until_still();
    game.save_shot("library-opened");
    // A copy at the table: the game goes on from the file's moves, the library keeps
    // its four games.
    game.until_position(AFTER_H2E2);
    assert!(
        !game.log().contains("library: a game added"),
        "a game opened from the library is not added again"
    );
}

/// The Go table has the library too: Go games imported (by the command line, while the
/// game runs: the library is one database), found in the Go table's window by size and
/// by player, and one opened with a double-click; a Go game opened from a file is kept.
#[test]
fn go_library_finds_go_games_by_size_and_player_and_opens_one() {
    let game = Game::start("go_library");
    game.until_logged("library: 0 games");
    let db = game.home().join(".local/share/xiangqi/library.sqlite");
    let sgf = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["library", "import", "--db"])
        .arg(&db)
        .arg(&sgf)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("files 4\tread 4\tadded 4"), "{said}");

    game.click_at(super::panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.key("l");
    game.until_logged("go library: 4 go games found");
    // The 9×9 board: one game.
    game.click_at(stable_place(&game, "go-library-size-9"));
    game.until_logged("go library: 1 go games found");
    game.click_at(stable_place(&game, "go-library-size-any"));
    game.until("all four again", || {
        (game.log().matches("go library: 4 go games found").count() >= 2).then_some(())
    });
    // By player: Fan Hui's game.
    game.click_at(stable_place(&game, "go-library-player"));
    game.type_text("FanHui");
    game.key("Return");
    game.until_logged("go library: 1 go games found");
    game.save_shot("go-library-found");
    game.double_click(stable_place(&game, "go-library-row-0"));
    game.until_logged("go opened");
    game.until_logged("from the library");
    game.until_logged("notice Opened from the library: AlphaGo – FanHui");
    game.until_still();
    game.save_shot("go-library-opened");
}
