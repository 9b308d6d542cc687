//! The Vampires vs Werewolves TCP protocol (facts spec §5): messages, an incremental
//! decoder, and a client's picture of the game built from what the server says.
//!
//! Every message starts with three ASCII letters; all numbers are unsigned bytes.
//!
//! ```text
//! server → client   SET n m                       rows, columns (rows first)
//!                   HUM k (x y)×k                 human cells of the map
//!                   HME x y                       the receiver's start cell
//!                   MAP k (x y h v w)×k           every non-empty cell, once
//!                   UPD k (x y h v w)×k           cells changed by the last plies
//!                   END, BYE                      game over; the socket closes
//! client → server   NME t name×t                  player name
//!                   MOV n (x y count x' y')×n     one ply
//! ```
//!
//! TCP is a byte stream: a read may hold half a message or several. [`Decoder`] buffers
//! bytes and hands out whole messages; [`MessageReader`] wraps it around a blocking
//! socket. [`ClientView`] is the client side's board: [`ClientView::apply`] takes each
//! server message, and [`ClientView::position`] gives the search position to move from.

use std::io::{Read, Write};
use std::marker::PhantomData;

use crate::game::Role;
use crate::games::vampires_werewolves::{Cells, Content, Coord, Grid, Kind, Step, VvwPosition};

/// One cell of a `MAP` or `UPD` message: `(x, y, humans, vampires, werewolves)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellUpdate {
    /// The cell.
    pub at: Coord,
    /// What is on it now (empty is sent as three zeros).
    pub content: Content,
}

impl CellUpdate {
    /// A cell and its contents.
    pub fn new(at: Coord, content: Content) -> Self {
        CellUpdate { at, content }
    }
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMessage {
    /// `SET`: the grid size.
    Set {
        /// Rows (the y range).
        rows: u8,
        /// Columns (the x range).
        cols: u8,
    },
    /// `HUM`: the map's human cells.
    Hum(Vec<Coord>),
    /// `HME`: the receiver's start cell.
    Hme(Coord),
    /// `MAP`: every non-empty cell at the start.
    Map(Vec<CellUpdate>),
    /// `UPD`: cells touched by the latest ply of each player, with their contents now.
    Upd(Vec<CellUpdate>),
    /// `END`: the game is over.
    End,
    /// `BYE`: the server closes the connection.
    Bye,
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMessage {
    /// `NME`: the player's name (ASCII by the rules; kept as bytes).
    Nme(Vec<u8>),
    /// `MOV`: one ply.
    Mov(Vec<Step>),
}

/// A protocol violation or a broken connection.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// Three bytes that start no message.
    #[error("unknown command {0:?} (bytes {1:?})")]
    UnknownCommand(String, [u8; 3]),
    /// A real command sent the wrong way (e.g. `MOV` from the server).
    #[error("{command} is a {sender} message; it cannot come from the {other}")]
    WrongDirection {
        /// The command.
        command: &'static str,
        /// Who sends it.
        sender: &'static str,
        /// Who sent it here.
        other: &'static str,
    },
    /// A `MAP` or `UPD` cell with more than one non-zero count.
    #[error(
        "{command} cell {x},{y} holds more than one species ({humans}, {vampires}, {werewolves})"
    )]
    MixedCell {
        /// `MAP` or `UPD`.
        command: &'static str,
        /// Column.
        x: u8,
        /// Row.
        y: u8,
        /// Humans count.
        humans: u8,
        /// Vampires count.
        vampires: u8,
        /// Werewolves count.
        werewolves: u8,
    },
    /// A message that makes no sense at this point of the game.
    #[error("unexpected {message}: {why}")]
    Unexpected {
        /// The message.
        message: &'static str,
        /// Why it is unexpected.
        why: String,
    },
    /// A cell outside the grid announced by `SET`.
    #[error("{command} names cell {cell}, outside the {rows}x{cols} grid")]
    OutOfGrid {
        /// The message.
        command: &'static str,
        /// The cell.
        cell: Coord,
        /// Rows.
        rows: u8,
        /// Columns.
        cols: u8,
    },
    /// The peer closed the connection (with `pending` bytes of an unfinished message).
    #[error("connection closed by the peer ({pending} bytes of an unfinished message)")]
    Closed {
        /// Bytes buffered when the connection closed.
        pending: usize,
    },
    /// A socket error.
    #[error("socket error: {0}")]
    Io(#[from] std::io::Error),
}

