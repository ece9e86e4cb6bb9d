//! Rooms, not a hall: the files of a room may use each other both ways, but an import
//! circle never leaves its room. A circle from one game's room into another's (or into a
//! folder both games share) means neither can be read, changed or left out alone.
//!
//! The graph is read from the source: every `use` tree and every `crate::…`,
//! `super::…`, `self::…` path outside a file's tests, resolved to the file that holds the
//! module it names. A file's room is its folder, two levels deep (`app/xiangqi/learn/
//! tutor.rs` is in `app/xiangqi`, `engine/plan.rs` in `engine`, `lib.rs` in the root).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's path from the crate root (with each, whether its file is its folder's own:
/// `mod.rs`, `lib.rs`, or `a.rs` beside `a/`).
type Module = Vec<String>;

/// The crate's modules that have a file of their own, each with its source (tests cut).
fn modules(src: &Path) -> BTreeMap<Module, (bool, String)> {
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

fn walk(src: &Path, dir: &Path, out: &mut BTreeMap<Module, (bool, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(src, &path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = path.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Module = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let own = matches!(
            parts.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        );
        if own {
            parts.pop();
        }
        // `engine.rs` beside `engine/` is that folder's own file too.
        let own = own || path.with_extension("").is_dir();
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let code: String = code
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        out.insert(parts, (own, code));
    }
}

/// The paths of a `use` tree (`a::{b, c::{d, e as f}}` → `a::b`, `a::c::d`, `a::c::e`).
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or("").trim();
        return vec![path.to_owned()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p).into_iter().map(|e| format!("{prefix}{e}")))
        .collect()
}

/// Every path a file names, with where: its `use` trees and its `crate::`, `super::`,
/// `self::` paths.
fn paths(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let word_before =
        |at: usize| at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
    for (at, _) in code.match_indices("use ") {
        if word_before(at) {
            continue;
        }
        let rest = &code[at + 4..];
        let end = rest.find(';').unwrap_or(rest.len());
        out.extend(expand(&rest[..end]).into_iter().map(|p| (at, p)));
    }
    for word in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(word) {
            if word_before(at) {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |n| at + n);
            out.push((at, code[at..end].to_owned()));
        }
    }
    out
}

/// The modules written inline in a file (`mod wood { … }`): where each opens and closes,
/// and its path within the file, so that a `super::` inside one is read from there.
fn inline_modules(code: &str) -> Vec<(usize, usize, Vec<String>)> {
    let mut found = Vec::new();
    let mut open: Vec<(String, usize, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut pending: Option<String> = None;
    let mut words = code.char_indices().peekable();
    while let Some((i, c)) = words.next() {
        match c {
            '{' => {
                depth += 1;
                if let Some(name) = pending.take() {
                    open.push((name, depth, i));
                }
            }
            '}' => {
                if open.last().is_some_and(|(_, d, _)| *d == depth) {
                    let (name, _, start) = open.pop().unwrap();
                    let mut path: Vec<String> = open.iter().map(|(n, _, _)| n.clone()).collect();
                    path.push(name);
                    found.push((start, i, path));
                }
                depth = depth.saturating_sub(1);
            }
            ';' => pending = None,
            c if c.is_alphabetic()
                && (i == 0 || !code[..i].ends_with(|p: char| p.is_alphanumeric() || p == '_')) =>
            {
                let word: String = code[i..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if word == "mod" {
                    let name: String = code[i + 3..]
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    pending = Some(name);
                }
                for _ in 1..word.chars().count() {
                    words.next();
                }
            }
            _ => {}
        }
    }
    found
}

/// The module with a file of its own that `path`, named in `from`, lands in.
fn resolve(from: &Module, path: &str, files: &BTreeMap<Module, (bool, String)>) -> Option<Module> {
    let mut segs: Vec<&str> = path
        .trim_start_matches("pub ")
        .split("::")
        .filter(|s| !s.is_empty())
        .collect();
    let mut base: Module = match segs.first()? {
        &"crate" => {
            segs.remove(0);
            Vec::new()
        }
        &"super" | &"self" => {
            // A file's module is its path (a plain file's too): `super` is one up.
            let mut base = from.clone();
            while segs.first() == Some(&"super") {
                base.pop();
                segs.remove(0);
            }
            if segs.first() == Some(&"self") {
                segs.remove(0);
            }
            base
        }
        first => {
            // A path of 2018 Rust: a child module, or another crate (not followed).
            let mut child = from.clone();
            child.push((*first).to_owned());
            if !files.contains_key(&child) {
                return None;
            }
            from.clone()
        }
    };
    base.extend(segs.iter().map(|s| (*s).to_owned()));
    (0..=base.len())
        .rev()
        .map(|k| base[..k].to_vec())
        .find(|m| files.contains_key(m))
}

/// The room of a module's file: its folder, two levels deep; a lone file at the top of
/// the crate (`settings.rs`) is a room of its own.
fn room(module: &Module, own: bool) -> String {
    if module.len() == 1 && !own {
        return module[0].clone();
    }
    let folder = if own {
        &module[..]
    } else {
        &module[..module.len() - 1]
    };
    folder.iter().take(2).cloned().collect::<Vec<_>>().join("/")
}

/// The import circles (strongly connected parts of more than one file), Tarjan's way.
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, (usize, usize)>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a Module) {
        let n = w.index.len();
        w.index.insert(v, (n, n));
        w.stack.push(v);
        w.on.insert(v);
        for u in &w.edges[v] {
            if !w.index.contains_key(u) {
                visit(w, u);
                let low = w.index[u].1.min(w.index[v].1);
                w.index.get_mut(v).unwrap().1 = low;
            } else if w.on.contains(u) {
                let low = w.index[u].0.min(w.index[v].1);
                w.index.get_mut(v).unwrap().1 = low;
            }
        }
        if w.index[v].0 == w.index[v].1 {
            let mut part = Vec::new();
            while let Some(u) = w.stack.pop() {
                w.on.remove(u);
                part.push(u.clone());
                if u == v {
                    break;
                }
            }
            if part.len() > 1 {
                w.found.push(part);
            }
        }
    }
    let mut w = Walk {
        edges,
        index: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !w.index.contains_key(v) {
            visit(&mut w, v);
        }
    }
    w.found
}

