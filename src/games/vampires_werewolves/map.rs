//! The official XML map file, read exactly as the kit's parser reads it.
//!
//! Maps say where the game starts; the official server (`VVSW.Model.Board::Open`) accepts
//! a narrow subset of XML, and a map that it rejects must not load here either (and the
//! other way round). The rules, from `tests/data/vampires_werewolves/README.md`:
//!
//! ```xml
//! <?xml version="1.0" encoding="utf-8" ?>     (required, first: a BOM may precede it)
//! <Map Rows="5" Columns="10">                 (next node; only Rows and Columns, 1..=255)
//!   <Humans X="2" Y="2" Count="4"/>           (any number; a later one on the same cell
//!   <Werewolves X="4" Y="1" Count="4"/>        overwrites; X < Columns, Y < Rows)
//!   <Vampires X="4" Y="3" Count="4"/>         (at most one each of Vampires, Werewolves)
//! </Map>                                      (reading stops at the first closing tag)
//! ```
//!
//! * children lacking any of `X`, `Y`, `Count` are ignored; extra attributes are ignored;
//!   an element with all three but another name is an error;
//! * numbers are unsigned bytes (surrounding whitespace and a leading `+` are allowed, as
//!   in .NET's `Byte.Parse`);
//! * the first closing tag ends the map: `<Humans …></Humans>` loads those humans and
//!   nothing after them. What follows is never read;
//! * comments, processing instructions and text inside `<Map>` are skipped; a comment
//!   between the declaration and `<Map>` is an error;
//! * XML well-formedness of the part that is read is checked (quotes, `=`, duplicate
//!   attributes, entity references, the closing tag matching the open element, end of
//!   file before any closing tag).
//!
//! Two points the README leaves open are decided here: a `Vampires` or `Werewolves` entry
//! on a cell already holding something else overwrites it like a later `Humans` entry
//! does, and a file missing `Vampires` or `Werewolves` loads (the README reports such a map
//! loading on Mono without its monsters); [`Map::home`] is then `None` and the server
//! refuses to play it.

use std::fmt;
use std::path::Path;

use super::board::{Cells, Content, Coord, Grid, Kind};
use crate::game::Role;

/// A loaded map: the start board plus what the server tells the players about it.
#[derive(Clone, PartialEq, Eq)]
pub struct Map {
    /// The start board.
    pub grid: Grid,
    /// Cells named by `Humans` entries, each once, in file order: the `HUM` message.
    pub human_homes: Vec<Coord>,
    /// The `Vampires` entry's cell (player 0's `HME`).
    pub vampires: Option<Coord>,
    /// The `Werewolves` entry's cell (player 1's `HME`).
    pub werewolves: Option<Coord>,
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Map")
            .field("grid", &self.grid)
            .field("human_homes", &self.human_homes)
            .field("vampires", &self.vampires)
            .field("werewolves", &self.werewolves)
            .finish()
    }
}

