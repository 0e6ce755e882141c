import { describe, expect, test } from 'vitest';
import { agentSession, FRAUD_CHECK_DELAY_MS, hitUrl } from './tracking-beacons.ts';

describe('hitUrl (spec §2, §7)', () => {
  test('carries the advertising parameters, the referring page and the fraud session', () => {
    const url = hitUrl(
      '?track_id=cmp1&publisher_id=p9&link_id=l2&show_popup_reg=1',
      'https://aff.example/list',
      'sbx_0123456789abcdef',
    );
    const query = new URLSearchParams(url?.split('?')[1]);
    expect(url?.startsWith('/hit?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      track_id: 'cmp1',
      publisher_id: 'p9',
      link_id: 'l2',
      referer: 'https://aff.example/list',
      session: 'sbx_0123456789abcdef',
    });
  });

  test('keeps a td_ track id whole on the wire (the server rewrites it)', () => {
    expect(hitUrl('?track_id=td_net7', '', null)).toBe('/hit?track_id=td_net7');
  });

  test('sends nothing without valid parameters; drops a useless referrer or session', () => {
    expect(hitUrl('?promo_code=X', '', null)).toBeNull();
    expect(hitUrl('?track_id=%3Cx%3E', '', null)).toBeNull();
    expect(hitUrl('?track_id=a', 'android-app://com.x', '<bad>')).toBe('/hit?track_id=a');
  });
});

describe('the fingerprint agent', () => {
  test('its session must look like one', () => {
    expect(agentSession({ croupierFraudAgent: { getSession: () => 'sbx_0123456789' } })).toBe(
      'sbx_0123456789',
    );
    expect(agentSession({ croupierFraudAgent: { getSession: () => '<script>' } })).toBeNull();
    expect(
      agentSession({
        croupierFraudAgent: {
          getSession: () => {
            throw new Error('broken');
          },
        },
      }),
    ).toBeNull();
    expect(agentSession({})).toBeNull();
  });

  test('the fraud-check hit waits 3000 ms (spec §9)', () => {
    expect(FRAUD_CHECK_DELAY_MS).toBe(3000);
  });
});
