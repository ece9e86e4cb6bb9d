//! The three board themes (wood, paper, dark) as palettes, and the two piece styles.
//! A palette holds every colour the board, the pieces, the marks and the panel use, so
//! the window and the pictures switch together.

use super::{Rgba, panel, wood};

/// A board theme.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Hash)]
pub enum Theme {
    /// Warm wood (the default).
    #[default]
    Wood,
    /// White paper and black ink, like a printed diagram.
    Paper,
    /// A dark slate board and a dark panel, for a dark room.
    Dark,
    /// High contrast: pure black lines on white; red pieces white with a red character,
    /// black pieces black with a white one — told apart by their fill, not by colour.
    Contrast,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 4] = [Theme::Wood, Theme::Paper, Theme::Dark, Theme::Contrast];

    /// Its name in the settings file and on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Wood => "wood",
            Theme::Paper => "paper",
            Theme::Dark => "dark",
            Theme::Contrast => "contrast",
        }
    }

    /// Its colours.
    #[must_use]
    pub const fn palette(self) -> &'static Palette {
        match self {
            Theme::Wood => &WOOD,
            Theme::Paper => &PAPER,
            Theme::Dark => &DARK,
            Theme::Contrast => &CONTRAST,
        }
    }
}

/// How the pieces are marked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Hash)]
pub enum PieceStyle {
    /// The Chinese characters (帥 仕 相 傌 俥 炮 兵 and black's).
    #[default]
    Traditional,
    /// Symbols for players who do not read Chinese: a crown, a cross, an elephant, a
    /// knight, a tower, a cannon and a pawn (the chess pieces that move alike).
    International,
}

impl PieceStyle {
    /// Both styles.
    pub const ALL: [PieceStyle; 2] = [PieceStyle::Traditional, PieceStyle::International];

    /// Its name in the settings file and on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceStyle::Traditional => "traditional",
            PieceStyle::International => "international",
        }
    }
}

macro_rules! by_name {
    ($t:ty, $what:literal) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $t {
            type Err = String;

            fn from_str(s: &str) -> Result<$t, String> {
                <$t>::ALL
                    .into_iter()
                    .find(|c| c.name() == s.trim())
                    .ok_or_else(|| {
                        let names: Vec<&str> = <$t>::ALL.iter().map(|c| c.name()).collect();
                        format!("\"{s}\" is not {} ({})", $what, names.join(", "))
                    })
            }
        }
    };
}

by_name!(Theme, "a theme");
by_name!(PieceStyle, "a piece style");

/// Every colour of one theme.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each field is named for what it colours; see `wood`'s constants
pub struct Palette {
    pub board: Rgba,
    pub background: Rgba,
    pub line: Rgba,
    pub ink: Rgba,
    pub piece_face: Rgba,
    /// The face of black's pieces (`piece_face` but where the fill tells the sides apart).
    pub black_face: Rgba,
    pub piece_rim: Rgba,
    pub red: Rgba,
    pub black: Rgba,
    pub selected: Rgba,
    pub hint: Rgba,
    pub last_move: Rgba,
    pub check: Rgba,
    pub arrow: Rgba,
    /// The goban's surface (its lines are `line`).
    pub goban: Rgba,
    /// The panel around the board.
    pub panel: PanelColors,
}

/// The panel's colours.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // see `panel`'s constants
pub struct PanelColors {
    /// Light text on dark fills.
    pub dark: bool,
    pub fill: Rgba,
    pub window: Rgba,
    pub field: Rgba,
    pub text: Rgba,
    pub warning: Rgba,
    pub clock_low: Rgba,
    pub clock_running: Rgba,
    pub clock_frame: Rgba,
    pub banner: Rgba,
    pub banner_text: Rgba,
}

/// Wood: the board as it always was.
pub const WOOD: Palette = Palette {
    board: wood::BOARD,
    background: wood::BACKGROUND,
    line: wood::LINE,
    ink: wood::INK,
    piece_face: wood::PIECE_FACE,
    black_face: wood::PIECE_FACE,
    piece_rim: wood::PIECE_RIM,
    red: wood::RED,
    black: wood::BLACK,
    selected: wood::SELECTED,
    hint: wood::HINT,
    last_move: wood::LAST_MOVE,
    check: wood::CHECK,
    arrow: wood::ARROW,
    goban: wood::BOARD,
    panel: PanelColors {
        dark: false,
        fill: panel::FILL,
        window: panel::WINDOW,
        field: panel::FIELD,
        text: Rgba(0x3C, 0x32, 0x28, 0xFF),
        warning: panel::WARNING,
        clock_low: panel::CLOCK_LOW,
        clock_running: panel::CLOCK_RUNNING,
        clock_frame: panel::CLOCK_FRAME,
        banner: panel::BANNER,
        banner_text: panel::BANNER_TEXT,
    },
};

