import { describe, expect, test } from 'vitest';
import {
  addNonceToScripts,
  injectCustomCode,
  injectHeadScript,
  lowPriorityModulePreloads,
} from './html-inject.ts';

const HTML =
  '<!DOCTYPE html><html lang="en-US"><head><title>t</title></head><body class="x"><main>m</main></body></html>';

describe('injectCustomCode', () => {
  test('head, body start and body end (the default), enabled entries only', () => {
    const html = injectCustomCode(
      HTML,
      [
        { code: '<meta name="a" content="1">', position: 'head', isEnabled: true },
        { code: '<div id="start"></div>', position: 'bodyStart', isEnabled: true },
        { code: '<div id="end"></div>', position: 'bodyEnd', isEnabled: true },
        { code: '<div id="off"></div>', position: 'bodyEnd', isEnabled: false },
      ],
      'n0nce',
    );
    expect(html).toBe(
      '<!DOCTYPE html><html lang="en-US"><head><title>t</title><meta name="a" content="1"></head><body class="x"><div id="start"></div><main>m</main><div id="end"></div></body></html>',
    );
  });

  test('an unknown position counts as body end', () => {
    const entry = { code: '<i></i>', position: 'middle' as 'bodyEnd', isEnabled: true };
    expect(injectCustomCode(HTML, [entry], 'n')).toContain('<i></i></body>');
  });

  test('scripts get the nonce so the CSP lets operator code run', () => {
    const html = injectCustomCode(
      HTML,
      [{ code: '<script>go()</script>', position: 'bodyEnd', isEnabled: true }],
      'abc',
    );
    expect(html).toContain('<script nonce="abc">go()</script></body>');
  });
});

describe('addNonceToScripts', () => {
  test('every script tag without a nonce, in any case', () => {
    expect(addNonceToScripts('<script src="/a.js"></script><SCRIPT>b()</SCRIPT>', 'n')).toBe(
      '<script nonce="n" src="/a.js"></script><script nonce="n">b()</SCRIPT>',
    );
    expect(addNonceToScripts('<script nonce="own">x</script>', 'n')).toBe('<script nonce="own">x</script>');
    expect(addNonceToScripts('<noscript>x</noscript><scripts>', 'n')).toBe('<noscript>x</noscript><scripts>');
  });

  test('the nonce is escaped as an attribute', () => {
    expect(addNonceToScripts('<script>', '"><x')).toBe('<script nonce="&quot;&gt;&lt;x">');
  });
});

describe('injectHeadScript', () => {
  test('first in <head>, with the nonce', () => {
    expect(injectHeadScript(HTML, 'globalThis.x=1;', 'n0nce')).toBe(
      '<!DOCTYPE html><html lang="en-US"><head><script nonce="n0nce">globalThis.x=1;</script><title>t</title></head><body class="x"><main>m</main></body></html>',
    );
    expect(injectHeadScript('<p>no head</p>', 'x', 'n')).toBe('<p>no head</p>');
  });
});

describe('lowPriorityModulePreloads', () => {
  test('every modulepreload link, whatever its attribute order, and nothing else', () => {
    const head =
      '<head><link rel="modulepreload" href="/assets/entry.js" nonce="n"/>' +
      '<link href="/assets/shell.js" rel="modulepreload">' +
      '<link rel="stylesheet" href="/assets/app.css"/>' +
      '<link rel="preload" href="/assets/font.woff2" as="font"/></head>';
    expect(lowPriorityModulePreloads(head)).toBe(
      '<head><link rel="modulepreload" href="/assets/entry.js" nonce="n" fetchpriority="low"/>' +
        '<link href="/assets/shell.js" rel="modulepreload" fetchpriority="low">' +
        '<link rel="stylesheet" href="/assets/app.css"/>' +
        '<link rel="preload" href="/assets/font.woff2" as="font"/></head>',
    );
  });

  test('a link that already says its priority keeps it', () => {
    const html = '<link rel="modulepreload" fetchpriority="high" href="/assets/game.js"/>';
    expect(lowPriorityModulePreloads(html)).toBe(html);
  });
});
