// @vitest-environment happy-dom
/**
 * The fairness page as a visitor uses it: a complete link verifies by itself in the browser and
 * shows the hash check, the outcome and the payout; malformed seeds and JSON are named under their
 * fields (in French too); a bet the engine refuses is explained, never a crash.
 */
import { commitServerSeed } from '@croupier/games/fair';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { TranslationProvider } from '../../../i18n/use-translation.tsx';
import { EMPTY_FORM, type FairnessForm } from './fairness-input.ts';
import { FairnessPage } from './fairness-page.tsx';
import { createTableTestI18n } from './test-fairness-i18n.ts';

const SEED = '0123456789abcdef'.repeat(4);

function renderPage(form: FairnessForm, locale: 'en' | 'fr' = 'en') {
  return render(
    <TranslationProvider translator={createTableTestI18n(locale)}>
      <FairnessPage initialForm={form} />
    </TranslationProvider>,
  );
}

afterEach(cleanup);

describe('fairness page', () => {
  test('a complete link is verified on arrival: hash, number, payout', async () => {
    renderPage({
      game: 'roulette',
      serverSeed: SEED,
      serverSeedHash: commitServerSeed(SEED),
      clientSeed: 'lucky',
      nonce: '0',
      bet: JSON.stringify({
        bets: [
          { type: 'straight', numbers: [0], stake: '100' },
          ...Array.from({ length: 36 }, (_, i) => ({ type: 'straight', numbers: [i + 1], stake: '100' })),
        ],
      }),
      actions: '',
    });
    expect(await screen.findByTestId('fairness-hash-ok')).toBeTruthy();
    expect(screen.getByText('The server seed matches the committed hash.')).toBeTruthy();
    expect(screen.getByTestId('fairness-computed-hash').textContent).toBe(commitServerSeed(SEED));
    // Every number covered: whatever comes up pays 36 × 1.00 on a stake of 37.00.
    expect(screen.getByTestId('outcome-roulette')).toBeTruthy();
    expect(screen.getByTestId('fairness-payout').textContent).toBe('36.00');
    expect(screen.getByTestId('fairness-script').textContent).toContain('--game roulette');
  });

  test('a wrong commitment is flagged', async () => {
    renderPage({
      ...EMPTY_FORM,
      game: 'dice',
      serverSeed: SEED,
      serverSeedHash: 'f'.repeat(64),
      clientSeed: 'lucky',
      nonce: '4',
      bet: '{"stake":"100","target":5049,"direction":"over"}',
    });
    expect(await screen.findByTestId('fairness-hash-bad')).toBeTruthy();
    expect(screen.getByTestId('outcome-dice')).toBeTruthy();
  });

  test('malformed seeds and JSON are named under their fields; nothing is verified', () => {
    renderPage(EMPTY_FORM);
    const form = screen.getByTestId('fairness-form');
    fireEvent.change(within(form).getByLabelText(/^Server seed$/), { target: { value: 'not-hex' } });
    fireEvent.change(within(form).getByLabelText(/^Client seed$/), { target: { value: 'ok' } });
    fireEvent.change(within(form).getByLabelText(/^Nonce$/), { target: { value: 'seven' } });
    fireEvent.change(within(form).getByLabelText(/^Bet \(JSON\)$/), { target: { value: '{"stake":' } });
    fireEvent.click(screen.getByTestId('fairness-verify'));
    expect(
      screen.getByText('A server seed is exactly 64 characters 0–9 and a–f, in lower case.'),
    ).toBeTruthy();
    expect(screen.getByText('The nonce is a whole number: 0, 1, 2 …')).toBeTruthy();
    expect(screen.getByText('This is not valid JSON.')).toBeTruthy();
    expect(screen.getByTestId('fairness-fix')).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/^Server seed$/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(form)
        .getByLabelText(/^Client seed$/)
        .getAttribute('aria-invalid'),
    ).toBeNull();
    expect(screen.queryByTestId('fairness-verified')).toBeNull();
  });

  test('a bet the game refuses is explained with the engine code', () => {
    renderPage({
      ...EMPTY_FORM,
      game: 'roulette',
      serverSeed: SEED,
      clientSeed: 'lucky',
      nonce: '1',
      bet: '{"bets":[{"type":"corner","numbers":[1,2,3,4],"stake":"100"}]}',
    });
    const rejected = screen.getByTestId('fairness-rejected');
    expect(rejected.textContent).toContain('The game refused this bet or these actions.');
    expect(rejected.textContent).toContain('A roulette position is not a legal place on the layout.');
    expect(rejected.textContent).toContain('numbers_invalid');
  });

  test('in French, and the example round verifies', () => {
    renderPage(EMPTY_FORM, 'fr');
    fireEvent.click(screen.getByTestId('fairness-verify'));
    expect(screen.getAllByText('Ce champ est obligatoire.').length).toBeGreaterThanOrEqual(3);
    fireEvent.click(screen.getByTestId('fairness-example'));
    expect(screen.getByText('La graine serveur correspond au hachage engagé.')).toBeTruthy();
    expect(screen.getByTestId('outcome-roulette')).toBeTruthy();
  });

  test('a blackjack round with unfinished actions says so and draws the cards', () => {
    renderPage({
      ...EMPTY_FORM,
      game: 'blackjack',
      serverSeed: SEED,
      clientSeed: 'lucky',
      nonce: '9',
      bet: '{"stake":"100"}',
    });
    const result = screen.getByTestId('fairness-result');
    // Either the round ended on the deal (a natural, a dealer blackjack) or it waits for decisions.
    const outcome = within(result).getByTestId('outcome-blackjack');
    expect(outcome.querySelectorAll('svg[data-card]').length).toBeGreaterThanOrEqual(4);
    const unfinished = within(result).queryByTestId('fairness-unfinished');
    const hidden = outcome.querySelector('svg[data-card="hidden"]');
    expect(Boolean(unfinished)).toBe(Boolean(hidden));
  });
});
