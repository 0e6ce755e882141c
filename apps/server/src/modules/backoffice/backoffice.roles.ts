/**
 * Staff roles and what each may do (issue #18, ADR 046): least privilege per job, checked in the back-office service on every operator endpoint (the UI only
 * hides what the server refuses anyway).
 *
 * - support: reads players, writes notes, ends a player's sessions, forces a password reset.
 * - payments: the withdrawal queue, balance adjustments.
 * - risk: bans, KYC blocks, the cashier's KYC switch.
 * - marketing: affiliates, promotions.
 * - content: pages, menus, SEO, redirects, translations.
 * - trader: sportsbook markets — suspensions, manual settlement and resettlement (ADR 047); risk
 *   reads the trading desk too.
 * - admin: staff and roles, the audit log — and everything else: an admin can give any account any
 *   role, so withholding a permission from admins would only add a detour; the audit log names who
 *   did what either way.
 *
 * Roles that move or free money (payments, risk, trader, admin) need two-factor authentication: their
 * tokens reach no operator endpoint until the staff member has enrolled an authenticator and signed
 * in with a code.
 */

export const BACKOFFICE_ROLES = [
  'support',
  'payments',
  'risk',
  'marketing',
  'content',
  'trader',
  'admin',
] as const;
export type BackofficeRole = (typeof BACKOFFICE_ROLES)[number];

export function isBackofficeRole(value: unknown): value is BackofficeRole {
  return typeof value === 'string' && (BACKOFFICE_ROLES as readonly string[]).includes(value);
}

/** Every permission and the roles (besides admin) that hold it. */
const GRANTS = {
  'players.read': ['support', 'payments', 'risk'],
  'players.note': ['support', 'risk'],
  'players.sessions': ['support', 'risk'],
  'players.password_reset': ['support', 'risk'],
  'players.ban': ['risk'],
  'players.adjust_balance': ['payments'],
  'withdrawals.read': ['payments', 'risk'],
  'withdrawals.decide': ['payments'],
  'deposits.read': ['payments', 'risk'],
  'kyc.block': ['risk'],
  'kyc.review': ['risk'],
  'cashier.settings': ['risk'],
  'affiliates.read': ['marketing'],
  'promotions.edit': ['marketing'],
  'content.edit': ['content'],
  'reports.read': ['payments', 'risk'],
  'sportsbook.read': ['trader', 'risk'],
  'sportsbook.trade': ['trader'],
  'audit.read': [],
  'staff.manage': [],
} as const satisfies Record<string, readonly Exclude<BackofficeRole, 'admin'>[]>;

export type Permission = keyof typeof GRANTS;
export const PERMISSIONS = Object.keys(GRANTS) as Permission[];

export function can(role: BackofficeRole | null, permission: Permission): boolean {
  if (role === null) return false;
  if (role === 'admin') return true;
  return (GRANTS[permission] as readonly BackofficeRole[]).includes(role);
}

export function permissionsOf(role: BackofficeRole | null): Permission[] {
  return PERMISSIONS.filter((permission) => can(role, permission));
}

/** Roles whose tokens need a second factor. */
export const MFA_ROLES: readonly BackofficeRole[] = ['payments', 'risk', 'trader', 'admin'];

export function needsMfa(role: BackofficeRole | null): boolean {
  return role !== null && MFA_ROLES.includes(role);
}
