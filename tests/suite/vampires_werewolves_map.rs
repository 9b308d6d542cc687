//! The map parser against the oracle maps (tests/data/vampires_werewolves/, see its
//! README) and one test per rule of the official parser listed there.

use weightforge::game::Game;
use weightforge::games::vampires_werewolves::{
    Cells, Coord, Kind, Map, MapError, MapErrorKind, VvwPosition,
};

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/vampires_werewolves/"
);

fn parse(body: &str) -> Result<Map, MapError> {
    Map::parse(&format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n{body}"
    ))
}

fn kind(body: &str) -> MapErrorKind {
    parse(body).expect_err("must be rejected").kind
}

const MONSTERS: &str =
    "<Vampires X=\"0\" Y=\"0\" Count=\"3\"/><Werewolves X=\"2\" Y=\"1\" Count=\"3\"/>";

/// Parses the "Summary" table of the README: every map listed loads with its totals.
#[test]
fn every_oracle_map_loads_with_the_readme_totals() {
    let readme = std::fs::read_to_string(format!("{DATA}README.md")).unwrap();
    let mut checked = 0;
    for line in readme.lines() {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        if cols.len() < 8
            || !(cols[1].starts_with("official_kit/") || cols[1].starts_with("succo_twilight/"))
        {
            continue;
        }
        let path = format!("{DATA}maps/{}.xml", cols[1]);
        let bytes = std::fs::read(&path).unwrap();
        let map = Map::parse_bytes(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        let (rows, columns) = cols[2].split_once(" × ").unwrap();
        assert_eq!(map.rows().to_string(), rows, "{line}");
        assert_eq!(map.cols().to_string(), columns, "{line}");
        for (col, home, kind) in [
            (3, map.vampires, Kind::Vampires),
            (4, map.werewolves, Kind::Werewolves),
        ] {
            let at = home.unwrap();
            let c = map.grid.get(at);
            assert_eq!(c.kind(), kind, "{line}");
            assert_eq!(
                format!("({},{}) {}", at.x, at.y, c.count()),
                cols[col],
                "{line}"
            );
        }
        assert_eq!(map.human_homes.len().to_string(), cols[5], "{line}");
        assert_eq!(map.grid.total(Kind::Humans).to_string(), cols[6], "{line}");
        // Every map also makes a search position.
        let pos = VvwPosition::from_map(&map).unwrap();
        assert_eq!(pos.total(Kind::Humans), map.grid.total(Kind::Humans));
        assert_eq!(pos.side_to_move(), 0);
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn the_kit_files_keep_their_bom_and_crlf() {
    let bytes = std::fs::read(format!("{DATA}maps/official_kit/thetrap.xml")).unwrap();
    assert!(bytes.starts_with(&[0xEF, 0xBB, 0xBF]));
    assert!(bytes.windows(2).any(|w| w == b"\r\n"));
    assert_eq!(bytes.len(), 297);
    // Same content as the succo copy (LF line ends).
    let lf = std::fs::read(format!("{DATA}maps/succo_twilight/thetrap.xml")).unwrap();
    assert_eq!(
        Map::parse_bytes(&bytes).unwrap(),
        Map::parse_bytes(&lf).unwrap()
    );
}

#[test]
fn rule_declaration_is_required() {
    let e = Map::parse("<Map Rows=\"3\" Columns=\"3\"></Map>").unwrap_err();
    assert!(
        matches!(e.kind, MapErrorKind::MissingDeclaration { .. }),
        "{e}"
    );
    let e = Map::parse(" <?xml version=\"1.0\"?><Map Rows=\"3\" Columns=\"3\"/>").unwrap_err();
    assert!(
        matches!(e.kind, MapErrorKind::MissingDeclaration { .. }),
        "{e}"
    );
    let e = Map::parse("<?xml-stylesheet href=\"a\"?><Map Rows=\"3\" Columns=\"3\"/>").unwrap_err();
    assert!(
        matches!(e.kind, MapErrorKind::MissingDeclaration { .. }),
        "{e}"
    );
}

#[test]
fn rule_map_must_be_the_next_node() {
    let e = kind("<!-- a comment --><Map Rows=\"3\" Columns=\"3\"/>");
    assert_eq!(
        e,
        MapErrorKind::NotMap {
            found: "a comment".into()
        }
    );
    assert!(matches!(
        kind("<Humans X=\"1\" Y=\"1\" Count=\"1\"/>"),
        MapErrorKind::NotMap { .. }
    ));
    assert!(matches!(
        kind("<map Rows=\"3\" Columns=\"3\"/>"),
        MapErrorKind::NotMap { .. }
    ));
    assert!(matches!(kind(""), MapErrorKind::NotMap { .. }));
    // Whitespace (and CRLF) between the declaration and Map is fine.
    assert!(parse("\r\n\t <Map Rows=\"3\" Columns=\"3\"/>").is_ok());
}

#[test]
fn rule_map_carries_only_rows_and_columns() {
    assert_eq!(
        kind("<Map Rows=\"3\" Columns=\"3\" Name=\"x\"/>"),
        MapErrorKind::MapAttribute {
            name: "Name".into()
        }
    );
    assert_eq!(
        kind("<Map Columns=\"3\"/>"),
        MapErrorKind::MissingAttribute { attribute: "Rows" }
    );
    assert_eq!(
        kind("<Map Rows=\"3\"/>"),
        MapErrorKind::MissingAttribute {
            attribute: "Columns"
        }
    );
}

#[test]
fn rule_numbers_are_bytes() {
    assert!(matches!(
        kind("<Map Rows=\"256\" Columns=\"3\"/>"),
        MapErrorKind::BadNumber { .. }
    ));
    assert!(matches!(
        kind("<Map Rows=\"-1\" Columns=\"3\"/>"),
        MapErrorKind::BadNumber { .. }
    ));
    assert!(matches!(
        kind("<Map Rows=\"3.0\" Columns=\"3\"/>"),
        MapErrorKind::BadNumber { .. }
    ));
    let e = kind(&format!(
        "<Map Rows=\"3\" Columns=\"3\"><Humans X=\"1\" Y=\"1\" Count=\"300\"/>{MONSTERS}</Map>"
    ));
    assert_eq!(
        e,
        MapErrorKind::BadNumber {
            element: "Humans".into(),
            attribute: "Count",
            value: "300".into()
        }
    );
    let m = parse("<Map Rows=\" 255 \" Columns=\"+255\"/>").unwrap();
    assert_eq!((m.rows(), m.cols()), (255, 255));
}

#[test]
fn rule_rows_and_columns_are_at_least_one() {
    assert_eq!(
        kind("<Map Rows=\"0\" Columns=\"3\"/>"),
        MapErrorKind::ZeroSize { attribute: "Rows" }
    );
    assert_eq!(
        kind("<Map Rows=\"3\" Columns=\"0\"/>"),
        MapErrorKind::ZeroSize {
            attribute: "Columns"
        }
    );
}

#[test]
fn rule_x_below_columns_and_y_below_rows() {
    // 3 rows, 4 columns: X = 3 and Y = 2 are the last legal cell.
    let ok = parse(&format!(
        "<Map Rows=\"3\" Columns=\"4\"><Humans X=\"3\" Y=\"2\" Count=\"1\"/>{MONSTERS}</Map>"
    ))
    .unwrap();
    assert_eq!(ok.grid.get(Coord::new(3, 2)).count(), 1);
    let e = kind("<Map Rows=\"3\" Columns=\"4\"><Humans X=\"4\" Y=\"0\" Count=\"1\"/></Map>");
    assert_eq!(
        e,
        MapErrorKind::OutOfGrid {
            element: "Humans".into(),
            attribute: "X",
            value: 4,
            limit: 4
        }
    );
    let e = kind("<Map Rows=\"3\" Columns=\"4\"><Vampires X=\"0\" Y=\"3\" Count=\"1\"/></Map>");
    assert_eq!(
        e,
        MapErrorKind::OutOfGrid {
            element: "Vampires".into(),
            attribute: "Y",
            value: 3,
            limit: 3
        }
    );
}

#[test]
fn rule_children_lacking_x_y_or_count_are_ignored() {
    let m = parse(&format!(
        "<Map Rows=\"3\" Columns=\"3\"><Humans X=\"1\" Y=\"1\"/><Humans Y=\"1\" Count=\"2\"/>\
         <Anything X=\"9\"/><Vampires X=\"1\" Count=\"300\"/>{MONSTERS}</Map>"
    ))
    .unwrap();
    assert!(m.human_homes.is_empty());
    assert_eq!(m.grid.total(Kind::Humans), 0);
    assert_eq!(m.vampires, Some(Coord::new(0, 0)));
}

#[test]
fn rule_extra_attributes_on_children_are_ignored() {
    let m = parse(&format!(
        "<Map Rows=\"3\" Columns=\"3\"><Humans Count=\"5\" Colour=\"red\" Y=\"2\" X=\"1\"/>{MONSTERS}</Map>"
    ))
    .unwrap();
    assert_eq!(m.grid.get(Coord::new(1, 2)).count(), 5);
}

#[test]
fn rule_unknown_elements_with_all_three_are_errors() {
    let e = kind("<Map Rows=\"3\" Columns=\"3\"><Zombies X=\"1\" Y=\"1\" Count=\"1\"/></Map>");
    assert_eq!(
        e,
        MapErrorKind::UnknownElement {
            name: "Zombies".into()
        }
    );
    // Names are case-sensitive.
    let e = kind("<Map Rows=\"3\" Columns=\"3\"><humans X=\"1\" Y=\"1\" Count=\"1\"/></Map>");
    assert_eq!(
        e,
        MapErrorKind::UnknownElement {
            name: "humans".into()
        }
    );
}

#[test]
fn rule_a_second_vampires_or_werewolves_is_an_error() {
    let e = kind(&format!(
        "<Map Rows=\"3\" Columns=\"3\">{MONSTERS}<Vampires X=\"1\" Y=\"1\" Count=\"1\"/></Map>"
    ));
    assert_eq!(e, MapErrorKind::DuplicateMonster { name: "Vampires" });
    let e = kind(&format!(
        "<Map Rows=\"3\" Columns=\"3\">{MONSTERS}<Werewolves X=\"1\" Y=\"2\" Count=\"1\"/></Map>"
    ));
    assert_eq!(e, MapErrorKind::DuplicateMonster { name: "Werewolves" });
}

#[test]
fn rule_reading_stops_at_the_first_closing_tag() {
    let m = parse(
        "<Map Rows=\"3\" Columns=\"3\"><Humans X=\"1\" Y=\"1\" Count=\"4\"></Humans>\
         <Vampires X=\"0\" Y=\"0\" Count=\"3\"/><Werewolves X=\"2\" Y=\"2\" Count=\"3\"/></Map>",
    )
    .unwrap();
    assert_eq!(m.grid.total(Kind::Humans), 4);
    assert_eq!((m.vampires, m.werewolves), (None, None));
    // After </Map> nothing is read, not even garbage.
    let m = parse(&format!(
        "<Map Rows=\"3\" Columns=\"3\">{MONSTERS}</Map><<<not xml"
    ));
    assert!(m.is_ok());
    // The closing tag must match the open element, and the file must not end before it.
    let e = kind("<Map Rows=\"3\" Columns=\"3\"><Humans X=\"1\" Y=\"1\" Count=\"4\"></Map>");
    assert_eq!(
        e,
        MapErrorKind::MismatchedClose {
            expected: "Humans".into(),
            found: "Map".into()
        }
    );
    assert!(matches!(
        kind("<Map Rows=\"3\" Columns=\"3\">"),
        MapErrorKind::Syntax(_)
    ));
}

#[test]
fn rule_later_humans_on_a_cell_overwrite_and_are_listed_once() {
    let m = parse(&format!(
        "<Map Rows=\"3\" Columns=\"3\"><Humans X=\"1\" Y=\"1\" Count=\"4\"/>\
         <Humans X=\"2\" Y=\"2\" Count=\"1\"/><Humans X=\"1\" Y=\"1\" Count=\"7\"/>{MONSTERS}</Map>"
    ))
    .unwrap();
    assert_eq!(m.grid.get(Coord::new(1, 1)).count(), 7);
    assert_eq!(m.human_homes, vec![Coord::new(1, 1), Coord::new(2, 2)]);
    assert_eq!(m.grid.total(Kind::Humans), 8);
}

#[test]
fn rule_bom_and_crlf_are_fine() {
    let text = "\u{feff}<?xml version=\"1.0\" encoding=\"utf-8\" ?>\r\n<Map Rows=\"3\" Columns=\"3\">\r\n\
                <Vampires X=\"0\" Y=\"0\" Count=\"3\"/>\r\n<Werewolves X=\"2\" Y=\"1\" Count=\"3\"/>\r\n</Map>\r\n";
    let m = Map::parse_bytes(text.as_bytes()).unwrap();
    assert_eq!(m.grid.total(Kind::Vampires), 3);
}

#[test]
fn comments_and_text_inside_map_are_skipped() {
    let m = parse(&format!(
        "<Map Rows=\"3\" Columns=\"3\"><!-- humans next -->stray text<?pi x?>{MONSTERS}</Map>"
    ))
    .unwrap();
    assert_eq!(m.grid.total(Kind::Werewolves), 3);
}

#[test]
fn syntax_errors_say_where() {
    let e = parse("<Map Rows=\"3\" Columns=\"3\">\n  <Humans X=1 Y=\"1\" Count=\"1\"/>\n</Map>")
        .unwrap_err();
    assert!(matches!(e.kind, MapErrorKind::Syntax(_)), "{e}");
    assert_eq!((e.line, e.column), (3, 13), "{e}");
    let e = parse("<Map Rows=\"3\" Rows=\"4\" Columns=\"3\"/>").unwrap_err();
    assert_eq!(
        e.kind,
        MapErrorKind::DuplicateAttribute {
            element: "Map".into(),
            attribute: "Rows".into()
        }
    );
    let e = parse("<Map Rows=\"3\" Columns=\"3\">\n<Humans X=\"5\" Y=\"1\" Count=\"1\"/></Map>")
        .unwrap_err();
    assert_eq!((e.line, e.column), (3, 9), "{e}");
    assert!(e.to_string().contains("line 3, column 9"), "{e}");
    let e = Map::parse_bytes(b"<?xml version=\"1.0\"?>\n<Map Rows=\"\xff\"/>").unwrap_err();
    assert_eq!((e.kind, e.line), (MapErrorKind::NotUtf8, 2));
    // Entity references in values are resolved.
    assert!(parse("<Map Rows=\"&#51;\" Columns=\"3\"/>").unwrap().rows() == 3);
    assert!(matches!(
        kind("<Map Rows=\"&bogus;\" Columns=\"3\"/>"),
        MapErrorKind::Syntax(_)
    ));
}

#[test]
fn a_map_without_monsters_loads_but_has_no_homes() {
    let m = parse("<Map Rows=\"2\" Columns=\"2\"/>").unwrap();
    assert_eq!((m.home(0), m.home(1)), (None, None));
}

#[test]
fn maps_load_from_disk_and_report_the_path() {
    let m = Map::load(format!("{DATA}maps/official_kit/all_in.xml")).unwrap();
    assert_eq!(m.grid.total(Kind::Vampires), 12);
    let e = Map::load(format!("{DATA}maps/none.xml")).unwrap_err();
    assert!(e.to_string().contains("none.xml"), "{e}");
}
