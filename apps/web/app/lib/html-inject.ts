/**
 * Injects the operator's enabled custom-code entries (spec §3, §4: head, body start or body end,
 * default end) into the server-rendered HTML. Operator code is trusted by design (ARCHITECTURE.md
 * §8: the one content that is not sanitised); its <script> tags get this response's CSP nonce so
 * the policy lets them run, while anything else injected into the page still cannot.
 */
import type { CustomCodeEntry } from '@croupier/contract/content/seo';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Adds `nonce="…"` to every `<script` opening tag that has none. */
export function addNonceToScripts(code: string, nonce: string): string {
  if (!nonce) return code;
  return code.replace(/<script\b(?![^>]*\snonce=)/gi, `<script nonce="${escapeAttribute(nonce)}"`);
}

type Position = CustomCodeEntry['position'];

export function injectCustomCode(
  html: string,
  entries: readonly Pick<CustomCodeEntry, 'code' | 'position' | 'isEnabled'>[],
  nonce: string,
): string {
  const byPosition: Record<Position, string[]> = { head: [], bodyStart: [], bodyEnd: [] };
  for (const entry of entries) {
    if (!entry.isEnabled || !entry.code) continue;
    const position: Position = entry.position in byPosition ? entry.position : 'bodyEnd';
    byPosition[position].push(addNonceToScripts(entry.code, nonce));
  }
  let result = html;
  if (byPosition.head.length > 0) {
    const at = result.indexOf('</head>');
    if (at !== -1) result = `${result.slice(0, at)}${byPosition.head.join('\n')}${result.slice(at)}`;
  }
  if (byPosition.bodyStart.length > 0) {
    const match = /<body\b[^>]*>/i.exec(result);
    if (match) {
      const at = match.index + match[0].length;
      result = `${result.slice(0, at)}${byPosition.bodyStart.join('\n')}${result.slice(at)}`;
    }
  }
  if (byPosition.bodyEnd.length > 0) {
    const at = result.lastIndexOf('</body>');
    if (at !== -1) result = `${result.slice(0, at)}${byPosition.bodyEnd.join('\n')}${result.slice(at)}`;
  }
  return result;
}

/**
 * Puts `script` (a trusted constant of ours, e.g. zod's CSP-safe config) first in `<head>` as a
 * classic inline script with this response's nonce: it runs before any module script of the page.
 */
export function injectHeadScript(html: string, script: string, nonce: string): string {
  const match = /<head\b[^>]*>/i.exec(html);
  if (!match) return html;
  const at = match.index + match[0].length;
  const tag = addNonceToScripts(`<script>${script}</script>`, nonce);
  return `${html.slice(0, at)}${tag}${html.slice(at)}`;
}

const MODULEPRELOAD_LINK = /<link\b(?=[^>]*\srel="modulepreload")(?![^>]*\sfetchpriority=)[^>]*?(\s*\/?>)/gi;

/**
 * Marks the page's modulepreload links (React Router's `<Scripts>`: the entry, the shell, the route
 * modules) `fetchpriority="low"` (ADR 060). Left at the browser's default (high, like the
 * stylesheet's neighbours), ~150 KB of JavaScript that paints nothing shares a slow link with what
 * the first paint needs (the stylesheet, the text font, the first image); at low priority the
 * browser fetches it as soon as those are on their way, and the module scripts still run in the
 * same order, from the same requests.
 */
export function lowPriorityModulePreloads(html: string): string {
  return html.replace(
    MODULEPRELOAD_LINK,
    (tag, end: string) => `${tag.slice(0, tag.length - end.length)} fetchpriority="low"${end}`,
  );
}
