/**
 * Why the server could not start, for the person who ran it: what is wrong and what to do, never
 * a bare `undefined` or a stack trace alone (server.ts prints it and exits 1).
 */
import { EmbeddedPostgresError } from '@croupier/db/database';
import { ConfigError } from './config.ts';

interface StartContext {
  port?: number | undefined;
  host?: string | undefined;
  databaseUrl?: string | undefined;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (error === undefined || error === null) return `an unknown error (${String(error)})`;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

export function describeStartFailure(error: unknown, context: StartContext = {}): string {
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresError) {
    return `Croupier could not start. ${error.message}`;
  }
  const code = codeOf(error);
  if (code === 'EADDRINUSE') {
    return `Croupier could not start: port ${context.port ?? '?'} on ${context.host ?? '?'} is already in use. Stop the program using it, or set PORT to another port.`;
  }
  if (code === 'EACCES' && context.port !== undefined) {
    return `Croupier could not start: no permission to listen on port ${context.port}. Use a port above 1023 (PORT), or run behind a reverse proxy.`;
  }
  if (context.databaseUrl && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT')) {
    return `Croupier could not start: the PostgreSQL at DATABASE_URL cannot be reached (${messageOf(error)}). Check that it runs and that DATABASE_URL names the right host and port.`;
  }
  if (context.databaseUrl && (code === '28P01' || code === '3D000')) {
    return `Croupier could not start: the PostgreSQL at DATABASE_URL refused the connection (${messageOf(error)}). Check the user, password and database name in DATABASE_URL.`;
  }
  return `Croupier could not start: ${messageOf(error)}. Fix the cause above and run the command again; the full error follows.`;
}
