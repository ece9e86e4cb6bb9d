//! Chinese text in the encodings game files were written in, one decoder for every
//! reader (Xiangqi's PGN and XQF, Go's SGF): a byte-order mark's encoding, else UTF-8
//! when the bytes are, else the legacy encoding they read best in: GBK/GB18030 (files
//! from mainland China) or Big5 (CP950 and HKSCS: Taiwan and Hong Kong). The two legacy
//! encodings overlap, so the bytes are read in both and the reading with more of the
//! words such files are made of wins; each game names its words.
//!
//! ```
//! use cjk_text::{Legacy, decode, legacy};
//!
//! const WORDS: &str = "馬馬進進車車炮";
//! let big5 = encoding_rs::BIG5.encode("馬８進７").0;
//! assert_eq!(decode(&big5, WORDS), "馬８進７");
//! assert_eq!(legacy(&big5, WORDS).1, Legacy::Big5);
//! ```

use std::borrow::Cow;

/// A legacy Chinese encoding.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Legacy {
    /// GBK and its superset GB18030: the mainland's.
    Gb18030,
    /// Big5 (CP950, HKSCS): Taiwan's and Hong Kong's.
    Big5,
}

impl Legacy {
    fn encoding(self) -> &'static encoding_rs::Encoding {
        match self {
            Legacy::Gb18030 => encoding_rs::GB18030,
            Legacy::Big5 => encoding_rs::BIG5,
        }
    }

    /// The other one.
    #[must_use]
    pub fn other(self) -> Legacy {
        match self {
            Legacy::Gb18030 => Legacy::Big5,
            Legacy::Big5 => Legacy::Gb18030,
        }
    }

    /// `bytes` read in this encoding, and whether some were malformed.
    #[must_use]
    pub fn decode(self, bytes: &[u8]) -> (Cow<'_, str>, bool) {
        let (text, bad) = self.encoding().decode_without_bom_handling(bytes);
        (text, bad)
    }
}

/// Turns file bytes into text: a byte-order mark's encoding (UTF-8, UTF-16), else UTF-8
/// when the bytes are valid UTF-8, else the legacy encoding [`legacy`] finds them in.
/// `words`: the characters the game's files are made of, in both scripts.
#[must_use]
pub fn decode(bytes: &[u8], words: &str) -> String {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding
            .decode_without_bom_handling(&bytes[bom..])
            .0
            .into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => legacy(bytes, words).0,
    }
}

/// Reads legacy Chinese `bytes` as GB18030 and as Big5 and keeps the reading with more
/// of `words`' characters (a reading with malformed bytes loses); GB18030 when they
/// tie. Returns the text and the encoding it was read in.
#[must_use]
pub fn legacy(bytes: &[u8], words: &str) -> (String, Legacy) {
    let score = |text: &str, bad: bool| {
        let common = text.chars().filter(|c| words.contains(*c)).count();
        let replaced = text.chars().filter(|&c| c == '\u{FFFD}').count();
        common as i64 - 4 * replaced as i64 - i64::from(bad)
    };
    let (gb_text, gb_bad) = Legacy::Gb18030.decode(bytes);
    let (big5_text, big5_bad) = Legacy::Big5.decode(bytes);
    if score(&big5_text, big5_bad) > score(&gb_text, gb_bad) {
        (big5_text.into_owned(), Legacy::Big5)
    } else {
        (gb_text.into_owned(), Legacy::Gb18030)
    }
}

/// Decodes several short texts of one file (a header's fields) in the one encoding
/// they read best in together: a name alone says too little to tell Big5 from GBK.
#[must_use]
pub fn decode_together(parts: &[&[u8]], words: &str) -> Vec<String> {
    let all: Vec<u8> = parts.join(&b' ');
    if std::str::from_utf8(&all).is_ok() || encoding_rs::Encoding::for_bom(&all).is_some() {
        return parts.iter().map(|p| decode(p, words)).collect();
    }
    let encoding = legacy(&all, words).1;
    parts
        .iter()
        .map(|p| encoding.decode(p).0.into_owned())
        .collect()
}

/// Decodes one text of a file whose legacy encoding is known (`prior`) from its other
/// texts: UTF-8 when it is, else `prior`, unless only the other encoding reads it
/// without malformed bytes (a file put together from downloads of both kinds); with no
/// prior, [`legacy`] decides and says which it chose.
#[must_use]
pub fn decode_with(bytes: &[u8], prior: Option<Legacy>, words: &str) -> (String, Option<Legacy>) {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.to_owned(), prior);
    }
    let Some(prior) = prior else {
        let (text, chosen) = legacy(bytes, words);
        return (text, Some(chosen));
    };
    let (text, bad) = prior.decode(bytes);
    if bad {
        let (other, other_bad) = prior.other().decode(bytes);
        if !other_bad {
            return (other.into_owned(), Some(prior));
        }
    }
    (text.into_owned(), Some(prior))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: &str = "车車马馬进進红紅方先胜勝";

    #[test]
    fn boms_utf8_and_each_legacy_encoding_read_back() {
        let text = "紅方先勝 馬８進７";
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode(&utf16, WORDS), text);
        assert_eq!(decode(text.as_bytes(), WORDS), text);
        let big5 = encoding_rs::BIG5.encode(text).0;
        assert_eq!(legacy(&big5, WORDS), (text.to_owned(), Legacy::Big5));
        let gbk = encoding_rs::GB18030.encode("红方先胜 马８进７").0;
        assert_eq!(legacy(&gbk, WORDS).1, Legacy::Gb18030);
    }

    #[test]
    fn a_prior_is_kept_unless_only_the_other_reads_the_bytes() {
        let gbk = encoding_rs::GB18030.encode("红方先胜").0;
        // GBK bytes Big5 has no characters for (its C8 row is unmapped).
        let odd = encoding_rs::GB18030.encode("人如日").0;
        assert!(Legacy::Big5.decode(&odd).1);
        assert_eq!(
            decode_with(&odd, Some(Legacy::Big5), WORDS),
            ("人如日".to_owned(), Some(Legacy::Big5))
        );
        assert_eq!(decode_with(&gbk, None, WORDS).1, Some(Legacy::Gb18030));
    }
}
