/**
 * Link to the fairness (verifier) page of the platform, prefilled with one round or one revealed
 * seed pair (docs/provably-fair.md: `/fairness` and `/fr/fairness`, query `game, server_seed,
 * server_seed_hash, client_seed, nonce, bet, actions`). `game` is the ENGINE name (slot, dice, …)
 * that packages/games/src/verify.ts replays; `bet` and `actions` are JSON text.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';

export interface FairnessLinkInput {
  game: string;
  serverSeed?: string | null | undefined;
  serverSeedHash?: string | undefined;
  clientSeed?: string | undefined;
  nonce?: number | undefined;
  bet?: unknown;
  actions?: unknown[] | undefined;
}

export function fairnessHref(input: FairnessLinkInput, lang: Locale): string {
  const query = new URLSearchParams();
  query.set('game', input.game);
  if (input.serverSeed) query.set('server_seed', input.serverSeed);
  if (input.serverSeedHash) query.set('server_seed_hash', input.serverSeedHash);
  if (input.clientSeed !== undefined) query.set('client_seed', input.clientSeed);
  if (input.nonce !== undefined) query.set('nonce', String(input.nonce));
  if (input.bet !== undefined) query.set('bet', JSON.stringify(input.bet));
  if (input.actions !== undefined) query.set('actions', JSON.stringify(input.actions));
  return `${localizePath('/fairness', lang)}?${query.toString()}`;
}
