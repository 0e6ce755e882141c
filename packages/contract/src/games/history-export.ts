import { z } from 'zod';

export const HISTORY_EXPORT_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export type HistoryExportStatus = (typeof HISTORY_EXPORT_STATUSES)[number];

/** An ISO 8601 date or date-time (`2025-01-31`, `2025-01-31T12:00:00Z`). */
export const isoDateParam = z
  .string()
  .trim()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'invalid_format')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'invalid_format');

/** The CSV of a ready export downloads at this path (session cookie; the owner only, else 404). */
export function historyExportDownloadPath(id: number): string {
  return `/api/games/history-export/${id}.csv`;
}

export const historyExportOutput = z.object({
  id: z.number().int(),
  status: z.enum(HISTORY_EXPORT_STATUSES),
  /** ISO 8601. */
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Rounds in the CSV once ready. */
  row_count: z.number().int().nullable(),
  /** Relative URL of the CSV when ready, else null. */
  download_url: z.string().nullable(),
});
export type HistoryExportOutput = z.infer<typeof historyExportOutput>;