/// Paper: black ink on white, red pieces in vermilion; prints and diagrams.
pub const PAPER: Palette = Palette {
    board: Rgba(0xF7, 0xF4, 0xEC, 0xFF),
    background: Rgba(0xD8, 0xD6, 0xD0, 0xFF),
    line: Rgba(0x26, 0x26, 0x26, 0xFF),
    ink: Rgba(0x33, 0x33, 0x33, 0xFF),
    piece_face: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
    black_face: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
    piece_rim: Rgba(0x26, 0x26, 0x26, 0xFF),
    red: Rgba(0xC4, 0x1E, 0x1E, 0xFF),
    black: Rgba(0x14, 0x14, 0x14, 0xFF),
    selected: Rgba(0x2E, 0x8B, 0x57, 0xE6),
    hint: Rgba(0x2E, 0x8B, 0x57, 0xB3),
    last_move: Rgba(0x1E, 0x5A, 0xC8, 0xCC),
    check: Rgba(0xE0, 0x20, 0x20, 0xB0),
    arrow: Rgba(0xE0, 0x7A, 0x10, 0xB8),
    goban: Rgba(0xF7, 0xF4, 0xEC, 0xFF),
    panel: PanelColors {
        dark: false,
        fill: Rgba(0xF2, 0xF1, 0xED, 0xFF),
        window: Rgba(0xFA, 0xFA, 0xF7, 0xFF),
        field: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
        text: Rgba(0x2A, 0x2A, 0x2A, 0xFF),
        warning: Rgba(0xB8, 0x24, 0x24, 0xFF),
        clock_low: Rgba(0xC0, 0x20, 0x20, 0xFF),
        clock_running: Rgba(0xFF, 0xF7, 0xDC, 0xFF),
        clock_frame: Rgba(0x80, 0x80, 0x80, 0xFF),
        banner: Rgba(0x20, 0x20, 0x20, 0xE1),
        banner_text: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
    },
};

/// Dark: a slate board with light lines, ivory pieces so both sides stay readable, and
/// a dark panel.
pub const DARK: Palette = Palette {
    board: Rgba(0x33, 0x37, 0x3D, 0xFF),
    background: Rgba(0x16, 0x18, 0x1B, 0xFF),
    line: Rgba(0x9A, 0xA1, 0xAB, 0xFF),
    ink: Rgba(0xA8, 0xB0, 0xBA, 0xFF),
    piece_face: Rgba(0xE8, 0xDF, 0xCC, 0xFF),
    black_face: Rgba(0xE8, 0xDF, 0xCC, 0xFF),
    piece_rim: Rgba(0x7A, 0x6A, 0x52, 0xFF),
    red: Rgba(0xB8, 0x1E, 0x1E, 0xFF),
    black: Rgba(0x1A, 0x1A, 0x1A, 0xFF),
    selected: Rgba(0x4C, 0xC0, 0x7A, 0xE6),
    hint: Rgba(0x4C, 0xC0, 0x7A, 0xC0),
    last_move: Rgba(0x5C, 0x9E, 0xF0, 0xE0),
    check: Rgba(0xF0, 0x40, 0x40, 0xD0),
    arrow: Rgba(0xF0, 0x90, 0x30, 0xC8),
    goban: Rgba(0x8A, 0x6E, 0x48, 0xFF),
    panel: PanelColors {
        dark: true,
        fill: Rgba(0x20, 0x23, 0x28, 0xFF),
        window: Rgba(0x27, 0x2B, 0x31, 0xFF),
        field: Rgba(0x15, 0x17, 0x1A, 0xFF),
        text: Rgba(0xDC, 0xDF, 0xE4, 0xFF),
        warning: Rgba(0xFF, 0x70, 0x70, 0xFF),
        clock_low: Rgba(0xFF, 0x5A, 0x5A, 0xFF),
        clock_running: Rgba(0x3C, 0x36, 0x22, 0xFF),
        clock_frame: Rgba(0xC8, 0xA0, 0x50, 0xFF),
        banner: Rgba(0x10, 0x10, 0x12, 0xE6),
        banner_text: Rgba(0xE8, 0xDF, 0xCC, 0xFF),
    },
};

