/**
 * The host a request names (the Host header, a domain setting): parsed once, the same way by the
 * edge guard, the public origin and the content service's domain settings.
 */

/** Longest Host value accepted (253 for the name, a port, brackets of an IPv6 literal). */
export const MAX_HOST_CHARS = 262;

export interface ParsedHost {
  /** Lower-case host as sent, port included (`casino.example:8443`): what canonical URLs use. */
  host: string;
  /** Lower-case name without port or trailing dot (`casino.example`): what domain settings are keyed by. */
  hostname: string;
}

const HOST_PATTERN = /^(\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?\.?)(?::(\d{1,5}))?$/;

/** Validates a Host header value; null when it is not a plausible host. */
export function parseHost(input: string | null | undefined): ParsedHost | null {
  if (!input) return null;
  const host = input.trim().toLowerCase();
  if (host.length === 0 || host.length > MAX_HOST_CHARS) return null;
  const match = HOST_PATTERN.exec(host);
  if (!match) return null;
  const name = match[1] ?? '';
  if (name.includes('..')) return null;
  const port = match[2];
  if (port !== undefined && Number(port) > 65_535) return null;
  const hostname = name.endsWith('.') ? name.slice(0, -1) : name;
  return { host: port === undefined ? hostname : `${hostname}:${port}`, hostname };
}
