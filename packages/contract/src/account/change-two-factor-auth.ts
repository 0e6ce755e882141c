import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { flagParam } from '../params.ts';
import { optional, twoFactorCodeField } from '../validation/fields.ts';

/**
 * `enable=1` starts two-factor set-up: a new TOTP secret with its otpauth URI and QR code, active
 * once `account.confirmTwoFactorAuth` gets a valid code. `enable=0` turns it off and needs `code`.
 */
export const accountChangeTwoFactorAuth = defineMethod({
  name: 'account.changeTwoFactorAuth',
  http: 'POST',
  access: 'player',
  input: z.object({ enable: flagParam(), code: optional(twoFactorCodeField()) }).strict(),
  output: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('pending'),
      /** Base32, for typing into an authenticator app by hand. */
      secret: z.string(),
      otpauth_url: z.string(),
      /** `data:image/svg+xml;base64,…` of the otpauth URI. */
      qr_code: z.string(),
    }),
    z.object({ status: z.literal('disabled') }),
  ]),
});
