//! Connections to the outside world: the course file formats and the games' own servers
//! and wire protocols, so weightforge's engines can be driven the way each course drives
//! its students' agents.

pub mod vvw_client;
pub mod vvw_protocol;
pub mod vvw_server;
