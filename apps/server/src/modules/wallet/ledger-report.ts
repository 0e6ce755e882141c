/**
 * Money reports read from the ledger itself (the back office's reports, issue #18), per UTC day and
 * currency, so every figure reconciles with the ledger to the minor unit:
 *
 * - gaming, per product (casino: `game_*` transactions; sport: `sport_*`) and provider: stakes and
 *   payouts of real money (players' main balances), GGR = stakes − payouts, the same for bonus money
 *   (bonus and betting-bonus balances), and the players who played;
 * - games: the same casino figures per provider and game (`game` in the game movements' metadata;
 *   movements recorded before the ledger kept it count under `unknown`);
 * - cash flow: every movement of players' main balances by transaction kind (deposits, withdrawal
 *   holds and releases, bonus conversions, cashback, prizes, adjustments, …);
 * - NGR = real GGR − bonus cost, where the bonus cost is the real money that bonuses, cashback and
 *   prizes put into main balances.
 *
 * Only real-money accounts count (`fun` play money never does). Amounts stay bigint minor units.
 */
import type { Db } from '@croupier/db/client';
import { sql } from 'drizzle-orm';

/** Credits of main balances that cost the house as promotions. */
export const BONUS_COST_KINDS = ['bonus_convert', 'cashback_payout', 'tournament_prize'] as const;

export interface GamingRow {
  day: string;
  currency: string;
  product: 'casino' | 'sport';
  provider: string;
  realStakesMinor: bigint;
  realPayoutsMinor: bigint;
  realGgrMinor: bigint;
  bonusGgrMinor: bigint;
  players: number;
}

export interface GameRow {
  day: string;
  currency: string;
  provider: string;
  game: string;
  realStakesMinor: bigint;
  realPayoutsMinor: bigint;
  realGgrMinor: bigint;
  bonusGgrMinor: bigint;
  players: number;
}

export interface CashFlowRow {
  day: string;
  currency: string;
  kind: string;
  /** Net movement of players' main balances (positive: into them). */
  mainNetMinor: bigint;
  transactions: number;
}

export interface DailySummaryRow {
  day: string;
  currency: string;
  realGgrMinor: bigint;
  bonusCostMinor: bigint;
  ngrMinor: bigint;
  depositsMinor: bigint;
  withdrawalsMinor: bigint;
  activePlayers: number;
}

export interface LedgerReport {
  gaming: GamingRow[];
  games: GameRow[];
  cashFlow: CashFlowRow[];
  summary: DailySummaryRow[];
}

const big = (value: string | number | bigint | null) => BigInt(value ?? 0);

