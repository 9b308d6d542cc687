//! The Vampires vs Werewolves message codec (facts spec §5): byte layouts, streams cut
//! anywhere, errors, and a client's board built from server messages.

use weightforge::game::Game;
use weightforge::games::vampires_werewolves::{Cells, Content, Coord, Grid, Kind, Step};
use weightforge::vvw_tcp::protocol::{
    apply_cells, CellUpdate, ClientMessage, ClientView, Decoder, Message, MessageReader,
    ProtocolError, ServerMessage,
};

fn at(x: u8, y: u8) -> Coord {
    Coord::new(x, y)
}

fn cell(x: u8, y: u8, kind: Kind, n: u8) -> CellUpdate {
    CellUpdate::new(at(x, y), Content::new(kind, n))
}

/// The opening of the kit's thetrap map as the server sends it to the vampires.
fn server_stream() -> Vec<ServerMessage> {
    vec![
        ServerMessage::Set { rows: 5, cols: 10 },
        ServerMessage::Hum(vec![at(2, 2), at(9, 0), at(9, 2), at(9, 4)]),
        ServerMessage::Hme(at(4, 3)),
        ServerMessage::Map(vec![
            cell(9, 0, Kind::Humans, 2),
            cell(4, 1, Kind::Werewolves, 4),
            cell(2, 2, Kind::Humans, 4),
            cell(9, 2, Kind::Humans, 1),
            cell(4, 3, Kind::Vampires, 4),
            cell(9, 4, Kind::Humans, 2),
        ]),
        ServerMessage::Upd(vec![]),
        ServerMessage::Upd(vec![
            CellUpdate::new(at(4, 3), Content::EMPTY),
            cell(3, 2, Kind::Vampires, 4),
            CellUpdate::new(at(4, 1), Content::EMPTY),
            cell(5, 2, Kind::Werewolves, 4),
        ]),
        ServerMessage::End,
        ServerMessage::Bye,
    ]
}

#[test]
fn server_layouts_are_byte_exact() {
    let bytes: Vec<Vec<u8>> = server_stream().iter().map(|m| m.to_bytes()).collect();
    assert_eq!(bytes[0], b"SET\x05\x0a"); // rows first
    assert_eq!(bytes[1], b"HUM\x04\x02\x02\x09\x00\x09\x02\x09\x04");
    assert_eq!(bytes[2], b"HME\x04\x03");
    assert_eq!(&bytes[3][..9], b"MAP\x06\x09\x00\x02\x00\x00"); // x, y, humans, vampires, werewolves
    assert_eq!(&bytes[3][9..14], b"\x04\x01\x00\x00\x04");
    assert_eq!(bytes[4], b"UPD\x00");
    assert_eq!(&bytes[5][..9], b"UPD\x04\x04\x03\x00\x00\x00");
    assert_eq!(bytes[6], b"END");
    assert_eq!(bytes[7], b"BYE");
}

#[test]
fn client_layouts_are_byte_exact() {
    assert_eq!(
        ClientMessage::Nme(b"deep".to_vec()).to_bytes(),
        b"NME\x04deep"
    );
    // Source x, source y, COUNT, target x, target y.
    let mov = ClientMessage::Mov(vec![
        Step::new(at(4, 3), 3, at(3, 2)),
        Step::new(at(4, 3), 1, at(5, 4)),
    ]);
    assert_eq!(
        mov.to_bytes(),
        b"MOV\x02\x04\x03\x03\x03\x02\x04\x03\x01\x05\x04"
    );
}

/// Feeds `bytes` in chunks of `size` and collects the decoded messages.
fn decode_in_chunks<M: Message>(bytes: &[u8], size: usize) -> Vec<M> {
    let mut d = Decoder::<M>::new();
    let mut out = Vec::new();
    for chunk in bytes.chunks(size) {
        d.feed(chunk);
        while let Some(m) = d.next_message().unwrap() {
            out.push(m);
        }
    }
    assert_eq!(d.pending(), 0);
    out
}

#[test]
fn split_and_merged_reads_decode_the_same() {
    let msgs = server_stream();
    let all: Vec<u8> = msgs.iter().flat_map(|m| m.to_bytes()).collect();
    for size in [1, 2, 3, 4, 5, 7, 13, all.len()] {
        let got: Vec<ServerMessage> = decode_in_chunks(&all, size);
        assert_eq!(got, msgs, "chunks of {size}");
    }
    let client = vec![
        ClientMessage::Nme(b"x".to_vec()),
        ClientMessage::Mov(vec![Step::new(at(1, 1), 2, at(2, 2))]),
        ClientMessage::Nme(vec![]),
    ];
    let all: Vec<u8> = client.iter().flat_map(|m| m.to_bytes()).collect();
    for size in [1, 3, 6, all.len()] {
        assert_eq!(decode_in_chunks::<ClientMessage>(&all, size), client);
    }
}

