//! The table's look: colours as sRGB bytes (each theme's palette, the panel's), the two
//! faces compiled in, the choices of coordinates and piece marks, and [`Shape`], the
//! simple things a board is painted with, which both the window and the pictures draw.
//! Pure data, no Bevy.

#[cfg(feature = "shell")]
pub mod paint;

mod palette;

pub use palette::{CONTRAST, DARK, PAPER, Palette, PanelColors, PieceStyle, Theme, WOOD};

/// The font of the pieces, the board's labels and the panel: a renamed subset of LXGW
/// WenKai (SIL OFL 1.1, see `fonts/FONTLOG.txt`), compiled in.
pub static FONT: &[u8] = include_bytes!("../../../../fonts/XiangqiKai-Regular.ttf");

/// The font's family name.
pub const FONT_FAMILY: &str = "Xiangqi Kai";

/// The plain face of the board's coordinates: a renamed ASCII subset of Noto Sans (SIL
/// OFL 1.1, see `fonts/FONTLOG.txt`), compiled in. In the handwritten face a 9 reads as
/// a q.
pub static PLAIN_FONT: &[u8] = include_bytes!("../../../../fonts/XiangqiSans-Regular.ttf");

/// The plain font's family name.
pub const PLAIN_FONT_FAMILY: &str = "Xiangqi Sans";

/// Which of the two embedded faces a text is drawn in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Face {
    /// The handwritten face ([`FONT`]): pieces, the river, Chinese numerals.
    #[default]
    Kai,
    /// The plain face ([`PLAIN_FONT`]): Latin letters and digits.
    Plain,
}

impl Face {
    /// The face for `text`: plain when it is all ASCII.
    #[must_use]
    pub fn for_text(text: &str) -> Face {
        if text.is_ascii() {
            Face::Plain
        } else {
            Face::Kai
        }
    }
}

/// Which coordinates to draw around the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Coordinates {
    /// None.
    None,
    /// ICCS: a–i and 0–9.
    #[default]
    Iccs,
    /// 一–九 for red, 1–9 for black.
    Chinese,
}

impl Coordinates {
    /// Every choice.
    pub const ALL: [Coordinates; 3] = [Coordinates::None, Coordinates::Iccs, Coordinates::Chinese];

    /// Its name in the settings file: `none`, `iccs`, `chinese`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Coordinates::None => "none",
            Coordinates::Iccs => "iccs",
            Coordinates::Chinese => "chinese",
        }
    }
}

impl std::fmt::Display for Coordinates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Coordinates {
    type Err = String;

    fn from_str(s: &str) -> Result<Coordinates, String> {
        Coordinates::ALL
            .into_iter()
            .find(|c| c.name() == s.trim())
            .ok_or_else(|| format!("\"{s}\" is not a choice of coordinates"))
    }
}

/// The stage every game's board is drawn on, in units of its line spacing: the panel and
/// the board camera are laid out for it.
pub mod stage {
    /// Its width.
    pub const WIDTH: f32 = 9.9;
    /// Its height.
    pub const HEIGHT: f32 = 10.9;
}

/// An sRGB colour with alpha.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

/// Warm wood: the default theme.
pub mod wood {
    use super::Rgba;

