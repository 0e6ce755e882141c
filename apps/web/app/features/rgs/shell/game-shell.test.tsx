// @vitest-environment happy-dom
import { type DiceState, diceEngine } from '@croupier/games/dice';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TranslationProvider } from '../../../i18n/use-translation.tsx';
import { ToastProvider } from '../../../ui/toasts.tsx';
import { diceModule } from '../dice/dice-game.tsx';
import { GAME_BALANCE_MESSAGE } from '../parent-messages.ts';
import { GameShell } from './game-shell.tsx';
import { RgsApiError, type RoundView } from './rgs-client.ts';
import { createRgsTestI18n, fakeClient, renderGame, sessionFixture } from './rgs-test-kit.tsx';
import { SOUND_STORAGE_KEY } from './sound.ts';

const diceSession = sessionFixture({
  game: { code: 'dice-duel', engine: 'dice', theme: 'neon', name: 'Dice Duel' },
  describe: JSON.parse(JSON.stringify(diceEngine.describe())),
  limits: { min: '0.10', max: '100.00' },
});

function diceRound(
  roll: number,
  bet: { stake: string; target: number; direction: 'over' | 'under' },
): RoundView<DiceState> {
  const chanceBp = bet.direction === 'over' ? 9999 - bet.target : bet.target;
  const win = bet.direction === 'over' ? roll > bet.target : roll < bet.target;
  const payout = win ? (BigInt(bet.stake) * 9900n) / BigInt(chanceBp) : 0n;
  const dec = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
  return {
    id: `r-${roll}`,
    status: 'settled',
    done: true,
    stake: dec(BigInt(bet.stake)),
    payout: dec(payout),
    balance: dec(10_000n - BigInt(bet.stake) + payout),
    view: {
      ...bet,
      chanceBp,
      multiplier: '1.9800',
      roll,
      rollText: `${String(Math.floor(roll / 100)).padStart(2, '0')}.${String(roll % 100).padStart(2, '0')}`,
      win,
      payout: payout.toString(),
    },
    nonce: 3,
  };
}

