/**
 * One key factory for the lists many features pick from. Every key starts with 'lookups', so a
 * save invalidates one list (`lookupKeys.teamMembers()`) and every form that shows it refreshes.
 */
export const lookupKeys = {
  all: ['lookups'] as const,
  teamMembers: () => [...lookupKeys.all, 'team-members'] as const,
  practiceAreas: () => [...lookupKeys.all, 'practice-areas'] as const,
  currencies: () => [...lookupKeys.all, 'currencies'] as const,
  activityTypes: () => [...lookupKeys.all, 'activity-types'] as const,
  expenseCategories: () => [...lookupKeys.all, 'expense-categories'] as const,
  associatedClients: () => [...lookupKeys.all, 'associated-clients'] as const,
  /** Both entities' custom fields; add 'client' or 'matter' for one entity's. */
  customFields: () => [...lookupKeys.all, 'custom-fields'] as const,
  customFieldsOf: (entityType: 'client' | 'matter') => [...lookupKeys.customFields(), entityType] as const,
  /** Every client's matter names; add the client's id for one client's. */
  clientMatters: () => [...lookupKeys.all, 'client-matters'] as const,
  mattersOfClient: (clientId: string) => [...lookupKeys.clientMatters(), clientId] as const,
  /** A matter's client (forms opened on a matter). */
  matterClient: (matterId: string) => [...lookupKeys.all, 'matter-client', matterId] as const,
};
