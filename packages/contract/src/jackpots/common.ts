import { z } from 'zod';

/** A positive jackpot id as a number or decimal text. */
export const jackpotIdParam = () =>
  z.preprocess((value) => {
    if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
    return value;
  }, z.number().int().min(1).safe());

const decimal = z.string().regex(/^\d+(\.\d+)?$/);

export const jackpotGame = z.object({
  sysname: z.string(),
  name: z.string(),
  image_url: z.string(),
});

/** A jackpot as the pages show it: amounts in major units (decimal strings) of `currency`. */
export const jackpotOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** The pool now. */
  amount: decimal,
  /** The pool after each win (reset value). */
  seed: decimal,
  /** Must drop by: the jackpot is always won at or below this amount. */
  ceiling: decimal,
  rules: z.object({
    /** Percentage of each eligible real-money stake that feeds the jackpot, e.g. "1.5". */
    contribution_percent: z.string(),
    /** Percentage of each contribution added to the visible pool; the rest funds the next seeds. */
    pool_share_percent: z.string(),
    reserve_share_percent: z.string(),
  }),
  /** The open cycle (1 + wins so far) and the SHA-256 commitment of its server seed. */
  cycle: z.number().int(),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  games: z.array(jackpotGame),
  last_win: z.object({ amount: decimal, at: z.string() }).nullable(),
});
export type JackpotOutput = z.infer<typeof jackpotOutput>;

/** A won cycle, with what anyone needs to verify the draw. */
export const jackpotWinOutput = z.object({
  jackpot_id: z.number().int(),
  jackpot_name: z.string(),
  cycle: z.number().int(),
  /** The winner's display name, masked. */
  player: z.string(),
  amount: decimal,
  currency: z.string().regex(/^[A-Z]{3}$/),
  game: jackpotGame.nullable(),
  at: z.string(),
  verification: z.object({
    server_seed: z.string(),
    commitment: z.string(),
    /** The pool at the cycle's start and the ceiling: the drop point's range. */
    start: decimal,
    ceiling: decimal,
  }),
});
export type JackpotWinOutput = z.infer<typeof jackpotWinOutput>;
