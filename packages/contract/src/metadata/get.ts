import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { currencyInfo, localeInfo } from './get-general-info.ts';

/** Site metadata: API version, server time, locales and currencies. */
export const getMetadata = defineMethod({
  name: 'metadata.get',
  http: 'GET',
  access: 'guest',
  allowBlocked: true,
  input: z.object({}).strict(),
  output: z.object({
    api_version: z.string(),
    server_time: z.string(),
    locales: z.array(localeInfo),
    currencies: z.array(currencyInfo),
  }),
});
