import { EmailChangeLinkCard } from '../components/email-change-link-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** /confirm-email-change?token=…: the link sent to the new address; opening it moves the sign-in email there. */
export function ConfirmEmailChangePage() {
  return (
    <>
      <PageTitle parts={['Confirm your new email']} />
      <EmailChangeLinkCard link="confirm" title="Confirm your new email" openingLabel="Confirming your new email…" />
    </>
  );
}
