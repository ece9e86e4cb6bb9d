//! The command line: `perft`, `moves`, `status`, `convert`, `games`, `analyze`, `desktop`, `go`, `lessons`,
//! `library`, `book`, `opening`. Bad input prints a message on stderr
//! and exits with code 2; nothing here panics on user input.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};

use xiangqi::rules::{Game, Move, Position, perft, perft_divide};

mod analyze;
mod convert;
mod go;
mod go_review;
mod lessons;
mod library;
mod matches;
mod opening;
mod players;
mod puzzles;
mod review;
mod tutor;

const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[derive(Parser)]
#[command(
    name = "xiangqi",
    version,
    about = "象棋 Xiangqi: Chinese chess for two at one computer, and its tools",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    /// A game or position to open in the window (PGN, XQF, FEN, UCCI, a move list…).
    file: Option<std::path::PathBuf>,
    /// Start a new game on the clock: minutes+increment (10+5), M:SS+increment
    /// (0:30+0), optionally /SECONDS of 读秒 (10+0/30); time odds as red's and black's
    /// apart by a comma (10+5,3+5). Ctrl+Z goes back to the game before, as after any
    /// new game.
    #[arg(long, value_name = "CONTROL")]
    clock: Option<xiangqi::rules::Controls>,
    /// Open the window training on this puzzle (an ID that `xiangqi puzzles` lists).
    #[arg(long, value_name = "ID")]
    puzzle: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree to DEPTH.
    Perft {
        /// How many plies deep.
        depth: u32,
        /// The position (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Print one `move count` line per root move first.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves in ICCS coordinates, one per line, sorted.
    Moves {
        /// The position (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
    },
    /// Play moves from a position and print whether the game goes on or how it ended.
    Status {
        /// The position (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Moves in ICCS coordinates, separated by spaces, e.g. "h2e2 h9g7".
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// Read a game or position in any format (FEN, UCCI, PGN in any notation and
    /// encoding, XQF, the 90-character board, a move list) and write it in another.
    Convert(ConvertArgs),
    /// List the games in a file, one per line: number, red, black, result, plies, event
    /// (separated by tabs).
    Games {
        /// The file to read, or - for standard input.
        input: String,
    },
    /// Search a position with a UCI engine (Fairy-Stockfish, Pikafish): one line per
    /// update, `depth D score cp X|mate N pv MOVES (CHINESE)`, scores from the side to
    /// move; then `bestmove MOVE`.
    Analyze(AnalyzeArgs),
    /// Review a game with a UCI engine: one row a ply, `PLY MOVE EVAL BEST LOSS [MARK]`
    /// (ICCS moves; EVAL after the move from red's side, centipawns or #N; BEST the
    /// engine's move before it; LOSS in centipawns; MARK ?!, ? or ??), then a summary a
    /// side.
    Review(ReviewArgs),
    /// The puzzles: one a line, `ID SOURCE FEN SOLUTION` (tab-separated, the solution in
    /// ICCS). With --from, the forced mates and decisive wins (one move wins material, no
    /// other does) an engine finds in the games of files.
    Puzzles {
        /// Game files (PGN, XQF, …) to look for puzzles in.
        #[arg(long, num_args = 1..)]
        from: Vec<String>,
        /// Search each position this many plies deep.
        #[arg(long, default_value_t = 14)]
        depth: u32,
        /// Mates of at most this many moves.
        #[arg(long, default_value_t = 7)]
        most: i32,
        /// The engine program (default: fairy-stockfish or pikafish on the PATH or in
        /// /usr/games).
        #[arg(long)]
        engine: Option<std::path::PathBuf>,
        #[command(flatten)]
        sheet: puzzles::Sheet,
    },
    /// The warning the table's help gives before a move: nothing for a move it lets
    /// pass, else its words (a piece taken for nothing, a mate walked into or missed).
    Tutor {
        /// The position.
        fen: String,
        /// The move, in any notation (h2e2, C2.5, 炮二平五).
        #[arg(value_name = "MOVE")]
        mv: String,
        #[command(flatten)]
        words: Words,
    },
    /// The lessons of both games: a level a line (game, id, goal, par, the goal in
    /// English); with --json, a JSON array of one object a level.
    Lessons {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Go (围棋): the legal points, the board, the count.
    Go {
        #[command(subcommand)]
        action: GoCommand,
    },
    /// The game library (a database in the data folder): import folders, find games.
    Library {
        #[command(subcommand)]
        action: LibraryCommand,
    },
    /// A match between two players. Xiangqi: levels (fsf:1 …), UCI engines
    /// (uci:PATH[,NAME=VALUE…][,depth=N]) or `random`, openings from the master book,
    /// every game to PGN. Go: levels (gnugo:1 … gnugo:9), GTP programs (gtp:COMMAND)
    /// or `random`, two opening stones, every game to SGF. Each opening with both
    /// colours; W-L-D, the Elo difference with its 95 % interval, the likelihood of
    /// superiority, and an SPRT if asked.
    Match(MatchArgs),
    /// A level's move (or any match player's) in a position, in ICCS.
    Move {
        /// The position (default: the start).
        fen: Option<String>,
        /// The player: fsf:1 … fsf:17, uci:PATH…, random.
        #[arg(long, default_value = "fsf:1")]
        level: String,
        /// Moves from the position first, in ICCS ("h2e2 h9g7").
        #[arg(long, default_value = "")]
        moves: String,
        /// The seed of the level's choice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The household's players (kept in the library): each with its record and rating
    /// per game; `players add NAME`, `players show NAME`, `players remove NAME`.
    Players {
        #[command(subcommand)]
        action: Option<PlayersCommand>,
        /// The library's file (default: the data folder's).
        #[arg(long, global = true)]
        db: Option<std::path::PathBuf>,
    },
    /// The opening (ECCO code and Chinese name) of each game of a file, one a line:
    /// `GAME CODE NAME PLY` (PLY: where the opening was decided).
    Opening {
        /// The file to read, or - for standard input.
        input: String,
    },
    /// The opening explorer: the moves the library's games played from a position, one
    /// a line: `MOVE CHINESE GAMES RED% DRAW% BLACK% LATEST-YEAR`.
    Book {
        /// The position (default: the start).
        fen: Option<String>,
        /// Moves from it, in ICCS ("h2e2 h9g7").
        #[arg(long)]
        moves: Option<String>,
        /// The library's file (default: the data folder's).
        #[arg(long)]
        db: Option<std::path::PathBuf>,
        /// The master book compiled into the program, not the library.
        #[arg(long)]
        masters: bool,
    },
    /// Put the game in the desktop's launcher, with its icon, and make Xiangqi game files
    /// (PGN, XQF, FEN) open in it when double-clicked (freedesktop.org desktops).
    Desktop {
        #[command(subcommand)]
        action: DesktopAction,
    },
}

/// The arguments of `xiangqi convert`.
#[derive(clap::Args)]
struct ConvertArgs {
    /// The file to read, or - for standard input.
    input: String,
    /// What to write.
    #[arg(long, value_enum, default_value_t = Target::Pgn)]
    to: Target,
    /// Which game of a file that holds several (see `xiangqi games`).
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Write to this file instead of standard output (needed for png and gif).
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
    /// Picture width in pixels (png, gif).
    #[arg(long, default_value_t = 450)]
    size: u32,
    /// Seconds between the frames of a gif.
    #[arg(long, default_value_t = 1.0)]
    delay: f32,
    /// Black at the bottom of the picture.
    #[arg(long)]
    flip: bool,
    /// No coordinates around the picture's board.
    #[arg(long)]
    no_coordinates: bool,
    /// The pieces in a picture: traditional (Chinese characters) or international
    /// (symbols).
    #[arg(long, default_value = "traditional")]
    pieces: xiangqi::theme::PieceStyle,
    /// The board's colours in a picture: wood, paper, dark or contrast.
    #[arg(long, default_value = "wood")]
    theme: xiangqi::theme::Theme,
    /// A PGN gets the opening's [ECCO] and [Opening] tags where the file has none;
    /// with this, in place of the file's own too.
    #[arg(long)]
    retag_opening: bool,
}

/// The arguments of `xiangqi analyze`.
#[derive(clap::Args)]
struct AnalyzeArgs {
    /// The position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Moves played from it, in ICCS coordinates ("h2e2 h9g7").
    #[arg(long, default_value = "")]
    moves: String,
    /// The engine program (default: the one set in the game's settings, else
    /// fairy-stockfish or pikafish on the PATH or in /usr/games).
    #[arg(long)]
    engine: Option<std::path::PathBuf>,
    /// Search this many plies deep (default 12).
    #[arg(long, conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// How many best lines to report.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
}

/// The arguments of `xiangqi review`.
#[derive(clap::Args)]
struct ReviewArgs {
    /// The file to read, or - for standard input.
    input: String,
    /// Which game of a file that holds several.
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Search each position this many plies deep (default 9).
    #[arg(long, conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Search each position for this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// The engine program (default: fairy-stockfish or pikafish on the PATH or in
    /// /usr/games).
    #[arg(long)]
    engine: Option<std::path::PathBuf>,
    /// Write the game as PGN with each move's evaluation ([%eval]) and marks.
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

/// The arguments of `xiangqi match`.
#[derive(clap::Args)]
struct MatchArgs {
    /// The first player (the score is theirs).
    a: String,
    /// The second.
    b: String,
    /// Games in all.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Games at once (default: one a core).
    #[arg(long)]
    concurrency: Option<usize>,
    /// The PGN file every game is written to; a file begun is taken up.
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
    /// Stop at a decision between H0: ELO0 and H1: ELO1 (5 % errors each).
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"])]
    sprt: Option<Vec<f64>>,
    /// The seed of the openings and the levels' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Go: the board's size.
    #[arg(long, default_value_t = 9)]
    size: u8,
}

#[derive(Subcommand)]
enum PlayersCommand {
    /// Add a player: a name in any script, and other names its games are recorded under.
    Add {
        /// The name.
        name: String,
        /// Another name of the same player's (repeatable).
        #[arg(long = "alias")]
        aliases: Vec<String>,
    },
    /// A player's record: per game, per opponent (head to head), the rating, the last
    /// games.
    Show {
        /// The name (or one of its aliases).
        name: String,
    },
    /// Remove a player (its games stay in the library, its name in their records).
    Remove {
        /// The name.
        name: String,
    },
}

#[derive(Subcommand)]
enum LibraryCommand {
    /// Build an opening book from the games under the folders (and files) given: every
    /// position before ply PLIES that at least LEAST games reach, with the moves played
    /// from it and how those games ended (the master book is built this way).
    Book {
        /// Folders or files.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// The book's file.
        #[arg(short, long)]
        output: std::path::PathBuf,
        /// Positions before this ply.
        #[arg(long, default_value_t = 30)]
        plies: usize,
        /// Reached by at least this many games.
        #[arg(long, default_value_t = 2)]
        least: usize,
    },
    /// Learn the opening classification from the games under the folders (and files)
    /// given whose records carry an ECCO code (the tree compiled in is learned this way).
    Openings {
        /// Folders or files.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// The tree's file.
        #[arg(short, long)]
        output: std::path::PathBuf,
    },
    /// Import every PGN, XQF and TXT file under the folders (and files) given, in any
    /// encoding: a summary (files, games read, added, duplicates, unreadable), each
    /// unreadable file named with its reason on stderr.
    Import {
        /// Folders or files.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// The library's file (default: the data folder's).
        #[arg(long)]
        db: Option<std::path::PathBuf>,
    },
    /// The games that match, one a line: `ID RED BLACK RESULT DATE EVENT PLIES REACHED`
    /// (tab-separated; REACHED: the ply where the position searched for is reached).
    Find(Box<library::FindArgs>),
}

#[derive(Subcommand)]
enum GoCommand {
    /// List the points the side to move may play, one per line.
    Moves(go::Setup),
    /// Print the board (X black, O white, . empty; top row first), whose move, the
    /// prisoners and the ko point.
    Status(go::Setup),
    /// Count the position: its last word is the result (B+3.5, W+0.5, 0).
    Score {
        #[command(flatten)]
        setup: go::Setup,
        /// Dead stones: a point of each dead chain, "C3 D4 …".
        #[arg(long, default_value = "")]
        dead: String,
    },
    /// Review a game with GNU Go: one row a move, `MOVE POINT SCORE BEST LOSS [MARK]`
    /// (SCORE: GNU Go's estimate after the move, B+… or W+…; BEST: GNU Go's choice in
    /// its place; LOSS: what the move cost its side against that choice, in points;
    /// MARK: `?` from 5 points, `??` from 12).
    Review {
        /// The SGF file (`-`: standard input); its main line is reviewed.
        input: String,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// GNU Go's level, 1 to 10 (higher: slower, stronger).
        #[arg(long, default_value_t = xiangqi::games::go::review::LEVEL)]
        level: u8,
        /// Write the game with the review (V, BM and comments) to this SGF file.
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
    },
    /// The warning the table's help gives before a stone at the end of a game's main
    /// line: nothing for a stone it lets pass, else its words (a group put in atari,
    /// a group in atari left, a capture missed).
    Tutor {
        /// The SGF file (`-`: standard input).
        input: String,
        /// The stone: a point (D4) or pass.
        #[arg(value_name = "MOVE")]
        mv: String,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        #[command(flatten)]
        words: Words,
    },
    /// The Go problems (死活题): one a line, `ID LEVEL TO-PLAY GOAL RIGHT START SOURCE`
    /// (tab-separated; RIGHT: the right first moves in GTP points, START: the position as
    /// SGF), or with --file, the problems of an SGF problem file.
    Problems {
        /// One JSON object a problem, in an array.
        #[arg(long)]
        json: bool,
        /// Only this level (1 easiest to 4).
        #[arg(long)]
        level: Option<u8>,
        /// An SGF file of problems (one a game; right lines marked RIGHT, Correct or
        /// 正解) instead of the collection.
        #[arg(long)]
        file: Option<String>,
        #[command(flatten)]
        sheet: puzzles::Sheet,
    },
    /// Write a game of an SGF file as SGF (FF[4], UTF-8, the whole tree).
    Convert {
        /// The file (`-`: standard input).
        input: String,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// What to write: sgf, png (the end of the main line) or gif (the main line,
        /// a frame a move).
        #[arg(long, default_value = "sgf", value_parser = ["sgf", "png", "gif"])]
        to: String,
        /// Write to this file instead of standard output (a picture needs one).
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
        /// A picture's width and height in pixels.
        #[arg(long, default_value_t = 600)]
        size: u32,
        /// Seconds between a GIF's frames.
        #[arg(long, default_value_t = 0.6)]
        delay: f32,
        /// No coordinates around the board.
        #[arg(long)]
        no_coordinates: bool,
        /// The board's colours in a picture: wood, paper, dark or contrast.
        #[arg(long, default_value = "wood")]
        theme: xiangqi::theme::Theme,
    },
}

#[derive(Subcommand)]
enum DesktopAction {
    /// Install for this user (under the XDG data folder), or with --prefix for everyone.
    Install(DesktopArgs),
    /// Remove exactly what install wrote.
    Uninstall(DesktopArgs),
}

#[derive(clap::Args)]
struct DesktopArgs {
    /// Install under PREFIX/share (e.g. /usr/local, or a packager's staging folder)
    /// instead of the user's own data folder.
    #[arg(long)]
    prefix: Option<std::path::PathBuf>,
    /// What the launcher runs (default: this program's path; with --prefix, `xiangqi`).
    #[arg(long)]
    exec: Option<String>,
    /// Leave the desktop's MIME, launcher and icon caches alone (packagers' triggers
    /// rebuild them).
    #[arg(long)]
    no_refresh: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum Target {
    /// The FEN of the final position.
    Fen,
    /// PGN with Chinese notation.
    Pgn,
    /// PGN with ICCS coordinates.
    PgnIccs,
    /// PGN with WXF notation.
    PgnWxf,
    /// PGN with Chinese notation in Traditional characters (傌八進七).
    PgnZhHant,
    /// PGN with Vietnamese notation (P2-5, M8.7, X1/1).
    PgnVi,
    /// `position fen … moves …`.
    Ucci,
    /// The 90-character board of the final position.
    Board,
    /// A PNG picture of the final position (needs -o).
    Png,
    /// An animated GIF of the whole game (needs -o).
    Gif,
    /// An XQF file, as XQStudio writes it, with the variations (needs -o).
    Xqf,
}

/// A failure to report to the user: the message goes to stderr, the exit code is 2.
struct Failure(String);

/// Picture options from the command line.
struct Picture {
    size: u32,
    delay: f32,
    flip: bool,
    coordinates: bool,
    pieces: xiangqi::theme::PieceStyle,
    theme: xiangqi::theme::Theme,
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // clap prints help/version itself and exits 0 for those, 2 for usage errors.
        Err(e) => e.exit(),
    };
    let Some(command) = cli.command else {
        if let Some(id) = &cli.puzzle
            && !xiangqi::games::xiangqi::puzzles::collection()
                .iter()
                .any(|p| &p.id == id)
        {
            eprintln!("xiangqi: no puzzle {id} (`xiangqi puzzles` lists them)");
            return ExitCode::from(2);
        }
        return open_window(cli.file.as_deref(), cli.clock, cli.puzzle);
    };
    let mut out = std::io::stdout().lock();
    let result = match command {
        Command::Perft { depth, fen, divide } => cmd_perft(&mut out, depth, &fen, divide),
        Command::Moves { fen } => cmd_moves(&mut out, &fen),
        Command::Status { fen, moves } => cmd_status(&mut out, &fen, &moves),
        Command::Convert(args) => args.run(&mut out),
        Command::Games { input } => convert::games(&mut out, &input),
        Command::Analyze(args) => args.run(&mut out),
        Command::Review(args) => args.run(&mut out),
        Command::Desktop { action } => cmd_desktop(&mut out, action),
        Command::Puzzles {
            from,
            depth,
            most,
            engine,
            sheet,
        } => {
            if sheet.sheet.is_some() {
                puzzles::xiangqi_sheet(&mut out, &sheet)
            } else if from.is_empty() {
                puzzles::list(&mut out)
            } else {
                puzzles::from_games(&mut out, &from, engine.as_deref(), depth, most)
            }
        }
        Command::Lessons { json } => lessons::list(&mut out, json),
        Command::Tutor { fen, mv, words } => tutor::xiangqi(&mut out, &fen, &mv, words.lang()),
        Command::Library { action } => library_command(&mut out, action),
        Command::Opening { input } => opening::openings(&mut out, &input),
        Command::Players { action, db } => players::run(&mut out, db.as_deref(), action),
        Command::Match(args) => args.run(&mut out),
        Command::Move {
            fen,
            level,
            moves,
            seed,
        } => matches::level_move(
            &mut out,
            &level,
            fen.as_deref().unwrap_or(START_FEN),
            &moves,
            seed,
        ),
        Command::Book {
            fen,
            moves,
            db,
            masters,
        } => library::book(
            &mut out,
            (!masters).then_some(db.as_deref()),
            fen.as_deref(),
            moves.as_deref(),
        ),
        Command::Go { action } => go_command(&mut out, action),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg)) => {
            eprintln!("xiangqi: {msg}");
            ExitCode::from(2)
        }
    }
}

impl ConvertArgs {
    fn run(self, out: &mut impl Write) -> Result<(), Failure> {
        let ConvertArgs {
            input,
            to,
            game,
            output,
            size,
            delay,
            flip,
            no_coordinates,
            pieces,
            theme,
            retag_opening,
        } = self;
        let picture = Picture {
            size,
            delay,
            flip,
            coordinates: !no_coordinates,
            pieces,
            theme,
        };
        let target = (to, retag_opening);
        convert::convert(out, &input, target, game, output.as_deref(), &picture)
    }
}

impl AnalyzeArgs {
    fn run(self, out: &mut impl Write) -> Result<(), Failure> {
        let AnalyzeArgs {
            fen,
            moves,
            engine,
            depth,
            movetime,
            multipv,
        } = self;
        let limit = match movetime {
            Some(ms) => xiangqi::engine::Limit::MoveTime(std::time::Duration::from_millis(ms)),
            None => xiangqi::engine::Limit::Depth(depth.unwrap_or(12)),
        };
        let request = analyze::Request {
            fen: &fen,
            moves: &moves,
            engine: engine.as_deref(),
            limit,
            multipv,
        };
        analyze::analyze(out, &request)
    }
}

impl ReviewArgs {
    fn run(self, out: &mut impl Write) -> Result<(), Failure> {
        let ReviewArgs {
            input,
            game,
            depth,
            movetime,
            engine,
            output,
        } = self;
        let limit = match movetime {
            Some(ms) => xiangqi::engine::Limit::MoveTime(std::time::Duration::from_millis(ms)),
            None => xiangqi::engine::Limit::Depth(depth.unwrap_or(9)),
        };
        let request = review::Request {
            input: &input,
            game,
            engine: engine.as_deref(),
            limit,
            output: output.as_deref(),
        };
        review::review(out, &request)
    }
}

impl MatchArgs {
    fn run(self, out: &mut impl Write) -> Result<(), Failure> {
        let MatchArgs {
            a,
            b,
            games,
            concurrency,
            output,
            sprt,
            seed,
            size,
        } = self;
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let request = matches::Request {
            a,
            b,
            games,
            concurrency: concurrency.unwrap_or(cores),
            out: output,
            sprt: sprt.and_then(|v| Some((*v.first()?, *v.get(1)?))),
            seed,
            size,
        };
        matches::matches(out, request)
    }
}

/// `xiangqi library …`.
fn library_command(out: &mut impl Write, action: LibraryCommand) -> Result<(), Failure> {
    match action {
        LibraryCommand::Book {
            paths,
            output,
            plies,
            least,
        } => library::build_book(out, &paths, &output, plies, least),
        LibraryCommand::Import { paths, db } => library::import(out, db.as_deref(), &paths),
        LibraryCommand::Find(args) => library::find(out, *args),
        LibraryCommand::Openings { paths, output } => opening::learn(out, &paths, &output),
    }
}

/// `xiangqi go …`.
fn go_command(out: &mut impl Write, action: GoCommand) -> Result<(), Failure> {
    match action {
        GoCommand::Moves(setup) => go::moves(out, &setup),
        GoCommand::Problems {
            json,
            level,
            file,
            sheet,
        } => puzzles::go_problems(out, json, level, file.as_deref(), &sheet),
        GoCommand::Status(setup) => go::status(out, &setup),
        GoCommand::Score { setup, dead } => go::count(out, &setup, &dead),
        GoCommand::Tutor {
            input,
            mv,
            game,
            words,
        } => tutor::go(out, &input, game, &mv, words.lang()),
        GoCommand::Review {
            input,
            game,
            level,
            output,
        } => go_review::review(
            out,
            &go_review::Request {
                input: &input,
                game,
                level,
                output: output.as_deref(),
            },
        ),
        GoCommand::Convert {
            input,
            game,
            to,
            output,
            size,
            delay,
            no_coordinates,
            theme,
        } => {
            let picture = Picture {
                size,
                delay,
                flip: false,
                coordinates: !no_coordinates,
                pieces: xiangqi::theme::PieceStyle::Traditional,
                theme,
            };
            go::convert(out, &input, game, &to, output.as_deref(), &picture)
        }
    }
}

#[cfg(feature = "gui")]
fn open_window(
    file: Option<&std::path::Path>,
    clock: Option<xiangqi::rules::Controls>,
    puzzle: Option<String>,
) -> ExitCode {
    if let Some(path) = file {
        // A file that cannot be read at all is the command line's error; one that is not
        // a game still opens the window, which says why.
        if let Err(e) = std::fs::File::open(path) {
            eprintln!("xiangqi: cannot read {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    // winit panics without a display; say so plainly instead.
    let has_display = ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|d| !d.is_empty()));
    #[cfg(unix)]
    let reachable = x_display_reachable();
    #[cfg(not(unix))]
    let reachable = true;
    if cfg!(target_os = "linux") && (!has_display || !reachable) {
        eprintln!(
            "xiangqi: no display to open the game window on (DISPLAY and WAYLAND_DISPLAY are \
             unset, or the X server does not answer); the command-line tools need none: \
             xiangqi --help"
        );
        return ExitCode::from(2);
    }
    // The window opens the file after resuming the last session.
    let absolute = file.map(|p| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()));
    match xiangqi::app::run(absolute, clock, puzzle) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// Whether a local X display named in DISPLAY (`:N`) takes connections; winit panics on
/// one that does not. Other forms (remote, Wayland) are left to winit.
#[cfg(all(feature = "gui", unix))]
fn x_display_reachable() -> bool {
    let Some(display) = std::env::var_os("DISPLAY").and_then(|d| d.into_string().ok()) else {
        return true;
    };
    let Some(number) = display
        .strip_prefix(':')
        .or_else(|| display.strip_prefix("unix:"))
        .and_then(|rest| rest.split('.').next())
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    else {
        return true;
    };
    let path = format!("/tmp/.X11-unix/X{number}");
    if std::os::unix::net::UnixStream::connect(&path).is_ok() {
        return true;
    }
    // X servers on Linux also listen on the abstract socket of the same name.
    #[cfg(target_os = "linux")]
    {
        use std::os::linux::net::SocketAddrExt;
        std::os::unix::net::SocketAddr::from_abstract_name(path.as_bytes())
            .and_then(|addr| std::os::unix::net::UnixStream::connect_addr(&addr))
            .is_ok()
    }
    #[cfg(not(target_os = "linux"))]
    false
}

#[cfg(not(feature = "gui"))]
fn open_window(
    file: Option<&std::path::Path>,
    _clock: Option<xiangqi::rules::Controls>,
    _puzzle: Option<String>,
) -> ExitCode {
    if let Some(file) = file {
        eprintln!(
            "xiangqi: cannot open {}: this build has no game window (built without the gui feature)",
            file.display()
        );
        return ExitCode::from(2);
    }
    let _ = <Cli as clap::CommandFactory>::command().print_help();
    ExitCode::SUCCESS
}

fn position(fen: &str) -> Result<Position, Failure> {
    Position::from_fen(fen).map_err(|e| Failure(format!("bad FEN \"{fen}\": {e}")))
}

fn io(e: std::io::Error) -> Failure {
    Failure(format!("cannot write the output: {e}"))
}

fn cmd_perft(out: &mut impl Write, depth: u32, fen: &str, divide: bool) -> Result<(), Failure> {
    let pos = position(fen)?;
    let started = Instant::now();
    let nodes = if divide {
        let split = perft_divide(&pos, depth);
        for (m, count) in &split {
            writeln!(out, "{m} {count}").map_err(io)?;
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, depth)
    };
    let secs = started.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    writeln!(out, "nodes {nodes} time {secs:.3} nps {nps:.0}").map_err(io)
}

fn cmd_moves(out: &mut impl Write, fen: &str) -> Result<(), Failure> {
    let pos = position(fen)?;
    let mut moves: Vec<Move> = pos.legal_moves().to_vec();
    moves.sort();
    for m in moves {
        writeln!(out, "{m}").map_err(io)?;
    }
    Ok(())
}

fn cmd_status(out: &mut impl Write, fen: &str, moves: &str) -> Result<(), Failure> {
    let mut game = Game::from_position(position(fen)?);
    for (i, text) in moves.split_whitespace().enumerate() {
        let ply = i + 1;
        let m: Move = text
            .parse()
            .map_err(|e| Failure(format!("ply {ply}: {e}")))?;
        game.play(m)
            .map_err(|e| Failure(format!("ply {ply} ({m}) is not allowed: {e}")))?;
    }
    let line = game
        .outcome()
        .map_or_else(|| "ongoing".to_owned(), |o| o.to_string());
    writeln!(out, "{line}").map_err(io)
}

fn cmd_desktop(out: &mut impl Write, action: DesktopAction) -> Result<(), Failure> {
    use xiangqi::desktop;
    if cfg!(any(target_os = "macos", windows)) {
        return Err(Failure(
            "desktop install is for Linux and BSD desktops; on macOS and Windows install the \
             app bundle or the installer"
                .into(),
        ));
    }
    let (installing, args) = match action {
        DesktopAction::Install(args) => (true, args),
        DesktopAction::Uninstall(args) => (false, args),
    };
    let fail = |e: desktop::DesktopError| Failure(e.to_string());
    let mut opts = match &args.prefix {
        Some(prefix) => desktop::Options::for_prefix(prefix, args.exec.clone()),
        None => {
            let mut opts = desktop::Options::for_user().map_err(fail)?;
            if let Some(exec) = args.exec.clone() {
                opts.exec = exec;
            }
            opts
        }
    };
    opts.refresh = !args.no_refresh;
    let report = if installing {
        desktop::install(&opts)
    } else {
        desktop::uninstall(&opts)
    }
    .map_err(fail)?;
    let verb = if installing { "wrote" } else { "removed" };
    for path in &report.files {
        writeln!(out, "{verb} {}", path.display()).map_err(io)?;
    }
    for line in &report.refreshed {
        writeln!(out, "{line}").map_err(io)?;
    }
    let summary = match (installing, report.files.is_empty()) {
        (true, _) => format!(
            "Xiangqi is in the launcher and opens Xiangqi PGN, XQF and FEN files and Go SGF files; it runs {}{}",
            opts.exec,
            if args.exec.is_none() && args.prefix.is_none() {
                " (install again if you move it)"
            } else {
                ""
            }
        ),
        (false, false) => "Xiangqi is no longer in the launcher".into(),
        (false, true) => format!("nothing to remove under {}", opts.share.display()),
    };
    writeln!(out, "{summary}").map_err(io)
}

/// The language of the words a command prints for a player: `--lang zh|zh-Hant|en|vi`,
/// or `--zh` for short; English when neither is given.
#[derive(clap::Args, Clone, Copy, Debug)]
pub(crate) struct Words {
    /// The words in this language: zh (简体中文), zh-Hant (繁體中文), en, vi (Tiếng Việt).
    #[arg(long, value_name = "LANG")]
    lang: Option<xiangqi::i18n::Lang>,
    /// In Chinese (--lang zh).
    #[arg(long, conflicts_with = "lang")]
    zh: bool,
}

impl Words {
    /// The language asked for.
    pub(crate) fn lang(self) -> xiangqi::i18n::Lang {
        match (self.lang, self.zh) {
            (Some(lang), _) => lang,
            (None, true) => xiangqi::i18n::Lang::Zh,
            (None, false) => xiangqi::i18n::Lang::En,
        }
    }
}
