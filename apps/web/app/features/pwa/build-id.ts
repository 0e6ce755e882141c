/** The id of the build this page runs (vite.config.ts defines it; `dev` where nothing does, e.g. unit tests). */
declare const __CROUPIER_BUILD_ID__: string | undefined;

export const CURRENT_BUILD_ID: string =
  typeof __CROUPIER_BUILD_ID__ === 'string' ? __CROUPIER_BUILD_ID__ : 'dev';
