import { EmailChangeLinkCard } from '../components/email-change-link-card.tsx';

/** /confirm-email-change?token=…: the link sent to the new address; opening it moves the sign-in email there. */
export function ConfirmEmailChangePage() {
  return <EmailChangeLinkCard link="confirm" title="Confirm your new email" openingLabel="Confirming your new email…" />;
}
