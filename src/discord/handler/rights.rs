//! A member's rights over a server's roles, read from Discord: the guild
//! (its owner, and its roles with their positions and permissions) and
//! the member's roles. The app decides with them whether a role may be a
//! tournament's prize ([`crate::domain::RoleRights::may_grant`]).

use serenity::all::{GuildId, Http, Permissions, RoleId, UserId};

use crate::domain::RoleRights;

/// What `user` may do with `guild`'s roles, as Discord decides it: the
/// owner may give any role; a holder of Manage Roles (or Administrator)
/// only those below their own highest role. Two REST calls.
pub(super) async fn role_rights(
    http: &Http,
    guild: GuildId,
    user: UserId,
) -> serenity::Result<RoleRights> {
    let g = http.get_guild(guild).await?;
    let member = http.get_member(guild, user).await?;
    // `@everyone` has the guild's id; its permissions are everyone's.
    let mut permissions = g
        .roles
        .get(&RoleId::new(guild.get()))
        .map_or(Permissions::empty(), |r| r.permissions);
    let mut top = 0i64;
    for id in &member.roles {
        if let Some(role) = g.roles.get(id) {
            permissions |= role.permissions;
            top = top.max(i64::from(role.position));
        }
    }
    Ok(RoleRights {
        owner: g.owner_id == user,
        manage_roles: permissions.manage_roles() || permissions.administrator(),
        top_position: top,
        positions: g
            .roles
            .values()
            .map(|r| (r.id.to_string().into(), i64::from(r.position)))
            .collect(),
    })
}
