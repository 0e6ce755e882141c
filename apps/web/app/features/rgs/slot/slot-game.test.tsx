// @vitest-environment happy-dom
import { scriptedRandom } from '@croupier/games/scripted-random';
import { compileSlot, playSlotRound, SLOT_CONFIG, type SlotState, slotEngine } from '@croupier/games/slot';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RgsApiError, type RoundDetail, type RoundView } from '../shell/rgs-client.ts';
import { fakeClient, renderGame, sessionFixture } from '../shell/rgs-test-kit.tsx';
import { slotModule } from './slot-game.tsx';

const compiled = compileSlot(SLOT_CONFIG);
const describePayload = JSON.parse(JSON.stringify(slotEngine.describe()));
const BASE = SLOT_CONFIG.baseStrips.map((strip) => strip.split(' '));
const FREE = SLOT_CONFIG.freeStrips.map((strip) => strip.split(' '));

/** Stops that put `symbol` on the middle row of every reel (top row = stop). */
function middleRowStops(symbol: string): number[] {
  return BASE.map((strip) => {
    const at = strip.indexOf(symbol);
    return (at - 1 + strip.length) % strip.length;
  });
}

/** Scatter on the top row of reels 0–2 and nothing special elsewhere; free spins at stop 0. */
function featureStops(): number[] {
  const base = BASE.map((strip, reel) => (reel < 3 ? strip.indexOf('scatter') : 0));
  const free = Array.from({ length: 10 }, () => FREE.map(() => 0));
  return [...base, ...free.flat()];
}

function roundOf(state: SlotState, balanceBefore: bigint): RoundView<SlotState> {
  const stake = BigInt(state.stake);
  const payout = BigInt(state.payout);
  const dec = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
  return {
    id: 'round-1',
    status: 'settled',
    done: true,
    stake: dec(stake),
    payout: dec(payout),
    balance: dec(balanceBefore - stake + payout),
    view: state,
    nonce: 0,
  };
}

