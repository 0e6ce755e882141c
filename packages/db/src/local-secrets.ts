/**
 * Secrets generated on first start and kept in `DATA_DIR/secrets.json` (mode 0600) for a single
 * node on the embedded database: the app's signing secrets (apps/server config.ts) and the embedded
 * PostgreSQL password (database.ts). One file, one writer at a time (boot is sequential).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export function localSecretsFile(dataDir: string): string {
  return path.resolve(dataDir, 'secrets.json');
}

/** What the file holds now (empty when it does not exist or cannot be read as JSON). */
export async function readLocalSecrets(dataDir: string): Promise<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(localSecretsFile(dataDir), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/**
 * The named secrets, generating (32 random bytes, base64url) and storing each one missing; the
 * file keeps every other entry as it was.
 */
export async function localSecrets<Name extends string>(
  dataDir: string,
  names: readonly Name[],
): Promise<Record<Name, string>> {
  const stored = await readLocalSecrets(dataDir);
  const missing = names.filter((name) => !stored[name]);
  if (missing.length > 0) {
    for (const name of missing) stored[name] = randomBytes(32).toString('base64url');
    const file = localSecretsFile(dataDir);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return Object.fromEntries(names.map((name) => [name, stored[name]!])) as Record<Name, string>;
}
