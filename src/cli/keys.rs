//! The flags of the request table ([`tourglyph::job::keys`]), declared from it: what to
//! enumerate ([`TourSpec`]), which tours ([`SelectionFlags`]) and how glyphs look
//! ([`DrawFlags`]). Each is a clap [`Args`] whose arguments are the keys of one group of
//! the table that the command line takes, with the table's help, placeholder, default and
//! conflicts (`--non-crossing` for the key `non_crossing`), read back into the request
//! through the table: no key is named here.

use super::offer::Offer;
use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Args, Command, FromArgMatches, value_parser};
use std::sync::LazyLock;
use tourglyph::job::keys::{self, Doors, Field, Fields, Group, Key, Value, ValueKind};
use tourglyph::job::{Draw, Pick, ShapeKeys, Spec};

/// What to enumerate: shared by `count`, `list`, `render` and `font`.
#[derive(Debug, Clone, Default)]
pub struct TourSpec(pub Spec);

/// Which tours of the enumeration, and `--force`: shared by `list`, `render` and `font`.
#[derive(Debug, Clone, Default)]
pub struct SelectionFlags(pub Pick);

/// How glyphs look over the `--style`, and how images are rasterised: shared by
/// `render`, `glyph` and `find`.
#[derive(Debug, Clone, Default)]
pub struct DrawFlags(pub Draw);

/// A shaped board in place of `--board` (`--shape FILE`, `--shape-grid GRID`,
/// `--shape-text TEXT` and their options): shared by every command that takes a board.
#[derive(Debug, Clone, Default)]
pub struct ShapeFlags(pub ShapeKeys);

/// The long flag of every key, by the key's place in the table (`non-crossing`).
static LONGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    keys::KEYS
        .iter()
        .map(|k| k.name.replace('_', "-"))
        .collect()
});

/// The long flag of `k`.
fn long(k: &Key) -> &'static str {
    let i = keys::KEYS
        .iter()
        .position(|o| o.name == k.name)
        .expect("a key of the table");
    LONGS[i].as_str()
}

/// The clap argument of `k`, as clap's derive would declare a field of its type.
fn arg(k: &'static Key) -> Arg {
    let a = Arg::new(k.name).value_name(k.cli.value_name);
    let a = match k.field {
        Field::Switch(_) => a
            .required(false)
            .value_parser(value_parser!(bool))
            .action(ArgAction::SetTrue),
        Field::Text(_) | Field::Parsed { .. } => {
            let a = a.required(k.required && k.cli.default.is_none());
            match k.cli.offer {
                Some(offer) => a.value_parser(Offer(offer())).hide_possible_values(true),
                None => a.value_parser(value_parser!(String)),
            }
            .action(ArgAction::Set)
        }
        Field::MaybeText(_) => a.value_parser(value_parser!(String)).action(ArgAction::Set),
        Field::Number(_) => a
            .required(false)
            .value_parser(value_parser!(u64))
            .action(ArgAction::Set),
        Field::MaybeNumber(_) => a.value_parser(value_parser!(u64)).action(ArgAction::Set),
        Field::Real(..) => a
            .required(false)
            .value_parser(value_parser!(f64))
            .action(ArgAction::Set),
    };
    let mut a = a.help(k.cli.help).long(long(k));
    if let Some(d) = k.cli.default {
        a = a.default_value(d);
    }
    if k.cli.negative_numbers {
        a = a.allow_negative_numbers(true);
    }
    if !k.conflicts.is_empty() {
        a = a.conflicts_with_all(k.conflicts);
    }
    for r in k.requires {
        a = a.requires(*r);
    }
    if !k.required_unless.is_empty() {
        a = a.required_unless_present_any(k.required_unless);
    }
    a
}

/// `cmd` with the command line's keys of `group` as arguments, then `more`, all in the
/// argument group `id` (as clap's derive groups a struct's fields).
fn augment(cmd: Command, id: &'static str, group: Group, more: Vec<Arg>) -> Command {
    let args: Vec<Arg> = keys::of(group, Doors::CLI).map(arg).chain(more).collect();
    let ids: Vec<clap::Id> = args.iter().map(|a| a.get_id().clone()).collect();
    let cmd = cmd.group(ArgGroup::new(id).multiple(true).args(ids));
    args.into_iter().fold(cmd, Command::arg)
}

/// The request's fields that the command line's keys of `group` give, through the table.
fn read(m: &ArgMatches, group: Group) -> Result<Fields, clap::Error> {
    let mut f = Fields::default();
    for k in keys::of(group, Doors::CLI) {
        let v = match k.kind() {
            ValueKind::Switch => Some(Value::Switch(m.get_flag(k.name))),
            ValueKind::Text => m.get_one::<String>(k.name).cloned().map(Value::Text),
            ValueKind::Number => m.get_one::<u64>(k.name).copied().map(Value::Number),
            ValueKind::Real => m.get_one::<f64>(k.name).copied().map(Value::Real),
        };
        if let Some(v) = v {
            k.set(&mut f, v)
                .map_err(|e| clap::Error::raw(clap::error::ErrorKind::ValueValidation, e))?;
        }
    }
    Ok(f)
}

