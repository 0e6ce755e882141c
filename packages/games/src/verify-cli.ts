/**
 * The standalone round verifier: reproduces a round from its revealed seeds with nothing but this
 * package (no server, no database) and prints the commitment check and the outcome.
 *
 *   npm run verify-round -- --game slot --server-seed <64 hex> --client-seed <seed> --nonce <n>
 *     [--server-seed-hash <64 hex>] [--bet '<json>'] [--actions '<json array>'] [--json]
 *
 * Without --bet a sample bet of the game is used (the outcome — grid, roll, path, number, cards —
 * does not depend on the bet; the payout does). The round's own bet and actions are on its detail
 * page and in GET /rgs/api/rounds/{id}. Exit code 0 when the round replays and the hash matches (or
 * none was given), 1 when the hash does not match, 2 on bad input.
 */
import { parseArgs } from 'node:util';
import { GAME_NAMES, GameInputError, type GameName } from './engine.ts';
import { nodeHmacSha256 } from './node-hmac.ts';
import { replayRound } from './verify.ts';

const SAMPLE_BETS: Record<GameName, unknown> = {
  slot: { stake: '100' },
  roulette: { bets: [{ type: 'red', stake: '100' }] },
  blackjack: { stake: '100' },
  dice: { stake: '100', target: 5049, direction: 'over' },
  plinko: { stake: '100', rows: 16, risk: 'medium' },
};

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    'server-seed': { type: 'string' },
    'server-seed-hash': { type: 'string' },
    'client-seed': { type: 'string' },
    nonce: { type: 'string' },
    bet: { type: 'string' },
    actions: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(`error: ${message}`);
  console.error(
    "usage: npm run verify-round -- --game <slot|roulette|blackjack|dice|plinko> --server-seed <hex> --client-seed <s> --nonce <n> [--server-seed-hash <hex>] [--bet '<json>'] [--actions '<json>'] [--json]",
  );
  process.exit(2);
}

function json(text: string | undefined, name: string): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return fail(`--${name} is not valid JSON`);
  }
}

if (values.help) fail('help');
const game = values.game as GameName;
if (!GAME_NAMES.includes(game)) fail(`--game must be one of ${GAME_NAMES.join(', ')}`);
if (!values['server-seed'] || !values['client-seed'] || values.nonce === undefined) {
  fail('--server-seed, --client-seed and --nonce are required');
}
if (!/^(0|[1-9][0-9]{0,9})$/.test(values.nonce)) fail('--nonce must be a non-negative integer');
const bet = json(values.bet, 'bet') ?? SAMPLE_BETS[game];
const actions = json(values.actions, 'actions') ?? [];
if (!Array.isArray(actions)) fail('--actions must be a JSON array');

let replay: ReturnType<typeof replayRound>;
try {
  replay = replayRound(
    {
      game,
      serverSeed: values['server-seed'],
      ...(values['server-seed-hash'] ? { serverSeedHash: values['server-seed-hash'] } : {}),
      clientSeed: values['client-seed'],
      nonce: Number(values.nonce),
      bet,
      actions,
    },
    nodeHmacSha256,
  );
} catch (error) {
  if (error instanceof GameInputError)
    fail(`${error.code}${error.field ? ` (${error.field})` : ''}: ${error.message}`);
  throw error;
}

if (values.json) {
  console.log(
    JSON.stringify({ ...replay, stake: replay.stake.toString(), payout: replay.payout.toString() }, null, 2),
  );
  process.exit(replay.hashMatches === false ? 1 : 0);
}

console.log(`game          ${game}`);
console.log(`server seed   ${values['server-seed']}`);
console.log(`sha256        ${replay.computedHash}`);
if (replay.hashMatches === null) {
  console.log('commitment    not checked (no --server-seed-hash given)');
} else {
  console.log(
    `commitment    ${replay.hashMatches ? 'OK: matches the hash shown before play' : 'MISMATCH: this is not the committed server seed'}`,
  );
}
console.log(`client seed   ${values['client-seed']}`);
console.log(`nonce         ${values.nonce}`);
console.log(
  `bet           ${JSON.stringify(bet)}${values.bet ? '' : " (sample bet; pass --bet for the round's own)"}`,
);
if (actions.length > 0) console.log(`actions       ${JSON.stringify(actions)}`);
console.log(`stake         ${replay.stake} (minor units)`);
console.log(`payout        ${replay.payout} (minor units)${replay.done ? '' : ' — round not finished'}`);
console.log('');
for (const line of describeOutcome(game, replay.view)) console.log(line);
process.exit(replay.hashMatches === false ? 1 : 0);