    /// The board surface.
    pub const BOARD: Rgba = Rgba(0xE9, 0xC7, 0x8E, 0xFF);
    /// Behind the board, around it.
    pub const BACKGROUND: Rgba = Rgba(0x3B, 0x2A, 0x1E, 0xFF);
    /// Grid lines, palace diagonals, point marks.
    pub const LINE: Rgba = Rgba(0x5A, 0x36, 0x18, 0xFF);
    /// 楚河 漢界 and coordinates.
    pub const INK: Rgba = Rgba(0x6B, 0x42, 0x1F, 0xFF);
    /// The face of a piece.
    pub const PIECE_FACE: Rgba = Rgba(0xF6, 0xE3, 0xBC, 0xFF);
    /// The rim of a piece.
    pub const PIECE_RIM: Rgba = Rgba(0x8A, 0x5A, 0x2B, 0xFF);
    /// Red pieces' character and ring.
    pub const RED: Rgba = Rgba(0xB3, 0x1B, 0x1B, 0xFF);
    /// Black pieces' character and ring.
    pub const BLACK: Rgba = Rgba(0x1F, 0x1F, 0x1F, 0xFF);
    /// The selected piece's halo.
    pub const SELECTED: Rgba = Rgba(0x2E, 0x8B, 0x57, 0xE6);
    /// Dots on legal destinations, rings on capturable pieces.
    pub const HINT: Rgba = Rgba(0x2E, 0x8B, 0x57, 0xB3);
    /// The last move's from and to points.
    pub const LAST_MOVE: Rgba = Rgba(0x1E, 0x5A, 0xC8, 0xCC);
    /// The general in check.
    pub const CHECK: Rgba = Rgba(0xE0, 0x20, 0x20, 0xCC);
    /// The engine's move (a hint, the analysis's best move): an arrow over the board.
    pub const ARROW: Rgba = Rgba(0xE0, 0x7A, 0x10, 0xB8);
}

/// The colours of the goban's stones (its wood and lines are [`wood`]'s).
pub mod go {
    use super::Rgba;

    /// A black stone.
    pub const BLACK: Rgba = Rgba(0x1C, 0x1C, 0x1E, 0xFF);
    /// The shine on a black stone.
    pub const BLACK_SHINE: Rgba = Rgba(0x6A, 0x6A, 0x70, 0xFF);
    /// A white stone.
    pub const WHITE: Rgba = Rgba(0xEE, 0xEC, 0xE6, 0xFF);
    /// The shine on a white stone.
    pub const WHITE_SHINE: Rgba = Rgba(0xFF, 0xFF, 0xFF, 0xFF);
    /// A white stone's edge.
    pub const WHITE_EDGE: Rgba = Rgba(0x9A, 0x94, 0x88, 0xFF);
    /// The last move's mark.
    pub const LAST: Rgba = Rgba(0xC8, 0x30, 0x20, 0xFF);
    /// Laid over a stone counted dead: the wood showing through.
    pub const DEAD_VEIL: Rgba = Rgba(0xDC, 0xB0, 0x6C, 0x9C);
    /// A point where the side to move may not play (ko, superko, suicide).
    pub const FORBIDDEN: Rgba = Rgba(0xB0, 0x28, 0x20, 0xC0);
    /// The ring around a chain in atari.
    pub const ATARI: Rgba = Rgba(0xD8, 0x38, 0x20, 0xFF);
    /// A point GNU Go gives black, at its surest (fainter as it is less sure).
    pub const OWNED_BLACK: Rgba = Rgba(0x18, 0x18, 0x20, 0xA0);
    /// A point GNU Go gives white, at its surest.
    pub const OWNED_WHITE: Rgba = Rgba(0xFF, 0xFF, 0xFF, 0xC8);
    /// GNU Go's candidate moves: a ring with the move's value.
    pub const CANDIDATE: Rgba = Rgba(0x1E, 0x5A, 0xC8, 0xE6);
    /// GNU Go's best candidate.
    pub const BEST: Rgba = Rgba(0x1E, 0x8A, 0x3C, 0xF0);
    /// The arrows and lines a record draws (SGF `AR`, `LN`).
    pub const MARKUP_LINE: Rgba = Rgba(0xC0, 0x28, 0x1C, 0xD8);
}

/// The colours of the marks players draw on the board with the right button (lichess's
/// brushes): green, red, blue, yellow, a little transparent so the pieces show.
pub mod brush {
    use super::Rgba;

    /// No key held; `G` in a record.
    pub const GREEN: Rgba = Rgba(0x15, 0x78, 0x1B, 0xC0);
    /// Shift or Ctrl; `R`.
    pub const RED: Rgba = Rgba(0xB0, 0x20, 0x20, 0xC0);
    /// Alt; `B`.
    pub const BLUE: Rgba = Rgba(0x00, 0x40, 0xB0, 0xC0);
    /// Shift and Alt; `Y`.
    pub const YELLOW: Rgba = Rgba(0xE6, 0x8F, 0x00, 0xC8);
}

