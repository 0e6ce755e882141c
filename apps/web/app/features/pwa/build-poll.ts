/**
 * New deploys (spec §7): the build writes `/build.json` (`{ "id": "…" }`) next to its assets and
 * compiles the same id into the client. The page polls the file every BUILD_POLL_INTERVAL_MS while
 * visible (and once when it becomes visible again after a longer absence); when the id differs,
 * `onNewBuild` runs once and polling stops. A failed poll (offline, deploy in progress) is ignored.
 */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
export const BUILD_FILE = '/build.json';

export interface BuildInfo {
  id: string;
}

export function parseBuildInfo(value: unknown): BuildInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= 100 ? { id } : null;
}

export interface BuildPollOptions {
  currentId: string;
  fetchBuild: () => Promise<BuildInfo | null>;
  onNewBuild: (latest: BuildInfo) => void;
  intervalMs?: number;
  /** Whether the page is visible now (document.visibilityState === 'visible'). */
  isVisible?: () => boolean;
  /** Subscribes to visibility changes; returns the unsubscribe. */
  onVisible?: (listener: () => void) => () => void;
  now?: () => number;
}

/** Starts polling; returns the stop function. */
export function startBuildPolling(options: BuildPollOptions): () => void {
  const intervalMs = options.intervalMs ?? BUILD_POLL_INTERVAL_MS;
  const isVisible = options.isVisible ?? (() => true);
  const now = options.now ?? Date.now;
  let stopped = false;
  let checking = false;
  let lastCheck = now();

  const check = async () => {
    if (stopped || checking || !isVisible()) return;
    checking = true;
    lastCheck = now();
    try {
      const latest = await options.fetchBuild().catch(() => null);
      if (!stopped && latest && latest.id !== options.currentId) {
        stop();
        options.onNewBuild(latest);
      }
    } finally {
      checking = false;
    }
  };

  const timer = setInterval(() => void check(), intervalMs);
  const unsubscribe = options.onVisible?.(() => {
    if (now() - lastCheck >= intervalMs) void check();
  });

  function stop() {
    stopped = true;
    clearInterval(timer);
    unsubscribe?.();
  }
  return stop;
}

/** The browser's fetch of the build file, never from a cache. */
export async function fetchBuildInfo(): Promise<BuildInfo | null> {
  const response = await fetch(BUILD_FILE, { cache: 'no-store', credentials: 'omit' });
  if (!response.ok) return null;
  return parseBuildInfo(await response.json());
}
