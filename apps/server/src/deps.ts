/** What every service may depend on; built once at boot in app.ts. */
import type { Db } from '@croupier/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { RateLimiter } from './lib/rate-limit.ts';

export interface Deps {
  config: Config;
  db: Db;
  rateLimiter: RateLimiter;
  /** Background work (ADR 015): define tasks and recurring passes at construction, enqueue any time. */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Injectable clock so tests can move time. */
  now: () => Date;
}
