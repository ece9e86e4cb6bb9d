//! Every text in every language: none missing, none left in another language, each
//! Chinese in its own script, the same blanks filled in each.

use super::{GoText, Lang, LibText, T, Word};

/// Each key's four texts, by list.
fn every_text() -> Vec<(String, [&'static str; 4])> {
    fn of<K: Copy + std::fmt::Debug>(
        list: &str,
        keys: &[K],
        get: impl Fn(K, Lang) -> &'static str,
    ) -> Vec<(String, [&'static str; 4])> {
        keys.iter()
            .map(|&k| {
                let texts = [Lang::Zh, Lang::En, Lang::Hant, Lang::Vi].map(|l| get(k, l));
                (format!("{list}::{k:?}"), texts)
            })
            .collect()
    }
    let mut all = of("Word", Word::ALL, Word::get);
    all.extend(of("T", T::ALL, T::get));
    all.extend(of("GoText", GoText::ALL, GoText::get));
    all.extend(of("LibText", LibText::ALL, LibText::get));
    for level in crate::engine::levels::LEVELS {
        all.push((format!("level {}", level.number), level.name));
    }
    for level in crate::matches::go_levels::GO_LEVELS {
        all.push((format!("Go level {}", level.number), level.name));
    }
    all
}

/// Texts that read the same in English and Vietnamese: names and codes.
const SAME_IN_VIETNAMESE: &[&str] = &[
    "GoText::RulesAga",
    "GoText::RulesNewZealand",
    "GoText::RulesTrompTaylor",
    "GoText::Komi",
    "GoText::KomiRow",
    "GoText::GnuGoFailed",
    "GoText::MoveBoxGoHint",
];

/// What is wrong with `key`'s four texts: a language empty, other blanks, a
/// Simplified character in 繁體, English left in the Vietnamese.
fn wrong_in(key: &str, [zh, en, hant, vi]: [&str; 4], same_in_vietnamese: bool) -> Vec<String> {
    let big5 = encoding_rs::BIG5;
    let mut wrong = Vec::new();
    if [zh, en, hant, vi].iter().any(|t| t.trim().is_empty()) {
        wrong.push(format!("{key}: a language is empty"));
    }
    let blanks = |t: &str| t.matches("{}").count();
    if [en, hant, vi].iter().any(|t| blanks(t) != blanks(zh)) {
        wrong.push(format!("{key}: not the same blanks in every language"));
    }
    // Traditional characters only: a Simplified one (这, 设, 读…) is not in Big5. The
    // board's glyphs (俥) are named as drawn.
    let simplified: String = hant
        .chars()
        .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c) && !"俥傌".contains(*c))
        .filter(|c| big5.encode(&c.to_string()).2)
        .collect();
    if !simplified.is_empty() {
        wrong.push(format!(
            "{key}: 繁體 text has Simplified {simplified}: {hant}"
        ));
    }
    // Vietnamese written, not English left in place.
    if vi == en && en.chars().any(char::is_alphabetic) && !same_in_vietnamese {
        wrong.push(format!("{key}: Tiếng Việt is the English \"{en}\""));
    }
    wrong
}

#[test]
fn every_text_is_written_in_every_language_in_its_own_script() {
    // The check can tell the scripts apart.
    assert!(encoding_rs::BIG5.encode("这").2 && !encoding_rs::BIG5.encode("這").2);
    assert!(!wrong_in("这", ["这", "this", "这", "này"], false).is_empty());
    let mut wrong = Vec::new();
    for (key, texts) in every_text() {
        wrong.extend(wrong_in(&key, texts, SAME_IN_VIETNAMESE.contains(&&*key)));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A sentence built in the code, by its columns.
fn columns(text: &table::learn::Text) -> [&str; 4] {
    [Lang::Zh, Lang::En, Lang::Hant, Lang::Vi].map(|l| text.get(l))
}

#[test]
fn every_lesson_and_problem_speaks_every_language() {
    use crate::games::{go, xiangqi};
    let mut wrong = Vec::new();
    let mut check = |key: String, text: &table::learn::Text| {
        wrong.extend(wrong_in(&key, columns(text), false));
    };
    for stage in xiangqi::lessons::course() {
        check(format!("xiangqi {} title", stage.id), &stage.title);
        check(format!("xiangqi {} intro", stage.id), &stage.intro);
        if let Some(drawn) = xiangqi::lessons::drawn_as(&stage.id) {
            check(format!("xiangqi {} drawn", stage.id), &drawn);
        }
        for level in &stage.levels {
            let key = format!("xiangqi {}", level.id);
            check(format!("{key} goal"), &level.goal_text());
            for (what, said) in [("say", &level.say), ("after", &level.after)] {
                if let Some(said) = said {
                    check(format!("{key} {what}"), said);
                }
            }
        }
    }
    for stage in go::lessons::course() {
        check(format!("go {} title", stage.id), &stage.title);
        check(format!("go {} intro", stage.id), &stage.intro);
        for level in &stage.levels {
            let key = format!("go {}", level.id);
            check(format!("{key} goal"), &level.goal_text());
            for (what, said) in [("say", &level.say), ("after", &level.after)] {
                if let Some(said) = said {
                    check(format!("{key} {what}"), said);
                }
            }
        }
    }
    for problem in go::problems::collection() {
        check(format!("go problem {}", problem.id), &problem.title());
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_language_is_found_from_the_locale_and_kept_by_its_code() {
    for (locale, lang) in [
        ("zh_TW.UTF-8", Lang::Hant),
        ("zh_HK", Lang::Hant),
        ("zh-MO", Lang::Hant),
        ("zh-Hant-HK", Lang::Hant),
        ("zh_CN.UTF-8", Lang::Zh),
        ("zh-Hans", Lang::Zh),
        ("zh_SG", Lang::Zh),
        ("zh", Lang::Zh),
        ("vi_VN.UTF-8", Lang::Vi),
        ("vi", Lang::Vi),
        ("en_GB", Lang::En),
        ("fr-FR", Lang::En),
        ("C", Lang::En),
    ] {
        assert_eq!(Lang::from_locale(Some(locale)), lang, "{locale}");
    }
    for lang in Lang::ALL {
        assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
    }
    // The columns of a four-language table, as `texts!` takes them.
    let columns = [Lang::Zh, Lang::En, Lang::Hant, Lang::Vi].map(Lang::column);
    assert_eq!(columns, [0, 1, 2, 3]);
    assert_eq!("zh-hant".parse::<Lang>(), Ok(Lang::Hant));
    let names: Vec<&str> = Lang::ALL.iter().map(|l| l.own_name()).collect();
    assert_eq!(names, ["简体中文", "繁體中文", "English", "Tiếng Việt"]);
}
