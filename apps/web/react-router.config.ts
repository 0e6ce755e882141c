import type { Config } from '@react-router/dev/config';

/**
 * Server rendering for every page (SEO first, ARCHITECTURE.md §6). The build is mounted in the
 * Fastify server (apps/server/src/web/web-plugin.ts), not served by react-router-serve.
 */
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
} satisfies Config;