beforeEach(() => {
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('game shell', () => {
  it('shows the game, the DEMO badge and the balance in the session currency', () => {
    renderGame(diceModule, {
      session: { ...diceSession, mode: 'guest', currency: 'FUN', balance: '1000.00' },
      client: fakeClient({}),
    });
    expect(screen.getByRole('heading', { name: 'Dice Duel' })).toBeTruthy();
    expect(screen.getByText('Demo')).toBeTruthy();
    expect(screen.getByTestId('rgs-balance').textContent).toBe('1,000.00\u00a0FUN');
  });

  it('has no DEMO badge in real play', () => {
    renderGame(diceModule, { session: { ...diceSession, mode: 'real' }, client: fakeClient({}) });
    expect(screen.queryByText('Demo')).toBeNull();
  });

  it('sends the bet as minor-unit strings and steps the stake within the limits', async () => {
    const client = fakeClient({ startRound: async (bet) => diceRound(1234, bet as never) });
    renderGame(diceModule, { session: diceSession, client });
    expect(screen.getByTestId('rgs-stake').textContent).toBe('€1.00');
    fireEvent.click(screen.getByRole('button', { name: 'Raise the bet' }));
    expect(screen.getByTestId('rgs-stake').textContent).toBe('€2.00');
    fireEvent.click(screen.getByRole('button', { name: '½: halve the bet' }));
    fireEvent.click(screen.getByRole('button', { name: '½: halve the bet' }));
    expect(screen.getByTestId('rgs-stake').textContent).toBe('€0.50');
    for (let index = 0; index < 20; index += 1)
      fireEvent.click(screen.getByRole('button', { name: 'Lower the bet' }));
    expect(screen.getByTestId('rgs-stake').textContent).toBe('€0.10');
    expect((screen.getByRole('button', { name: 'Lower the bet' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      fireEvent.click(screen.getByTestId('rgs-play'));
    });
    expect(client.calls[0]).toEqual({
      method: 'startRound',
      args: [{ stake: '10', target: 5000, direction: 'under' }],
    });
    expect(screen.getByTestId('dice-roll').textContent).toBe('12.34');
  });

  it('plays with the Space key, but not while typing in a field', async () => {
    const client = fakeClient({ startRound: async (bet) => diceRound(9000, bet as never) });
    renderGame(diceModule, { session: diceSession, client });
    await act(async () => {
      fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    });
    expect(client.calls).toHaveLength(1);
    const slider = screen.getByRole('slider');
    await act(async () => {
      fireEvent.keyDown(slider, { key: ' ', code: 'Space' });
    });
    expect(client.calls).toHaveLength(1);
  });

  it('explains insufficient funds with the balance, and shows that balance', async () => {
    const client = fakeClient({
      startRound: async () => {
        throw new RgsApiError({ code: 'insufficient_funds', message: 'no', status: 409, balance: '0.40' });
      },
    });
    renderGame(diceModule, { session: diceSession, client });
    await act(async () => {
      fireEvent.click(screen.getByTestId('rgs-play'));
    });
    expect(screen.getByText('Insufficient funds')).toBeTruthy();
    expect(screen.getByText('Your balance is €0.40. Lower your bet or top up.')).toBeTruthy();
    expect(screen.getByTestId('rgs-balance').textContent).toBe('€0.40');
  });

  it('offers a retry when the wallet is unavailable, and the retry plays the same bet', async () => {
    let attempts = 0;
    const client = fakeClient({
      startRound: async (bet) => {
        attempts += 1;
        if (attempts === 1)
          throw new RgsApiError({ code: 'wallet_unavailable', message: 'down', status: 503 });
        return diceRound(100, bet as never);
      },
    });
    renderGame(diceModule, { session: diceSession, client });
    await act(async () => {
      fireEvent.click(screen.getByTestId('rgs-play'));
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The wallet is temporarily unavailable');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(client.calls.map((call) => call.args[0])).toEqual([
      { stake: '100', target: 5000, direction: 'under' },
      { stake: '100', target: 5000, direction: 'under' },
    ]);
    expect(screen.getByTestId('dice-roll').textContent).toBe('01.00');
  });

  it('stops the game when the session has ended, in French too', async () => {
    const client = fakeClient({
      startRound: async () => {
        throw new RgsApiError({ code: 'session_invalid', message: 'gone', status: 401 });
      },
    });
    renderGame(diceModule, { session: diceSession, client, locale: 'fr' });
    await act(async () => {
      fireEvent.click(screen.getByTestId('rgs-play'));
    });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Votre session de jeu est terminée');
    expect(screen.getByRole('link', { name: 'Retour au lobby' }).getAttribute('target')).toBe('_top');
  });

  it('keeps sound off until the first interaction, then remembers the toggle', () => {
    renderGame(diceModule, { session: diceSession, client: fakeClient({}) });
    const toggle = () => screen.getByRole('button', { name: /Turn sound/ });
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    fireEvent.pointerDown(document.body);
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(window.localStorage.getItem(SOUND_STORAGE_KEY)).toBe('off');
  });

  it('rotates the seed pair and shows the revealed server seed', async () => {
    const client = fakeClient({
      rotateSeeds: async (clientSeed) => ({
        revealed: {
          serverSeed: 'd'.repeat(64),
          serverSeedHash: 'a'.repeat(64),
          clientSeed: 'player-seed',
          rounds: 12,
        },
        next: { serverSeedHash: 'e'.repeat(64), clientSeed, nonce: 0 },
      }),
    });
    renderGame(diceModule, { session: diceSession, client });
    fireEvent.click(screen.getByRole('button', { name: 'Provably fair' }));
    const input = screen.getByLabelText('Client seed') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'bad seed!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed pair' }));
    expect(screen.getByText('1 to 64 characters: letters, digits, - or _.')).toBeTruthy();
    expect(client.calls).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'lucky_7' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Rotate seed pair' }));
    });
    expect(client.calls[0]).toEqual({ method: 'rotateSeeds', args: ['lucky_7'] });
    expect(screen.getByText('d'.repeat(64))).toBeTruthy();
    expect(screen.getByText('e'.repeat(64))).toBeTruthy();
    const verify = screen.getByRole('link', { name: /Verify on the fairness page/ });
    expect(verify.getAttribute('href')).toContain(`server_seed=${'d'.repeat(64)}`);
  });

  it('names the bet buttons with their visible text first (WCAG 2.5.3 label in name)', () => {
    renderGame(diceModule, { session: diceSession, client: fakeClient({}) });
    const bet = screen.getByRole('group', { name: 'Bet' });
    const withText = within(bet)
      .getAllByRole('button')
      .filter((button) => (button.textContent ?? '').trim() !== '');
    expect(withText.map((button) => button.textContent)).toEqual(['½', '2×']);
    for (const button of withText) {
      expect(button.getAttribute('aria-label')?.startsWith(button.textContent ?? '')).toBe(true);
    }
  });

  it("names its toast area apart from the page's own (no duplicated landmark)", () => {
    // The site's root has a toast area too; the game's sits inside it on /rgs/play.
    const i18n = createRgsTestI18n('fr');
    render(
      <TranslationProvider translator={i18n}>
        <ToastProvider>
          <GameShell session={diceSession} client={fakeClient({})} lang="fr" module={diceModule} />
        </ToastProvider>
      </TranslationProvider>,
    );
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(names).toContain('Notifications du jeu');
    expect(new Set(names).size).toBe(names.length);
  });

  it("posts its displayed balance to the parent page, for the parent's origin only", async () => {
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    const client = fakeClient({ startRound: async (bet) => diceRound(9000, bet as never) });
    renderGame(diceModule, { session: { ...diceSession, mode: 'real' }, client });
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: GAME_BALANCE_MESSAGE, mode: 'real', balance: '100.00', currency: 'EUR' },
      window.location.origin,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('rgs-play'));
    });
    expect(screen.getByTestId('rgs-balance').textContent).toBe('€99.00');
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: GAME_BALANCE_MESSAGE, mode: 'real', balance: '99.00', currency: 'EUR' },
      window.location.origin,
    );
  });
});
