/**
 * The game providers allowed to call the wallet API and the secrets their calls are signed with
 * (docs/game-wallet-protocol.md): the in-house game server and the in-house sportsbook (its
 * sports-bet actions, ADR 031), each integrated exactly like a third party would be, with its own
 * signing secret from the settings both sides read.
 */
import type { Config } from '../../config.ts';
import { rgsCredentials, sportsbookCredentials } from '../../provider-credentials.ts';

export interface WalletProvider {
  /** The `X-Provider` header value and the `provider` column of the game wallet tables. */
  id: string;
  /** Every secret a signature may be made with (more than one while a secret is rotated). */
  secrets: string[];
}

const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;

export interface ProviderRegistry {
  find(id: string | undefined): WalletProvider | undefined;
  ids(): string[];
}

export function createProviderRegistry(config: Config): ProviderRegistry {
  const rgs = rgsCredentials(config);
  const sportsbook = sportsbookCredentials(config);
  const providers = new Map<string, WalletProvider>([
    [rgs.providerId, { id: rgs.providerId, secrets: [rgs.secret] }],
    [sportsbook.providerId, { id: sportsbook.providerId, secrets: [sportsbook.secret] }],
  ]);
  for (const id of providers.keys()) {
    // The id goes into ledger keys (`gw:<provider>:…`): keep it a short plain word.
    if (!PROVIDER_ID.test(id)) throw new Error(`bad game wallet provider id ${JSON.stringify(id)}`);
  }
  return {
    find: (id) => (id === undefined ? undefined : providers.get(id)),
    ids: () => [...providers.keys()],
  };
}
