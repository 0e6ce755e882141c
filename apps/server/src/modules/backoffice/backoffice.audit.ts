/**
 * The staff audit log's shapes (issue #18): every staff action on the back office's endpoints,
 * done, refused or failed, with who, what, before and after, when and from where. Rows are only
 * ever inserted (the table's triggers refuse the rest; `backoffice.repository.ts` writes and reads
 * them); admins search them (`GET /nfx/audit-log`).
 */

export type AuditOutcome = 'done' | 'refused' | 'failed';

/** Who did it, as they were at the time (null: no valid token). */
export interface AuditStaff {
  id: bigint;
  username: string;
  /** The role's name as it was (none: a user without a role). */
  role: string | null;
}

/** Where the request came from. */
export interface AuditOrigin {
  ip: string;
  userAgent: string | null;
  requestId: string;
}

export interface AuditEntry {
  staff: AuditStaff | null;
  action: string;
  target?: { type: string; id: string } | undefined;
  outcome: AuditOutcome;
  detail?: string | null | undefined;
  before?: unknown;
  after?: unknown;
  origin: AuditOrigin;
}

export interface AuditRecord {
  id: string;
  at: string;
  staff: { id: string; username: string | null; role: string | null } | null;
  action: string;
  target: { type: string; id: string | null } | null;
  outcome: AuditOutcome;
  detail: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuditSearch {
  staffId?: bigint | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  outcome?: AuditOutcome | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Newest first, from this offset; at most `limit` rows (1–100). */
  start: number;
  limit: number;
}
