//! Putting rows in the order an administrator gives (docs/DESIGN.md §8): the categories,
//! a category's sub-categories and the home page's banners all move by the same rule.

use sqlx::Row;

use crate::domain::id::Id;

/// Each row's (id, position).
pub(super) fn positions_of(rows: &[sqlx::any::AnyRow]) -> Result<Vec<(String, i64)>, sqlx::Error> {
    rows.iter()
        .map(|row| Ok((row.try_get("id")?, row.try_get("position")?)))
        .collect()
}

/// For a new order `ids` of the rows now at `positions`: each row whose position
/// changes, with its position before and after (its index in `ids`). `None` unless
/// `ids` names every row exactly once.
pub(super) fn moves(positions: &[(String, i64)], ids: &[Id]) -> Option<Vec<(String, i64, i64)>> {
    if ids.len() != positions.len() {
        return None;
    }
    let mut moved = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (after, id) in ids.iter().enumerate() {
        if !seen.insert(id.as_str()) {
            return None;
        }
        let (_, before) = positions.iter().find(|(known, _)| known == id.as_str())?;
        let after = after as i64;
        if *before != after {
            moved.push((id.as_str().to_string(), *before, after));
        }
    }
    Some(moved)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> Id {
        Id::parse(text).unwrap()
    }

    #[test]
    fn an_order_names_every_row_once_and_moves_only_those_that_change() {
        let a = "a".repeat(24);
        let b = "b".repeat(24);
        let c = "c".repeat(24);
        let positions = vec![(a.clone(), 0), (b.clone(), 1), (c.clone(), 2)];
        assert_eq!(
            moves(&positions, &[id(&a), id(&c), id(&b)]),
            Some(vec![(c.clone(), 2, 1), (b.clone(), 1, 2)])
        );
        assert_eq!(moves(&positions, &[id(&a), id(&b), id(&c)]), Some(vec![]));
        assert_eq!(moves(&positions, &[id(&a), id(&b)]), None, "one left out");
        assert_eq!(moves(&positions, &[id(&a), id(&a), id(&b)]), None, "twice");
        let d = "d".repeat(24);
        assert_eq!(
            moves(&positions, &[id(&a), id(&b), id(&d)]),
            None,
            "unknown"
        );
    }
}