/// A message that can be framed on the byte stream.
pub trait Message: Sized {
    /// Decodes one message from the start of `buf`: `Ok(None)` when more bytes are
    /// needed, else the message and the bytes it used.
    fn decode(buf: &[u8]) -> Result<Option<(Self, usize)>, ProtocolError>;
    /// Appends the message's bytes to `out`.
    fn encode(&self, out: &mut Vec<u8>);

    /// The message's bytes.
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.encode(&mut out);
        out
    }
}

fn command(buf: &[u8]) -> Option<[u8; 3]> {
    buf.get(..3).map(|c| [c[0], c[1], c[2]])
}

fn unknown(c: [u8; 3]) -> ProtocolError {
    ProtocolError::UnknownCommand(String::from_utf8_lossy(&c).into_owned(), c)
}

/// Reads `k` then `k × size` bytes after a 3-byte command: the entries' bytes and the
/// total length, or `None` if incomplete.
fn counted(buf: &[u8], size: usize) -> Option<(&[u8], usize)> {
    let k = *buf.get(3)? as usize;
    let end = 4 + k * size;
    (buf.len() >= end).then(|| (&buf[4..end], end))
}

fn cells(command: &'static str, body: &[u8]) -> Result<Vec<CellUpdate>, ProtocolError> {
    body.chunks_exact(5)
        .map(|c| {
            Content::from_triple(c[2], c[3], c[4])
                .map(|content| CellUpdate::new(Coord::new(c[0], c[1]), content))
                .ok_or(ProtocolError::MixedCell {
                    command,
                    x: c[0],
                    y: c[1],
                    humans: c[2],
                    vampires: c[3],
                    werewolves: c[4],
                })
        })
        .collect()
}

fn encode_cells(tag: &[u8; 3], cells: &[CellUpdate], out: &mut Vec<u8>) {
    out.extend_from_slice(tag);
    out.push(cells.len() as u8); // the official server writes the count modulo 256
    for c in cells {
        let (h, v, w) = c.content.triple();
        out.extend_from_slice(&[c.at.x, c.at.y, h, v, w]);
    }
}

impl Message for ServerMessage {
    fn decode(buf: &[u8]) -> Result<Option<(Self, usize)>, ProtocolError> {
        let Some(c) = command(buf) else {
            return Ok(None);
        };
        let fixed = |len: usize| (buf.len() >= len).then_some(len);
        Ok(match &c {
            b"SET" => fixed(5).map(|n| {
                (
                    ServerMessage::Set {
                        rows: buf[3],
                        cols: buf[4],
                    },
                    n,
                )
            }),
            b"HME" => fixed(5).map(|n| (ServerMessage::Hme(Coord::new(buf[3], buf[4])), n)),
            b"END" => Some((ServerMessage::End, 3)),
            b"BYE" => Some((ServerMessage::Bye, 3)),
            b"HUM" => counted(buf, 2).map(|(body, n)| {
                let homes = body
                    .chunks_exact(2)
                    .map(|p| Coord::new(p[0], p[1]))
                    .collect();
                (ServerMessage::Hum(homes), n)
            }),
            b"MAP" => match counted(buf, 5) {
                Some((body, n)) => Some((ServerMessage::Map(cells("MAP", body)?), n)),
                None => None,
            },
            b"UPD" => match counted(buf, 5) {
                Some((body, n)) => Some((ServerMessage::Upd(cells("UPD", body)?), n)),
                None => None,
            },
            b"NME" | b"MOV" => {
                return Err(ProtocolError::WrongDirection {
                    command: if &c == b"NME" { "NME" } else { "MOV" },
                    sender: "client",
                    other: "server",
                })
            }
            _ => return Err(unknown(c)),
        })
    }

    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            ServerMessage::Set { rows, cols } => {
                out.extend_from_slice(&[b'S', b'E', b'T', *rows, *cols])
            }
            ServerMessage::Hum(homes) => {
                out.extend_from_slice(b"HUM");
                out.push(homes.len() as u8);
                for h in homes {
                    out.extend_from_slice(&[h.x, h.y]);
                }
            }
            ServerMessage::Hme(at) => out.extend_from_slice(&[b'H', b'M', b'E', at.x, at.y]),
            ServerMessage::Map(cells) => encode_cells(b"MAP", cells, out),
            ServerMessage::Upd(cells) => encode_cells(b"UPD", cells, out),
            ServerMessage::End => out.extend_from_slice(b"END"),
            ServerMessage::Bye => out.extend_from_slice(b"BYE"),
        }
    }
}

