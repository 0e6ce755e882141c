/**
 * The fairness page's form: what the query prefills (`game, server_seed, server_seed_hash,
 * client_seed, nonce, bet, actions` — game-codes.md), and the checks that turn typed text into a
 * round record for the verifier. Every problem is a typed code per field, so the page can say in
 * the player's language what is wrong instead of crashing on a malformed seed or JSON.
 */
import { GAME_NAMES, type GameName } from '@croupier/games/engine';
import { CLIENT_SEED, MAX_NONCE, SERVER_SEED } from '@croupier/games/fair';

export interface FairnessForm {
  game: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  bet: string;
  actions: string;
}

export type FairnessField = keyof FairnessForm;

/** Query parameter per form field (the URL names are fixed by game-codes.md). */
export const QUERY_KEYS: Record<FairnessField, string> = {
  game: 'game',
  serverSeed: 'server_seed',
  serverSeedHash: 'server_seed_hash',
  clientSeed: 'client_seed',
  nonce: 'nonce',
  bet: 'bet',
  actions: 'actions',
};

/** Longest text a field takes from the URL or the form; bets and action lists are small. */
const MAX_FIELD_LENGTH = 8_000;

export const EMPTY_FORM: FairnessForm = {
  game: 'slot',
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '',
  bet: '',
  actions: '',
};

export function formFromQuery(params: URLSearchParams): FairnessForm {
  const form = { ...EMPTY_FORM };
  for (const field of Object.keys(QUERY_KEYS) as FairnessField[]) {
    const value = params.get(QUERY_KEYS[field]);
    if (value !== null) form[field] = value.slice(0, MAX_FIELD_LENGTH);
  }
  return form;
}

/** True when the query names a round completely enough to verify it straight away. */
export function isCompleteForm(form: FairnessForm): boolean {
  return (
    isGameName(form.game) &&
    form.serverSeed.trim() !== '' &&
    form.clientSeed.trim() !== '' &&
    form.nonce.trim() !== '' &&
    form.bet.trim() !== ''
  );
}

export type FieldProblem =
  | 'required'
  | 'game_unknown'
  | 'server_seed_format'
  | 'hash_format'
  | 'client_seed_format'
  | 'nonce_format'
  | 'nonce_range'
  | 'json_invalid'
  | 'actions_not_list'
  | 'too_long';

export interface RoundInput {
  game: GameName;
  serverSeed: string;
  serverSeedHash?: string;
  clientSeed: string;
  nonce: number;
  bet: unknown;
  actions: unknown[];
}

export type ParseResult =
  | { ok: true; record: RoundInput }
  | { ok: false; problems: Partial<Record<FairnessField, FieldProblem>> };

export function isGameName(value: string): value is GameName {
  return (GAME_NAMES as readonly string[]).includes(value);
}

const HASH = /^[0-9a-f]{64}$/;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Checks every field and collects all problems at once (so the player fixes them in one go).
 * Hex is compared as typed: the commitment is SHA-256 of the seed's exact characters, so an
 * upper-case copy would not be the committed seed and is refused with an explanation.
 */
export function parseForm(form: FairnessForm): ParseResult {
  const problems: Partial<Record<FairnessField, FieldProblem>> = {};
  for (const field of Object.keys(QUERY_KEYS) as FairnessField[]) {
    if (form[field].length > MAX_FIELD_LENGTH) problems[field] = 'too_long';
  }

  const game = form.game.trim();
  if (!isGameName(game)) problems.game ??= 'game_unknown';

  const serverSeed = form.serverSeed.trim();
  if (serverSeed === '') problems.serverSeed ??= 'required';
  else if (!SERVER_SEED.test(serverSeed)) problems.serverSeed ??= 'server_seed_format';

  const serverSeedHash = form.serverSeedHash.trim();
  if (serverSeedHash !== '' && !HASH.test(serverSeedHash)) problems.serverSeedHash ??= 'hash_format';

  const clientSeed = form.clientSeed.trim();
  if (clientSeed === '') problems.clientSeed ??= 'required';
  else if (!CLIENT_SEED.test(clientSeed)) problems.clientSeed ??= 'client_seed_format';

  const nonceText = form.nonce.trim();
  let nonce = 0;
  if (nonceText === '') problems.nonce ??= 'required';
  else if (!/^(0|[1-9][0-9]{0,9})$/.test(nonceText)) problems.nonce ??= 'nonce_format';
  else {
    nonce = Number(nonceText);
    if (nonce > MAX_NONCE) problems.nonce ??= 'nonce_range';
  }

  let bet: unknown;
  const betText = form.bet.trim();
  if (betText === '') problems.bet ??= 'required';
  else {
    const parsed = parseJson(betText);
    if (parsed.ok) bet = parsed.value;
    else problems.bet ??= 'json_invalid';
  }

  let actions: unknown[] = [];
  const actionsText = form.actions.trim();
  if (actionsText !== '') {
    const parsed = parseJson(actionsText);
    if (!parsed.ok) problems.actions ??= 'json_invalid';
    else if (!Array.isArray(parsed.value)) problems.actions ??= 'actions_not_list';
    else actions = parsed.value;
  }

  if (Object.keys(problems).length > 0 || !isGameName(game)) return { ok: false, problems };
  return {
    ok: true,
    record: {
      game,
      serverSeed,
      ...(serverSeedHash !== '' ? { serverSeedHash } : {}),
      clientSeed,
      nonce,
      bet,
      actions,
    },
  };
}

/** POSIX shell single-quoting: the text as one literal argument. */
function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * The same check as a command for the standalone verifier (packages/games/src/verify-cli.ts),
 * with the form's values; empty fields show a placeholder.
 */
export function scriptCommand(form: FairnessForm): string {
  const value = (text: string, placeholder: string) =>
    text.trim() === '' ? placeholder : shellQuote(text.trim());
  const parts = [
    'npm run verify-round --',
    `--game ${value(form.game, '<game>')}`,
    `--server-seed ${value(form.serverSeed, '<server-seed>')}`,
  ];
  if (form.serverSeedHash.trim() !== '') parts.push(`--server-seed-hash ${value(form.serverSeedHash, '')}`);
  parts.push(
    `--client-seed ${value(form.clientSeed, '<client-seed>')}`,
    `--nonce ${value(form.nonce, '<nonce>')}`,
  );
  parts.push(`--bet ${value(form.bet, "'<bet JSON>'")}`);
  if (form.actions.trim() !== '') parts.push(`--actions ${value(form.actions, '')}`);
  return parts.join(' ');
}
