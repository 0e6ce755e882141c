// @vitest-environment happy-dom
/**
 * Roulette in the real game shell with a stub RGS: chips placed by clicking the board's numbers,
 * borders and outside boxes become the engine's `{ bets }` payload (minor-unit strings, summed per
 * spot); undo removes the last chip; after the spin the wheel settles on the server's number and
 * the board marks it with the bets' results.
 */

import { FairRandom } from '@croupier/games/fair';
import { parseRouletteBet, rouletteEngine } from '@croupier/games/roulette';
import { cleanup, fireEvent, act as reactAct, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TranslationProvider } from '../../../i18n/use-translation.tsx';
import { createTableTestI18n } from '../fairness/test-fairness-i18n.ts';
import { GameShell } from '../shell/game-shell.tsx';
import type { RgsClient, RgsSession, RoundView } from '../shell/rgs-client.ts';
import { rouletteModule } from './roulette-game.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SESSION: RgsSession = {
  game: { code: 'roulette-royale', engine: 'roulette', theme: 'royale', name: 'Roulette Royale' },
  mode: 'real',
  currency: 'EUR',
  exponent: 2,
  balance: '50.00',
  limits: { min: '0.10', max: '100.00' },
  rtp: '97.30',
  describe: rouletteEngine.describe(),
  fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'me', nonce: 0 },
  openRound: null,
  lobbyUrl: null,
};

function stubClient() {
  const fail = () => Promise.reject(new Error('not in this test'));
  const startRound = vi.fn(async (bet: unknown): Promise<RoundView> => {
    // The real engine plays the posted bet, so a payload it would refuse fails the test.
    const parsed = parseRouletteBet(bet, { minStakeMinor: 10n, maxStakeMinor: 10_000n });
    const step = rouletteEngine.start(
      parsed,
      new FairRandom({ serverSeed: 'b'.repeat(64), clientSeed: 'me', nonce: 0 }),
    );
    return {
      id: 'round-1',
      status: 'settled',
      done: true,
      stake: '1.60',
      payout: (Number(step.payout) / 100).toFixed(2),
      balance: '48.40',
      view: rouletteEngine.view(step.state),
      nonce: 0,
    };
  });
  const client: RgsClient = {
    sessionId: 's',
    getSession: fail,
    startRound,
    act: fail,
    rotateSeeds: fail,
    listRounds: fail,
    getRound: fail,
  };
  return { client, startRound };
}

function renderGame(client: RgsClient) {
  return render(
    <TranslationProvider translator={createTableTestI18n('en')}>
      <GameShell session={SESSION} client={client} lang="en" module={rouletteModule} />
    </TranslationProvider>,
  );
}

const spot = (id: string) => {
  const element = screen.getByTestId('roulette-board-landscape').querySelector(`[data-spot="${id}"]`);
  if (!element) throw new Error(`no spot ${id}`);
  return element;
};

describe('roulette table', () => {
  test('clicks on the board become the engine bet; undo takes the last chip back', async () => {
    const { client, startRound } = stubClient();
    renderGame(client);
    // Chips of 0.10 … 50 for limits 0.10–100; pick 0.50.
    fireEvent.click(screen.getByRole('radio', { name: 'Chip of €0.50' }));
    fireEvent.click(spot('split:1-2'));
    fireEvent.click(spot('corner:8-9-11-12'));
    fireEvent.click(spot('red'));
    fireEvent.click(spot('split:1-2'));
    fireEvent.click(spot('straight:36'));
    expect(screen.getByTestId('roulette-total').textContent).toBe('€2.50');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByTestId('roulette-total').textContent).toBe('€2.00');
    fireEvent.click(screen.getByRole('radio', { name: 'Chip of €0.10' }));
    fireEvent.click(spot('line:31-32-33-34-35-36'));
    expect(screen.getByTestId('roulette-total').textContent).toBe('€2.10');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('rgs-play'));
    await waitFor(() => expect(startRound).toHaveBeenCalledTimes(1));
    expect(startRound.mock.calls[0]?.[0]).toEqual({
      bets: [
        { type: 'split', numbers: [1, 2], stake: '100' },
        { type: 'corner', numbers: [8, 9, 11, 12], stake: '50' },
        {
          type: 'red',
          numbers: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36],
          stake: '50',
        },
        { type: 'line', numbers: [31, 32, 33, 34, 35, 36], stake: '10' },
      ],
    });
    await waitFor(() =>
      expect(screen.getByTestId('roulette-wheel').getAttribute('data-spinning')).toBe('true'),
    );
    await reactAct(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    const result = screen.getByTestId('roulette-result');
    const number = Number(result.querySelector('[data-number]')?.getAttribute('data-number'));
    expect(Number.isInteger(number)).toBe(true);
    expect(
      screen.getByTestId('roulette-board-landscape').querySelector('[data-testid=board-winner]'),
    ).toBeTruthy();
    expect(screen.getByTestId('wheel-winner')).toBeTruthy();
    expect(screen.getByTestId('roulette-recent').textContent).toBe(String(number));
    // Each chip is marked won or lost against the number.
    const red = screen.getByTestId('roulette-board-landscape').querySelector('[data-chip="red"]');
    expect(red?.getAttribute('data-won')).toBe(
      String([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(number)),
    );
  });

  test('a chip that would pass the maximum total is refused with a message', () => {
    const { client } = stubClient();
    renderGame(client);
    fireEvent.click(screen.getByRole('radio', { name: 'Chip of €50.00' }));
    fireEvent.click(spot('red'));
    fireEvent.click(spot('black'));
    fireEvent.click(spot('odd'));
    expect(screen.getByTestId('roulette-total').textContent).toBe('€100.00');
    expect(screen.getByText('The total bet cannot exceed €100.00.')).toBeTruthy();
  });
});
