/**
 * Figures that sum recorded work and money — the dashboard's week, cards and charts, and every
 * report — live under one key, so whatever records or removes time or money refreshes them all
 * (a dashboard left open while the timer's entry is saved shows the new hours at once).
 */
export const FIGURES_KEY = ['figures'] as const;

export const figureKeys = {
  all: FIGURES_KEY,
  myTime: (adminUserId: string | undefined, businessId: string | undefined) =>
    [...FIGURES_KEY, 'my-time', adminUserId, businessId] as const,
  firmKpis: (adminUserId: string | undefined, businessId: string | undefined) =>
    [...FIGURES_KEY, 'firm-kpis', adminUserId, businessId] as const,
  report: (name: string, query: Record<string, string>) => [...FIGURES_KEY, 'reports', name, query] as const,
};