/// `--force` of a selection (the command line's own: the server never forces, and a
/// gallery says `force = true`).
fn force() -> Arg {
    Arg::new("force")
        .value_name("FORCE")
        .required(false)
        .value_parser(value_parser!(bool))
        .action(ArgAction::SetTrue)
        .help("Do the work even when the estimate says it cannot finish in reasonable time")
        .long("force")
}

impl Args for TourSpec {
    fn group_id() -> Option<clap::Id> {
        Some(clap::Id::from("TourSpec"))
    }
    fn augment_args(cmd: Command) -> Command {
        augment(cmd, "TourSpec", Group::Spec, vec![])
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for TourSpec {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(TourSpec(read(m, Group::Spec)?.spec))
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl Args for SelectionFlags {
    fn group_id() -> Option<clap::Id> {
        Some(clap::Id::from("Selection"))
    }
    fn augment_args(cmd: Command) -> Command {
        augment(cmd, "Selection", Group::Pick, vec![force()])
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for SelectionFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let pick = Pick {
            force: m.get_flag("force"),
            ..read(m, Group::Pick)?.pick
        };
        Ok(SelectionFlags(pick))
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl Args for DrawFlags {
    fn group_id() -> Option<clap::Id> {
        Some(clap::Id::from("DrawFlags"))
    }
    fn augment_args(cmd: Command) -> Command {
        augment(cmd, "DrawFlags", Group::Draw, vec![])
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for DrawFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(DrawFlags(read(m, Group::Draw)?.draw))
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl Args for ShapeFlags {
    fn group_id() -> Option<clap::Id> {
        Some(clap::Id::from("ShapeFlags"))
    }
    fn augment_args(cmd: Command) -> Command {
        augment(cmd, "ShapeFlags", Group::Shape, vec![])
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for ShapeFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(ShapeFlags(read(m, Group::Shape)?.spec.shape))
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::args::{Cli, Command};
    use super::*;
    use clap::{CommandFactory, Parser};

    /// Every key the command line takes is a flag of the commands that take its group.
    #[test]
    fn every_key_of_the_command_line_is_a_flag() {
        let cmd = Cli::command();
        let render = cmd.find_subcommand("render").unwrap();
        for k in keys::KEYS.iter().filter(|k| k.doors.has(Doors::CLI)) {
            let flag = k.flag();
            let a = render
                .get_arguments()
                .find(|a| a.get_long() == Some(&flag[2..]))
                .unwrap_or_else(|| panic!("render has no {flag}"));
            assert_eq!(a.get_id().as_str(), k.name);
        }
        let count = cmd.find_subcommand("count").unwrap();
        assert!(
            count
                .get_arguments()
                .any(|a| a.get_long() == Some("non-crossing"))
        );
        assert!(!count.get_arguments().any(|a| a.get_long() == Some("limit")));
    }

    #[test]
    fn flags_set_the_request_through_the_table() {
        let c = Cli::try_parse_from([
            "tourglyph",
            "render",
            "--board",
            "6x6",
            "--non-crossing",
            "--piece",
            "king",
            "--limit",
            "3",
            "--stroke",
            "red",
            "--dpi",
            "72",
            "--force",
            "-o",
            "x.pdf",
        ])
        .unwrap();
        let Command::Render(a) = c.command else {
            panic!("not render")
        };
        let spec = Spec {
            piece: tourglyph::Piece::king(),
            board: Some(tourglyph::Board::new(6, 6)),
            non_crossing: true,
            ..Spec::default()
        };
        assert_eq!(a.spec.0, spec);
        let pick = Pick {
            limit: Some(3),
            force: true,
            ..Pick::default()
        };
        assert_eq!(a.sel.0, pick);
        assert_eq!(a.draw.0.stroke.as_deref(), Some("red"));
        assert_eq!(a.draw.0.dpi, 72.0);
        // The defaults are the request's.
        let c = Cli::try_parse_from(["tourglyph", "list", "--board", "4x4"]).unwrap();
        let Command::List(a) = c.command else {
            panic!("not list")
        };
        assert_eq!(a.spec.0.piece, tourglyph::Piece::rook());
        assert_eq!(a.sel.0, Pick::default());
    }

    #[test]
    fn the_tables_conflicts_are_the_command_lines() {
        let e = Cli::try_parse_from([
            "tourglyph",
            "list",
            "--board",
            "6x6",
            "--range",
            "0..3",
            "--shard",
            "1/2",
        ])
        .unwrap_err();
        assert_eq!(e.kind(), clap::error::ErrorKind::ArgumentConflict);
        let e = Cli::try_parse_from(["tourglyph", "list", "--board", "6x6", "--limit", "-1"])
            .unwrap_err();
        assert_eq!(e.kind(), clap::error::ErrorKind::ValueValidation);
    }
}
