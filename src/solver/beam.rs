//! A beam search, to find wins where the depth-first searches take too long: Double Solitaire
//! with one pass through its 59-card stock, where a winning line is some 230 moves long and the
//! first choices decide it. Layer by layer, every position of the beam is expanded and the best
//! `width` of the new positions (by a simple score: cards home, cards still face down, cards
//! buried on the waste) make the next layer. A beam that dies out starts again four times
//! wider. It never proves a deal unwinnable; the complete search does that. Klondike draw 3
//! with unlimited passes runs it too, for a short while, for wins the depth-first searches
//! come to late.

use super::Event;
use super::state::{Mv, State, Undo};
use super::table::{Flat, Key};
use std::cmp::Reverse;

/// The first beam's width, and the widest it grows to.
const FIRST_WIDTH: usize = 64;
const MAX_WIDTH: usize = 1 << 14;

/// A position waiting in the beam, and the node of the line that led to it.
struct Entry {
    state: State,
    node: u32,
}

/// A candidate for the next layer: a move from a position of this layer (`done[from]`) and the
/// safe moves after it (in `safes`). Its position is made again only if it is chosen: most are
/// not, and a position is big to copy around.
struct Candidate {
    score: i32,
    /// Which of this layer's candidates it is, in the order they came: among equal scores the
    /// earlier is better, so the beam does not hang on how a sort orders equal keys.
    seq: u32,
    from: u32,
    mv: Mv,
    /// Whether the move buried talon cards (only then can the position be dead).
    buries: bool,
    /// Its position's print (`print`), for the table of those chosen.
    print: u64,
    safes: (u32, u32),
}

impl Candidate {
    /// Its place among the candidates, best first.
    fn rank(&self) -> (Reverse<i32>, u32) {
        (Reverse(self.score), self.seq)
    }
}

pub struct Beam {
    root: State,
    width: usize,
    /// The positions chosen for a layer since the beam started, and this layer's candidates,
    /// by a 64-bit print of their keys (`print`), in half the memory of the keys themselves. A
    /// candidate already chosen, or already offered in this layer, is passed over. (One table
    /// of every candidate ever offered would hold many times the positions expanded, and keep
    /// the search waiting on memory.) Two positions with the
    /// same print (about one chance in 2^64 for a pair) would only make the beam pass one of
    /// them over: it never proves a deal lost, and every line it returns is a real win.
    chosen: Flat<u64, ()>,
    offered: Flat<u64, ()>,
    layer: Vec<Entry>,
    /// This layer's positions expanded so far, which the candidates come from.
    done: Vec<Entry>,
    next: Vec<Candidate>,
    /// Safe moves of this layer's candidates.
    safes: Vec<Mv>,
    /// The lines of the positions kept: node → (parent node, move); node 0 is the root.
    nodes: Vec<(u32, Option<Mv>)>,
    moves: Vec<(i16, Mv)>,
    undos: Vec<Undo>,
    /// Candidates of this layer so far.
    seq: u32,
}

impl Beam {
    pub fn new(root: &State) -> Beam {
        let mut b = Beam {
            root: root.clone(),
            width: FIRST_WIDTH,
            chosen: Flat::new(0),
            offered: Flat::new(0),
            layer: Vec::new(),
            done: Vec::new(),
            next: Vec::new(),
            safes: Vec::new(),
            nodes: Vec::new(),
            moves: Vec::new(),
            undos: Vec::new(),
            seq: 0,
        };
        b.start();
        b
    }

    fn start(&mut self) {
        self.chosen.clear();
        self.offered.clear();
        self.nodes.clear();
        self.nodes.push((0, None));
        self.next.clear();
        self.safes.clear();
        self.layer.clear();
        self.done.clear();
        self.seq = 0;
        let mut s = self.root.clone();
        while let Some(mv) = s.safe_move() {
            s.make(mv);
            let parent = self.nodes.len() as u32 - 1;
            self.nodes.push((parent, Some(mv)));
        }
        self.chosen.insert(print(s.key()));
        let node = self.nodes.len() as u32 - 1;
        self.layer.push(Entry { state: s, node });
    }