/// What is wrong with a map file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapErrorKind {
    /// The bytes are not UTF-8.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// The file does not start with `<?xml …?>`.
    #[error("the file must start with the XML declaration `<?xml …?>`, found {found}")]
    MissingDeclaration {
        /// What was found instead.
        found: String,
    },
    /// The node after the declaration is not the `Map` element.
    #[error("expected the <Map> element after the XML declaration, found {found}")]
    NotMap {
        /// What was found instead.
        found: String,
    },
    /// `Map` carries an attribute other than `Rows` and `Columns`.
    #[error("<Map> may only carry Rows and Columns, found attribute {name:?}")]
    MapAttribute {
        /// The attribute's name.
        name: String,
    },
    /// `Map` lacks `Rows` or `Columns`.
    #[error("<Map> lacks the {attribute} attribute")]
    MissingAttribute {
        /// `Rows` or `Columns`.
        attribute: &'static str,
    },
    /// An attribute is not an unsigned byte.
    #[error("<{element}> {attribute}={value:?} is not a number from 0 to 255")]
    BadNumber {
        /// The element's name.
        element: String,
        /// The attribute's name.
        attribute: &'static str,
        /// The attribute's text.
        value: String,
    },
    /// `Rows` or `Columns` is 0.
    #[error("<Map> {attribute} must be at least 1")]
    ZeroSize {
        /// `Rows` or `Columns`.
        attribute: &'static str,
    },
    /// A child's `X` or `Y` lies outside the grid.
    #[error("<{element}> {attribute}=\"{value}\" is outside the grid (must be below {limit})")]
    OutOfGrid {
        /// The element's name.
        element: String,
        /// `X` or `Y`.
        attribute: &'static str,
        /// The coordinate read.
        value: u8,
        /// `Columns` for X, `Rows` for Y.
        limit: u8,
    },
    /// An element with X, Y and Count whose name is not Humans, Vampires or Werewolves.
    #[error(
        "unknown element <{name}> with X, Y and Count (expected Humans, Vampires or Werewolves)"
    )]
    UnknownElement {
        /// The element's name.
        name: String,
    },
    /// A second `Vampires` or `Werewolves` element.
    #[error("second <{name}> element (a map has exactly one)")]
    DuplicateMonster {
        /// `Vampires` or `Werewolves`.
        name: &'static str,
    },
    /// An attribute appears twice on one element.
    #[error("attribute {attribute:?} appears twice on <{element}>")]
    DuplicateAttribute {
        /// The element's name.
        element: String,
        /// The attribute's name.
        attribute: String,
    },
    /// A closing tag that does not close the innermost open element.
    #[error("closing tag </{found}> does not match the open element <{expected}>")]
    MismatchedClose {
        /// The open element.
        expected: String,
        /// The closing tag's name.
        found: String,
    },
    /// Any other XML syntax error.
    #[error("XML syntax error: {0}")]
    Syntax(String),
}

/// A map file that cannot be loaded, with where (1-based line and column, counted in
/// characters after the byte-order mark).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("map line {line}, column {column}: {kind}")]
pub struct MapError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub kind: MapErrorKind,
}

/// A map file that cannot be read from disk or parsed.
#[derive(Debug, thiserror::Error)]
pub enum MapLoadError {
    /// The file cannot be read.
    #[error("cannot read map file {path}: {source}")]
    Io {
        /// The path given.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file's contents are not a valid map.
    #[error("map file {path}: {source}")]
    Parse {
        /// The path given.
        path: String,
        /// The parse error.
        source: MapError,
    },
}

impl Map {
    /// Parses a map file's bytes (a UTF-8 BOM and CRLF line ends are fine).
    pub fn parse_bytes(bytes: &[u8]) -> Result<Map, MapError> {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let upto = &bytes[..e.valid_up_to()];
            let line = 1 + upto.iter().filter(|&&b| b == b'\n').count();
            let column = 1 + upto.iter().rev().take_while(|&&b| b != b'\n').count();
            MapError {
                line,
                column,
                kind: MapErrorKind::NotUtf8,
            }
        })?;
        Map::parse(text)
    }

    /// Parses a map file's text.
    pub fn parse(text: &str) -> Result<Map, MapError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Parser {
            lex: Lexer { text, pos: 0 },
        }
        .parse()
    }

    /// Reads and parses a map file.
    pub fn load(path: impl AsRef<Path>) -> Result<Map, MapLoadError> {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| MapLoadError::Io {
            path: shown.clone(),
            source,
        })?;
        Map::parse_bytes(&bytes).map_err(|source| MapLoadError::Parse {
            path: shown,
            source,
        })
    }

    /// Number of rows (y range).
    pub fn rows(&self) -> u8 {
        self.grid.rows()
    }

    /// Number of columns (x range).
    pub fn cols(&self) -> u8 {
        self.grid.cols()
    }

    /// The start cell of a role (0 vampires, 1 werewolves), if the map has one.
    pub fn home(&self, role: Role) -> Option<Coord> {
        if role == 0 {
            self.vampires
        } else {
            self.werewolves
        }
    }

    /// Writes the map in the official format (no BOM, LF line ends, children row by row
    /// with humans first), which [`Map::parse`] reads back to an equal map when every
    /// human home still holds humans.
    pub fn to_xml(&self) -> String {
        let mut s = format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<Map Rows=\"{}\" Columns=\"{}\">\n",
            self.rows(),
            self.cols()
        );
        for &at in &self.human_homes {
            let c = self.grid.get(at);
            if c.kind() == Kind::Humans {
                s += &format!(
                    "  <Humans X=\"{}\" Y=\"{}\" Count=\"{}\"/>\n",
                    at.x,
                    at.y,
                    c.count()
                );
            }
        }
        for (name, home) in [("Vampires", self.vampires), ("Werewolves", self.werewolves)] {
            if let Some(at) = home {
                s += &format!(
                    "  <{name} X=\"{}\" Y=\"{}\" Count=\"{}\"/>\n",
                    at.x,
                    at.y,
                    self.grid.get(at).count()
                );
            }
        }
        s += "</Map>\n";
        s
    }

    /// Checks the rules a map must follow to be played (the file format allows more):
    /// each species has its own start cell, holding creatures of that species. The
    /// error names the rule broken.
    pub fn check_playable(&self) -> Result<(), String> {
        let homes = [
            ("Vampires", self.vampires, Kind::Vampires),
            ("Werewolves", self.werewolves, Kind::Werewolves),
        ];
        if self.vampires.is_some() && self.vampires == self.werewolves {
            return Err(format!(
                "map rule broken: both species start on cell {}; each needs its own cell",
                self.vampires.unwrap_or_default()
            ));
        }
        for (name, home, kind) in homes {
            let Some(at) = home else {
                return Err(format!(
                    "map rule broken: no <{name}> element; each species needs a start cell"
                ));
            };
            let c = self.grid.get(at);
            if c.kind() != kind || c.count() == 0 {
                return Err(format!(
                    "map rule broken: the <{name}> start cell {at} holds no {}; \
                     each species starts with at least one creature on its own cell",
                    name.to_lowercase()
                ));
            }
        }
        Ok(())
    }
}

