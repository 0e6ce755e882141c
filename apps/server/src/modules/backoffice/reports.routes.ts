/**
 * The back office's money reports (issue #18), read from the ledger (wallet/ledger-report.ts) so they
 * reconcile with it to the minor unit; `reports.read`, a staff action with its audit row:
 * `GET /nfx/operator/reports/daily?from=YYYY-MM-DD&to=YYYY-MM-DD&section=summary|gaming|games|cash-flow&format=json|csv`
 * (`to` exclusive, at most REPORT_MAX_DAYS days; `games`: casino GGR per provider and game, ADR 050). Amounts as decimal strings in each currency's
 * precision; CSV for spreadsheets (RFC 4180, a formula-looking cell is quoted with a leading `'`).
 */
import { formatMinor } from '@croupier/money/decimal';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { MessageRegistry } from '../../lib/messages.ts';
import type { LedgerReport } from '../wallet/ledger-report.ts';
import { operatorErrorHandler } from './operator-errors.ts';
import { staffAction } from './require-backoffice-role.ts';

export const REPORT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const reportQuery = z
  .object({
    from: date,
    to: date,
    section: z.enum(['summary', 'gaming', 'games', 'cash-flow']).default('summary'),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict();

export interface ReportsDeps {
  dailyReport(range: { from: string; to: string }): Promise<LedgerReport>;
  exponentOf(currency: string): Promise<number>;
}

type Cell = string | number;

/** One CSV cell: quoted when needed; a leading `= + - @` is defused so spreadsheets do not run it. */
function csvCell(value: Cell): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export async function reportsRoutes(
  app: FastifyInstance,
  options: { reports: ReportsDeps; messages: MessageRegistry },
) {
  const { reports } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));

  app.get('/nfx/operator/reports/daily', async (request, reply) => {
    const spec = { permission: 'reports.read' as const, action: 'reports.daily' };
    const table = await staffAction(request, spec, async () => {
      const query = reportQuery.parse(request.query);
      const from = Date.parse(`${query.from}T00:00:00Z`);
      const to = Date.parse(`${query.to}T00:00:00Z`);
      if (
        !Number.isFinite(from) ||
        !Number.isFinite(to) ||
        to <= from ||
        (to - from) / DAY_MS > REPORT_MAX_DAYS
      ) {
        throw new AppError('InvalidParameterException', {
          code: 'validation',
          message: 'validation',
          fields: { to: 'range' },
        });
      }
      const report = await reports.dailyReport({ from: query.from, to: query.to });
      const exponents = new Map<string, number>();
      const money = async (amount: bigint, currency: string) => {
        if (!exponents.has(currency)) exponents.set(currency, await reports.exponentOf(currency));
        return formatMinor(amount, exponents.get(currency)!);
      };
      let header: string[];
      let rows: Cell[][];
      if (query.section === 'summary') {
        header = ['day', 'currency', 'ggr', 'bonus_cost', 'ngr', 'deposits', 'withdrawals', 'active_players'];
        rows = await Promise.all(
          report.summary.map(async (row) => [
            row.day,
            row.currency,
            await money(row.realGgrMinor, row.currency),
            await money(row.bonusCostMinor, row.currency),
            await money(row.ngrMinor, row.currency),
            await money(row.depositsMinor, row.currency),
            await money(row.withdrawalsMinor, row.currency),
            row.activePlayers,
          ]),
        );
      } else if (query.section === 'gaming') {
        header = [
          'day',
          'currency',
          'product',
          'provider',
          'stakes',
          'payouts',
          'ggr',
          'bonus_ggr',
          'players',
        ];
        rows = await Promise.all(
          report.gaming.map(async (row) => [
            row.day,
            row.currency,
            row.product,
            row.provider,
            await money(row.realStakesMinor, row.currency),
            await money(row.realPayoutsMinor, row.currency),
            await money(row.realGgrMinor, row.currency),
            await money(row.bonusGgrMinor, row.currency),
            row.players,
          ]),
        );
      } else if (query.section === 'games') {
        header = ['day', 'currency', 'provider', 'game', 'stakes', 'payouts', 'ggr', 'bonus_ggr', 'players'];
        rows = await Promise.all(
          report.games.map(async (row) => [
            row.day,
            row.currency,
            row.provider,
            row.game,
            await money(row.realStakesMinor, row.currency),
            await money(row.realPayoutsMinor, row.currency),
            await money(row.realGgrMinor, row.currency),
            await money(row.bonusGgrMinor, row.currency),
            row.players,
          ]),
        );
      } else {
        header = ['day', 'currency', 'kind', 'main_net', 'transactions'];
        rows = await Promise.all(
          report.cashFlow.map(async (row) => [
            row.day,
            row.currency,
            row.kind,
            await money(row.mainNetMinor, row.currency),
            row.transactions,
          ]),
        );
      }
      return {
        result: { header, rows, format: query.format, name: `${query.section}-${query.from}-${query.to}` },
      };
    });
    reply.header('cache-control', 'no-store');
    if (table.format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${table.name}.csv"`)
        .send(toCsv(table.header, table.rows));
    }
    return reply.send({
      data: {
        items: table.rows.map((row) => Object.fromEntries(table.header.map((key, i) => [key, row[i]]))),
      },
    });
  });
}
