/**
 * What several browser journeys share: waiting for a condition, the in-house game's frame, the
 * sandbox payment page, signing an adult up and depositing, and axe-core. Each journey keeps its own
 * words and its own site.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import { hydrated, interactive } from './page-ready.ts';

/** The sandbox provider's card that always succeeds. */
export const SUCCESS_CARD = '4242 4242 4242 4242';

/** Polls `probe` every 250 ms until it gives a value (not `undefined`). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The game frame once it reached the game server's page for `game`, hydrated. */
export async function gameServerFrame(page: Page, game: string): Promise<Frame> {
  const pattern = new RegExp(`/rgs/play/${game}\\?session=[^&]+`);
  return until(
    `the frame of ${game}`,
    async () => {
      const frame = page.frames().find((candidate) => pattern.test(candidate.url()));
      if (!frame) return undefined;
      await hydrated(frame);
      await interactive(frame, 'rgs-play');
      return frame;
    },
    30_000,
  );
}

/** On the sandbox provider's hosted payment page: pays with the card that succeeds. */
export async function payWithSuccessCard(page: Page): Promise<void> {
  await page.waitForURL(/\/sandbox\/psp\/pay\//);
  await page.getByLabel('Card number').fill(SUCCESS_CARD);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Jane Player');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The password of the players the journeys sign up. */
export const JOURNEY_PASSWORD = 'Secret-123';

/** Calls a player API method from the page's browser context (its cookies), expecting success. */
export async function callApi<T>(
  page: Page,
  baseUrl: string,
  method: string,
  form?: Record<string, string>,
  lang: 'en' | 'fr' = 'en',
): Promise<T> {
  const url = `${baseUrl}/api/${method}?v=2.34&locale=${lang}`;
  const response =
    form === undefined
      ? await page.context().request.get(url)
      : await page.context().request.post(url, { form, headers: { origin: baseUrl } });
  const body = (await response.json()) as { status: number; data: T; error?: unknown };
  if (body.status !== 1) throw new Error(`${method} failed: ${JSON.stringify(body.error)}`);
  return body.data;
}

/**
 * Signs an adult up through the API in the page's context (its session cookie), then skips the
 * limit prompt before the first deposit (ADR 029; component tests cover the prompt itself).
 */
export async function registerAdult(
  page: Page,
  baseUrl: string,
  email: string,
  extra: Record<string, string> = {},
): Promise<void> {
  await callApi(page, baseUrl, 'auth.register', {
    login: email,
    password: JOURNEY_PASSWORD,
    terms: '1',
    birth_date: '01.01.1990',
    ...extra,
  });
  await callApi(page, baseUrl, 'responsibleGaming.answerLimitPrompt', { answer: 'skipped' });
}

/** Fills `amount` (whole units) in the cashier's deposit form and submits it (to the provider's page). */
export async function submitDeposit(
  page: Page,
  site: { goto(page: Page, pathname: string): Promise<void> },
  prefix: string,
  amount: number,
): Promise<void> {
  await site.goto(page, `${prefix}/cashier/deposit`);
  await page.getByTestId('deposit-form').waitFor();
  await interactive(page, 'amount-input');
  await page.getByTestId('amount-input').fill(String(amount));
  await page
    .getByTestId('deposit-submit')
    .filter({ hasText: new RegExp(`${amount}[.,]00`) })
    .waitFor();
  await page.getByTestId('deposit-submit').click();
}

/** Deposits `amount` (whole units) on the cashier page with the sandbox card, to the success page. */
export async function depositWithSuccessCard(
  page: Page,
  site: { baseUrl: string; goto(page: Page, pathname: string): Promise<void> },
  prefix: string,
  amount: number,
): Promise<void> {
  await submitDeposit(page, site, prefix, amount);
  await payWithSuccessCard(page);
  await page.waitForURL(new RegExp(`^${site.baseUrl}${prefix}/cashier/paysuccess/\\d+$`));
  // The provider's webhook credits the deposit a moment after its page sent the player back.
  await until('the deposit credited', async () => {
    const balances = await callApi<{ balance_main: { amount: string } }>(
      page,
      site.baseUrl,
      'account.getBalance',
    );
    return Number.parseFloat(balances.balance_main.amount) >= amount ? true : undefined;
  });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * axe-core in a page or frame: every WCAG 2.x A/AA and best-practice rule, and the experimental
 * ones (label-in-name among them). Returns the serious and critical findings, and any finding of
 * the two rules issues named whatever its impact (unique landmarks, label in name). The context
 * must bypass the page's CSP: axe-core goes in as an inline script.
 */
export async function axeProblems(target: Page | Frame): Promise<AxeFinding[]> {
  await target.addScriptTag({ content: AXE_SOURCE });
  const findings = await target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      iframes: false,
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'],
      },
    })) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return findings.filter(
    (finding) =>
      finding.impact === 'serious' ||
      finding.impact === 'critical' ||
      finding.id === 'landmark-unique' ||
      finding.id === 'label-content-name-mismatch',
  );
}
