import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { accountInfo } from './common.ts';

/** Account info of spec §3; a guest gets `uid` 0 and zero balances in the default currency. */
export const accountGetInfo = defineMethod({
  name: 'account.getInfo',
  http: 'GET',
  access: 'guest',
  input: z.object({}).strict(),
  output: accountInfo,
});
