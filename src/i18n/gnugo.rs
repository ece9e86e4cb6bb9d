//! GNU Go's reasons for a move (`move_reasons`), in the window's language where we know
//! the phrase; any other phrase is shown as GNU Go says it.

use super::Lang;

/// GNU Go's phrases, a point written `{}`, with their Chinese.
const PHRASES: &[(&str, &str)] = &[
    ("attacks {}", "攻击 {}"),
    ("attacks {} (defenseless)", "攻击 {}（无法防守）"),
    ("attacks {} with good ko", "攻击 {}（有利的劫）"),
    ("attacks {} with bad ko", "攻击 {}（不利的劫）"),
    (
        "attacks {} (defenseless) with good ko",
        "攻击 {}（无法防守，有利的劫）",
    ),
    (
        "attacks {} (defenseless) with bad ko",
        "攻击 {}（无法防守，不利的劫）",
    ),
    ("defends {}", "防守 {}"),
    ("defends {} with good ko", "防守 {}（有利的劫）"),
    ("defends {} with bad ko", "防守 {}（不利的劫）"),
    ("threatens to attack {}", "威胁攻击 {}"),
    ("threatens to defend {}", "准备防守 {}"),
    ("connects {} and {}", "连接 {} 与 {}"),
    ("cuts {} and {}", "切断 {} 与 {}"),
    ("is an antisuji", "是恶手"),
    ("wins semeai for {}", "为 {} 赢得对杀"),
    ("threatens to win semeai for {}", "威胁为 {} 赢得对杀"),
    ("vital eye point for eye {}", "是 {} 眼形的要点"),
    ("either attacks {} or attacks {}", "或攻击 {}，或攻击 {}"),
    ("either attacks {} or defends {}", "或攻击 {}，或防守 {}"),
    ("either defends {} or attacks {}", "或防守 {}，或攻击 {}"),
    ("either defends {} or defends {}", "或防守 {}，或防守 {}"),
    ("both attacks {} and attacks {}", "同时攻击 {} 与 {}"),
    ("both attacks {} and defends {}", "攻击 {} 并防守 {}"),
    ("both defends {} and attacks {}", "防守 {} 并攻击 {}"),
    ("both defends {} and defends {}", "同时防守 {} 与 {}"),
    ("defends both {} and {}", "同时防守 {} 与 {}"),
    ("owl-attacks {}", "杀 {}"),
    ("owl-attacks {} with good ko", "杀 {}（有利的劫）"),
    ("owl-attacks {} with bad ko", "杀 {}（不利的劫）"),
    ("owl-attacks {} (captures {})", "杀 {}（吃掉 {}）"),
    ("owl-defends {}", "做活 {}"),
    ("owl-defends {} with good ko", "做活 {}（有利的劫）"),
    ("owl-defends {} with bad ko", "做活 {}（不利的劫）"),
    ("owl-defends {} (loses {})", "做活 {}（弃 {}）"),
    ("owl-threatens to attack {}", "威胁杀 {}"),
    ("owl-threatens to defend {}", "准备做活 {}"),
    (
        "owl-prevents a threat to attack or defend {}",
        "消除对 {} 死活的威胁",
    ),
    ("expands territory", "扩张实地"),
    ("expands moyo", "扩张模样"),
    ("is an invasion", "打入"),
    ("blocks territory", "守住实地"),
    ("strategically attacks {}", "从大局上攻击 {}"),
    ("strategically defends {}", "从大局上加强 {}"),
    ("captures something", "吃子"),
    ("defends against combination attack", "防守组合攻击"),
    ("defends threat to capture something", "防止被吃子"),
    ("strategically or tactically unsafe", "有大局或战术上的风险"),
];

/// Whether `word` names a point (`D4`, `Q16`).
fn is_point(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && word.len() >= 2
        && chars.all(|c| c.is_ascii_digit())
}

/// One of GNU Go's reasons (as [`gtp::Gtp::reasons`](crate::engine::gtp::Gtp::reasons)
/// gives it: "connects E5 and G5") in `lang`.
#[must_use]
pub fn go_reason(reason: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return reason.to_owned();
    }
    let mut points = Vec::new();
    let shape: Vec<String> = reason
        .split(' ')
        .map(|w| {
            // A point may stand in brackets: "(captures R17)".
            let bare = w.trim_start_matches('(').trim_end_matches(')');
            if is_point(bare) {
                points.push(bare);
                w.replace(bare, "{}")
            } else {
                w.to_owned()
            }
        })
        .collect();
    let shape = shape.join(" ");
    let Some((_, zh)) = PHRASES.iter().find(|(en, _)| *en == shape) else {
        return reason.to_owned();
    };
    let mut out = String::new();
    let mut parts = zh.split("{}");
    out.push_str(parts.next().unwrap_or_default());
    for (part, point) in parts.zip(points.iter().chain(std::iter::repeat(&""))) {
        out.push_str(point);
        out.push_str(part);
    }
    out
}

/// Every Chinese phrase, for the font check.
#[must_use]
pub fn reason_strings() -> Vec<String> {
    PHRASES.iter().map(|(_, zh)| (*zh).to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnu_go_reasons_in_chinese_with_their_points() {
        assert_eq!(go_reason("connects E5 and G5", Lang::Zh), "连接 E5 与 G5");
        assert_eq!(go_reason("expands moyo", Lang::Zh), "扩张模样");
        assert_eq!(
            go_reason("owl-attacks Q16 (captures R17)", Lang::Zh),
            "杀 Q16（吃掉 R17）"
        );
        assert_eq!(
            go_reason("connects E5 and G5", Lang::En),
            "connects E5 and G5"
        );
        // A phrase we do not know stays as GNU Go says it.
        assert_eq!(
            go_reason("does something new", Lang::Zh),
            "does something new"
        );
    }
}