impl Message for ClientMessage {
    fn decode(buf: &[u8]) -> Result<Option<(Self, usize)>, ProtocolError> {
        let Some(c) = command(buf) else {
            return Ok(None);
        };
        Ok(match &c {
            b"NME" => counted(buf, 1).map(|(name, n)| (ClientMessage::Nme(name.to_vec()), n)),
            b"MOV" => counted(buf, 5).map(|(body, n)| {
                let steps = body
                    .chunks_exact(5)
                    .map(|m| Step::new(Coord::new(m[0], m[1]), m[2], Coord::new(m[3], m[4])))
                    .collect();
                (ClientMessage::Mov(steps), n)
            }),
            b"SET" | b"HUM" | b"HME" | b"MAP" | b"UPD" | b"END" | b"BYE" => {
                return Err(ProtocolError::WrongDirection {
                    command: ["SET", "HUM", "HME", "MAP", "UPD", "END", "BYE"]
                        .into_iter()
                        .find(|s| s.as_bytes() == c)
                        .unwrap_or("?"),
                    sender: "server",
                    other: "client",
                })
            }
            _ => return Err(unknown(c)),
        })
    }

    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            ClientMessage::Nme(name) => {
                out.extend_from_slice(b"NME");
                out.push(name.len() as u8);
                out.extend_from_slice(name);
            }
            ClientMessage::Mov(steps) => {
                out.extend_from_slice(b"MOV");
                out.push(steps.len() as u8);
                for s in steps {
                    out.extend_from_slice(&[s.from.x, s.from.y, s.count, s.to.x, s.to.y]);
                }
            }
        }
    }
}

/// Buffers stream bytes and cuts them into whole messages of type `M`.
#[derive(Debug)]
pub struct Decoder<M> {
    buf: Vec<u8>,
    start: usize,
    _message: PhantomData<M>,
}

impl<M: Message> Default for Decoder<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Message> Decoder<M> {
    /// An empty decoder.
    pub fn new() -> Self {
        Decoder {
            buf: Vec::new(),
            start: 0,
            _message: PhantomData,
        }
    }

    /// Adds bytes read from the stream.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.start > 0 && self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// The next whole message, `Ok(None)` until enough bytes have arrived. After an
    /// error the stream cannot be trusted: drop the connection.
    pub fn next_message(&mut self) -> Result<Option<M>, ProtocolError> {
        match M::decode(&self.buf[self.start..])? {
            Some((m, used)) => {
                self.start += used;
                if self.start > 4096 {
                    self.buf.drain(..self.start);
                    self.start = 0;
                }
                Ok(Some(m))
            }
            None => Ok(None),
        }
    }

    /// Bytes received but not yet part of a returned message.
    pub fn pending(&self) -> usize {
        self.buf.len() - self.start
    }
}

/// Reads whole messages from a blocking stream.
#[derive(Debug)]
pub struct MessageReader<M> {
    decoder: Decoder<M>,
}

impl<M: Message> Default for MessageReader<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Message> MessageReader<M> {
    /// A reader with an empty buffer.
    pub fn new() -> Self {
        MessageReader {
            decoder: Decoder::new(),
        }
    }