#[test]
fn incomplete_messages_wait_for_more_bytes() {
    let mut d = Decoder::<ServerMessage>::new();
    d.feed(b"UPD\x02\x01\x01\x00\x03");
    assert!(d.next_message().unwrap().is_none());
    d.feed(b"\x00\x02\x02\x00\x00\x05EN");
    let m = d.next_message().unwrap().unwrap();
    assert_eq!(
        m,
        ServerMessage::Upd(vec![
            cell(1, 1, Kind::Vampires, 3),
            cell(2, 2, Kind::Werewolves, 5)
        ])
    );
    assert!(d.next_message().unwrap().is_none());
    assert_eq!(d.pending(), 2);
    d.feed(b"D");
    assert_eq!(d.next_message().unwrap(), Some(ServerMessage::End));
}

#[test]
fn bad_messages_are_clear_errors() {
    let mut d = Decoder::<ServerMessage>::new();
    d.feed(b"XYZ\x00");
    let e = d.next_message().unwrap_err();
    assert!(
        matches!(e, ProtocolError::UnknownCommand(ref s, _) if s == "XYZ"),
        "{e}"
    );
    let mut d = Decoder::<ServerMessage>::new();
    d.feed(b"MOV\x00");
    let e = d.next_message().unwrap_err();
    assert!(e.to_string().contains("MOV is a client message"), "{e}");
    let mut d = Decoder::<ClientMessage>::new();
    d.feed(b"UPD\x00");
    assert!(matches!(
        d.next_message(),
        Err(ProtocolError::WrongDirection { command: "UPD", .. })
    ));
    let mut d = Decoder::<ServerMessage>::new();
    d.feed(b"MAP\x01\x01\x02\x03\x04\x00");
    let e = d.next_message().unwrap_err();
    assert!(
        e.to_string()
            .contains("cell 1,2 holds more than one species"),
        "{e}"
    );
}

#[test]
fn a_reader_survives_byte_by_byte_delivery_and_reports_a_close() {
    /// A stream that hands out one byte per read.
    struct Trickle(Vec<u8>, usize);
    impl std::io::Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.1 >= self.0.len() || buf.is_empty() {
                return Ok(0);
            }
            buf[0] = self.0[self.1];
            self.1 += 1;
            Ok(1)
        }
    }
    let msgs = server_stream();
    let mut bytes: Vec<u8> = msgs.iter().flat_map(|m| m.to_bytes()).collect();
    bytes.extend_from_slice(b"UP"); // cut short by the close
    let mut stream = Trickle(bytes, 0);
    let mut reader = MessageReader::<ServerMessage>::new();
    for want in &msgs {
        assert_eq!(&reader.read(&mut stream).unwrap(), want);
    }
    assert!(matches!(
        reader.read(&mut stream),
        Err(ProtocolError::Closed { pending: 2 })
    ));
}

#[test]
fn a_client_view_follows_the_game() {
    let mut view = ClientView::new();
    let msgs = server_stream();
    for m in &msgs[..4] {
        view.apply(m).unwrap();
    }
    assert_eq!(view.role, Some(0)); // vampires on HME
    assert_eq!(view.human_homes.len(), 4);
    view.apply(&msgs[4]).unwrap();
    let pos = view.position().unwrap();
    assert_eq!(
        pos.to_text(),
        "5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2"
    );
    assert_eq!(pos.ply(), 0);
    view.apply(&msgs[5]).unwrap();
    let pos = view.position().unwrap();
    assert_eq!(
        pos.to_text(),
        "5x10 v 9,0:h2 2,2:h4 3,2:v4 5,2:w4 9,2:h1 9,4:h2"
    );
    assert_eq!(pos.ply(), 2);
    view.apply(&msgs[6]).unwrap();
    assert!(view.ended);
    // The werewolves' view of the same opening.
    let mut other = ClientView::new();
    other.apply(&msgs[0]).unwrap();
    other.apply(&ServerMessage::Hme(at(4, 1))).unwrap();
    other.apply(&msgs[3]).unwrap();
    assert_eq!(other.role, Some(1));
}

#[test]
fn a_client_view_rejects_nonsense() {
    let mut view = ClientView::new();
    assert!(matches!(
        view.apply(&ServerMessage::Upd(vec![])),
        Err(ProtocolError::Unexpected { message: "UPD", .. })
    ));
    view.apply(&ServerMessage::Set { rows: 2, cols: 3 })
        .unwrap();
    let e = view.apply(&ServerMessage::Hme(at(3, 0))).unwrap_err();
    assert!(e.to_string().contains("outside the 2x3 grid"), "{e}");
    assert!(view
        .apply(&ServerMessage::Set { rows: 0, cols: 3 })
        .is_err());
    assert!(view.position().is_err());
}

#[test]
fn applying_cells_is_a_pure_overwrite() {
    let mut g = Grid::new(2, 2);
    apply_cells(
        &mut g,
        "UPD",
        &[cell(1, 1, Kind::Humans, 9), cell(0, 0, Kind::Vampires, 2)],
    )
    .unwrap();
    apply_cells(&mut g, "UPD", &[CellUpdate::new(at(1, 1), Content::EMPTY)]).unwrap();
    assert_eq!(g.get(at(1, 1)), Content::EMPTY);
    assert_eq!(g.get(at(0, 0)), Content::new(Kind::Vampires, 2));
    let before = g.clone();
    assert!(apply_cells(
        &mut g,
        "UPD",
        &[cell(0, 1, Kind::Humans, 1), cell(2, 0, Kind::Humans, 1)]
    )
    .is_err());
    assert_eq!(g, before, "nothing changes on an error");
}
