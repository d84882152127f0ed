/**
 * Figures that sum recorded work and money — the dashboard's week, cards and charts, and every
 * report — live under one key, so whatever records or removes time or money refreshes them all
 * (a dashboard left open while the timer's entry is saved shows the new hours at once). Each
 * feature names its own keys under it.
 */
export const FIGURES_KEY = ['figures'] as const;
