// @vitest-environment happy-dom
/**
 * The blackjack table inside the real game shell, the RGS answered by a stub client: an open
 * round from an earlier visit comes back on load with its split hands side by side and the active
 * one marked; only the view's legal actions are buttons; a press posts `{ type }` for that round
 * and the new view is drawn.
 */

import { WIDE_LIMITS } from '@croupier/games/bet-input';
import { blackjackEngine, startFromCards, viewBlackjack } from '@croupier/games/blackjack';
import { parseCard } from '@croupier/games/blackjack-rules';
import { cleanup, fireEvent, act as reactAct, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TranslationProvider } from '../../../i18n/use-translation.tsx';
import { createTableTestI18n } from '../fairness/test-fairness-i18n.ts';
import { GameShell } from '../shell/game-shell.tsx';
import type { RgsClient, RgsSession, RoundView } from '../shell/rgs-client.ts';
import { blackjackModule } from './blackjack-game.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function splitRound() {
  const cards = ['8S', '6H', '8D', '10C', '3S', '10S', '9H', '10D'].map(parseCard);
  const dealt = startFromCards({ stake: 100n }, cards);
  const split = blackjackEngine.act!(dealt.state, { type: 'split' }, WIDE_LIMITS);
  return split.state;
}

function roundView(id: string, view: unknown, done: boolean): RoundView {
  return {
    id,
    status: done ? 'settled' : 'open',
    done,
    stake: '2.00',
    payout: '0',
    balance: '98.00',
    view,
    nonce: 4,
  };
}

function session(openRound: RoundView | null): RgsSession {
  return {
    game: { code: 'frost-blackjack', engine: 'blackjack', theme: 'frost', name: 'Frost Blackjack' },
    mode: 'demo',
    currency: 'EUR',
    exponent: 2,
    balance: '98.00',
    limits: { min: '0.10', max: '100.00' },
    rtp: '99.50',
    describe: blackjackEngine.describe(),
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'me', nonce: 5 },
    openRound,
    lobbyUrl: null,
  };
}

function stubClient(answer: (action: unknown) => RoundView): RgsClient & { act: ReturnType<typeof vi.fn> } {
  const fail = () => Promise.reject(new Error('not in this test'));
  return {
    sessionId: 's1',
    getSession: fail,
    startRound: fail,
    act: vi.fn(async (_roundId: string, action: unknown) => answer(action)),
    rotateSeeds: fail,
    listRounds: fail,
    getRound: fail,
  };
}

describe('blackjack table', () => {
  test('an open split round resumes: two hands, the active one marked, legal actions only', async () => {
    const state = splitRound();
    const stood = blackjackEngine.act!(state, { type: 'stand' }, WIDE_LIMITS);
    const client = stubClient(() => roundView('r1', viewBlackjack(stood.state), false));
    render(
      <TranslationProvider translator={createTableTestI18n('en')}>
        <GameShell
          session={session(roundView('r1', viewBlackjack(state), false))}
          client={client}
          lang="en"
          module={blackjackModule}
        />
      </TranslationProvider>,
    );

    expect(await screen.findByText('Your unfinished hand is back on the table.')).toBeTruthy();
    const first = screen.getByTestId('blackjack-hand-0');
    const second = screen.getByTestId('blackjack-hand-1');
    expect(first.getAttribute('data-active')).toBe('true');
    expect(second.getAttribute('data-active')).toBeNull();
    expect(first.querySelectorAll('svg[data-card]')).toHaveLength(2);
    // The dealer's hole card is face down while the player decides.
    const dealer = screen.getByTestId('blackjack-dealer');
    expect(dealer.querySelector('svg[data-card="hidden"]')).toBeTruthy();

    const actions = screen.getByTestId('blackjack-actions');
    expect(
      [...actions.querySelectorAll('button')].map((button) => button.getAttribute('data-action')),
    ).toEqual(['hit', 'stand', 'double']);
    expect(within(actions).getByText('+€1.00')).toBeTruthy();

    fireEvent.click(within(actions).getByText('Stand'));
    await waitFor(() => expect(client.act).toHaveBeenCalledWith('r1', { type: 'stand' }));
    await waitFor(() =>
      expect(screen.getByTestId('blackjack-hand-1').getAttribute('data-active')).toBe('true'),
    );
    expect(screen.getByTestId('blackjack-hand-0').getAttribute('data-active')).toBeNull();
  });

  test('the last stand turns the hole card, plays the dealer out, then shows results', async () => {
    const state = splitRound();
    const second = blackjackEngine.act!(state, { type: 'stand' }, WIDE_LIMITS).state;
    const done = blackjackEngine.act!(second, { type: 'stand' }, WIDE_LIMITS);
    expect(done.done).toBe(true);
    const client = stubClient(() => ({
      ...roundView('r1', viewBlackjack(done.state), true),
      payout: '4.00',
      balance: '102.00',
    }));
    render(
      <TranslationProvider translator={createTableTestI18n('fr')}>
        <GameShell
          session={session(roundView('r1', viewBlackjack(second), false))}
          client={client}
          lang="fr"
          module={blackjackModule}
        />
      </TranslationProvider>,
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(await screen.findByText('Rester'));
    await waitFor(() => expect(client.act).toHaveBeenCalledWith('r1', { type: 'stand' }));
    await reactAct(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    // 6 + 10 = 16 draws a 9: the dealer busts; both split hands (11 and 18) win.
    const dealer = screen.getByTestId('blackjack-dealer');
    expect(dealer.querySelectorAll('svg[data-card]')).toHaveLength(3);
    expect(dealer.querySelector('svg[data-card="hidden"]')).toBeNull();
    expect(screen.getByTestId('blackjack-outcome').textContent).toBe('Vous gagnez €4.00');
    expect(screen.getByTestId('blackjack-result-0').textContent).toContain('Gagné');
    expect(screen.queryByTestId('blackjack-actions')).toBeNull();
  });
});