export function createLedgerReport(db: Db) {
  return {
    /** Days `from` ≤ day < `to` (UTC dates, `YYYY-MM-DD`). */
    async daily(range: { from: string; to: string }): Promise<LedgerReport> {
      const from = sql`${range.from}::date::timestamp AT TIME ZONE 'UTC'`;
      const to = sql`${range.to}::date::timestamp AT TIME ZONE 'UTC'`;
      /** Postings of transactions in the range, with their account (what every figure reads). */
      const postingsIn = sql`FROM ledger_transactions t
          JOIN ledger_postings p ON p.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id
         WHERE t.created_at >= ${from} AND t.created_at < ${to}`;
      const gamingPostings = sql`(t.kind LIKE 'game\\_%' OR t.kind LIKE 'sport\\_%')
           AND a.type = 'player' AND a.name IN ('main', 'bonus', 'betting_bonus')`;
      const gaming = await db.execute<{
        day: string;
        currency: string;
        product: 'casino' | 'sport';
        provider: string;
        real_stakes: string;
        real_payouts: string;
        bonus_net: string;
        players: number;
      }>(sql`
        SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
               a.currency,
               CASE WHEN t.kind LIKE 'game\\_%' THEN 'casino' ELSE 'sport' END AS product,
               COALESCE(t.metadata->>'provider', 'unknown') AS provider,
               COALESCE(sum(-p.amount_minor) FILTER (WHERE a.name = 'main' AND p.amount_minor < 0), 0)::text AS real_stakes,
               COALESCE(sum(p.amount_minor) FILTER (WHERE a.name = 'main' AND p.amount_minor > 0), 0)::text AS real_payouts,
               COALESCE(sum(p.amount_minor) FILTER (WHERE a.name IN ('bonus', 'betting_bonus')), 0)::text AS bonus_net,
               count(DISTINCT a.player_id)::int AS players
          ${postingsIn}
           AND ${gamingPostings}
         GROUP BY 1, 2, 3, 4
         ORDER BY 1, 2, 3, 4`);
      const games = await db.execute<{
        day: string;
        currency: string;
        provider: string;
        game: string;
        real_stakes: string;
        real_payouts: string;
        bonus_net: string;
        players: number;
      }>(sql`
        SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
               a.currency,
               COALESCE(t.metadata->>'provider', 'unknown') AS provider,
               COALESCE(t.metadata->>'game', 'unknown') AS game,
               COALESCE(sum(-p.amount_minor) FILTER (WHERE a.name = 'main' AND p.amount_minor < 0), 0)::text AS real_stakes,
               COALESCE(sum(p.amount_minor) FILTER (WHERE a.name = 'main' AND p.amount_minor > 0), 0)::text AS real_payouts,
               COALESCE(sum(p.amount_minor) FILTER (WHERE a.name IN ('bonus', 'betting_bonus')), 0)::text AS bonus_net,
               count(DISTINCT a.player_id)::int AS players
          ${postingsIn}
           AND t.kind LIKE 'game\\_%'
           AND a.type = 'player' AND a.name IN ('main', 'bonus', 'betting_bonus')
         GROUP BY 1, 2, 3, 4
         ORDER BY 1, 2, 3, 4`);
      const cashFlow = await db.execute<{
        day: string;
        currency: string;
        kind: string;
        main_net: string;
        transactions: number;
      }>(sql`
        SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
               a.currency,
               t.kind,
               sum(p.amount_minor)::text AS main_net,
               count(DISTINCT t.id)::int AS transactions
          ${postingsIn}
           AND a.type = 'player' AND a.name = 'main'
         GROUP BY 1, 2, 3
         ORDER BY 1, 2, 3`);
      const active = await db.execute<{ day: string; currency: string; players: number }>(sql`
        SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, a.currency,
               count(DISTINCT a.player_id)::int AS players
          ${postingsIn}
           AND ${gamingPostings}
         GROUP BY 1, 2`);

      const gamingRows: GamingRow[] = gaming.rows.map((row) => {
        const stakes = big(row.real_stakes);
        const payouts = big(row.real_payouts);
        return {
          day: row.day,
          currency: row.currency,
          product: row.product,
          provider: row.provider,
          realStakesMinor: stakes,
          realPayoutsMinor: payouts,
          realGgrMinor: stakes - payouts,
          bonusGgrMinor: -big(row.bonus_net),
          players: row.players,
        };
      });
      const gameRows: GameRow[] = games.rows.map((row) => {
        const stakes = big(row.real_stakes);
        const payouts = big(row.real_payouts);
        return {
          day: row.day,
          currency: row.currency,
          provider: row.provider,
          game: row.game,
          realStakesMinor: stakes,
          realPayoutsMinor: payouts,
          realGgrMinor: stakes - payouts,
          bonusGgrMinor: -big(row.bonus_net),
          players: row.players,
        };
      });
      const cashFlowRows: CashFlowRow[] = cashFlow.rows.map((row) => ({
        day: row.day,
        currency: row.currency,
        kind: row.kind,
        mainNetMinor: big(row.main_net),
        transactions: row.transactions,
      }));

      const summaries = new Map<string, DailySummaryRow>();
      const summaryOf = (day: string, currency: string) => {
        const key = `${day}|${currency}`;
        let found = summaries.get(key);
        if (!found) {
          found = {
            day,
            currency,
            realGgrMinor: 0n,
            bonusCostMinor: 0n,
            ngrMinor: 0n,
            depositsMinor: 0n,
            withdrawalsMinor: 0n,
            activePlayers: 0,
          };
          summaries.set(key, found);
        }
        return found;
      };
      for (const row of gamingRows) summaryOf(row.day, row.currency).realGgrMinor += row.realGgrMinor;
      for (const row of cashFlowRows) {
        const summary = summaryOf(row.day, row.currency);
        if ((BONUS_COST_KINDS as readonly string[]).includes(row.kind))
          summary.bonusCostMinor += row.mainNetMinor;
        if (row.kind === 'deposit') summary.depositsMinor += row.mainNetMinor;
        // Held from main when requested, given back when released: the net is what left.
        if (row.kind === 'withdrawal_hold' || row.kind === 'withdrawal_release')
          summary.withdrawalsMinor -= row.mainNetMinor;
      }
      for (const row of active.rows) summaryOf(row.day, row.currency).activePlayers = row.players;
      const summary = [...summaries.values()]
        .map((row) => ({ ...row, ngrMinor: row.realGgrMinor - row.bonusCostMinor }))
        .sort((a, b) =>
          a.day === b.day ? a.currency.localeCompare(b.currency) : a.day.localeCompare(b.day),
        );
      return { gaming: gamingRows, games: gameRows, cashFlow: cashFlowRows, summary };
    },

    /** Σ of players' main balances per currency, from the accounts (the reconciliation's other side). */
    async mainBalances(): Promise<Map<string, bigint>> {
      const rows = await db.execute<{ currency: string; total: string }>(sql`
        SELECT currency, sum(balance_minor)::text AS total FROM ledger_accounts
         WHERE type = 'player' AND name = 'main' GROUP BY currency`);
      return new Map(rows.rows.map((row) => [row.currency, big(row.total)]));
    },
  };
}

export type LedgerReportService = ReturnType<typeof createLedgerReport>;
