import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { chatSettings } from './chat-settings.ts';

/** The live chat the site loads (spec §7 support.getsettings); public, guests see it too. */
export const supportGetSettings = defineMethod({
  name: 'support.getsettings',
  http: 'GET',
  access: 'guest',
  input: z.object({}).strict(),
  output: chatSettings,
});
