//! Where the engines are: beside the game first (the Windows installer, the zip and a
//! folder unpacked on Linux put them there), then on the `PATH`, then in `/usr/games`
//! (where Debian puts them). A user's own choice of program comes before all of these.

use std::path::{Path, PathBuf};

/// How to get Fairy-Stockfish, for the messages that miss it: it comes with the game on
/// Windows, from the system's packages elsewhere.
pub const GET_FAIRY_STOCKFISH: &str = if cfg!(windows) {
    "it comes with the game: fairy-stockfish.exe beside xiangqi.exe (install the game again)"
} else {
    "sudo apt-get install fairy-stockfish"
};

/// How to get GNU Go, likewise.
pub const GET_GNUGO: &str = if cfg!(windows) {
    "it comes with the game: gnugo.exe beside xiangqi.exe (install the game again)"
} else {
    "sudo apt-get install gnugo"
};

/// The first of `names` (without `.exe`: it is added on Windows) in `dirs`, in order:
/// every name in a folder before the next folder, so an engine beside the game wins
/// over a different engine on the `PATH`.
fn first_in(dirs: &[PathBuf], names: &[&str]) -> Option<PathBuf> {
    dirs.iter().find_map(|dir| {
        names
            .iter()
            .map(|name| dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX)))
            .find(|p| p.is_file())
    })
}

/// The folders looked in: the game's own folder, the `PATH`'s, then `/usr/games` on
/// Unix (Debian's games are there and not always on a desktop's `PATH`).
fn search_dirs(exe: Option<&Path>) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = exe
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .into_iter()
        .collect();
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path).filter(|d| !d.as_os_str().is_empty()));
    }
    if cfg!(unix) {
        dirs.push(PathBuf::from("/usr/games"));
    }
    dirs
}

/// A program called one of `names`, beside the running game or on the system.
#[must_use]
pub fn program(names: &[&str]) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok();
    first_in(&search_dirs(exe.as_deref()), names)
}

/// The Xiangqi engine to use: `configured` if it is given (the player chose it), else
/// Fairy-Stockfish or Pikafish beside the game, on the `PATH` or in `/usr/games`.
#[must_use]
pub fn find(configured: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = configured {
        return Some(path.to_path_buf());
    }
    program(&["fairy-stockfish", "pikafish"])
}

/// GNU Go: the program `GNUGO` names when it is set (empty or nothing there: none, which
/// the tests use to play without it), else `gnugo` beside the game, on the `PATH` or in
/// `/usr/games`.
#[must_use]
pub fn find_gnugo() -> Option<PathBuf> {
    if let Some(named) = std::env::var_os("GNUGO") {
        let named = PathBuf::from(named);
        return named.is_file().then_some(named);
    }
    program(&["gnugo"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_beside_the_game_comes_before_one_on_the_path() {
        let root = std::env::temp_dir().join(format!("xiangqi-find-{}", std::process::id()));
        let game = root.join("游戏 folder");
        let path = root.join("bin");
        std::fs::create_dir_all(&game).unwrap();
        std::fs::create_dir_all(&path).unwrap();
        let exe = |dir: &Path, name: &str| {
            let p = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
            std::fs::write(&p, b"").unwrap();
            p
        };
        let on_path = exe(&path, "fairy-stockfish");
        let dirs = [game.clone(), path.clone()];
        let names = ["fairy-stockfish", "pikafish"];
        assert_eq!(first_in(&dirs, &names), Some(on_path));
        // Pikafish beside the game is the one the player put there.
        let beside = exe(&game, "pikafish");
        assert_eq!(first_in(&dirs, &names), Some(beside));
        let beside = exe(&game, "fairy-stockfish");
        assert_eq!(first_in(&dirs, &names), Some(beside));
        assert_eq!(first_in(&dirs, &["gnugo"]), None);
        // The game's folder is the first looked in.
        let searched = search_dirs(Some(&game.join("xiangqi")));
        assert_eq!(searched.first(), Some(&game));
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_players_choice_is_used_as_given() {
        let chosen = Path::new("/opt/pikafish/pikafish");
        assert_eq!(find(Some(chosen)), Some(chosen.to_path_buf()));
    }
}
