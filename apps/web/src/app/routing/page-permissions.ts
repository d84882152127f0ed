/** The permissions each firm page declares (SPEC.md §6); failing them shows the Unauthorized page. */
export function requiredPermissionsFor(pathname: string, search = ''): string[] {
  const params = new URLSearchParams(search);
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/clients/add-new-client') return ['clientInfo.create'];
  if (/^\/clients\/[^/]+\/edit$/.test(path)) return ['clientInfo.edit'];
  if (path.startsWith('/clients/')) return ['clientInfo'];
  if (path === '/conflict-check') return ['clientInfo'];
  if (path === '/matter/add-new-matter') return ['matterMaster.create'];
  if (/^\/matter\/[^/]+\/edit$/.test(path)) return ['matterMaster.edit'];
  if (path.startsWith('/matter/')) return ['matterMaster'];
  if (path === '/time-entries') return ['timeEntry'];
  if (path === '/progress-update/add-progress-update') {
    return [params.get('iscourtupdate') === 'true' ? 'courtUpdate.create' : 'progressNote.create'];
  }
  if (path === '/progress-update') {
    return [params.get('activeTab') === 'court-update' ? 'courtUpdate' : 'progressNote'];
  }
  if (path.startsWith('/expense-request/')) return ['expensePermission'];
  if (path === '/billing/flat-fees' || path.startsWith('/billing/flat-fees/')) return ['flatFeePermission'];
  if (path === '/billing/invoice/invoice-empty') return ['invoice'];
  if (path === '/settings/plans-&-subscriptions/select-plan') return ['subscriptionPlan'];
  if (path === '/settings/team') return ['adminUsers'];
  if (path === '/settings/roles') return ['adminRoles'];
  if (['/settings/firm-profile', '/settings/currencies', '/settings/custom-fields'].includes(path)) return ['updateAccountSettings'];
  if (path.startsWith('/trust-account/')) return ['trustAccountRequest'];
  if (path === '/documents') return ['document'];
  if (path === '/accounting') return ['chartofAccount'];
  if (path === '/view/court-update') return ['courtUpdate'];
  if (path === '/view/progress-note') return ['progressNote'];
  return [];
}
