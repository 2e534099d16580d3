import { DEFAULT_PERMISSION } from './feature-visibility.ts';

/**
 * spec 000 §6: every driver charges at chargers and sees credit; operators also run the network;
 * support staff (issue 18) help drivers from the console.
 */
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  driver: [DEFAULT_PERMISSION, 'CREDIT'],
  operator: ['OPERATOR', 'SUPPORT'],
  support: ['SUPPORT'],
};

/** Staff: the roles whose holders use the support console (MFA required). */
export const STAFF_ROLES: readonly string[] = ['support', 'operator'];

/** Whether an account with these roles is staff. */
export function isStaff(roles: readonly string[]): boolean {
  return roles.some((role) => STAFF_ROLES.includes(role));
}

/** Every permission name a role can grant: a name outside this list is a caller's mistake. */
export const KNOWN_PERMISSIONS: readonly string[] = [
  ...new Set(Object.values(ROLE_PERMISSIONS).flat()),
];

/**
 * What a guest holds (issue 15): it finds and charges at public chargers; it has no credit, so
 * no CREDIT. Every name here is one a role grants too.
 */
export const GUEST_PERMISSIONS: readonly string[] = [DEFAULT_PERMISSION];

/** spec 000 §6: the permission names a user holds through their roles (unknown roles grant none). */
export function permissionsOfRoles(roles: readonly string[]): string[] {
  return [...new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role] ?? []))];
}
