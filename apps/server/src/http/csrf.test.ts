import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './csrf.ts';

describe('isCrossSiteRequest', () => {
  it('trusts Fetch Metadata first', () => {
    expect(isCrossSiteRequest({ secFetchSite: 'same-origin' }, undefined)).toBe(false);
    expect(isCrossSiteRequest({ secFetchSite: 'none' }, undefined)).toBe(false);
    expect(
      isCrossSiteRequest(
        { secFetchSite: 'cross-site', origin: 'http://localhost:3000', host: 'localhost:3000' },
        undefined,
      ),
    ).toBe(true);
    expect(isCrossSiteRequest({ secFetchSite: 'same-site' }, undefined)).toBe(true);
  });

  it('falls back to Origin against PUBLIC_URL or Host', () => {
    expect(
      isCrossSiteRequest({ origin: 'https://croupier.example', host: 'x' }, 'https://croupier.example'),
    ).toBe(false);
    expect(isCrossSiteRequest({ origin: 'https://evil.example' }, 'https://croupier.example')).toBe(true);
    expect(isCrossSiteRequest({ origin: 'http://localhost:3000', host: 'localhost:3000' }, undefined)).toBe(
      false,
    );
    expect(isCrossSiteRequest({ origin: 'http://localhost:3001', host: 'localhost:3000' }, undefined)).toBe(
      true,
    );
    expect(isCrossSiteRequest({ origin: 'null', host: 'localhost:3000' }, undefined)).toBe(true);
    expect(isCrossSiteRequest({ origin: 'not a url', host: 'localhost:3000' }, undefined)).toBe(true);
  });

  it('compares the whole origin: the scheme counts', () => {
    expect(isCrossSiteRequest({ origin: 'http://casino.example' }, 'https://casino.example')).toBe(true);
    expect(isCrossSiteRequest({ origin: 'https://casino.example:8443' }, 'https://casino.example')).toBe(
      true,
    );
    expect(isCrossSiteRequest({ origin: 'https://CASINO.example' }, 'https://casino.example/')).toBe(false);
    expect(
      isCrossSiteRequest(
        { origin: 'http://casino.example', host: 'casino.example', protocol: 'https' },
        undefined,
      ),
    ).toBe(true);
    expect(
      isCrossSiteRequest(
        { origin: 'https://casino.example', host: 'casino.example', protocol: 'https' },
        undefined,
      ),
    ).toBe(false);
    // Behind a TLS proxy without TRUST_PROXY the request looks http: an https page still passes.
    expect(
      isCrossSiteRequest(
        { origin: 'https://casino.example', host: 'casino.example', protocol: 'http' },
        undefined,
      ),
    ).toBe(false);
  });

  it('lets non-browser clients without either header through', () => {
    expect(isCrossSiteRequest({ host: 'localhost:3000' }, undefined)).toBe(false);
  });
});
