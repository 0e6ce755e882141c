import { describe, expect, test } from 'vitest';
import { billingRedirectTarget } from './billing-redirect.ts';

const METHODS = ['card', 'bank_transfer'];

describe('/cashier/billing (spec §2)', () => {
  test('goes to the deposit index', () => {
    expect(billingRedirectTarget('/cashier/billing', '', METHODS)).toBe('/cashier/deposit');
    expect(billingRedirectTarget('/fr/cashier/billing', '', METHODS)).toBe('/fr/cashier/deposit');
  });

  test('keeps the query', () => {
    expect(billingRedirectTarget('/cashier/billing', '?amount=50', METHODS)).toBe(
      '/cashier/deposit?amount=50',
    );
  });

  test('unless the path is a deposit method page', () => {
    expect(billingRedirectTarget('/cashier/billing/card', '', METHODS)).toBe('/cashier/deposit/card');
    expect(billingRedirectTarget('/fr/cashier/billing/bank_transfer', '', METHODS)).toBe(
      '/fr/cashier/deposit/bank_transfer',
    );
    expect(billingRedirectTarget('/cashier/billing/deposit/card', '', METHODS)).toBe('/cashier/deposit/card');
  });

  test('an unknown method or a deeper path is the deposit index', () => {
    expect(billingRedirectTarget('/cashier/billing/bitcoin', '', METHODS)).toBe('/cashier/deposit');
    expect(billingRedirectTarget('/cashier/billing/card/extra', '', METHODS)).toBe('/cashier/deposit');
    expect(billingRedirectTarget('/cashier/billing/withdraw/card', '', METHODS)).toBe('/cashier/deposit');
  });
});
