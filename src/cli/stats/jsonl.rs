//! `stats --format jsonl`: the CSV's columns as typed JSON (docs/formats.md,
//! schema 1), then one summary object.

use serde_json::Value;

use super::{GAME_HEADER, SUMMARY_HEADER};

/// The version of the objects' fields; bumped when a field changes type or
/// meaning (adding a field does not).
pub const SCHEMA: u32 = 1;

/// Columns whose value is an integer (else a string; `valid` a boolean,
/// `average_plies` a number).
const INTEGERS: [&str; 20] = [
    "game",
    "plies",
    "errors",
    "warnings",
    "captures",
    "checks",
    "promotions",
    "castlings",
    "square_placements",
    "square_moves",
    "passes",
    "points_white",
    "points_black",
    "games",
    "white_wins",
    "black_wins",
    "draws",
    "unfinished",
    "invalid_games",
    "skipped_games",
];

/// The typed value of a CSV field: empty is null. The CSV row is the one
/// source of the values, so the two formats cannot disagree.
fn typed(column: &str, field: &str) -> Value {
    if field.is_empty() {
        return Value::Null;
    }
    if INTEGERS.contains(&column)
        && let Ok(n) = field.parse::<i64>()
    {
        return Value::from(n);
    }
    match (column, field) {
        ("valid", "true") => Value::Bool(true),
        ("valid", "false") => Value::Bool(false),
        ("average_plies", f) => f.parse::<f64>().map_or(Value::Null, Value::from),
        _ => Value::String(field.to_string()),
    }
}

/// One object line for a row of `kind` (`game` or `variant`).
pub fn line(kind: &str, row: &csv::StringRecord) -> String {
    let header: &[&str] = if kind == "game" {
        &GAME_HEADER
    } else {
        &SUMMARY_HEADER
    };
    let mut out = format!("{{\"type\":\"{kind}\",\"schema\":{SCHEMA}");
    for (column, field) in header.iter().zip(row.iter()) {
        out.push_str(",\"");
        out.push_str(column);
        out.push_str("\":");
        out.push_str(&typed(column, field).to_string());
    }
    out.push('}');
    out
}

/// What the run saw, for the last line.
#[derive(Clone, Debug, Default)]
pub struct RunTotals {
    /// Games read.
    pub games: u64,
    /// Mainline plies replayed, over the games verified.
    pub moves: u64,
    /// Error diagnostics of the games.
    pub errors: u64,
    /// Games not verified.
    pub skipped: u64,
    /// Inputs that could not be listed, opened or read to their end.
    pub unreadable_inputs: u64,
    /// Diagnostics of the games and between them, by code (every severity).
    pub codes: std::collections::BTreeMap<&'static str, u64>,
}

impl RunTotals {
    /// The summary line.
    pub fn line(&self) -> String {
        // Codes are kebab-case ASCII: nothing to escape.
        let codes: Vec<String> = self
            .codes
            .iter()
            .map(|(code, n)| format!("\"{code}\":{n}"))
            .collect();
        format!(
            "{{\"type\":\"summary\",\"schema\":{SCHEMA},\"games\":{},\"moves\":{},\
             \"errors\":{},\"skipped\":{},\"unreadable_inputs\":{},\"codes\":{{{}}}}}",
            self.games,
            self.moves,
            self.errors,
            self.skipped,
            self.unreadable_inputs,
            codes.join(",")
        )
    }

    /// Counts a diagnostic by its code.
    pub fn count(&mut self, code: crate::diag::Code) {
        *self.codes.entry(code.as_str()).or_default() += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_typed_and_empty_is_null() {
        let mut row = csv::StringRecord::new();
        for f in GAME_HEADER {
            row.push_field(match f {
                "game" | "errors" => "3",
                "valid" => "false",
                "plies" | "points_white" => "",
                "event" => "a \"q\", b",
                _ => "x",
            });
        }
        let v: Value = serde_json::from_str(&line("game", &row)).expect("json");
        assert_eq!(v["type"], "game");
        assert_eq!(v["schema"], 1);
        assert_eq!(v["game"], 3);
        assert_eq!(v["errors"], 3);
        assert_eq!(v["valid"], false);
        assert_eq!(v["plies"], Value::Null);
        assert_eq!(v["points_white"], Value::Null);
        assert_eq!(v["event"], "a \"q\", b");
        assert_eq!(v["file"], "x");
    }
}