    /// Blocks until one whole message has arrived (or the stream ends or fails; a read
    /// timeout set on the socket surfaces as [`ProtocolError::Io`]).
    pub fn read(&mut self, stream: &mut impl Read) -> Result<M, ProtocolError> {
        let mut chunk = [0u8; 1500];
        loop {
            if let Some(m) = self.decoder.next_message()? {
                return Ok(m);
            }
            match stream.read(&mut chunk) {
                Ok(0) => {
                    return Err(ProtocolError::Closed {
                        pending: self.decoder.pending(),
                    })
                }
                Ok(n) => self.decoder.feed(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
    }
}

/// Writes one message in a single `write_all`.
pub fn write_message(stream: &mut impl Write, message: &impl Message) -> std::io::Result<()> {
    stream.write_all(&message.to_bytes())
}

/// Overwrites the cells of a `MAP` or `UPD` on `grid` (the server's numbers are the
/// truth: battles are random). Fails without changing anything if a cell lies outside.
pub fn apply_cells(
    grid: &mut Grid,
    command: &'static str,
    cells: &[CellUpdate],
) -> Result<(), ProtocolError> {
    if let Some(bad) = cells.iter().find(|c| !grid.contains(c.at)) {
        return Err(ProtocolError::OutOfGrid {
            command,
            cell: bad.at,
            rows: grid.rows(),
            cols: grid.cols(),
        });
    }
    for c in cells {
        grid.set(c.at, c.content);
    }
    Ok(())
}

/// What a client knows: the board as the server describes it, and who it is.
#[derive(Clone, Debug, Default)]
pub struct ClientView {
    /// The board (after `SET`).
    pub grid: Option<Grid>,
    /// The map's human cells (`HUM`).
    pub human_homes: Vec<Coord>,
    /// Our start cell (`HME`).
    pub home: Option<Coord>,
    /// Our role, known once `MAP` shows what stands on `home`.
    pub role: Option<Role>,
    /// `UPD` messages received so far.
    pub updates: u32,
    /// Whether `END` has arrived.
    pub ended: bool,
}

impl ClientView {
    /// Nothing known yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes in one server message (in the official order: SET, HUM, HME, MAP, then
    /// UPD per turn, END, BYE).
    pub fn apply(&mut self, message: &ServerMessage) -> Result<(), ProtocolError> {
        match message {
            ServerMessage::Set { rows, cols } => {
                if *rows == 0 || *cols == 0 {
                    return Err(ProtocolError::Unexpected {
                        message: "SET",
                        why: format!("a {rows}x{cols} grid is empty"),
                    });
                }
                self.grid = Some(Grid::new(*rows, *cols));
            }
            ServerMessage::Hum(homes) => {
                all_in_grid(self.grid_for("HUM")?, "HUM", homes)?;
                self.human_homes = homes.clone();
            }
            ServerMessage::Hme(at) => {
                all_in_grid(self.grid_for("HME")?, "HME", std::slice::from_ref(at))?;
                self.home = Some(*at);
            }
            ServerMessage::Map(cells) => self.apply_map(cells)?,
            ServerMessage::Upd(cells) => {
                apply_cells(self.grid_mut_for("UPD")?, "UPD", cells)?;
                self.updates += 1;
            }
            ServerMessage::End => self.ended = true,
            ServerMessage::Bye => {}
        }
        Ok(())
    }

    /// The map's cells set on the grid; our role read from who stands on our home.
    fn apply_map(&mut self, cells: &[CellUpdate]) -> Result<(), ProtocolError> {
        let home = self.home;
        let grid = self.grid_mut_for("MAP")?;
        apply_cells(grid, "MAP", cells)?;
        let home = home.ok_or_else(|| ProtocolError::Unexpected {
            message: "MAP",
            why: "it came before HME".into(),
        })?;
        // Vampires on our start cell ⇒ we are the vampires, else the werewolves.
        self.role = Some(if grid.get(home).kind() == Kind::Vampires {
            0
        } else {
            1
        });
        Ok(())
    }

    /// The grid, for a `message` that needs it: an error when SET has not come yet.
    fn grid_for(&self, message: &'static str) -> Result<&Grid, ProtocolError> {
        self.grid.as_ref().ok_or_else(|| before_set(message))
    }

    /// [`Self::grid_for`], to change it.
    fn grid_mut_for(&mut self, message: &'static str) -> Result<&mut Grid, ProtocolError> {
        self.grid.as_mut().ok_or_else(|| before_set(message))
    }

    /// The search position to move from: our board, our side to move, and the ply count
    /// assuming no ply was skipped (the k-th `UPD` opens ply `2(k − 1) + role`).
    pub fn position(&self) -> Result<VvwPosition, String> {
        let grid = self.grid.as_ref().ok_or("no SET received yet")?;
        let role = self.role.ok_or("no MAP received yet")?;
        let mut pos = VvwPosition::from_grid(grid, role)?;
        pos.set_ply(2 * self.updates.saturating_sub(1) + role as u32);
        Ok(pos)
    }
}

/// The error of a message that needs the grid before SET made it.
fn before_set(message: &'static str) -> ProtocolError {
    ProtocolError::Unexpected {
        message,
        why: "it came before SET".into(),
    }
}

/// An error naming `command` and the first of `cells` outside `grid`.
fn all_in_grid(grid: &Grid, command: &'static str, cells: &[Coord]) -> Result<(), ProtocolError> {
    match cells.iter().find(|c| !grid.contains(**c)) {
        Some(&cell) => Err(ProtocolError::OutOfGrid {
            command,
            cell,
            rows: grid.rows(),
            cols: grid.cols(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_byte_exact() {
        assert_eq!(
            ServerMessage::Set { rows: 5, cols: 10 }.to_bytes(),
            b"SET\x05\x0a"
        );
        let mov = ClientMessage::Mov(vec![Step::new(Coord::new(4, 3), 2, Coord::new(5, 2))]);
        assert_eq!(mov.to_bytes(), b"MOV\x01\x04\x03\x02\x05\x02");
        let upd = ServerMessage::Upd(vec![CellUpdate::new(Coord::new(1, 2), Content::EMPTY)]);
        assert_eq!(upd.to_bytes(), b"UPD\x01\x01\x02\x00\x00\x00");
    }
}