/// One XML node as the parser sees it.
#[derive(Debug)]
enum Node<'a> {
    /// `<?target …?>`
    Pi(&'a str),
    /// `<!-- … -->`
    Comment,
    /// `<![CDATA[…]]>` or character data.
    Text(&'a str),
    /// `<Name a="v" …>` or `<Name …/>`.
    Start {
        name: &'a str,
        attrs: Vec<(&'a str, String, usize)>,
        self_closing: bool,
    },
    /// `</Name>`
    End(&'a str),
    /// The end of the input.
    Eof,
}

impl Node<'_> {
    fn describe(&self) -> String {
        match self {
            Node::Pi(t) => format!("a processing instruction <?{t}?>"),
            Node::Comment => "a comment".into(),
            Node::Text(t) => format!("text {:?}", t.chars().take(20).collect::<String>()),
            Node::Start { name, .. } => format!("<{name}>"),
            Node::End(name) => format!("</{name}>"),
            Node::Eof => "the end of the file".into(),
        }
    }
}

/// A small tolerant XML tokenizer: just enough XML to read map files.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

fn is_name_char(c: char) -> bool {
    !(c.is_whitespace() || matches!(c, '<' | '>' | '/' | '=' | '"' | '\'' | '?' | '!'))
}

impl<'a> Lexer<'a> {
    fn error(&self, at: usize, kind: MapErrorKind) -> MapError {
        let before = &self.text[..at.min(self.text.len())];
        let line = 1 + before.matches('\n').count();
        let column = 1 + before
            .rsplit('\n')
            .next()
            .map_or(0, |l| l.chars().filter(|&c| c != '\r').count());
        MapError { line, column, kind }
    }

    fn syntax(&self, at: usize, msg: impl Into<String>) -> MapError {
        self.error(at, MapErrorKind::Syntax(msg.into()))
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn skip_whitespace(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn name(&mut self) -> &'a str {
        let rest = self.rest();
        let len = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
        self.pos += len;
        &rest[..len]
    }

    fn expect_until(&mut self, start: usize, end: &str, what: &str) -> Result<&'a str, MapError> {
        let rest = self.rest();
        match rest.find(end) {
            Some(i) => {
                self.pos += i + end.len();
                Ok(&rest[..i])
            }
            None => Err(self.syntax(start, format!("unterminated {what} (no {end:?})"))),
        }
    }

    /// The next node.
    fn next(&mut self) -> Result<(usize, Node<'a>), MapError> {
        let start = self.pos;
        let rest = self.rest();
        if rest.is_empty() {
            return Ok((start, Node::Eof));
        }
        if !rest.starts_with('<') {
            let len = rest.find('<').unwrap_or(rest.len());
            self.pos += len;
            return Ok((start, Node::Text(&rest[..len])));
        }
        if rest.starts_with("<!") || rest.starts_with("<?") {
            return self.declaration(start).map(|node| (start, node));
        }
        if rest.starts_with("</") {
            return self.end_tag(start).map(|node| (start, node));
        }
        self.start_tag(start).map(|node| (start, node))
    }

    /// A processing instruction, comment or CDATA section starting at `start`.
    fn declaration(&mut self, start: usize) -> Result<Node<'a>, MapError> {
        let rest = self.rest();
        if rest.starts_with("<?") {
            self.pos += 2;
            let body = self.expect_until(start, "?>", "processing instruction")?;
            return Ok(Node::Pi(body));
        }
        if rest.starts_with("<!--") {
            self.pos += 4;
            self.expect_until(start, "-->", "comment")?;
            return Ok(Node::Comment);
        }
        if rest.starts_with("<![CDATA[") {
            self.pos += 9;
            let body = self.expect_until(start, "]]>", "CDATA section")?;
            return Ok(Node::Text(body));
        }
        Err(self.syntax(start, "DOCTYPE and other <! declarations are not supported"))
    }

    /// A closing tag `</name>` starting at `start`.
    fn end_tag(&mut self, start: usize) -> Result<Node<'a>, MapError> {
        self.pos += 2;
        let name = self.name();
        if name.is_empty() {
            return Err(self.syntax(start, "closing tag without a name"));
        }
        self.skip_whitespace();
        if !self.rest().starts_with('>') {
            return Err(self.syntax(self.pos, format!("expected '>' to end </{name}")));
        }
        self.pos += 1;
        Ok(Node::End(name))
    }

    /// An opening (or self-closing) tag with its attributes, starting at `start`.
    fn start_tag(&mut self, start: usize) -> Result<Node<'a>, MapError> {
        self.pos += 1;
        let name = self.name();
        if name.is_empty() {
            return Err(self.syntax(start, "'<' not followed by an element name"));
        }
        let mut attrs: Vec<(&'a str, String, usize)> = Vec::new();
        loop {
            let before_ws = self.pos;
            self.skip_whitespace();
            let rest = self.rest();
            for (end, self_closing) in [("/>", true), (">", false)] {
                if rest.starts_with(end) {
                    self.pos += end.len();
                    return Ok(Node::Start {
                        name,
                        attrs,
                        self_closing,
                    });
                }
            }
            if rest.is_empty() {
                return Err(self.syntax(start, format!("unterminated tag <{name}")));
            }
            if self.pos == before_ws {
                return Err(self.syntax(
                    self.pos,
                    format!("expected whitespace, '>' or '/>' in <{name}>"),
                ));
            }
            let attr = self.attribute(name)?;
            if attrs.iter().any(|(a, _, _)| *a == attr.0) {
                return Err(self.error(
                    attr.2,
                    MapErrorKind::DuplicateAttribute {
                        element: name.to_string(),
                        attribute: attr.0.to_string(),
                    },
                ));
            }
            attrs.push(attr);
        }
    }

    /// One `name="value"` attribute of element `element`: its name, its unescaped value
    /// and where it starts.
    fn attribute(&mut self, element: &str) -> Result<(&'a str, String, usize), MapError> {
        let at = self.pos;
        let rest = self.rest();
        let attr = self.name();
        if attr.is_empty() {
            return Err(self.syntax(
                at,
                format!(
                    "unexpected {:?} in <{element}>",
                    rest.chars().next().unwrap_or(' ')
                ),
            ));
        }
        self.skip_whitespace();
        if !self.rest().starts_with('=') {
            return Err(self.syntax(
                self.pos,
                format!("attribute {attr} of <{element}> lacks '='"),
            ));
        }
        self.pos += 1;
        self.skip_whitespace();
        let quote = match self.rest().chars().next() {
            Some(q @ ('"' | '\'')) => q,
            _ => {
                return Err(self.syntax(
                    self.pos,
                    format!("the value of {attr} in <{element}> must be quoted"),
                ))
            }
        };
        self.pos += 1;
        let value_at = self.pos;
        let raw = self.expect_until(value_at, &quote.to_string(), "attribute value")?;
        if raw.contains('<') {
            return Err(self.syntax(value_at, format!("'<' in the value of {attr}")));
        }
        Ok((attr, self.unescape(raw, value_at)?, at))
    }

    /// Resolves entity and character references in an attribute value.
    fn unescape(&self, raw: &str, at: usize) -> Result<String, MapError> {
        if !raw.contains('&') {
            return Ok(raw.to_string());
        }
        let mut out = String::with_capacity(raw.len());
        let mut rest = raw;
        while let Some(i) = rest.find('&') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let end = after
                .find(';')
                .ok_or_else(|| self.syntax(at, "'&' without ';' in an attribute value"))?;
            let entity = &after[..end];
            let ch = match entity {
                "lt" => Some('<'),
                "gt" => Some('>'),
                "amp" => Some('&'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => entity
                    .strip_prefix("#x")
                    .map(|h| u32::from_str_radix(h, 16))
                    .or_else(|| entity.strip_prefix('#').map(|d| d.parse::<u32>()))
                    .and_then(Result::ok)
                    .and_then(char::from_u32),
            };
            out.push(ch.ok_or_else(|| self.syntax(at, format!("unknown reference &{entity};")))?);
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// Parses an unsigned byte as `Byte.Parse` does: optional surrounding whitespace and an
/// optional leading `+`.
fn parse_byte(text: &str) -> Option<u8> {
    let t = text.trim();
    let digits = t.strip_prefix('+').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let trimmed = digits.trim_start_matches('0');
    if trimmed.len() > 3 {
        return None;
    }
    trimmed
        .parse::<u16>()
        .map_or(Some(0), |v| u8::try_from(v).ok())
}

struct Parser<'a> {
    lex: Lexer<'a>,
}

impl<'a> Parser<'a> {
    fn parse(mut self) -> Result<Map, MapError> {
        self.declaration()?;
        self.lex.skip_whitespace();
        let (at, node) = self.lex.next()?;
        let (attrs, self_closing) = match node {
            Node::Start {
                name: "Map",
                attrs,
                self_closing,
            } => (attrs, self_closing),
            other => {
                return Err(self.lex.error(
                    at,
                    MapErrorKind::NotMap {
                        found: other.describe(),
                    },
                ))
            }
        };
        let (rows, cols) = self.size(&attrs, at)?;
        let mut map = Map {
            grid: Grid::new(rows, cols),
            human_homes: Vec::new(),
            vampires: None,
            werewolves: None,
        };
        if !self_closing {
            self.children(&mut map)?;
        }
        Ok(map)
    }

    /// The XML declaration, first thing in the file.
    fn declaration(&mut self) -> Result<(), MapError> {
        let (at, first) = self.lex.next()?;
        match first {
            Node::Pi(body)
                if body.starts_with("xml")
                    && body[3..].starts_with(|c: char| c.is_whitespace()) =>
            {
                Ok(())
            }
            other => Err(self.lex.error(
                at,
                MapErrorKind::MissingDeclaration {
                    found: other.describe(),
                },
            )),
        }
    }

    /// The `Rows` and `Columns` of the Map element at `at`.
    fn size(&self, attrs: &[(&str, String, usize)], at: usize) -> Result<(u8, u8), MapError> {
        let (mut rows, mut cols) = (None, None);
        for (attr, value, attr_at) in attrs {
            let (slot, name) = match *attr {
                "Rows" => (&mut rows, "Rows"),
                "Columns" => (&mut cols, "Columns"),
                other => {
                    return Err(self.lex.error(
                        *attr_at,
                        MapErrorKind::MapAttribute {
                            name: other.to_string(),
                        },
                    ))
                }
            };
            let v = parse_byte(value).ok_or_else(|| {
                self.lex.error(
                    *attr_at,
                    MapErrorKind::BadNumber {
                        element: "Map".into(),
                        attribute: name,
                        value: value.clone(),
                    },
                )
            })?;
            if v == 0 {
                return Err(self
                    .lex
                    .error(*attr_at, MapErrorKind::ZeroSize { attribute: name }));
            }
            *slot = Some(v);
        }
        let missing = |attribute| {
            self.lex
                .error(at, MapErrorKind::MissingAttribute { attribute })
        };
        Ok((
            rows.ok_or_else(|| missing("Rows"))?,
            cols.ok_or_else(|| missing("Columns"))?,
        ))
    }

    /// The Map element's children, until the first closing tag.
    fn children(&mut self, map: &mut Map) -> Result<(), MapError> {
        let mut open: Vec<&'a str> = vec!["Map"];
        loop {
            let (at, node) = self.lex.next()?;
            match node {
                Node::Pi(_) | Node::Comment | Node::Text(_) => {}
                Node::Eof => {
                    let inner = open.last().copied().unwrap_or("Map");
                    return Err(self.lex.syntax(
                        at,
                        format!("unexpected end of file: <{inner}> is never closed"),
                    ));
                }
                Node::End(name) => {
                    let expected = open.last().copied().unwrap_or("Map");
                    if name != expected {
                        return Err(self.lex.error(
                            at,
                            MapErrorKind::MismatchedClose {
                                expected: expected.to_string(),
                                found: name.to_string(),
                            },
                        ));
                    }
                    return Ok(());
                }
                Node::Start {
                    name,
                    attrs,
                    self_closing,
                } => {
                    self.child(map, name, &attrs, at)?;
                    if !self_closing {
                        open.push(name);
                    }
                }
            }
        }
    }

    fn child(
        &self,
        map: &mut Map,
        name: &str,
        attrs: &[(&str, String, usize)],
        at: usize,
    ) -> Result<(), MapError> {
        let find = |key: &str| attrs.iter().find(|(a, _, _)| *a == key);
        let (Some(x), Some(y), Some(count)) = (find("X"), find("Y"), find("Count")) else {
            return Ok(()); // lacks X, Y or Count: ignored
        };
        let kind = match name {
            "Humans" => Kind::Humans,
            "Vampires" => Kind::Vampires,
            "Werewolves" => Kind::Werewolves,
            other => {
                return Err(self.lex.error(
                    at,
                    MapErrorKind::UnknownElement {
                        name: other.to_string(),
                    },
                ))
            }
        };
        let number = |(_, value, attr_at): &(&str, String, usize), attribute: &'static str| {
            parse_byte(value).ok_or_else(|| {
                self.lex.error(
                    *attr_at,
                    MapErrorKind::BadNumber {
                        element: name.to_string(),
                        attribute,
                        value: value.clone(),
                    },
                )
            })
        };
        let (xv, yv, n) = (number(x, "X")?, number(y, "Y")?, number(count, "Count")?);
        let (rows, cols) = (map.rows(), map.cols());
        for (value, limit, attribute, attr_at) in [(xv, cols, "X", x.2), (yv, rows, "Y", y.2)] {
            if value >= limit {
                return Err(self.lex.error(
                    attr_at,
                    MapErrorKind::OutOfGrid {
                        element: name.to_string(),
                        attribute,
                        value,
                        limit,
                    },
                ));
            }
        }
        let cell = Coord::new(xv, yv);
        self.place(map, kind, cell, at)?;
        map.grid.set(cell, Content::new(kind, n));
        Ok(())
    }

    /// Records where a monster starts (once each) or a human home.
    fn place(&self, map: &mut Map, kind: Kind, cell: Coord, at: usize) -> Result<(), MapError> {
        match kind {
            Kind::Vampires | Kind::Werewolves => {
                let (slot, label) = if kind == Kind::Vampires {
                    (&mut map.vampires, "Vampires")
                } else {
                    (&mut map.werewolves, "Werewolves")
                };
                if slot.is_some() {
                    return Err(self
                        .lex
                        .error(at, MapErrorKind::DuplicateMonster { name: label }));
                }
                *slot = Some(cell);
            }
            _ => {
                if !map.human_homes.contains(&cell) {
                    map.human_homes.push(cell);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_parse_like_dotnet() {
        assert_eq!(parse_byte("0"), Some(0));
        assert_eq!(parse_byte(" 255 "), Some(255));
        assert_eq!(parse_byte("+7"), Some(7));
        assert_eq!(parse_byte("0007"), Some(7));
        assert_eq!(parse_byte("256"), None);
        assert_eq!(parse_byte("-1"), None);
        assert_eq!(parse_byte(""), None);
        assert_eq!(parse_byte("1x"), None);
    }
}
