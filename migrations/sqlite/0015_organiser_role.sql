-- The organiser role of a server (issue 21, item 6): members holding this
-- Discord role (its id) may create and run tournaments as Manage Server
-- can. Set by a member with Manage Server (/settings organiser-role:@role);
-- NULL: no such role.
ALTER TABLE servers ADD COLUMN organiser_role TEXT;
