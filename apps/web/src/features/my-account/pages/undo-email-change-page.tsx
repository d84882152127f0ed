import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmailChangeLinkCard } from '../components/email-change-link-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** /undo-email-change?token=…: the link sent to the old address; it puts the email back and signs every device out. */
export function UndoEmailChangePage() {
  return (
    <>
      <PageTitle parts={['Undo the email change']} />
      <EmailChangeLinkCard
        link="undo"
        title="Undo the email change"
        openingLabel="Undoing the email change…"
        nextSteps={
          <Anchor component={Link} to="/forgot-password" size="sm">
            Choose a new password
          </Anchor>
        }
      />
    </>
  );
}
