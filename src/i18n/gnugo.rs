//! GNU Go's reasons for a move (`move_reasons`), in the window's language where we know
//! the phrase; any other phrase is shown as GNU Go says it.

use super::Lang;

/// GNU Go's phrases, a point written `{}`, with their 简体中文, 繁體中文 and Tiếng Việt.
const PHRASES: &[(&str, [&str; 3])] = &[
    ("attacks {}", ["攻击 {}", "攻擊 {}", "tấn công {}"]),
    (
        "attacks {} (defenseless)",
        [
            "攻击 {}（无法防守）",
            "攻擊 {}（無法防守）",
            "tấn công {} (không thể thủ)",
        ],
    ),
    (
        "attacks {} with good ko",
        [
            "攻击 {}（有利的劫）",
            "攻擊 {}（有利的劫）",
            "tấn công {} (ko có lợi)",
        ],
    ),
    (
        "attacks {} with bad ko",
        [
            "攻击 {}（不利的劫）",
            "攻擊 {}（不利的劫）",
            "tấn công {} (ko bất lợi)",
        ],
    ),
    (
        "attacks {} (defenseless) with good ko",
        [
            "攻击 {}（无法防守，有利的劫）",
            "攻擊 {}（無法防守，有利的劫）",
            "tấn công {} (không thể thủ, ko có lợi)",
        ],
    ),
    (
        "attacks {} (defenseless) with bad ko",
        [
            "攻击 {}（无法防守，不利的劫）",
            "攻擊 {}（無法防守，不利的劫）",
            "tấn công {} (không thể thủ, ko bất lợi)",
        ],
    ),
    ("defends {}", ["防守 {}", "防守 {}", "phòng thủ {}"]),
    (
        "defends {} with good ko",
        [
            "防守 {}（有利的劫）",
            "防守 {}（有利的劫）",
            "phòng thủ {} (ko có lợi)",
        ],
    ),
    (
        "defends {} with bad ko",
        [
            "防守 {}（不利的劫）",
            "防守 {}（不利的劫）",
            "phòng thủ {} (ko bất lợi)",
        ],
    ),
    (
        "threatens to attack {}",
        ["威胁攻击 {}", "威脅攻擊 {}", "đe dọa tấn công {}"],
    ),
    (
        "threatens to defend {}",
        ["准备防守 {}", "準備防守 {}", "chuẩn bị phòng thủ {}"],
    ),
    (
        "connects {} and {}",
        ["连接 {} 与 {}", "連接 {} 與 {}", "nối {} với {}"],
    ),
    (
        "cuts {} and {}",
        ["切断 {} 与 {}", "切斷 {} 與 {}", "cắt {} và {}"],
    ),
    ("is an antisuji", ["是恶手", "是惡手", "là nước xấu"]),
    (
        "wins semeai for {}",
        ["为 {} 赢得对杀", "為 {} 贏得對殺", "giúp {} thắng đấu khí"],
    ),
    (
        "threatens to win semeai for {}",
        [
            "威胁为 {} 赢得对杀",
            "威脅為 {} 贏得對殺",
            "đe dọa giúp {} thắng đấu khí",
        ],
    ),
    (
        "vital eye point for eye {}",
        [
            "是 {} 眼形的要点",
            "是 {} 眼形的要點",
            "là điểm mắt then chốt của {}",
        ],
    ),
    (
        "either attacks {} or attacks {}",
        [
            "或攻击 {}，或攻击 {}",
            "或攻擊 {}，或攻擊 {}",
            "hoặc tấn công {}, hoặc tấn công {}",
        ],
    ),
    (
        "either attacks {} or defends {}",
        [
            "或攻击 {}，或防守 {}",
            "或攻擊 {}，或防守 {}",
            "hoặc tấn công {}, hoặc phòng thủ {}",
        ],
    ),
    (
        "either defends {} or attacks {}",
        [
            "或防守 {}，或攻击 {}",
            "或防守 {}，或攻擊 {}",
            "hoặc phòng thủ {}, hoặc tấn công {}",
        ],
    ),
    (
        "either defends {} or defends {}",
        [
            "或防守 {}，或防守 {}",
            "或防守 {}，或防守 {}",
            "hoặc phòng thủ {}, hoặc phòng thủ {}",
        ],
    ),
    (
        "both attacks {} and attacks {}",
        [
            "同时攻击 {} 与 {}",
            "同時攻擊 {} 與 {}",
            "vừa tấn công {} vừa tấn công {}",
        ],
    ),
    (
        "both attacks {} and defends {}",
        [
            "攻击 {} 并防守 {}",
            "攻擊 {} 並防守 {}",
            "tấn công {} và phòng thủ {}",
        ],
    ),
    (
        "both defends {} and attacks {}",
        [
            "防守 {} 并攻击 {}",
            "防守 {} 並攻擊 {}",
            "phòng thủ {} và tấn công {}",
        ],
    ),
    (
        "both defends {} and defends {}",
        [
            "同时防守 {} 与 {}",
            "同時防守 {} 與 {}",
            "vừa phòng thủ {} vừa phòng thủ {}",
        ],
    ),
    (
        "defends both {} and {}",
        [
            "同时防守 {} 与 {}",
            "同時防守 {} 與 {}",
            "phòng thủ cả {} và {}",
        ],
    ),
    ("owl-attacks {}", ["杀 {}", "殺 {}", "giết {}"]),
    (
        "owl-attacks {} with good ko",
        [
            "杀 {}（有利的劫）",
            "殺 {}（有利的劫）",
            "giết {} (ko có lợi)",
        ],
    ),
    (
        "owl-attacks {} with bad ko",
        [
            "杀 {}（不利的劫）",
            "殺 {}（不利的劫）",
            "giết {} (ko bất lợi)",
        ],
    ),
    (
        "owl-attacks {} (captures {})",
        ["杀 {}（吃掉 {}）", "殺 {}（吃掉 {}）", "giết {} (bắt {})"],
    ),
    ("owl-defends {}", ["做活 {}", "做活 {}", "làm sống {}"]),
    (
        "owl-defends {} with good ko",
        [
            "做活 {}（有利的劫）",
            "做活 {}（有利的劫）",
            "làm sống {} (ko có lợi)",
        ],
    ),
    (
        "owl-defends {} with bad ko",
        [
            "做活 {}（不利的劫）",
            "做活 {}（不利的劫）",
            "làm sống {} (ko bất lợi)",
        ],
    ),
    (
        "owl-defends {} (loses {})",
        [
            "做活 {}（弃 {}）",
            "做活 {}（棄 {}）",
            "làm sống {} (bỏ {})",
        ],
    ),
    (
        "owl-threatens to attack {}",
        ["威胁杀 {}", "威脅殺 {}", "đe dọa giết {}"],
    ),
    (
        "owl-threatens to defend {}",
        ["准备做活 {}", "準備做活 {}", "chuẩn bị làm sống {}"],
    ),
    (
        "owl-prevents a threat to attack or defend {}",
        [
            "消除对 {} 死活的威胁",
            "消除對 {} 死活的威脅",
            "hóa giải mối đe dọa sống chết của {}",
        ],
    ),
    ("expands territory", ["扩张实地", "擴張實地", "mở rộng đất"]),
    (
        "expands moyo",
        ["扩张模样", "擴張模樣", "mở rộng khung thế"],
    ),
    ("is an invasion", ["打入", "打入", "là nước đánh vào"]),
    ("blocks territory", ["守住实地", "守住實地", "giữ đất"]),
    (
        "strategically attacks {}",
        [
            "从大局上攻击 {}",
            "從大局上攻擊 {}",
            "tấn công {} về đại cục",
        ],
    ),
    (
        "strategically defends {}",
        [
            "从大局上加强 {}",
            "從大局上加強 {}",
            "củng cố {} về đại cục",
        ],
    ),
    ("captures something", ["吃子", "吃子", "bắt quân"]),
    (
        "defends against combination attack",
        ["防守组合攻击", "防守組合攻擊", "phòng thủ đòn phối hợp"],
    ),
    (
        "defends threat to capture something",
        ["防止被吃子", "防止被吃子", "ngăn bị bắt quân"],
    ),
    (
        "strategically or tactically unsafe",
        [
            "有大局或战术上的风险",
            "有大局或戰術上的風險",
            "có rủi ro về đại cục hoặc chiến thuật",
        ],
    ),
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
    let Some((_, said)) = PHRASES.iter().find(|(en, _)| *en == shape) else {
        return reason.to_owned();
    };
    let said = match lang {
        Lang::Zh | Lang::En => said[0],
        Lang::Hant => said[1],
        Lang::Vi => said[2],
    };
    let mut out = String::new();
    let mut parts = said.split("{}");
    out.push_str(parts.next().unwrap_or_default());
    for (part, point) in parts.zip(points.iter().chain(std::iter::repeat(&""))) {
        out.push_str(point);
        out.push_str(part);
    }
    out
}

/// Every phrase in every language, for the font check.
#[must_use]
pub fn reason_strings() -> Vec<String> {
    PHRASES
        .iter()
        .flat_map(|(_, said)| said.map(str::to_owned))
        .collect()
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
        assert_eq!(go_reason("connects E5 and G5", Lang::Hant), "連接 E5 與 G5");
        assert_eq!(go_reason("connects E5 and G5", Lang::Vi), "nối E5 với G5");
        // A phrase we do not know stays as GNU Go says it.
        assert_eq!(
            go_reason("does something new", Lang::Zh),
            "does something new"
        );
    }
}
