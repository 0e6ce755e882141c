import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { contactParam } from './common.ts';

/** Sends a 6-digit code to one of the player's unconfirmed contacts (email, or SMS for a phone). */
export const accountSendConfirmationToContact = defineMethod({
  name: 'account.sendconfirmationtocontact',
  http: 'POST',
  access: 'player',
  input: z.object({ contact: contactParam() }).strict(),
  output: okOutput,
});
