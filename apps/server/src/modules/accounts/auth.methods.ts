/**
 * Thin handlers of the auth.* methods (register, login, logout, restore). They live with the
 * accounts module because the accounts service answers them; the auth module provides what they
 * use (sessions, limits, the login throttle), so arrows run accounts → auth only (ADR 018).
 */
import { authLogin } from '@croupier/contract/auth/login';
import { authLogout } from '@croupier/contract/auth/logout';
import { authRegister } from '@croupier/contract/auth/register';
import { authRestore } from '@croupier/contract/auth/restore';
import type { Locale } from '@croupier/contract/locales';
import { AppError } from '../../lib/app-error.ts';
import { type BoundMethod, bindMethod, type CallContext } from '../../lib/method-binding.ts';
import { accountKey, LIMITS, limitBy } from '../auth/auth-limits.ts';
import {
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  type LoginThrottle,
} from '../auth/login-throttle.ts';
import type { SessionService } from '../auth/session.service.ts';
import { endSession, startSession } from '../auth/session-cookie.ts';
import { VISIT_COOKIE } from '../tracking/tracking.service.ts';
import type { AccountsService } from './accounts.service.ts';
import { normalizeContactValue } from './contact-value.ts';

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function authMethods(deps: {
  accounts: AccountsService;
  sessions: SessionService;
  loginThrottle: LoginThrottle;
  /**
   * Redeems the sign-up promo code (campaigns, ADR 021). Best effort: the account exists already,
   * so a refused code never fails the registration (the code stays stored on the account).
   */
  applyPromoCode?: (playerId: bigint, code: string, locale: Locale) => Promise<unknown>;
  /**
   * Attributes a new player to the landing their visit cookie names (tracking, ADR 039). Best
   * effort too: a failed attribution never fails the registration.
   */
  attribute?: (playerId: bigint, visitKey: string | undefined) => Promise<unknown>;
}): BoundMethod[] {
  const { accounts, sessions, loginThrottle } = deps;

  async function applyPromoCode(ctx: CallContext, playerId: bigint, code: string | undefined): Promise<void> {
    if (!code || !deps.applyPromoCode) return;
    try {
      await deps.applyPromoCode(playerId, code, ctx.locale);
    } catch (error) {
      ctx.log.info(
        { playerId: String(playerId), code: error instanceof AppError ? error.code : 'error' },
        'sign-up promo code not applied',
      );
    }
  }
  async function attribute(ctx: CallContext, playerId: bigint): Promise<void> {
    if (!deps.attribute) return;
    try {
      await deps.attribute(playerId, ctx.cookies.get(VISIT_COOKIE));
    } catch (error) {
      ctx.log.warn({ err: error, playerId: String(playerId) }, 'registration not attributed');
    }
  }
  return [
    bindMethod(authRegister, async (input, ctx) => {
      if ('payload' in input) {
        await limitBy(ctx, [[`auth:messenger:ip:${ctx.ip}`, LIMITS.loginPerIp]]);
        const { playerId, isNew } = await accounts.registerMessenger(
          {
            id: input.id,
            username: input.username,
            hash: input.hash,
            languageCode: input.language_code,
            payload: input.payload,
            promoCode: input.promo_code,
          },
          ctx.locale,
        );
        await startSession(sessions, ctx, playerId);
        // The messenger sign-up's promo code goes to the same redemption as the form's (ADR 021).
        if (isNew) await applyPromoCode(ctx, playerId, input.promo_code);
        if (isNew) await attribute(ctx, playerId);
        return accounts.getInfo(playerId, ctx.locale);
      }
      await limitBy(ctx, [
        [`auth:register:ip:${ctx.ip}`, LIMITS.registerPerIp],
        [
          `auth:register:login:${accountKey(normalizeContactValue(input.login).value)}`,
          LIMITS.registerPerLogin,
        ],
      ]);
      const playerId = await accounts.register(
        {
          login: input.login,
          password: input.password,
          currency: input.currency,
          terms: input.terms,
          notify: input.notify,
          markBetting: input.markBetting,
          promoCode: input.promo_code,
          character: input.character,
          birthDate: input.birth_date,
        },
        ctx.locale,
      );
      await startSession(sessions, ctx, playerId);
      await applyPromoCode(ctx, playerId, input.promo_code);
      await attribute(ctx, playerId);
      return accounts.getInfo(playerId, ctx.locale);
    }),

    bindMethod(authLogin, async (input, ctx) => {
      // Per address, per account and per known device; no hard lock of the account (ADR 009).
      const admission = await loginThrottle.admit({
        account: accountKey(normalizeContactValue(input.login).value),
        ip: ctx.ip,
        cookie: ctx.cookies.get(KNOWN_DEVICE_COOKIE),
      });
      const playerId = await accounts.login({
        login: input.login,
        password: input.password,
        code: input.code,
      });
      ctx.cookies.set(KNOWN_DEVICE_COOKIE, await loginThrottle.succeeded(admission), {
        maxAgeSeconds: KNOWN_DEVICE_MAX_AGE_SECONDS,
        httpOnly: true,
      });
      await startSession(sessions, ctx, playerId);
      return accounts.getInfo(playerId, ctx.locale);
    }),

    bindMethod(authLogout, async (_input, ctx) => {
      await endSession(sessions, ctx);
      return 1 as const;
    }),

    bindMethod(authRestore, async (input, ctx) => {
      if (input.kind === 'request') {
        await limitBy(ctx, [
          [`auth:restore:ip:${ctx.ip}`, LIMITS.restorePerIp],
          [`auth:restore:email:${accountKey(input.email)}`, LIMITS.restorePerEmail],
        ]);
        await accounts.requestPasswordReset(input.email);
        return 1 as const;
      }
      await limitBy(ctx, [[`auth:restore:ip:${ctx.ip}`, LIMITS.restorePerIp]]);
      await accounts.completePasswordReset(input.token, input.password);
      return 1 as const;
    }),
  ];
}
