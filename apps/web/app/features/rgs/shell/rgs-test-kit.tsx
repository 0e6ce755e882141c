/**
 * Tests only: an in-memory fake of the RGS client API, a session fixture, and a render helper that
 * puts a game inside the real <GameShell> with the rgs and ui translations of a locale.
 */
import type { Locale } from '@croupier/contract/locales';
import { render } from '@testing-library/react';
import enRgs from '../../../i18n/locales/en/rgs.json' with { type: 'json' };
import enUi from '../../../i18n/locales/en/ui.json' with { type: 'json' };
import frRgs from '../../../i18n/locales/fr/rgs.json' with { type: 'json' };
import frUi from '../../../i18n/locales/fr/ui.json' with { type: 'json' };
import type { Translator } from '../../../i18n/translator.ts';
import { TranslationProvider } from '../../../i18n/use-translation.tsx';
import { createBundlesTestI18n } from '../../../ui/test-i18n.ts';
import { GameShell } from './game-shell.tsx';
import type { GameModule } from './game-shell-context.ts';
import type {
  RgsClient,
  RgsSession,
  RoundDetail,
  RoundSummary,
  RoundView,
  SeedRotation,
  StartRoundOptions,
} from './rgs-client.ts';

export function createRgsTestI18n(locale: Locale = 'en'): Translator {
  const instance = createBundlesTestI18n(
    locale,
    { en: { rgs: enRgs, ui: enUi }, fr: { rgs: frRgs, ui: frUi } },
    'rgs',
  );
  return instance;
}

export function sessionFixture(overrides: Partial<RgsSession> = {}): RgsSession {
  return {
    game: { code: 'neon-reels', engine: 'slot', theme: 'neon', name: 'Neon Reels' },
    mode: 'demo',
    currency: 'EUR',
    exponent: 2,
    balance: '100.00',
    limits: { min: '0.20', max: '100.00' },
    rtp: '96.12',
    describe: {},
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'player-seed', nonce: 0 },
    openRound: null,
    lobbyUrl: '/gamehall',
    ...overrides,
  };
}

export interface FakeClient extends RgsClient {
  calls: { method: string; args: unknown[] }[];
}

/** Every method answers from the given handlers; a missing one fails the test loudly. */
export function fakeClient(handlers: Partial<Omit<RgsClient, 'sessionId'>>): FakeClient {
  const calls: FakeClient['calls'] = [];
  const missing = (name: string) => () => Promise.reject(new Error(`fake client: ${name} not expected`));
  const wrap =
    <A extends unknown[], R>(name: string, handler: ((...args: A) => Promise<R>) | undefined) =>
    (...args: A): Promise<R> => {
      calls.push({ method: name, args });
      return handler ? handler(...args) : (missing(name)() as Promise<R>);
    };
  return {
    sessionId: 'test-session',
    calls,
    getSession: wrap<[], RgsSession>('getSession', handlers.getSession),
    startRound: wrap<[unknown, StartRoundOptions?], RoundView>('startRound', handlers.startRound),
    act: wrap<[string, unknown], RoundView>('act', handlers.act),
    rotateSeeds: wrap<[string], SeedRotation>('rotateSeeds', handlers.rotateSeeds),
    listRounds: wrap<[number?], RoundSummary[]>('listRounds', handlers.listRounds),
    getRound: wrap<[string], RoundDetail>('getRound', handlers.getRound),
  };
}

export function renderGame(
  module: GameModule,
  options: { session: RgsSession; client: RgsClient; locale?: Locale },
) {
  const locale = options.locale ?? 'en';
  return render(
    <TranslationProvider translator={createRgsTestI18n(locale)}>
      <GameShell session={options.session} client={options.client} lang={locale} module={module} />
    </TranslationProvider>,
  );
}
