//! A section's parents: in its own file, among the games registered
//! before, or among the built-in definitions; circles refused.

use super::ini::Section;
use super::{BUILTIN, BUILTIN_FILE, DefineError, ErrorKind, normalize_name};

/// A section with the file it came from.
#[derive(Clone, Copy)]
pub(super) struct Located<'a> {
    pub(super) section: &'a Section,
    pub(super) file: &'a str,
}

/// The built-in definitions' sections, read once.
pub(super) fn builtin_sections() -> &'static [Section] {
    static SECTIONS: std::sync::OnceLock<Vec<Section>> = std::sync::OnceLock::new();
    SECTIONS.get_or_init(|| {
        super::ini::parse(BUILTIN_FILE, BUILTIN).expect("invariant: the built-in definitions parse")
    })
}

pub(super) fn builtin_names() -> String {
    builtin_sections()
        .iter()
        .map(|s| s.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The parent chain of `s`, root first; a parent is looked for in this
/// file, then among registered games, then among the built-ins.
pub(super) fn chain<'a>(
    file: &'a str,
    s: &'a Section,
    sections: &'a [Section],
    others: &'a [(String, Vec<(String, Section)>)],
    builtin: &'a [Section],
) -> Result<Vec<Located<'a>>, DefineError> {
    let mut out = vec![Located { section: s, file }];
    let mut cur = Located { section: s, file };
    // Each step moves to another section of this file, or leaves it for
    // good: more steps than sections is a circle.
    for _ in 0..=sections.len() {
        let Some(parent) = cur.section.parent.as_deref() else {
            out.reverse();
            return Ok(out);
        };
        let key = normalize_name(parent);
        if cur.file == file {
            if let Some(p) = sections.iter().find(|x| normalize_name(&x.name) == key) {
                if out.iter().any(|l| std::ptr::eq(l.section, p)) {
                    let mut names: Vec<&str> =
                        out.iter().map(|l| l.section.name.as_str()).collect();
                    names.push(&p.name);
                    return Err(DefineError::new(
                        file,
                        s.line,
                        ErrorKind::ParentCycle {
                            name: s.name.clone(),
                            chain: names.join(" -> "),
                        },
                    ));
                }
                cur = Located { section: p, file };
                out.push(cur);
                continue;
            }
        }
        if let Some((_, list)) = others.iter().find(|(k, _)| *k == key) {
            // A registered game's chain, parents first: add it whole.
            for (f, sec) in list.iter().rev() {
                out.push(Located {
                    section: sec,
                    file: f.as_str(),
                });
            }
            out.reverse();
            return Ok(out);
        }
        if let Some(p) = builtin.iter().find(|x| normalize_name(&x.name) == key) {
            cur = Located {
                section: p,
                file: BUILTIN_FILE,
            };
            out.push(cur);
            continue;
        }
        return Err(DefineError::new(
            cur.file,
            cur.section.line,
            ErrorKind::UnknownParent {
                parent: parent.to_string(),
                builtins: builtin_names(),
            },
        ));
    }
    Err(DefineError::new(
        file,
        s.line,
        ErrorKind::ParentCycle {
            name: s.name.clone(),
            chain: out
                .iter()
                .map(|l| l.section.name.as_str())
                .collect::<Vec<_>>()
                .join(" -> "),
        },
    ))
}
