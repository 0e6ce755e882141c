/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 * the client build (ADR 040) of 256 bytes or more (ADR 041: the small shared chunks every page
 * loads save a third too), so the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing each response. A copy that would not be smaller is not written.
 *
 * Usage (after `react-router build`): node scripts/precompress.ts [build/client]
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 256;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../build/client', import.meta.url)));
let count = 0;
let raw = 0;
let brotli = 0;
let gzip = 0;
for await (const file of files(root)) {
  if (!TEXT.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  count += 1;
  raw += content.length;
  brotli += Math.min(br.length, content.length);
  gzip += Math.min(gz.length, content.length);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `precompressed ${count} files in ${path.relative(process.cwd(), root) || '.'}: ${kb(raw)} raw, ${kb(brotli)} brotli, ${kb(gzip)} gzip`,
);
