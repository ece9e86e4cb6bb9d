//! The interface's languages, and the way every string in them is listed: the table's
//! own words here, each game's in its own crate.

/// The interface language.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// 中文.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Chinese when the system locale is Chinese, English otherwise.
    #[must_use]
    pub fn from_locale(locale: Option<&str>) -> Lang {
        match locale {
            Some(l) if l.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
            _ => Lang::En,
        }
    }

    /// Every language.
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    /// Its code in the settings file: `zh`, `en`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Lang {
    type Err = String;

    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code() == s.trim())
            .ok_or_else(|| format!("\"{s}\" is not a language (zh or en)"))
    }
}

/// Declares a list of fixed interface strings in Chinese and English (an enum with
/// `get` and `fill`): the table's words, and each game's own.
#[macro_export]
macro_rules! texts {
    ($name:ident; $($key:ident => $zh:literal, $en:literal;)*) => {
        /// A fixed interface string.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $(#[allow(missing_docs)] $key,)* }

        impl $name {
            /// Every key, for checks over the whole table.
            pub const ALL: &'static [$name] = &[$($name::$key,)*];

            /// The text in `lang`.
            #[must_use]
            pub const fn get(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $(($name::$key, Lang::Zh) => $zh, ($name::$key, Lang::En) => $en,)*
                }
            }

            /// The text in `lang` with each `{}` replaced by the next of `args`.
            #[must_use]
            pub fn fill(self, lang: Lang, args: &[&dyn std::fmt::Display]) -> String {
                $crate::i18n::fill(self.get(lang), args)
            }
        }
    };
}

/// `text` with each `{}` replaced by the next of `args`.
pub fn fill(text: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut parts = text.split("{}");
    let mut out = parts.next().unwrap_or_default().to_owned();
    for (i, part) in parts.enumerate() {
        if let Some(arg) = args.get(i) {
            out.push_str(&arg.to_string());
        }
        out.push_str(part);
    }
    out
}
