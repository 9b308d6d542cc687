//! Connections to the outside world: the course file formats, so weightforge's engines
//! can be driven the way each course drives its students' agents.

pub mod bcit;
