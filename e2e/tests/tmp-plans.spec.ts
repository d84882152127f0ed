import { expect, test } from './support.ts';
import { firstVisit, signedInAsAdmin } from './page-budgets.ts';
test('tmp plans', async ({ browser, page }) => {
  const signedIn = await signedInAsAdmin(page);
  const visit = await firstVisit(browser, '/settings/plans-&-subscriptions/select-plan', signedIn);
  console.log('BUDGET', (visit.scriptBytes / 1024).toFixed(1));
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ ...signedIn, viewport: { width, height: 900 } });
    const p = await context.newPage();
    await p.goto('/settings/plans-&-subscriptions/select-plan');
    await expect(p.getByRole('list', { name: 'Plans' })).toBeVisible();
    await p.getByRole('button', { name: 'Choose Standard' }).click();
    await expect(p.getByRole('status')).toBeVisible();
    await p.screenshot({ path: `/tmp/plans-${width}.png`, fullPage: true });
    await context.close();
  }
});
