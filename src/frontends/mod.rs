//! Connections to the outside world: the games' own servers and wire protocols.

pub mod vvw_protocol;
pub mod vvw_server;