    /// Bytes it holds: positions chosen and offered, the layer, the candidates, the lines.
    pub fn memory(&self) -> usize {
        use std::mem::size_of;
        self.chosen.memory()
            + self.offered.memory()
            + (self.layer.capacity() + self.done.capacity()) * size_of::<Entry>()
            + self.next.capacity() * size_of::<Candidate>()
            + self.safes.capacity() * size_of::<Mv>()
            + self.nodes.capacity() * size_of::<(u32, Option<Mv>)>()
    }

    /// The moves from the root to a node.
    fn line(&self, mut node: u32) -> Vec<Mv> {
        let mut line = Vec::new();
        while node != 0 {
            let (parent, mv) = self.nodes[node as usize];
            line.extend(mv);
            node = parent;
        }
        line.reverse();
        line
    }

    /// Expands one position of the beam (moving on to the next layer, or a wider beam, first
    /// when this one is done).
    pub fn step(&mut self) -> Event {
        loop {
            if let Some(e) = self.layer.pop() {
                return self.expand(e);
            }
            if self.next.is_empty() {
                if self.width >= MAX_WIDTH {
                    return Event::Exhausted;
                }
                self.width *= 4;
                self.start();
                continue;
            }
            self.promote();
        }
    }

    /// The best candidates become the next layer.
    fn promote(&mut self) {
        self.keep_best();
        // Expanded best last (the layer is popped from the end).
        for c in self.next.drain(..).rev() {
            let from = &self.done[c.from as usize];
            let safes = &self.safes[c.safes.0 as usize..c.safes.1 as usize];
            let mut state = from.state.clone();
            state.make(c.mv);
            for &s in safes {
                state.make(s);
            }
            // Lost positions out (asked only of the chosen: the question costs).
            if c.buries && state.dead_after(c.mv, from.state.cursor()) {
                continue;
            }
            self.chosen.insert(c.print);
            self.nodes.push((from.node, Some(c.mv)));
            for &s in safes {
                let parent = self.nodes.len() as u32 - 1;
                self.nodes.push((parent, Some(s)));
            }
            self.layer.push(Entry {
                state,
                node: self.nodes.len() as u32 - 1,
            });
        }
        self.done.clear();
        self.safes.clear();
        self.offered.clear();
        self.seq = 0;
    }

    /// Only the best `width` candidates kept, best first. (Sorted whole rather than selected:
    /// one sort's code instead of two in the web build, for a sort a layer.)
    fn keep_best(&mut self) {
        self.next.sort_unstable_by_key(Candidate::rank);
        self.next.truncate(self.width);
    }

    fn expand(&mut self, mut e: Entry) -> Event {
        e.state.moves(true, &mut self.moves);
        let index = self.done.len() as u32;
        for &(_, mv) in &self.moves {
            // Each move made on the position and taken back after.
            let s = &mut e.state;
            let buries = s.buries(mv);
            self.undos.push(s.make(mv));
            let from = self.safes.len() as u32;
            while let Some(safe) = s.safe_move() {
                self.undos.push(s.make(safe));
                self.safes.push(safe);
            }
            if s.is_won() {
                let mut line = self.line(e.node);
                line.push(mv);
                line.extend_from_slice(&self.safes[from as usize..]);
                return Event::Won(line);
            }
            let key = print(s.key());
            let fresh = !self.chosen.contains(key) && self.offered.insert(key);
            let score = score(s);
            while let Some(u) = self.undos.pop() {
                s.unmake(u);
            }
            if !fresh {
                self.safes.truncate(from as usize);
                continue;
            }
            self.seq += 1;
            self.next.push(Candidate {
                score,
                seq: self.seq,
                from: index,
                mv,
                buries,
                print: key,
                safes: (from, self.safes.len() as u32),
            });
        }
        self.done.push(e);
        // Memory stays bounded: only the best `width` can be chosen, whatever comes later.
        if self.next.len() > 4 * self.width {
            self.keep_best();
        }
        Event::Expanded
    }
}

