import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Frame, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';

export { expect };

/**
 * axe-core impacts that fail a journey: any. Issue 40 asked for zero violations of WCAG 2.2 AA of
 * any impact; issue 64 for the same of axe's best-practice rules (a page's landmarks and heading
 * levels), on every page and open modal a journey meets.
 */
const FAILING_IMPACTS = new Set(['minor', 'moderate', 'serious', 'critical']);
/** Lets a page finish loading and its transitions end before it is checked. */
const SETTLE_MS = 700;

type Finding = { url: string; rule: string; impact: string; help: string; targets: string[] };

async function findingsOn(page: Page): Promise<Finding[] | null> {
  try {
    const url = page.url();
    // Legacy mode runs axe in the page itself (same-origin frames included); the default opens a
    // blank page per check to merge cross-origin frames' results, which this app has none of.
    // Only violations are detailed: the passes' details cost time and are never read.
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    if (page.url() !== url) return null; // the page moved on under the check
    return results.violations
      .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
      .map((violation) => ({
        url: new URL(url).pathname,
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  } catch {
    return null; // the page navigated or closed during the check
  }
}

/**
 * Success and information toasts: top-right for 5 seconds (SPEC.md §2), where they cover a page's
 * own buttons (Edit, Delete) just after a save. A journey clicks them away, as a user would, instead
 * of waiting for them to go; the pointer then leaves the corner, since a toast under it stays open.
 */
export const passingToasts = (page: Page) => page.locator('[data-toast-type="success"], [data-toast-type="information"]');

/** Where the page keeps the text of every toast it has shown on this visit (see `toastsClickedAway`). */
const TOASTS_SHOWN = '__journeyToastsShown';

/**
 * Waits until the toast reading `text` has been shown on this visit and is gone again (clicked away
 * by the toast handler, or closed by itself), so a journey touches the page only after it, as a
 * user does. The first toast of a visit waits for its host to load, so it can arrive after the page
 * it was meant for is on screen: a check that no toast shows would pass before it came. This asks
 * the page whether it was shown instead, so it also returns at once when it came and went already.
 */
export async function toastShownAndGone(page: Page, text: string) {
  await expect
    .poll(() => page.evaluate((key) => (window as unknown as Record<string, string[] | undefined>)[key] ?? [], TOASTS_SHOWN), {
      message: `the toast "${text}" is shown`,
    })
    .toContainEqual(expect.stringContaining(text));
  await expect(page.locator('[data-toast-type]').filter({ hasText: text })).toHaveCount(0);
}

/**
 * Opens the dropdown `field` in `scope`, searches and picks `option` (the list lives in a portal),
 * the first of several matches when `firstOfMany`. It waits for the success toasts to go first; a
 * save's toast can still arrive a moment later (the first toast of a visit loads its host). The toast
 * handler closes it with a click event on the toast, which moves no focus, so the open list stays
 * open; should a list close all the same, a user would open it again: so does this.
 */
export async function choose(
  page: Page,
  scope: Locator | Page,
  field: string,
  search: string,
  option: string | RegExp,
  { firstOfMany = false } = {},
) {
  await expect(passingToasts(page)).toHaveCount(0);
  const combobox = scope.getByRole('combobox', { name: field, exact: true });
  await expect(async () => {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click({ timeout: 5_000 });
    await page.locator('input[placeholder="Search"]:visible').fill(search, { timeout: 5_000 });
    const options = page.getByRole('option', { name: option });
    await (firstOfMany ? options.first() : options).click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

export const test = base.extend<{ accessibilityChecks: void; toastsClickedAway: void }>({
  toastsClickedAway: [
    async ({ page }, use) => {
      // Each document keeps the text of the toasts it shows, as they appear (toastShownAndGone).
      await page.addInitScript((key) => {
        const shown: string[] = [];
        const seen = new WeakSet<Element>();
        (window as unknown as Record<string, string[]>)[key] = shown;
        new MutationObserver((mutations) => {
          for (const mutation of mutations)
            for (const node of Array.from(mutation.addedNodes)) {
              if (!(node instanceof Element)) continue;
              const toasts = Array.from(node.querySelectorAll('[data-toast-type]'));
              if (node.matches('[data-toast-type]')) toasts.unshift(node);
              for (const toast of toasts)
                if (!seen.has(toast)) {
                  seen.add(toast);
                  shown.push(toast.textContent ?? '');
                }
            }
        }).observe(document, { childList: true, subtree: true });
      }, TOASTS_SHOWN);
      const toasts = passingToasts(page);
      await page.addLocatorHandler(toasts.first(), async () => {
        // A click event on the toast itself (it closes on click), not a pointer press: a press
        // outside an open dropdown closes it, and a save's toast can arrive while the next list is
        // open (the first toast of a visit waits for its host to load).
        for (let index = (await toasts.count()) - 1; index >= 0; index -= 1)
          await toasts
            .nth(index)
            .dispatchEvent('click', undefined, { timeout: 2_000 })
            .catch(() => undefined); // already closing
        await page.mouse.move(0, 0);
      });
      await use();
    },
    { auto: true },
  ],

  /**
   * Every journey checks each page it visits with axe-core, a short while after arriving (and once
   * more at its end), and fails on any WCAG 2.2 AA finding (and any serious or critical other one).
   * A finding counts only when a second check moments later sees it too, so a half-finished
   * transition is not taken for a fault.
   */
  accessibilityChecks: [
    async ({ page }, use) => {
      const findings = new Map<string, Finding>();
      const checkedPaths = new Set<string>();
      let checks = Promise.resolve();
      const checkSoon = (force = false) => {
        // Once per page and journey: the checks share two cores with the journey itself.
        const path = new URL(page.url()).pathname;
        if (checkedPaths.has(path) && !force) return;
        checkedPaths.add(path);
        checks = checks.then(async () => {
          await page.waitForTimeout(SETTLE_MS).catch(() => undefined);
          const first = await findingsOn(page);
          if (!first || first.length === 0) return;
          await page.waitForTimeout(SETTLE_MS).catch(() => undefined);
          const second = await findingsOn(page);
          if (!second) return;
          const key = (finding: Finding) => `${finding.url} ${finding.rule} ${finding.targets.join(',')}`;
          const confirmed = new Set(second.map(key));
          for (const finding of first) if (confirmed.has(key(finding))) findings.set(key(finding), finding);
        });
      };
      const onNavigated = (frame: Frame) => {
        if (frame === page.mainFrame() && frame.url().startsWith('http')) checkSoon();
      };
      page.on('framenavigated', onNavigated);
      await use();
      page.off('framenavigated', onNavigated);
      if (!page.isClosed() && page.url().startsWith('http')) checkSoon(true);
      await checks;
      const report = [...findings.values()].map(
        (finding) => `${finding.url}: ${finding.impact} ${finding.rule} (${finding.help}) at ${finding.targets.join(' | ')}`,
      );
      expect(report, 'axe-core finds no violation, WCAG 2.2 AA or best practice, of any impact, on the pages visited').toEqual([]);
    },
    // Its own time limit: the last checks must not eat into the journey's.
    { auto: true, timeout: 60_000 },
  ],
});

export const DEMO_PASSWORD = 'Matterhorn-demo-2026';
const OUTBOX = join(E2E_DATA_DIR, 'outbox');

/**
 * The newest link emailed to `to`, read from the outbox the server writes without SMTP; `matching`
 * picks one kind of link when other journeys may email the same address.
 */
export async function emailedLink(to: string, matching?: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
      const messages = await Promise.all(
        names.map(async (name) => JSON.parse(await readFile(join(OUTBOX, name), 'utf8')) as { to: string; link?: string }),
      );
      link = messages.filter((message) => message.to === to && message.link && (!matching || matching.test(message.link))).at(-1)?.link;
      return link;
    })
    .toBeTruthy();
  return link!;
}

export async function signInAsFirmUser(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.example`;

/** ISO → DD/MM/YYYY, as the app's date fields show and take dates. */
export const displayDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Calls the API as the firm user signed in on `page` (the token the app keeps in local storage),
 * for a journey's set-up; answers the envelope's data and fails the test on any error.
 */
export async function firmApi<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token, 'a firm user is signed in').toBeTruthy();
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(method === 'GET' ? {} : { data: body ?? {} }),
  });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * The demo firm's invoice settings as the invoice journeys use them (VAT 7.5% on everything, approval
 * required). Journeys that issue invoices set exactly these, so journeys running side by side never
 * change each other's rules mid-run.
 */
export const JOURNEY_INVOICE_SETTINGS = {
  invoiceNumberPrefix: 'INV-',
  paymentTermsDays: 30,
  taxName: 'VAT',
  taxPercent: '7.5',
  taxAppliesTo: 'both',
  invoiceApprovalRequired: true,
  billOfChargesClock: true,
  defaultPaymentInstructions: 'Pay to GTBank 0123456789',
  // The firm's invoice appearance (issue 40): its colour and footer on the PDF, the public page and the email.
  invoiceAccentColour: '#1F4E79',
  invoiceFooter: 'Regulated by the Nigerian Bar Association. Thank you for your instructions.',
} as const;

/**
 * The firm (signed in on `firmPage`) bills a client's matter a flat fee and sends the invoice, as
 * the portal's payment journeys need one of their own; answers the invoice number and today's date.
 */
export async function sendJourneyInvoice(firmPage: Page, clientId: string, matterId: string) {
  await firmApi(firmPage, 'PUT', '/admin/invoice/update-invoice-settings', JOURNEY_INVOICE_SETTINGS);
  const [profile] = await firmApi<{ id: string }[]>(firmPage, 'GET', '/users/get-user-profile');
  const today = await firmPage.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const fee = await firmApi<{ id: string }>(firmPage, 'POST', '/admin/expense-flat-fees-info/create-flat-fee', {
    clientId,
    matterId,
    userId: profile!.id,
    flatFeeDate: today,
    description: `Letter before action ${Date.now()}`,
    amount: '20000.00',
  });
  const draft = await firmApi<{ id: string }>(firmPage, 'POST', '/admin/invoice/create-invoice', { clientId, flatFeeIds: [fee.id] });
  await firmApi(firmPage, 'POST', `/admin/invoice/submit-for-approval/${draft.id}`, {});
  await firmApi(firmPage, 'POST', `/admin/invoice/approve-invoice/${draft.id}`, {});
  const invoice = await firmApi<{ invoiceNumber: string }>(firmPage, 'POST', `/admin/invoice/send-invoice/${draft.id}`, {});
  return { invoiceNumber: invoice.invoiceNumber, today };
}

/** The header timer widget: its clock and buttons. */
export function headerTimer(page: Page) {
  const widget = page.getByRole('group', { name: 'Timer' });
  const clock = widget.getByRole('timer');
  return {
    clock,
    button: (name: 'Start Timer' | 'Pause' | 'Stop' | 'Continue') => widget.getByRole('button', { name, exact: true }),
    /** The clock's hh:mm:ss (or d.hh:mm:ss) in seconds. */
    seconds: async () => {
      const match = /^(?:(\d+)\.)?(\d+):(\d{2}):(\d{2})$/.exec((await clock.textContent())?.trim() ?? '');
      if (!match) return Number.NaN;
      const [, days = '0', hours, minutes, seconds] = match;
      return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(seconds);
    },
  };
}

/** The server holds the timer; a journey starts from an idle one whatever an earlier run left. */
export async function resetTimer(page: Page) {
  await firmApi(page, 'POST', '/admin/time-entry-log/delete-time-entry-logs');
  await page.reload();
  await expect(headerTimer(page).button('Start Timer')).toBeVisible();
}
