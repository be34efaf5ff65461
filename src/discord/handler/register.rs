//! The slash commands, registered from the app's command table.

use super::{
    Command, CommandOptionType, CreateCommand, CreateCommandOption, GuildId, Handler, Http,
    OptKind, COMMANDS,
};
use crate::app::commands::english;

/// The slash commands to register, from the app's command table.
pub(crate) fn create_commands() -> Vec<CreateCommand> {
    COMMANDS
        .iter()
        .map(|c| {
            let mut options = command_options(c);
            for sc in c.subcommands {
                let mut sub = CreateCommandOption::new(
                    CommandOptionType::SubCommand,
                    sc.name,
                    english(sc.description),
                );
                for o in command_options(sc) {
                    sub = sub.add_sub_option(o);
                }
                options.push(sub);
            }
            CreateCommand::new(c.name)
                .description(english(c.description))
                .set_options(options)
        })
        .collect()
}

fn command_options(c: &crate::app::commands::CommandSpec) -> Vec<CreateCommandOption> {
    c.options
        .iter()
        .map(|o| {
            let kind = match o.kind {
                OptKind::Text => CommandOptionType::String,
                OptKind::User => CommandOptionType::User,
                OptKind::Role => CommandOptionType::Role,
                OptKind::Bool => CommandOptionType::Boolean,
                OptKind::Integer => CommandOptionType::Integer,
            };
            let mut opt =
                CreateCommandOption::new(kind, o.name, english(o.description)).required(o.required);
            if o.autocomplete() {
                opt = opt.set_autocomplete(true);
            }
            for (label, value) in o.choices {
                opt = opt.add_string_choice(*label, *value);
            }
            opt
        })
        .collect()
}

impl Handler {
    pub(super) async fn register_commands(&self, http: &Http) {
        let commands = create_commands();
        let n = commands.len();
        let result = match self.dev_guild {
            Some(g) => GuildId::new(g)
                .set_commands(http, commands)
                .await
                .map(|_| ()),
            None => Command::set_global_commands(http, commands)
                .await
                .map(|_| ()),
        };
        match (result, self.dev_guild) {
            (Ok(()), Some(g)) => tracing::info!("registered {n} commands on server {g}"),
            (Ok(()), None) => tracing::info!("registered {n} commands globally"),
            (Err(e), _) => tracing::error!("could not register the slash commands: {e}"),
        }
    }
}
