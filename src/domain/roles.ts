/** Roles (doc 1 §6, doc 2 §6). */
export type AdminLevel = 'NONE' | 'ADMIN' | 'SUPER';

export interface RoleFields {
  role: 'user' | 'admin';
  admin_level: AdminLevel;
  is_superuser: boolean;
}

/** The admin check passes for role admin, admin_level ADMIN or SUPER, or the superuser flag. */
export function isAdmin(u: RoleFields): boolean {
  return u.role === 'admin' || u.admin_level === 'ADMIN' || u.admin_level === 'SUPER' || u.is_superuser;
}

/** Only super administrators bypass maintenance and use Points, Team Groupings, Maintenance. */
export function isSuperAdmin(u: Pick<RoleFields, 'admin_level' | 'is_superuser'>): boolean {
  return u.admin_level === 'SUPER' || u.is_superuser;
}

/** The effective admin level shown to the client. */
export function adminLevelOf(u: RoleFields): AdminLevel {
  if (isSuperAdmin(u)) return 'SUPER';
  return isAdmin(u) ? 'ADMIN' : 'NONE';
}
