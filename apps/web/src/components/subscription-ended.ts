import { createContext, useContext } from 'react';

/**
 * True while the firm's subscription has ended (issue 38): the firm reads, searches and exports, and
 * every write is refused until a plan is chosen, so the web disables its save buttons with the
 * server's words. The firm shell provides it; outside it (sign-in, the portal) nothing is held.
 */
export const SubscriptionEndedContext = createContext(false);

export const useIsSubscriptionEnded = () => useContext(SubscriptionEndedContext);
