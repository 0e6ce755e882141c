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
