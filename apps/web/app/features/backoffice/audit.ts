/** The staff audit log's search (`GET /nfx/audit-log`, backoffice.audit.ts). */

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_OUTCOMES = ['done', 'refused', 'failed'] as const;

export interface AuditRecord {
  id: string;
  at: string;
  staff: { id: string; username: string | null; role: string | null } | null;
  action: string;
  target: { type: string; id: string | null } | null;
  outcome: (typeof AUDIT_OUTCOMES)[number];
  detail: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** The filters as the page's URL keeps them (the form's own names). */
export const AUDIT_FILTERS = [
  'staff_id',
  'action',
  'target_type',
  'target_id',
  'outcome',
  'from',
  'to',
] as const;

/**
 * The page's URL → the endpoint's query: empty filters left out, `from`/`to` (a `datetime-local`
 * value, in the staff member's time zone) sent as ISO instants.
 */
export function auditQuery(search: URLSearchParams): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {};
  for (const name of AUDIT_FILTERS) {
    const value = search.get(name)?.trim();
    if (!value) continue;
    if (name === 'from' || name === 'to') {
      const instant = new Date(value);
      if (!Number.isNaN(instant.getTime())) query[name] = instant.toISOString();
    } else {
      query[name] = value;
    }
  }
  const start = Number(search.get('start'));
  query.start = Number.isInteger(start) && start > 0 ? start : 0;
  query.limit = AUDIT_PAGE_SIZE;
  return query;
}
