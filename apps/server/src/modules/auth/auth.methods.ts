import { authLogin } from '@croupier/contract/auth/login';
import { authLogout } from '@croupier/contract/auth/logout';
import { authRegister } from '@croupier/contract/auth/register';
import { authRestore } from '@croupier/contract/auth/restore';
import { bindAccountMethod } from '../accounts/accounts.messages.ts';
import { normalizeContactValue } from '../accounts/accounts.service.ts';
import { accountKey, LIMITS, limitBy } from './auth-limits.ts';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS } from './login-throttle.ts';
import { endSession, startSession } from './session-cookie.ts';

export const authMethods = [
  bindAccountMethod(authRegister, async (input, ctx) => {
    if ('payload' in input) {
      await limitBy(ctx, [[`auth:messenger:ip:${ctx.ip}`, LIMITS.loginPerIp]]);
      const playerId = await ctx.services.accounts.registerMessenger(
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
      await startSession(ctx, playerId);
      return ctx.services.accounts.getInfo(playerId, ctx.locale);
    }
    await limitBy(ctx, [
      [`auth:register:ip:${ctx.ip}`, LIMITS.registerPerIp],
      [
        `auth:register:login:${accountKey(normalizeContactValue(input.login).value)}`,
        LIMITS.registerPerLogin,
      ],
    ]);
    const playerId = await ctx.services.accounts.register(
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
    await startSession(ctx, playerId);
    return ctx.services.accounts.getInfo(playerId, ctx.locale);
  }),

  bindAccountMethod(authLogin, async (input, ctx) => {
    // Per address, per account and per known device; no hard lock of the account (ADR 009).
    const admission = await ctx.services.loginThrottle.admit({
      account: accountKey(normalizeContactValue(input.login).value),
      ip: ctx.ip,
      cookie: ctx.cookies.get(KNOWN_DEVICE_COOKIE),
    });
    const playerId = await ctx.services.accounts.login({
      login: input.login,
      password: input.password,
      code: input.code,
    });
    ctx.cookies.set(KNOWN_DEVICE_COOKIE, await ctx.services.loginThrottle.succeeded(admission), {
      maxAgeSeconds: KNOWN_DEVICE_MAX_AGE_SECONDS,
      httpOnly: true,
    });
    await startSession(ctx, playerId);
    return ctx.services.accounts.getInfo(playerId, ctx.locale);
  }),

  bindAccountMethod(authLogout, async (_input, ctx) => {
    await endSession(ctx);
    return 1 as const;
  }),

  bindAccountMethod(authRestore, async (input, ctx) => {
    if (input.kind === 'request') {
      await limitBy(ctx, [
        [`auth:restore:ip:${ctx.ip}`, LIMITS.restorePerIp],
        [`auth:restore:email:${accountKey(input.email)}`, LIMITS.restorePerEmail],
      ]);
      await ctx.services.accounts.requestPasswordReset(input.email);
      return 1 as const;
    }
    await limitBy(ctx, [[`auth:restore:ip:${ctx.ip}`, LIMITS.restorePerIp]]);
    await ctx.services.accounts.completePasswordReset(input.token, input.password);
    return 1 as const;
  }),
];
