//! What a member may do with a server's roles, as the front end read it
//! from the platform: the facts Discord's own role hierarchy rests on.
//!
//! Discord lets a member give a role by hand only if they own the server,
//! or if they hold Manage Roles (or Administrator) and the role sits below
//! their own highest role. The bot gives a tournament's `winner_role` on
//! its creator's behalf, so it asks the same of that creator: when the
//! role is set and again when it is given.

use super::RoleId;

/// A member's rights over the roles of one server.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoleRights {
    /// The server's owner: above every role.
    pub owner: bool,
    /// Manage Roles, or Administrator (which implies it).
    pub manage_roles: bool,
    /// The position of the member's highest role (0: only `@everyone`).
    pub top_position: i64,
    /// The positions of the roles the front end knows (at least those an
    /// input names), higher above.
    pub positions: Vec<(RoleId, i64)>,
}

/// Why a member may not give a role by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrantRefusal {
    /// Neither the server's owner nor a holder of Manage Roles.
    NoManageRoles,
    /// The role is at or above the member's own highest role, or the
    /// front end does not know where it is.
    NotBelowTheirs,
}

impl std::fmt::Display for GrantRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GrantRefusal::NoManageRoles => "the member lacks Manage Roles",
            GrantRefusal::NotBelowTheirs => "the role is not below the member's highest role",
        })
    }
}

impl std::error::Error for GrantRefusal {}

/// What came of giving a tournament's prize role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoleGrant {
    /// The winner has the role.
    Given,
    /// The platform refused (the bot lacks Manage Roles, or the role is
    /// above the bot's own).
    Refused,
    /// Not tried: the tournament's creator can no longer give the role by
    /// hand (or is not known).
    CreatorMayNot,
}

impl RoleRights {
    /// The position of `role`, if the front end knows it.
    pub fn position(&self, role: &RoleId) -> Option<i64> {
        self.positions
            .iter()
            .find(|(r, _)| r == role)
            .map(|(_, p)| *p)
    }

    /// Whether this member could give `role` by hand, as Discord decides it.
    pub fn may_grant(&self, role: &RoleId) -> Result<(), GrantRefusal> {
        if self.owner {
            return Ok(());
        }
        if !self.manage_roles {
            return Err(GrantRefusal::NoManageRoles);
        }
        match self.position(role) {
            Some(p) if p < self.top_position => Ok(()),
            _ => Err(GrantRefusal::NotBelowTheirs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rights(owner: bool, manage: bool, top: i64) -> RoleRights {
        RoleRights {
            owner,
            manage_roles: manage,
            top_position: top,
            positions: vec![("mods".into(), 5), ("champions".into(), 2)],
        }
    }

    #[test]
    fn the_owner_may_give_any_role() {
        assert_eq!(rights(true, false, 0).may_grant(&"mods".into()), Ok(()));
    }

    #[test]
    fn manage_roles_gives_only_roles_below_ones_own() {
        let r = rights(false, true, 3);
        assert_eq!(r.may_grant(&"champions".into()), Ok(()));
        assert_eq!(
            r.may_grant(&"mods".into()),
            Err(GrantRefusal::NotBelowTheirs)
        );
        // The same position is not below.
        assert_eq!(
            rights(false, true, 2).may_grant(&"champions".into()),
            Err(GrantRefusal::NotBelowTheirs)
        );
        // A role the front end does not know is not given.
        assert_eq!(
            r.may_grant(&"unknown".into()),
            Err(GrantRefusal::NotBelowTheirs)
        );
    }

    #[test]
    fn without_manage_roles_nothing_is_given() {
        assert_eq!(
            rights(false, false, 9).may_grant(&"champions".into()),
            Err(GrantRefusal::NoManageRoles)
        );
    }
}
