//! Readers and writers for the file formats of the courses the games come from, so that
//! weightforge's engines can be driven the way the course drives its students' agents.

pub mod bcit;
