import { DEFAULT_PERMISSION } from './feature-visibility.ts';

/** spec 000 §6: every driver charges at chargers and sees credit; operators also run the network. */
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  driver: [DEFAULT_PERMISSION, 'CREDIT'],
  operator: ['OPERATOR', 'SUPPORT'],
};

/** Every permission name a role can grant: a name outside this list is a caller's mistake. */
export const KNOWN_PERMISSIONS: readonly string[] = [
  ...new Set(Object.values(ROLE_PERMISSIONS).flat()),
];

/** spec 000 §6: the permission names a user holds through their roles (unknown roles grant none). */
export function permissionsOfRoles(roles: readonly string[]): string[] {
  return [...new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role] ?? []))];
}
