import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-messages.ts';
import { RGS_ERROR_CODES, RgsApiError } from './rgs-client.ts';
import { createRgsTestI18n } from './rgs-test-kit.tsx';

const format = (decimal: string) => `€${decimal}`;

describe('API error → message', () => {
  for (const locale of ['en', 'fr'] as const) {
    it(`has a title and a hint for every code in ${locale}`, () => {
      const { t } = createRgsTestI18n(locale);
      const seen = new Set<string>();
      for (const code of RGS_ERROR_CODES) {
        const message = errorMessage(new RgsApiError({ code, message: 'x', status: 400 }), t, format);
        expect(message.code).toBe(code);
        expect(message.title, code).not.toMatch(/^errors\./);
        expect(message.title.length, code).toBeGreaterThan(3);
        expect(message.text, code).toBeTruthy();
        seen.add(message.title);
      }
      // Each code reads differently.
      expect(seen.size).toBe(RGS_ERROR_CODES.length);
    });
  }

  it('names the balance for insufficient funds', () => {
    const { t } = createRgsTestI18n('en');
    const message = errorMessage(
      new RgsApiError({ code: 'insufficient_funds', message: 'x', status: 409, balance: '0.40' }),
      t,
      format,
    );
    expect(message.title).toBe('Insufficient funds');
    expect(message.text).toContain('€0.40');
    const fr = errorMessage(
      new RgsApiError({ code: 'insufficient_funds', message: 'x', status: 409, balance: '0.40' }),
      createRgsTestI18n('fr').t,
      format,
    );
    expect(fr.title).toBe('Solde insuffisant');
    expect(fr.text).toContain('€0.40');
  });

  it('says clearly that a bet above the bonus max bet was refused, in en and fr', () => {
    const error = new RgsApiError({ code: 'bet_limit_exceeded', message: 'x', status: 409 });
    const en = errorMessage(error, createRgsTestI18n('en').t, format);
    expect(en).toMatchObject({ title: 'This bet is above the maximum bet', retryable: false, fatal: false });
    expect(en.text).toContain('Lower your bet');
    const fr = errorMessage(error, createRgsTestI18n('fr').t, format);
    expect(fr.title).toBe('Cette mise dépasse la mise maximale');
    expect(fr.text).toContain('Baissez votre mise');
  });

  it('says which responsible-gaming limit refused the bet, in en and fr (ADR 025)', () => {
    const loss = new RgsApiError({ code: 'rg_loss_limit_reached', message: 'x', status: 409 });
    expect(errorMessage(loss, createRgsTestI18n('en').t, format)).toMatchObject({
      title: 'Your loss limit is reached',
      retryable: false,
      fatal: false,
    });
    expect(errorMessage(loss, createRgsTestI18n('fr').t, format).title).toBe(
      'Votre limite de pertes est atteinte',
    );
    const wager = new RgsApiError({ code: 'rg_wager_limit_reached', message: 'x', status: 409 });
    expect(errorMessage(wager, createRgsTestI18n('en').t, format).title).toBe('Your wager limit is reached');
  });

  it('says the session time limit refused the bet, in en and fr (ADR 028)', () => {
    const session = new RgsApiError({ code: 'rg_session_limit_reached', message: 'x', status: 403 });
    expect(errorMessage(session, createRgsTestI18n('en').t, format)).toMatchObject({
      title: 'Your session time limit is reached',
      retryable: false,
      fatal: false,
    });
    const fr = errorMessage(session, createRgsTestI18n('fr').t, format);
    expect(fr.title).toBe('Votre limite de durée de session est atteinte');
    expect(fr.text).toContain('Reconnectez-vous');
  });

  it('offers a retry for wallet_unavailable, rate limits and the network only', () => {
    const { t } = createRgsTestI18n('en');
    const retryable = RGS_ERROR_CODES.filter(
      (code) => errorMessage(new RgsApiError({ code, message: 'x', status: 400 }), t, format).retryable,
    );
    expect(retryable.sort()).toEqual(['network', 'too_many_requests', 'wallet_unavailable']);
    const wallet = errorMessage(
      new RgsApiError({ code: 'wallet_unavailable', message: 'x', status: 503 }),
      t,
      format,
    );
    expect(wallet.title).toBe('The wallet is temporarily unavailable');
  });

  it('treats an expired session as fatal and anything else as unknown', () => {
    const { t } = createRgsTestI18n('en');
    expect(
      errorMessage(new RgsApiError({ code: 'session_invalid', message: 'x', status: 401 }), t, format).fatal,
    ).toBe(true);
    const odd = errorMessage(new Error('boom'), t, format);
    expect(odd.code).toBe('unknown');
    expect(odd.title).toBe('Something went wrong');
  });
});
