/**
 * What every write answers (402) while the firm's subscription has ended, and what the web says on
 * its disabled actions. A module of its own: every page's save button carries it (the sign-in page's
 * too), and none should carry the plan banner's date arithmetic or zod schemas with it.
 */
export const SUBSCRIPTION_ENDED_MESSAGE = 'Your subscription has ended. Choose a plan to continue.';
