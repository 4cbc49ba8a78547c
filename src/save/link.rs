//! A game's log packed for a link (`?code=…&replay=…`): a move in a byte or two, base64url.
//! Every byte that comes back is hostile: the packed log is checked (its version, a check of
//! the code it was made for, a 32-bit check) and replayed through the rules before anything is shown.
//!
//! The bytes: version 1; the low byte of a hash of the code; the entries; a 32-bit FNV-1a
//! check of all that comes before. An entry: 0 a draw, 1 an undo; 2 to 181 a move of one card, `2 + 10 × source
//! + target`, the source 0 the waste, 1–8 a foundation place, 9–17 a column, the target 0 the
//! foundations, 1–9 a column; 182 to 190 two to ten draws in a row; 192 to 200 a run of a
//! column (192 + its index), then a byte `10 × count + target`.

use crate::engine::{Action, Entry, Game, GameCode, Source, Target};

const VERSION: u8 = 1;

/// Why packed replay data cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Not base64url.
    NotBase64,
    /// Too short to hold a replay (cut).
    Cut,
    /// Made by a newer build.
    Version(u8),
    /// Made for another deal than the link's.
    OtherDeal,
    /// A byte was changed (the check does not match).
    Changed,
    /// A byte that is no entry, at this place of the entries.
    NoEntry(usize),
    /// An entry the rules refuse (a move that is not legal there): its number, from 1.
    Illegal(usize),
    /// Longer than any game can be.
    TooLong,
}

/// Replays take at most this many characters (a game of the longest log is far shorter).
pub const MAX_CHARS: usize = 200_000;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn from_base64url(text: &str) -> Result<Vec<u8>, ReplayError> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut n, mut bits) = (0u32, 0);
    for c in text.bytes() {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or(ReplayError::NotBase64)? as u32;
        n = n << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
            n &= (1 << bits) - 1;
        }
    }
    // A lone character holds no whole byte: the text was cut. The bits left over are zero
    // in a text this module wrote: any other was changed.
    if bits >= 6 {
        return Err(ReplayError::Cut);
    }
    if n != 0 {
        return Err(ReplayError::Changed);
    }
    Ok(out)
}

/// The check of the bytes before it: FNV-1a, 32 bits (a cut or changed replay passes it once
/// in four billion).
fn check32(bytes: &[u8]) -> [u8; 4] {
    bytes
        .iter()
        .fold(0x811c_9dc5u32, |h, &b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        })
        .to_le_bytes()
}

fn code_check(code: GameCode) -> u8 {
    code.to_string().bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    }) as u8
}

fn target_byte(t: Target) -> u8 {
    match t {
        Target::Foundation => 0,
        Target::Column(j) => 1 + j as u8,
    }
}

fn target_of(b: u8) -> Target {
    if b == 0 {
        Target::Foundation
    } else {
        Target::Column(usize::from(b - 1))
    }
}

/// The log of a game, packed.
pub fn pack(game: &Game) -> String {
    let code = game.code();
    let mut bytes = vec![VERSION, code_check(code)];
    let log = game.log();
    let mut k = 0;
    while k < log.len() {
        let e = log[k];
        k += 1;
        match e {
            Entry::Undo => bytes.push(1),
            Entry::Act(Action::Draw) => {
                // Draws in a row, up to ten in a byte.
                let mut run = 1;
                while run < 10 && log.get(k) == Some(&Entry::Act(Action::Draw)) {
                    run += 1;
                    k += 1;
                }
                bytes.push(if run == 1 { 0 } else { 182 + run - 2 });
            }
            Entry::Act(Action::Move { from, to }) => {
                let t = target_byte(to);
                match from {
                    Source::Column { index, count } if count > 1 => {
                        bytes.push(192 + index as u8);
                        bytes.push(count as u8 * 10 + t);
                    }
                    Source::Column { index, .. } => bytes.push(2 + (9 + index as u8) * 10 + t),
                    Source::Waste => bytes.push(2 + t),
                    Source::Foundation(i) => bytes.push(2 + (1 + i as u8) * 10 + t),
                }
            }
        }
    }
    let check = check32(&bytes);
    bytes.extend_from_slice(&check);
    base64url(&bytes)
}

/// The entries packed in `text` for a game of `code`, replayed through the rules: the game
/// they make.
pub fn unpack(code: GameCode, text: &str) -> Result<Game, ReplayError> {
    if text.len() > MAX_CHARS {
        return Err(ReplayError::TooLong);
    }
    let bytes = from_base64url(text)?;
    if bytes.len() < 6 {
        return Err(ReplayError::Cut);
    }
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    let [version, check, entries @ ..] = body else {
        return Err(ReplayError::Cut);
    };
    if check32(body) != sum {
        return Err(ReplayError::Changed);
    }
    if *version != VERSION {
        return Err(ReplayError::Version(*version));
    }
    if *check != code_check(code) {
        return Err(ReplayError::OtherDeal);
    }
    let mut game = Game::new(code);
    let mut i = 0;
    let mut n = 0;
    while i < entries.len() {
        let b = entries[i];
        n += 1;
        if let 182..=190 = b {
            for _ in 0..b - 182 + 2 {
                if game.apply(Action::Draw).is_err() {
                    return Err(ReplayError::Illegal(n));
                }
            }
            i += 1;
            continue;
        }
        let entry = match b {
            0 => Entry::Act(Action::Draw),
            1 => Entry::Undo,
            2..=181 => {
                let (src, t) = ((b - 2) / 10, (b - 2) % 10);
                let from = match src {
                    0 => Source::Waste,
                    1..=8 => Source::Foundation(usize::from(src - 1)),
                    _ => Source::Column {
                        index: usize::from(src - 9),
                        count: 1,
                    },
                };
                Entry::Act(Action::Move {
                    from,
                    to: target_of(t),
                })
            }
            192..=200 => {
                i += 1;
                let Some(&c) = entries.get(i) else {
                    return Err(ReplayError::NoEntry(i));
                };
                Entry::Act(Action::Move {
                    from: Source::Column {
                        index: usize::from(b - 192),
                        count: usize::from(c / 10),
                    },
                    to: target_of(c % 10),
                })
            }
            _ => return Err(ReplayError::NoEntry(i)),
        };
        let ok = match entry {
            Entry::Undo => game.undo().is_ok(),
            Entry::Act(a) => game.apply(a).is_ok(),
        };
        if !ok {
            return Err(ReplayError::Illegal(n));
        }
        i += 1;
    }
    Ok(game)
}

/// Packs raw entry bytes for a code, with correct checks (for tests of entries the
/// rules refuse; no game makes such a log).
#[doc(hidden)]
pub fn tests_only_pack_raw(code: GameCode, entries: &[u8]) -> String {
    let mut bytes = vec![VERSION, code_check(code)];
    bytes.extend_from_slice(entries);
    let check = check32(&bytes);
    bytes.extend_from_slice(&check);
    base64url(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url(&bytes);
            assert!(text.bytes().all(|c| ALPHABET.contains(&c)));
            assert_eq!(from_base64url(&text).unwrap(), bytes, "{len}");
        }
        assert_eq!(from_base64url("A"), Err(ReplayError::Cut));
        assert_eq!(from_base64url("AB=C"), Err(ReplayError::NotBase64));
    }
}