/// High contrast: pure black and white; the sides told apart by their pieces' fill
/// (white or black), their characters in deep red or white.
pub const CONTRAST: Palette = Palette {
    // A light grey under white pieces: the red side's faces stand out from it.
    board: Rgba(0xE4, 0xE4, 0xE4, 0xFF),
    // Dark grey around the board: not the black of black's pieces.
    background: Rgba(0x3A, 0x3A, 0x3A, 0xFF),
    line: Rgba(0x00, 0x00, 0x00, 0xFF),
    ink: Rgba(0x00, 0x00, 0x00, 0xFF),
    piece_face: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
    // Near black: the lines are the pure black.
    black_face: Rgba(0x14, 0x14, 0x14, 0xFF),
    piece_rim: Rgba(0x00, 0x00, 0x00, 0xFF),
    red: Rgba(0xA0, 0x00, 0x00, 0xFF),
    black: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
    selected: Rgba(0x00, 0x80, 0x00, 0xF0),
    hint: Rgba(0x00, 0x80, 0x00, 0xE0),
    last_move: Rgba(0x00, 0x40, 0xFF, 0xFF),
    check: Rgba(0xFF, 0x00, 0x00, 0xE0),
    arrow: Rgba(0xFF, 0x80, 0x00, 0xE0),
    goban: Rgba(0xE4, 0xE4, 0xE4, 0xFF),
    panel: PanelColors {
        dark: false,
        fill: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
        window: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
        field: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
        text: Rgba(0x00, 0x00, 0x00, 0xFF),
        warning: Rgba(0xB0, 0x00, 0x00, 0xFF),
        clock_low: Rgba(0xB0, 0x00, 0x00, 0xFF),
        clock_running: Rgba(0xFF, 0xF0, 0x80, 0xFF),
        clock_frame: Rgba(0x00, 0x00, 0x00, 0xFF),
        banner: Rgba(0x00, 0x00, 0x00, 0xF0),
        banner_text: Rgba(0xFF, 0xFF, 0xFF, 0xFF),
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's relative luminance.
    fn luminance(c: Rgba) -> f32 {
        let l = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * l(c.0) + 0.7152 * l(c.1) + 0.0722 * l(c.2)
    }

    fn contrast(a: Rgba, b: Rgba) -> f32 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
    const PROTANOPIA: [[f32; 3]; 3] = [
        [0.152_286, 1.052_583, -0.204_868],
        [0.114_503, 0.786_281, 0.099_216],
        [-0.003_882, -0.048_116, 1.051_998],
    ];
    const DEUTERANOPIA: [[f32; 3]; 3] = [
        [0.367_322, 0.860_646, -0.227_968],
        [0.280_085, 0.672_501, 0.047_413],
        [-0.011_820, 0.042_940, 0.968_881],
    ];

    /// The luminance of `c` as an eye with `vision` (none: the usual) sees it.
    fn seen_luminance(c: Rgba, vision: Option<&[[f32; 3]; 3]>) -> f32 {
        let lin = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        let rgb = [lin(c.0), lin(c.1), lin(c.2)];
        let rgb = match vision {
            None => rgb,
            Some(m) => {
                let row = |i: usize| {
                    (m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2]).clamp(0.0, 1.0)
                };
                [row(0), row(1), row(2)]
            }
        };
        0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    }

    fn seen_contrast(a: Rgba, b: Rgba, vision: Option<&[[f32; 3]; 3]>) -> f32 {
        let (a, b) = (seen_luminance(a, vision), seen_luminance(b, vision));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// Red and black pieces as the common colour blindnesses see them (simulated): the
    /// contrast between the two sides' characters and between their faces, per theme.
    /// Every theme keeps the characters apart by lightness too (and the Chinese
    /// characters differ by side: 帥 將, 仕 士, 相 象…); high contrast tells the sides
    /// apart by their fill, whatever the eye.
    #[test]
    fn red_and_black_stay_apart_for_colour_blind_eyes() {
        for theme in Theme::ALL {
            let p = theme.palette();
            for (name, vision) in [
                ("usual", None),
                ("protanopia", Some(&PROTANOPIA)),
                ("deuteranopia", Some(&DEUTERANOPIA)),
            ] {
                let marks = seen_contrast(p.red, p.black, vision);
                let faces = seen_contrast(p.piece_face, p.black_face, vision);
                eprintln!("{theme} {name}: characters {marks:.2}:1, faces {faces:.2}:1");
                assert!(marks.max(faces) >= 1.7, "{theme} {name}: {marks} {faces}");
                if theme == Theme::Contrast {
                    assert!(faces >= 15.0, "{theme} {name}: faces {faces}");
                    assert!(seen_contrast(p.red, p.piece_face, vision) >= 4.5);
                    assert!(seen_contrast(p.black, p.black_face, vision) >= 15.0);
                    assert!(seen_contrast(p.line, p.board, vision) >= 12.0);
                }
            }
        }
    }

    #[test]
    fn every_theme_is_readable() {
        for theme in Theme::ALL {
            let p = theme.palette();
            // Lines and labels on the board, both sides on a piece, text in the panel.
            assert!(contrast(p.line, p.board) >= 3.0, "{theme} lines");
            assert!(contrast(p.ink, p.board) >= 3.0, "{theme} labels");
            assert!(contrast(p.red, p.piece_face) >= 4.5, "{theme} red");
            assert!(contrast(p.black, p.black_face) >= 4.5, "{theme} black");
            assert!(contrast(p.panel.text, p.panel.fill) >= 7.0, "{theme} panel");
            assert!(
                contrast(p.panel.warning, p.panel.fill) >= 3.0,
                "{theme} warning"
            );
            assert_eq!(p.panel.dark, luminance(p.panel.fill) < 0.2, "{theme}");
            assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
        }
        for style in PieceStyle::ALL {
            assert_eq!(style.name().parse::<PieceStyle>(), Ok(style));
        }
        assert!(
            "slate"
                .parse::<Theme>()
                .unwrap_err()
                .contains("wood, paper, dark, contrast")
        );
    }
}
