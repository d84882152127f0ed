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