// ——— readable outcomes ———

type Json = Record<string, unknown>;

function describeOutcome(name: GameName, view: unknown): string[] {
  const v = view as Json;
  switch (name) {
    case 'slot':
      return slotLines(v);
    case 'dice':
      return [
        `roll ${v.rollText} (${v.roll}) · ${v.direction} ${formatHundredths(Number(v.target))} · win chance ${formatHundredths(Number(v.chanceBp))} % · ×${v.multiplier}`,
        v.win ? `WIN ${v.payout}` : 'lose',
      ];
    case 'plinko': {
      const path = (v.path as number[]).map((step) => (step === 1 ? 'R' : 'L')).join('');
      return [
        `rows ${v.rows} · risk ${v.risk}`,
        `path ${path} (L = left, R = right, top to bottom)`,
        `bucket ${v.bucket} of 0..${v.rows} · ×${(Number(v.multiplier100) / 100).toFixed(2)} · payout ${v.payout}`,
      ];
    }
    case 'roulette':
      return [
        `winning number ${v.number} (${v.colour})`,
        ...(v.bets as Json[]).map(
          (b) =>
            `  ${String(b.type).padEnd(10)} ${(b.numbers as number[]).join(',').padEnd(40)} stake ${b.stake} → ${b.won ? `WIN ${b.payout}` : 'lose'}`,
        ),
      ];
    case 'blackjack':
      return blackjackLines(v);
  }
}

function formatHundredths(n: number): string {
  return `${Math.floor(n / 100)}.${(n % 100).toString().padStart(2, '0')}`;
}

function slotLines(v: Json): string[] {
  const lines: string[] = [];
  const spins = v.spins as Json[];
  spins.forEach((spin, i) => {
    const title =
      i === 0 ? 'paid spin' : `free spin ${i} of ${v.freeSpinsAwarded} (wins ×${spin.multiplier})`;
    lines.push(`${title} · stops ${(spin.stops as number[]).join(' ')} · win ${spin.win}`);
    const grid = spin.grid as string[][];
    for (let row = 0; row < 3; row += 1) {
      lines.push(`  | ${grid.map((column) => String(column[row]).padEnd(7)).join(' | ')} |`);
    }
    for (const win of spin.lineWins as Json[]) {
      lines.push(`  line ${Number(win.line) + 1}: ${win.count} × ${win.symbol} → ${win.amount}`);
    }
    const scatter = spin.scatter as Json;
    if (Number(scatter.count) >= 3) lines.push(`  ${scatter.count} scatters → ${scatter.amount}`);
    if (Number(spin.freeSpinsWon) > 0) lines.push(`  + ${spin.freeSpinsWon} free spins`);
  });
  lines.push(`free spins played ${v.freeSpinsPlayed} · total payout ${v.payout}`);
  return lines;
}

function blackjackLines(v: Json): string[] {
  const cards = (list: unknown) =>
    (list as (Json | null)[]).map((c) => (c ? `${c.rank}${c.suit}` : '??')).join(' ');
  const dealer = v.dealer as Json | undefined;
  const hands = v.hands as Json[] | undefined;
  if (!dealer || !hands) return [JSON.stringify(v, null, 2)];
  return [
    `dealer  ${cards(dealer.cards)} (${dealer.total}${dealer.blackjack ? ', blackjack' : ''}${dealer.bust ? ', bust' : ''})`,
    ...hands.map(
      (h, i) =>
        `hand ${i + 1}  ${cards(h.cards)} (${h.total}) · bet ${h.bet}${h.doubled ? ' doubled' : ''} · ${h.result ?? h.status}${h.payout ? ` · returns ${h.payout}` : ''}`,
    ),
    `phase ${v.phase}${(v.actions as string[] | undefined)?.length ? ` · next actions ${(v.actions as string[]).join(', ')}` : ''}`,
  ];
}