/// A position's key in 64 bits: the table's own hash of a 128-bit key, over all of it (two
/// different keys give the same print only by chance).
#[inline]
fn print(key: u128) -> u64 {
    key.home_hash(0)
}

/// How promising a position looks: cards home, less cards still face down, less (three times
/// a card home) each card buried on the waste, which must all come off it again, from the top.
/// The weights are chosen on Double Solitaire draw 1 Vegas deals, where the beam matters most.
fn score(s: &State) -> i32 {
    let (home, down, waste) = s.progress();
    8 * home as i32 - 2 * down as i32 - 24 * waste as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, GameCode};

    /// A position the beam has expanded is never chosen again, and the candidates it keeps
    /// apart are this layer's alone: on two Double Solitaire Vegas deals (draw 1 and 3), over
    /// 100,000 positions each, no position is expanded twice by one beam (a beam that dies out
    /// starts again wider, with its tables emptied), and the table of candidates holds exactly
    /// the candidates of the layer being made.
    #[test]
    fn the_beam_expands_a_position_once_and_keeps_one_layer_of_candidates() {
        use std::collections::HashSet;
        for deal in ["DS1-D1V-AAAAAAB", "DS1-D3V-AAAAAAF"] {
            let code = GameCode::parse(deal).expect("a valid code");
            let root = State::from_game(&Game::new(code)).expect("a dealt game fits");
            let mut beam = Beam::new(&root);
            let (mut expanded, mut width, mut layers) = (HashSet::new(), beam.width, 0);
            for _ in 0..100_000 {
                if beam.layer.is_empty() && !beam.next.is_empty() {
                    // What `step` does first: the next layer.
                    beam.promote();
                    layers += 1;
                }
                if let Some(e) = beam.layer.last() {
                    if beam.width != width {
                        (width, expanded) = (beam.width, HashSet::new());
                    }
                    let key = print(e.state.key());
                    assert!(expanded.insert(key), "{deal}: a position expanded twice");
                }
                if !matches!(beam.step(), Event::Expanded) {
                    break;
                }
                assert_eq!(beam.offered.len(), beam.seq as usize, "{deal}");
            }
            assert!(layers > 50, "{deal}: only {layers} layers");
        }
    }

    /// The beam alone, on Double Solitaire one-pass deals it wins within 200,000 positions
    /// (draw 1 and 3): each line it returns replays through the engine to a won game. A position
    /// made wrong (a move not taken back in full before the next is tried, a chosen candidate
    /// made from the wrong position) would not replay.
    #[test]
    fn the_beams_wins_replay_to_won_games() {
        let mut won = 0;
        for deal in [
            "DS1-D1V-AAAAAAG",
            "DS1-D1V-AAAAAAR",
            "DS1-D3V-AAAAAAA",
            "DS1-D3V-AAAAAAC",
        ] {
            let code = GameCode::parse(deal).expect("a valid code");
            let root = State::from_game(&Game::new(code)).expect("a dealt game fits");
            let mut beam = Beam::new(&root);
            for _ in 0..200_000 {
                match beam.step() {
                    Event::Expanded => continue,
                    Event::Exhausted => break,
                    Event::Won(line) => {
                        let mut g = Game::new(code);
                        let actions = root.actions(&line);
                        assert!(actions.iter().all(|&a| g.apply(a).is_ok()), "{deal}");
                        assert!(g.is_won(), "{deal}: the line ends short of a win");
                        won += 1;
                        break;
                    }
                }
            }
        }
        assert_eq!(won, 4, "the beam won {won} of four deals it wins");
    }
}
