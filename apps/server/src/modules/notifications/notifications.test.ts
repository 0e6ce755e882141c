import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMailbox } from './notifications.routes.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './notifications.service.ts';

describe('outbox back-off', () => {
  it('doubles from 30 s and stays bounded', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeLessThanOrEqual(3_600_000);
    expect(retryDelayMs(100)).toBe(3_600_000);
  });
});

describe('mailbox page', () => {
  it('escapes everything it shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = renderMailbox(
      [
        {
          id: '1',
          channel: 'email',
          to: '<x@y.z>',
          subject: '<img src=x onerror=alert(1)>',
          text: '</pre><script>1</script>',
          link: 'data:text/html,<script>',
          code: '123456',
          status: 'sent',
          attempts: 1,
          transport: 'mailbox',
          created_at: '2030-01-01T00:00:00.000Z',
        },
      ],
      '<q>',
    );
    expect(html).not.toMatch(/<img|<script|href="data:/);
    expect(html).toContain('123456');
  });
});
