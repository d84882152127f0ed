import { firmApi, test } from './support.ts';
import { firstVisits, signedInAsAdmin } from './page-budgets.ts';

// Its own file: the progress-update and calendar pages' budgets, apart from first-contact-and-load's.
test('JavaScript budgets of a first visit to the progress update, court update and court calendar pages', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const signedIn = await signedInAsAdmin(page);
  // The demo firm's first progress note (and its matter) and first court update.
  const firstOf = async (path: string) =>
    (await firmApi<{ data: { id: string; matterId: string }[] }>(page, 'GET', `${path}?page=1&size=1`)).data[0]!;
  const note = await firstOf('/admin/progress-update/get-progress-notes');
  const courtUpdate = await firstOf('/admin/progress-update/get-court-updates');
  const pages = [
    '/progress-update?activeTab=progress-notes',
    '/progress-update?activeTab=court-update',
    '/progress-update/add-progress-update',
    '/progress-update/add-progress-update?iscourtupdate=true',
    `/progress-update/edit-progress-note/${note.id}`,
    `/progress-update/edit-court-update/${courtUpdate.id}`,
    `/view/progress-note?id=${note.id}`,
    `/view/court-update?id=${courtUpdate.id}`,
    `/matter/${note.matterId}?activeTab=notes`,
    `/matter/${note.matterId}?activeTab=court-updates`,
    // Within the page budget since the calendar is drawn by the app itself (ADR 64), no longer held apart.
    '/calendar',
    '/calendar?view=week',
  ];
  await firstVisits(browser, signedIn, pages);
});
