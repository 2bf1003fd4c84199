// Role mapping for Better Auth's organization plugin: the product's two roles are stored verbatim,
// `org:admin` with every organisation permission and `org:member` with none (docs/decisions/002).
import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements, memberAc, ownerAc } from "better-auth/plugins/organization/access";
import { ADMIN_ROLE, MEMBER_ROLE } from "../../shared/roles";

export const ac = createAccessControl(defaultStatements);

export const roles = {
  [ADMIN_ROLE]: ac.newRole(ownerAc.statements),
  [MEMBER_ROLE]: ac.newRole(memberAc.statements),
};
