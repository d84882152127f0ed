import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Matterhorn-demo-2026';
const OUTBOX = join(import.meta.dirname, '..', '.e2e-data', 'outbox');

/** The newest link emailed to `to`, read from the outbox the server writes without SMTP. */
export async function emailedLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
      const messages = await Promise.all(
        names.map(async (name) => JSON.parse(await readFile(join(OUTBOX, name), 'utf8')) as { to: string; link?: string }),
      );
      link = messages.filter((message) => message.to === to && message.link).at(-1)?.link;
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