/// The circles of the crate under `src` that leave a room, each as its files by room.
fn crossing(src: &Path) -> (usize, Vec<String>) {
    let files = modules(src);
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, (_, code)) in &files {
        let to = edges.entry(module.clone()).or_default();
        let inline = inline_modules(code);
        for (at, path) in paths(code) {
            let mut from = module.clone();
            if let Some((_, _, within)) = inline
                .iter()
                .filter(|(a, b, _)| *a < at && at < *b)
                .max_by_key(|(_, _, p)| p.len())
            {
                from.extend(within.iter().cloned());
            }
            if let Some(target) = resolve(&from, &path, &files)
                && &target != module
            {
                to.insert(target);
            }
        }
    }
    let mut bad = Vec::new();
    let mut largest = 0;
    for part in circles(&edges) {
        largest = largest.max(part.len());
        let rooms: BTreeSet<String> = part.iter().map(|m| room(m, files[m].0)).collect();
        if rooms.len() > 1 {
            // The steps out of a room, which are what to turn around.
            let within: BTreeSet<&Module> = part.iter().collect();
            let name = |m: &Module| {
                if m.is_empty() {
                    "(root)".to_owned()
                } else {
                    m.join("/")
                }
            };
            let mut steps = Vec::new();
            for from in &part {
                for to in &edges[from] {
                    if within.contains(to) && room(from, files[from].0) != room(to, files[to].0) {
                        steps.push(format!("  {} -> {}", name(from), name(to)));
                    }
                }
            }
            steps.sort();
            bad.push(format!(
                "{} files across {rooms:?}, leaving a room by:\n{}",
                part.len(),
                steps.join("\n")
            ));
        }
    }
    (largest, bad)
}

#[test]
fn the_use_trees_are_read_as_rust_reads_them() {
    assert_eq!(
        expand("crate::a::{b, c::{d, e as f}}"),
        ["crate::a::b", "crate::a::c::d", "crate::a::c::e"]
    );
    let found: BTreeSet<String> = paths("use super::x;\nfn f() { crate::y::z(); misuse(); }")
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    assert_eq!(
        found,
        BTreeSet::from(["super::x".into(), "crate::y::z".into()])
    );
}

#[test]
fn a_super_inside_an_inline_module_is_read_from_there() {
    let code = "mod wood {\n    use super::Rgba;\n}\nfn f() {}\nmod a { mod b { fn g() {} } }";
    let found: Vec<Vec<String>> = inline_modules(code)
        .into_iter()
        .map(|(_, _, p)| p)
        .collect();
    assert_eq!(found, [vec!["wood"], vec!["a", "b"], vec!["a"]]);
}

#[test]
fn no_import_circle_leaves_its_room() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for src in ["src", "crates/table/src"] {
        let (largest, bad) = crossing(&root.join(src));
        println!("{src}: the largest import circle has {largest} files");
        assert!(
            bad.is_empty(),
            "import circles in {src} that leave their room:\n{}",
            bad.join("\n")
        );
    }
}
