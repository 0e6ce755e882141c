/**
 * Waiting for the app in a page or frame: the router has hydrated, and React has attached its
 * handlers to an element (hydration can finish after the router exists: a value typed or a click
 * before that would be lost).
 */
import type { Frame, Page } from 'playwright-core';

export async function hydrated(target: Page | Frame): Promise<void> {
  await target.waitForFunction(() => '__reactRouterDataRouter' in window);
}

export async function interactive(target: Page | Frame, testId: string): Promise<void> {
  await target.waitForFunction((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, testId);
}
