//! Serde for the value types, as the text players read and every other reader of these
//! formats writes: a square `h2`, a move `h2e2`, a notation `WXF`, a time control
//! `10+5`, a result `red-wins checkmate`, a position as its FEN. A settings file or a
//! saved game stays readable by a person, and the same text is parsed as elsewhere.

use std::fmt::Display;
use std::str::FromStr;

use serde::de::{Deserialize, Deserializer, Error as _};
use serde::ser::{Serialize, Serializer};

use super::{Move, Notation, Outcome, Position, Square, TimeControl};

fn text<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

fn parse<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
    s.parse().map_err(D::Error::custom)
}

macro_rules! as_text {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                text(self, serializer)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                parse(deserializer)
            }
        }
    )*};
}

as_text!(Square, Move, Notation, TimeControl, Outcome);

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_fen())
    }
}

impl<'de> Deserialize<'de> for Position {
    /// Only a legal position deserializes: the FEN is checked as [`Position::from_fen`]
    /// checks it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        parse(deserializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_their_text() {
        let m: Move = "h2e2".parse().unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), "\"h2e2\"");
        assert_eq!(serde_json::from_str::<Move>("\"h2e2\"").unwrap(), m);
        let tc: TimeControl = "10+5".parse().unwrap();
        let json = serde_json::to_string(&tc).unwrap();
        assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), tc);
        assert_eq!(
            serde_json::to_string(&Notation::Wxf).unwrap(),
            "\"WXF\"",
            "as PGN's Format tag names it"
        );
        let o: Outcome = "red-wins checkmate".parse().unwrap();
        assert_eq!(
            serde_json::from_str::<Outcome>(&serde_json::to_string(&o).unwrap()).unwrap(),
            o
        );
        let pos = Position::new();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        assert!(serde_json::from_str::<Square>("\"z9\"").is_err());
        assert!(serde_json::from_str::<Move>("7").is_err());
        // Two red generals: not a legal position, so not a Position.
        let err = serde_json::from_str::<Position>("\"4k4/9/9/9/9/9/9/9/9/3KK4 w\"")
            .unwrap_err()
            .to_string();
        assert!(err.contains("general"), "{err}");
    }
}
