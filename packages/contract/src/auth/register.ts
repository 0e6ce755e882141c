import { z } from 'zod';
import { accountInfo, checkboxParam, currencyCode } from '../account/common.ts';
import { defineMethod } from '../method.ts';
import { intParam } from '../params.ts';
import {
  birthDateField,
  loginField,
  newPasswordField,
  optional,
  promocodeField,
} from '../validation/fields.ts';
import { PROMO_CODE_MAX_LENGTH } from './promo-code.ts';

const promoCode = () =>
  optional(promocodeField()).refine(
    (value) => value === undefined || value.length <= PROMO_CODE_MAX_LENGTH,
    'maxLength',
  );

/** A loyalty character chosen at sign-up (auth config `showCharacterSelect`). */
const character = () => intParam().pipe(z.number().int().min(1).max(2_147_483_647)).optional();

/**
 * The form path. `login` is an email or a phone (the auth config's `loginType` says which one the
 * site takes; a phone's leading `+` is dropped). `currency` defaults to the site's default
 * currency. `terms` must be ticked when the auth config makes it active; `notify` subscribes the
 * login contact to news; `markBetting` is kept as chosen.
 */
export const formRegistration = z
  .object({
    is_tg: z.union([z.literal('0'), z.literal('false'), z.literal(false), z.literal(0)]).optional(),
    login: loginField('emailOrPhone'),
    password: newPasswordField(),
    currency: currencyCode.optional(),
    terms: checkboxParam(),
    notify: checkboxParam(),
    markBetting: checkboxParam(),
    promo_code: promoCode(),
    character: character(),
    /** When the form asks for it (dd.mm.yyyy or ISO): the server also checks the minimum age. */
    birth_date: optional(birthDateField()),
  })
  .strict();

/**
 * The messenger mini-app path (spec §7): `payload` is Telegram.WebApp.initData, verified with the
 * bot token; `id` must be its user's id and `hash` its hash. Signs the player up, or in if the
 * Telegram account is already linked.
 */
export const messengerRegistration = z
  .object({
    is_tg: z.union([z.literal('1'), z.literal('true'), z.literal(true), z.literal(1)]),
    id: intParam().pipe(z.number().int().min(1)),
    username: z.string().max(64).optional(),
    hash: z.string().regex(/^[0-9a-f]{64}$/, 'invalid_format'),
    language_code: z.string().max(16).optional(),
    payload: z.string().min(1).max(4096),
    promo_code: promoCode(),
  })
  .strict();

export const authRegister = defineMethod({
  name: 'auth.register',
  http: 'POST',
  access: 'guest',
  input: z.discriminatedUnion('is_tg', [formRegistration, messengerRegistration]),
  /** The new player's Account info; the session cookie is set. */
  output: accountInfo,
});