/// The panel, dialogs and banner around the board: light and warm like the wood, so
/// black pieces in the captured list stay visible.
pub mod panel {
    use super::Rgba;

    /// The side panel's background.
    pub const FILL: Rgba = Rgba(0xF4, 0xE8, 0xD0, 0xFF);
    /// Dialogs' background.
    pub const WINDOW: Rgba = Rgba(0xFA, 0xF1, 0xE0, 0xFF);
    /// Text fields and other wells.
    pub const FIELD: Rgba = Rgba(0xFF, 0xFA, 0xF0, 0xFF);
    /// Warnings, refusals and a damaged slot.
    pub const WARNING: Rgba = Rgba(0xC0, 0x30, 0x30, 0xFF);
    /// A clock under ten seconds.
    pub const CLOCK_LOW: Rgba = Rgba(0xC0, 0x20, 0x20, 0xFF);
    /// Behind the running clock.
    pub const CLOCK_RUNNING: Rgba = Rgba(0xFF, 0xF6, 0xD8, 0xFF);
    /// The running clock's frame.
    pub const CLOCK_FRAME: Rgba = Rgba(0xB0, 0x80, 0x30, 0xFF);
    /// The game-end banner across the board.
    pub const BANNER: Rgba = Rgba(40, 25, 15, 225);
    /// The banner's words.
    pub const BANNER_TEXT: Rgba = super::wood::PIECE_FACE;
}

impl Palette {
    /// Every solid colour a picture shows, marks blended over the board as they are
    /// drawn (the GIF's palette starts with these).
    #[must_use]
    pub fn flat_colors(&self) -> Vec<Rgba> {
        vec![
            self.board,
            self.line,
            self.ink,
            self.piece_face,
            self.black_face,
            self.piece_rim,
            self.red,
            self.black,
            over(self.last_move, self.board),
            over(self.check, self.board),
        ]
    }
}

/// `fg` at its own opacity over an opaque `bg`: how a translucent mark looks on the wood.
#[must_use]
pub fn over(fg: Rgba, bg: Rgba) -> Rgba {
    let a = f32::from(fg.3) / 255.0;
    let mix = |f: u8, b: u8| (a * f32::from(f) + (1.0 - a) * f32::from(b)).round() as u8;
    Rgba(mix(fg.0, bg.0), mix(fg.1, bg.1), mix(fg.2, bg.2), 255)
}

/// One thing to paint. Later shapes cover earlier ones.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// An axis-aligned rectangle.
    Rect {
        /// Its centre.
        center: (f32, f32),
        /// Width and height.
        size: (f32, f32),
        /// Fill.
        color: Rgba,
    },
    /// A straight line with square ends.
    Segment {
        /// One end.
        a: (f32, f32),
        /// The other.
        b: (f32, f32),
        /// Thickness.
        width: f32,
        /// Colour.
        color: Rgba,
    },
    /// A filled circle.
    Disc {
        /// Centre.
        center: (f32, f32),
        /// Radius.
        radius: f32,
        /// Fill.
        color: Rgba,
    },
    /// A ring between two radii.
    Ring {
        /// Centre.
        center: (f32, f32),
        /// Inner radius.
        inner: f32,
        /// Outer radius.
        outer: f32,
        /// Fill.
        color: Rgba,
    },
    /// A filled convex polygon, its corners counter-clockwise (the window fans it into
    /// triangles; the pieces' symbols are built of these).
    Polygon {
        /// Its corners.
        points: Vec<(f32, f32)>,
        /// Fill.
        color: Rgba,
    },
    /// Text centred on a point, in the embedded font: all-ASCII text (the coordinates) in
    /// the plain face, the rest in the handwritten one ([`Face::for_text`](super::Face)).
    Label {
        /// The text.
        text: String,
        /// Its centre.
        at: (f32, f32),
        /// Font size (em height).
        size: f32,
        /// Colour.
        color: Rgba,
    },
}
