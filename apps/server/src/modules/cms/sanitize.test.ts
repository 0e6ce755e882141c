import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './sanitize.ts';

describe('sanitizeContentHtml', () => {
  it('keeps the content structure', () => {
    const html =
      '<h2>Title</h2><p>Text with <strong>bold</strong> and <em>italics</em>.</p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
      '<blockquote>Quote</blockquote><table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>';
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  it('drops scripts with their content, styles and iframes', () => {
    expect(sanitizeContentHtml('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
    expect(sanitizeContentHtml('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeContentHtml('<iframe src="https://evil.example"></iframe>')).toBe('');
    expect(sanitizeContentHtml('<svg><script>alert(1)</script></svg>')).toBe('');
  });

  it('drops event handlers and style attributes', () => {
    expect(sanitizeContentHtml('<img src="/a.png" onerror="alert(1)">')).toBe('<img src="/a.png" />');
    expect(sanitizeContentHtml('<img src=x onerror=alert(1)>')).not.toContain('onerror');
    expect(sanitizeContentHtml('<p onclick="x()" style="color:red">t</p>')).toBe('<p>t</p>');
  });

  it('removes javascript: and other unsafe links but keeps the text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,hi',
      '//evil.example',
      '/\\evil.example',
      'vbscript:x',
    ]) {
      const out = sanitizeContentHtml(`<a href="${href}">link</a>`);
      expect(out, href).toBe('<a rel="noopener">link</a>');
    }
  });

  it('keeps http, https and relative links with rel=noopener', () => {
    expect(sanitizeContentHtml('<a href="/about" target="_blank" rel="opener">About</a>')).toBe(
      '<a rel="noopener" href="/about">About</a>',
    );
    expect(sanitizeContentHtml('<a href="https://example.org/x?a=1&b=2">x</a>')).toBe(
      '<a rel="noopener" href="https://example.org/x?a=1&amp;b=2">x</a>',
    );
  });

  it('keeps only http(s) and relative image sources', () => {
    expect(sanitizeContentHtml('<img src="https://cdn.example/a.png" alt="A">')).toBe(
      '<img alt="A" src="https://cdn.example/a.png" />',
    );
    expect(sanitizeContentHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeContentHtml('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeContentHtml('<img src="//evil.example/a.png">')).toBe('');
  });
});
