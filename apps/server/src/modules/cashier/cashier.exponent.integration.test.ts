/**
 * The amount sent to the payment provider carries the currency's ISO 4217 exponent from
 * packages/money, whatever the site's catalogue of offered currencies says at that moment. It used
 * to be read from the catalogue with a silent `?? 2`: a yen deposit made while JPY was offered and
 * sent after it was withdrawn from the catalogue (or a catalogue cache that missed it) went out as
 * "30.00" for ¥3000, 100× off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import { createCashierService } from './cashier.service.ts';
import { confirmedPlayer } from './cashier-test-client.ts';
import type { CreatePaymentInput, PaymentProvider } from './payment-provider.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => {
  await t?.close();
});

describe('amounts sent to the payment provider', () => {
  it('sends a JPY deposit in whole yen even when the catalogue no longer lists JPY', async () => {
    const sent: CreatePaymentInput[] = [];
    const provider: PaymentProvider = {
      createPayment: async (input) => {
        sent.push(input);
        return {
          id: `pay_jpy_${sent.length}`,
          status: 'pending',
          redirectUrl: 'https://provider.invalid/pay',
        };
      },
      createPayout: async () => ({ id: 'po_unused', status: 'processing' }),
      listBanks: async () => [],
    };
    const real = t.app.services.metadata;
    // The cashier's view of the catalogue lost JPY between the player's request and the call out.
    const withoutYen: MetadataService = {
      ...real,
      currencies: async () => (await real.currencies()).filter((currency) => currency.code !== 'JPY'),
    };
    const cashier = createCashierService(
      {
        db: t.database.db,
        config: t.config,
        log: t.app.log,
        now: () => new Date(),
        // A queue of its own (never started): this extra service's passes are never needed here.
        jobs: createJobQueue({ pool: t.database.pool, log: t.app.log }),
      },
      {
        wallet: t.app.services.wallet,
        accounts: t.app.services.accounts,
        cms: t.app.services.cms,
        metadata: withoutYen,
      },
      {
        provider,
        psp: {
          baseUrl: 'http://provider.invalid',
          apiKey: 'k'.repeat(16),
          webhookSecret: 'whsec_exponent_test',
        },
      },
    );
    const { uid } = await confirmedPlayer(t, 'JPY');
    await cashier.makeDeposit(BigInt(uid), { method: 'card', amount: '3000', campaign_offer_id: -1 }, 'en');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: '3000', currency: 'JPY' });
  });
});
