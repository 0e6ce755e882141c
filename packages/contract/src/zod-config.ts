/**
 * Zod's global configuration, CSP-safe (docs/decisions/010-http-edge.md): `jitless` stops zod from
 * compiling object parsers with `new Function` — and from probing whether it may, a probe a strict
 * Content Security Policy (no 'unsafe-eval') reports as a violation on every page even though zod
 * catches the error.
 *
 * Zod reads the flag when a schema is *created* (module evaluation), so it must be set before the
 * first schema module runs:
 * - server and SSR: importing this module (the contract's `method.ts` and `params.ts` do, and so
 *   does the web's server entry) calls `z.config`;
 * - browser: module evaluation order across chunks is the bundler's, so the server puts
 *   `ZOD_CONFIG_SCRIPT` (a classic inline script, with the page's CSP nonce) at the top of
 *   `<head>`: it runs before any module script, and zod adopts `globalThis.__zod_globalConfig`.
 */
import { z } from 'zod';

export const ZOD_CONFIG = { jitless: true } as const;

/** Sets the same flags on zod's global config object before zod itself loads. */
export const ZOD_CONFIG_SCRIPT = `globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},${JSON.stringify(ZOD_CONFIG)});`;

z.config(ZOD_CONFIG);
