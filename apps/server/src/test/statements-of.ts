/**
 * The statement texts a piece of work sends to PostgreSQL: only those of its own asynchronous
 * context, so the background jobs running meanwhile (wager consumers, the job runner's polls) are
 * not counted. For tests that pin how many round trips a path takes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const context = new AsyncLocalStorage<true>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (context.getStore()) {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await context.run(true, work), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}
