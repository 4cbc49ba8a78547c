//! A beam search, to find wins where the depth-first searches take too long: Double Solitaire
//! with one pass through its 59-card stock, where a winning line is some 230 moves long and the
//! first choices decide it. Layer by layer, every position of the beam is expanded and the best
//! `width` of the new positions (by a simple score: cards home, cards still face down, cards
//! buried on the waste) make the next layer. A beam that dies out starts again four times
//! wider. It never proves a deal unwinnable; the complete search does that.

use super::state::{Mv, State};
use super::{Event, Seen};

/// The first beam's width, and the widest it grows to.
const FIRST_WIDTH: usize = 64;
const MAX_WIDTH: usize = 1 << 14;

/// A position waiting in the beam, and the node of the line that led to it.
struct Entry {
    state: State,
    node: u32,
}

/// A candidate for the next layer: the move and the safe moves after it (in `safes`).
struct Candidate {
    score: i32,
    state: State,
    parent: u32,
    mv: Mv,
    /// Whether the move buried talon cards (only then can the position be dead).
    buries: bool,
    safes: (u32, u32),
}

pub struct Beam {
    root: State,
    width: usize,
    seen: Seen,
    layer: Vec<Entry>,
    next: Vec<Candidate>,
    /// Safe moves of this layer's candidates.
    safes: Vec<Mv>,
    /// The lines of the positions kept: node → (parent node, move); node 0 is the root.
    nodes: Vec<(u32, Option<Mv>)>,
    moves: Vec<(i16, Mv)>,
}

impl Beam {
    pub fn new(root: &State) -> Beam {
        let mut b = Beam {
            root: root.clone(),
            width: FIRST_WIDTH,
            seen: Seen::new(root),
            layer: Vec::new(),
            next: Vec::new(),
            safes: Vec::new(),
            nodes: Vec::new(),
            moves: Vec::new(),
        };
        b.start();
        b
    }

    fn start(&mut self) {
        self.seen.clear();
        self.nodes.clear();
        self.nodes.push((0, None));
        self.next.clear();
        self.safes.clear();
        self.layer.clear();
        let mut s = self.root.clone();
        while let Some(mv) = s.safe_move() {
            s.make(mv);
            let parent = self.nodes.len() as u32 - 1;
            self.nodes.push((parent, Some(mv)));
        }
        self.seen.insert(s.key());
        let node = self.nodes.len() as u32 - 1;
        self.layer.push(Entry { state: s, node });
    }

    /// Bytes it holds: positions seen, the layer, the candidates, the lines.
    pub fn memory(&self) -> usize {
        use std::mem::size_of;
        self.seen.memory()
            + self.layer.capacity() * size_of::<Entry>()
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
        if self.next.len() > self.width {
            self.next
                .select_nth_unstable_by_key(self.width, |c| std::cmp::Reverse(c.score));
            self.next.truncate(self.width);
        }
        // Lost positions out (asked only of the chosen: the question costs).
        self.next.retain(|c| !c.buries || !c.state.dead());
        // Expanded best last (the layer is popped from the end).
        self.next.sort_unstable_by_key(|c| c.score);
        for c in self.next.drain(..) {
            self.nodes.push((c.parent, Some(c.mv)));
            for &s in &self.safes[c.safes.0 as usize..c.safes.1 as usize] {
                let parent = self.nodes.len() as u32 - 1;
                self.nodes.push((parent, Some(s)));
            }
            self.layer.push(Entry {
                state: c.state,
                node: self.nodes.len() as u32 - 1,
            });
        }
        self.safes.clear();
    }

    fn expand(&mut self, e: Entry) -> Event {
        e.state.moves(true, &mut self.moves);
        for &(_, mv) in &self.moves {
            let mut s = e.state.clone();
            let buries = s.buries(mv);
            s.make(mv);
            let from = self.safes.len() as u32;
            while let Some(safe) = s.safe_move() {
                s.make(safe);
                self.safes.push(safe);
            }
            if s.is_won() {
                let mut line = self.line(e.node);
                line.push(mv);
                line.extend_from_slice(&self.safes[from as usize..]);
                return Event::Won(line);
            }
            if !self.seen.insert(s.key()) {
                self.safes.truncate(from as usize);
                continue;
            }
            self.next.push(Candidate {
                score: score(&s),
                state: s,
                parent: e.node,
                mv,
                buries,
                safes: (from, self.safes.len() as u32),
            });
        }
        // Memory stays bounded: only the best `width` can be chosen, whatever comes later.
        if self.next.len() > 4 * self.width {
            self.next
                .select_nth_unstable_by_key(self.width, |c| std::cmp::Reverse(c.score));
            self.next.truncate(self.width);
        }
        Event::Expanded
    }
}

/// How promising a position looks: cards home, less cards still face down, less (three times
/// a card home) each card buried on the waste, which must all come off it again, from the top.
/// The weights won the most of Double Solitaire draw 1 Vegas deals 0..40 among a dozen tried.
fn score(s: &State) -> i32 {
    let (home, down, waste) = s.progress();
    8 * home as i32 - 2 * down as i32 - 24 * waste as i32
}
