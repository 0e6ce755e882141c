/**
 * The money reports desk (`/nfx/operator/reports/daily`, reports.routes.ts on the server): daily
 * figures from the ledger per currency. The screen's date range is inclusive (from … to); the
 * endpoint's `to` is exclusive, so a day is added when asking.
 */
import { BackofficeApiError } from './backoffice-api.ts';
import { dropToken, readToken } from './backoffice-session.ts';

export const REPORT_SECTIONS = ['summary', 'gaming', 'games', 'cash-flow'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** The server's bound: at most 366 days per report. */
export const REPORT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** The columns that hold money (decimal strings in the row's currency). */
export const MONEY_COLUMNS = new Set([
  'ggr',
  'bonus_cost',
  'ngr',
  'deposits',
  'withdrawals',
  'stakes',
  'payouts',
  'bonus_ggr',
  'main_net',
]);

export type ReportRow = Record<string, string | number>;

export interface ReportRange {
  from: string;
  /** Inclusive. */
  to: string;
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function parseDay(value: string | null): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && isoDay(time) === value ? time : null;
}

/** The range asked in the URL, else the last 7 days (UTC) up to today; null when it cannot be. */
export function parseRange(from: string | null, to: string | null, now = Date.now()): ReportRange | null {
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
  if (from === null && to === null) return { from: isoDay(today - 6 * DAY_MS), to: isoDay(today) };
  const start = parseDay(from);
  const end = parseDay(to);
  if (start === null || end === null || end < start || (end - start) / DAY_MS + 1 > REPORT_MAX_DAYS)
    return null;
  return { from: isoDay(start), to: isoDay(end) };
}

/** The endpoint's query for a range (its `to` is exclusive). */
export function reportQuery(range: ReportRange, section: ReportSection, format: 'json' | 'csv' = 'json') {
  const end = Date.parse(`${range.to}T00:00:00Z`) + DAY_MS;
  return { from: range.from, to: isoDay(end), section, format };
}

export function parseSection(value: string | null): ReportSection {
  return (REPORT_SECTIONS as readonly string[]).includes(value ?? '') ? (value as ReportSection) : 'summary';
}

/** Totals per currency of the money columns (decimal strings added exactly, as scaled bigints). */
export function totalsByCurrency(rows: ReportRow[], columns: string[]): Map<string, Record<string, string>> {
  const sums = new Map<string, Record<string, { units: bigint; scale: number }>>();
  for (const row of rows) {
    const currency = String(row.currency ?? '');
    const current = sums.get(currency) ?? {};
    for (const column of columns) {
      if (!MONEY_COLUMNS.has(column)) continue;
      const text = String(row[column] ?? '0');
      const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
      if (!match) continue;
      const fraction = match[3] ?? '';
      const value = BigInt(`${match[1]}${match[2]}${fraction}`);
      const previous = current[column] ?? { units: 0n, scale: fraction.length };
      const scale = Math.max(previous.scale, fraction.length);
      current[column] = {
        units:
          previous.units * 10n ** BigInt(scale - previous.scale) +
          value * 10n ** BigInt(scale - fraction.length),
        scale,
      };
    }
    sums.set(currency, current);
  }
  const result = new Map<string, Record<string, string>>();
  for (const [currency, columnsSums] of sums) {
    const texts: Record<string, string> = {};
    for (const [column, { units, scale }] of Object.entries(columnsSums)) {
      const negative = units < 0n;
      const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
      const whole = digits.slice(0, digits.length - scale);
      const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
      texts[column] = `${negative ? '-' : ''}${whole}${fraction}`;
    }
    result.set(currency, texts);
  }
  return result;
}

/** Downloads the report as CSV with the staff token (a link could not carry it). */
export async function downloadReportCsv(range: ReportRange, section: ReportSection): Promise<void> {
  const token = readToken();
  if (!token) throw new BackofficeApiError(401, 'invalid_token');
  const query = new URLSearchParams(reportQuery(range, section, 'csv'));
  let response: Response;
  try {
    response = await fetch(`/nfx/operator/reports/daily?${query}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      credentials: 'same-origin',
    });
  } catch {
    throw new BackofficeApiError(0, 'network');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { details?: { code?: unknown } };
    } | null;
    if (response.status === 401) dropToken();
    const code = body?.error?.details?.code;
    throw new BackofficeApiError(response.status, typeof code === 'string' ? code : 'unknown');
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${section}-${range.from}-${range.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
