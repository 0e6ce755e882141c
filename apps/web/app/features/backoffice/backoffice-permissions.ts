/**
 * What a staff member may see: `user.permissions` from `GET /nfx/users/me` decides which sections
 * the navigation shows and which actions a page offers. The server checks every call again; this
 * only keeps the screens from offering what would be refused.
 */
import type { BackofficeUser, StaffRole } from './backoffice-api.ts';

export const PERMISSIONS = [
  'players.read',
  'players.note',
  'players.ban',
  'players.sessions',
  'players.password_reset',
  'players.adjust_balance',
  'withdrawals.read',
  'withdrawals.decide',
  'deposits.read',
  'kyc.block',
  'kyc.review',
  'cashier.settings',
  'affiliates.read',
  'promotions.edit',
  'sportsbook.read',
  'sportsbook.trade',
  'content.edit',
  'reports.read',
  'audit.read',
  'staff.manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** The roles an admin can give, in the order the staff page lists them. */
export const STAFF_ROLES: readonly StaffRole[] = [
  'support',
  'payments',
  'risk',
  'marketing',
  'content',
  'trader',
  'admin',
];

/**
 * A server that does not send `permissions` yet knows two roles: admin (everything) and editor
 * (what its operator endpoints let an editor do: withdrawals and the affiliate report).
 */
const LEGACY_ROLE_PERMISSIONS: Record<string, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['withdrawals.read', 'withdrawals.decide', 'affiliates.read'],
};

export function permissionsOf(user: BackofficeUser): ReadonlySet<string> {
  if (Array.isArray(user.permissions)) return new Set(user.permissions);
  return new Set(user.role ? (LEGACY_ROLE_PERMISSIONS[user.role] ?? []) : []);
}

export function can(user: BackofficeUser, permission: Permission): boolean {
  return permissionsOf(user).has(permission);
}

/** Two-factor enrolment is due: the role requires it and the staff member has not set it up. */
export function needsMfaEnrolment(user: BackofficeUser): boolean {
  return user.mfa?.required === true && user.mfa.enabled !== true;
}

export type SectionKey =
  | 'players'
  | 'withdrawals'
  | 'deposits'
  | 'kyc'
  | 'reports'
  | 'content'
  | 'domains'
  | 'banners'
  | 'promotions'
  | 'trading'
  | 'tournaments'
  | 'jackpots'
  | 'loyalty'
  | 'audit'
  | 'staff';

export interface Section {
  key: SectionKey;
  /** Path under /backoffice. */
  path: string;
  permission: Permission;
}

/** The navigation, in its order; a section shows only to whom its permission allows. */
export const SECTIONS: readonly Section[] = [
  { key: 'players', path: '/backoffice/players', permission: 'players.read' },
  { key: 'withdrawals', path: '/backoffice/withdrawals', permission: 'withdrawals.read' },
  { key: 'deposits', path: '/backoffice/deposits', permission: 'deposits.read' },
  { key: 'kyc', path: '/backoffice/kyc', permission: 'kyc.review' },
  { key: 'reports', path: '/backoffice/reports', permission: 'reports.read' },
  { key: 'content', path: '/backoffice/content', permission: 'content.edit' },
  { key: 'domains', path: '/backoffice/domains', permission: 'content.edit' },
  { key: 'banners', path: '/backoffice/banners', permission: 'content.edit' },
  { key: 'promotions', path: '/backoffice/promotions', permission: 'promotions.edit' },
  { key: 'trading', path: '/backoffice/trading', permission: 'sportsbook.read' },
  { key: 'tournaments', path: '/backoffice/tournaments', permission: 'promotions.edit' },
  { key: 'jackpots', path: '/backoffice/jackpots', permission: 'promotions.edit' },
  { key: 'loyalty', path: '/backoffice/loyalty', permission: 'promotions.edit' },
  { key: 'audit', path: '/backoffice/audit', permission: 'audit.read' },
  { key: 'staff', path: '/backoffice/staff', permission: 'staff.manage' },
];

export function sectionsFor(user: BackofficeUser): Section[] {
  const allowed = permissionsOf(user);
  return SECTIONS.filter((section) => allowed.has(section.permission));
}