beforeEach(() => {
  // Reduced motion: the reels jump to their stops (happy-dom has no Web Animations).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('slot page', () => {
  it('shows a known round: the grid, the winning line, the win and the new balance', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const state = playSlotRound(compiled, 100n, scriptedRandom(middleRowStops('h1')));
    expect(state.spins).toHaveLength(1);
    const line = state.spins[0]?.lineWins.find((win) => win.line === 0);
    expect(line).toMatchObject({ symbol: 'h1', count: 5 });
    const client = fakeClient({ startRound: async () => roundOf(state, 10_000n) });
    renderGame(slotModule, { session: sessionFixture({ describe: describePayload }), client });

    expect(screen.getByTestId('rgs-stake').textContent).toBe('€1.00');
    fireEvent.click(screen.getByTestId('rgs-play'));

    await act(() => vi.advanceTimersByTimeAsync(500));
    // The win is on screen while the balance still holds it back (the show is not over).
    expect(screen.getByTestId('slot-win').textContent).toContain('€');
    // A display figure, not a bold paragraph posing as a heading (axe p-as-heading).
    expect(screen.getByTestId('slot-win').tagName).not.toBe('P');
    expect(screen.getByTestId('rgs-balance').textContent).toBe('€99.00');
    const payout = `€${(Number(state.payout) / 100).toFixed(2)}`; // display check only
    expect(screen.getByTestId('slot-win').textContent).toContain(payout);
    expect(client.calls[0]).toEqual({ method: 'startRound', args: [{ stake: '100' }] });

    const reels = screen.getByTestId('slot-reels');
    for (let reel = 0; reel < 5; reel += 1) {
      const cell = reels.querySelector(`[data-cell="${reel}:1"]`);
      expect(cell?.getAttribute('data-symbol')).toBe('h1');
      expect(cell?.hasAttribute('data-win')).toBe(true);
      expect(cell?.getAttribute('data-symbol')).toBe(state.spins[0]?.grid[reel]?.[1]);
    }
    // The balance shows the win once the reels have stopped: 100.00 − 1.00 + payout.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByTestId('rgs-balance').textContent).toBe(
      `€${((10_000 - 100 + Number(state.payout)) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
  });

  it('presents the free-spins feature: banner, count, multiplier and total', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const state = playSlotRound(compiled, 100n, scriptedRandom(featureStops()));
    expect(state.freeSpinsAwarded).toBe(10);
    const client = fakeClient({ startRound: async () => roundOf(state, 10_000n) });
    renderGame(slotModule, { session: sessionFixture({ describe: describePayload }), client });

    fireEvent.click(screen.getByTestId('rgs-play'));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByTestId('slot-banner').textContent).toContain('Free spins!');
    expect(screen.getByTestId('slot-banner').textContent).toContain('10 free spins, every win ×3');

    await act(() => vi.advanceTimersByTimeAsync(2500));
    const bar = screen.getByTestId('slot-feature');
    expect(bar.textContent).toMatch(/Free spin \d+ \/ 10/);
    expect(bar.textContent).toContain('×3');

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    // Whatever banners came, the round ends with the total on the counter and the feature gone.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByTestId('slot-feature')).toBeNull();
    expect(screen.getByTestId('slot-win').textContent).toContain(
      `€${(Number(state.payout) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
  });

  it('plays a bonus’s free spins first, at their fixed stake, counting down', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const state = playSlotRound(compiled, 20n, scriptedRandom(middleRowStops('l1')));
    let left = 2;
    const client = fakeClient({
      startRound: async () => {
        left -= 1;
        return { ...roundOf(state, 10_000n + 20n), freeRound: { packId: '7', remaining: left } };
      },
    });
    const session = sessionFixture({
      describe: describePayload,
      mode: 'real',
      freeRounds: { packId: '7', remaining: 2, total: 20, stake: '0.20' },
    });
    renderGame(slotModule, { session, client });

    expect(screen.getByTestId('slot-free-rounds').textContent).toContain('Free spins: 2 left');
    expect(screen.getByTestId('slot-free-stake').textContent).toContain('€0.20');
    // The stake cannot be changed while free spins are played.
    expect(screen.queryByTestId('rgs-stake')).toBeNull();
    expect(screen.getByTestId('rgs-play').textContent).toContain('Free spin');

    fireEvent.click(screen.getByTestId('rgs-play'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(client.calls[0]).toEqual({
      method: 'startRound',
      args: [{ stake: '20' }, { freeRound: { packId: '7' } }],
    });
    expect(screen.getByTestId('slot-free-rounds').textContent).toContain('Free spins: 1 left');

    fireEvent.click(screen.getByTestId('rgs-play'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(client.calls[1]?.args[1]).toEqual({ freeRound: { packId: '7' } });
    // Used up: paid spins again, with the player's own stake.
    expect(screen.queryByTestId('slot-free-rounds')).toBeNull();
    expect(screen.getByTestId('rgs-stake')).toBeTruthy();
    expect(screen.getByTestId('rgs-play').textContent).not.toContain('Free spin');
  });

  it('drops free spins the server refuses and reads the session again (in French)', async () => {
    const client = fakeClient({
      startRound: async () => {
        throw new RgsApiError({ code: 'free_rounds_unavailable', message: 'gone', status: 409 });
      },
      getSession: async () => sessionFixture({ describe: describePayload, mode: 'real', freeRounds: null }),
    });
    const session = sessionFixture({
      describe: describePayload,
      mode: 'real',
      freeRounds: { packId: '7', remaining: 5, total: 20, stake: '0.20' },
    });
    renderGame(slotModule, { session, client, locale: 'fr' });
    expect(screen.getByTestId('slot-free-rounds').textContent).toContain('Tours gratuits : 5 restants');
    expect(screen.getByTestId('rgs-play').textContent).toContain('Tour gratuit');
    fireEvent.click(screen.getByTestId('rgs-play'));
    await screen.findByText('Ces tours gratuits ne peuvent plus être joués');
    await act(async () => {
      await Promise.resolve();
    });
    expect(client.calls.map((call) => call.method)).toEqual(['startRound', 'getSession']);
    expect(screen.queryByTestId('slot-free-rounds')).toBeNull();
  });

  it('draws a round from the history with its grid and a prefilled fairness link', async () => {
    const state = playSlotRound(compiled, 100n, scriptedRandom(middleRowStops('h2')));
    const detail: RoundDetail = {
      id: 'round-9',
      createdAt: '2025-03-07T09:05:00.000Z',
      stake: '1.00',
      payout: '4.00',
      status: 'settled',
      game: 'slot',
      view: state,
      fairness: {
        serverSeedHash: 'b'.repeat(64),
        serverSeed: 'c'.repeat(64),
        clientSeed: 'my-seed',
        nonce: 7,
        bet: { stake: '100' },
        actions: [],
      },
    };
    const client = fakeClient({
      listRounds: async () => [
        { id: 'round-9', createdAt: detail.createdAt, stake: '1.00', payout: '4.00', status: 'settled' },
      ],
      getRound: async () => detail,
    });
    renderGame(slotModule, { session: sessionFixture({ describe: describePayload }), client, locale: 'fr' });

    fireEvent.click(screen.getByRole('button', { name: 'Mes parties' }));
    const history = await screen.findByTestId('rgs-history');
    fireEvent.click(within(history).getByRole('button', { expanded: false }));
    const link = await screen.findByRole('link', { name: /Vérifier cette partie/ });
    const href = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/fr/fairness');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      game: 'slot',
      server_seed: 'c'.repeat(64),
      server_seed_hash: 'b'.repeat(64),
      client_seed: 'my-seed',
      nonce: '7',
      bet: '{"stake":"100"}',
      actions: '[]',
    });
    const grid = within(history).getByRole('img');
    expect(grid.querySelectorAll('svg')).toHaveLength(15);
    expect(client.calls.map((call) => call.method)).toEqual(['listRounds', 'getRound']);
  });
});
