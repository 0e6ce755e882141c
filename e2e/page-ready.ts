/**
 * Waiting for the app in a page or frame: React has finished hydrating the document (the root marks
 * it `data-hydrated`; the router's global appears earlier, and a click in between is lost), and
 * React has attached its handlers to one element.
 */
import type { Frame, Page } from 'playwright-core';

export async function hydrated(target: Page | Frame): Promise<void> {
  await target.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

export async function interactive(target: Page | Frame, testId: string): Promise<void> {
  await target.waitForFunction((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, testId);
}

/**
 * A page as a player sees it, for a screenshot: the web fonts loaded and every image that is
 * loading decoded (eager ones, and lazy ones in the viewport). Lazy images below the fold never
 * start without a scroll, so they are not waited for. Waiting for the network to go quiet instead
 * (`networkidle`) cost half a second to a second more per page: it waits 500 ms after the last
 * request, and the shell's late calls (support settings, push) kept it waiting.
 */
export async function painted(target: Page | Frame): Promise<void> {
  await target.evaluate(async () => {
    await document.fonts.ready;
    const inView = (image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    };
    const waiting = [...document.images].filter(
      (image) => !image.complete && (image.loading !== 'lazy' || inView(image)),
    );
    await Promise.all(waiting.map((image) => image.decode().catch(() => undefined)));
  });
}
