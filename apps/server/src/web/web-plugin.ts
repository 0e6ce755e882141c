/**
 * Mounts the SSR web app (React Router framework mode) in Fastify.
 * (Being written by the web-shell work: production build + development Vite middleware.)
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Dispatcher } from '../http/dispatcher.ts';
import type { Services } from '../services.ts';

export type WebMode = 'production' | 'development' | 'none';

export interface WebPluginOptions {
  mode: WebMode;
  config: Config;
  services: Services;
  dispatcher: Dispatcher;
}

export async function webPlugin(_app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  if (options.mode === 'none') return;
  throw new Error('web mounting is being written');
}
