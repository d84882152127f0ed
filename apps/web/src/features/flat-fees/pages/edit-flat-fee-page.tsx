import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { flatFeeQuery } from '../api/flat-fee.ts';
import { flatFeeKeys } from '../api/flat-fee-list.ts';
import { FlatFeeForm } from '../components/flat-fee-form.tsx';
import { flatFeeValues } from '../utils/flat-fee-form-values.ts';
import { FLAT_FEES_PATH } from './add-flat-fee-page.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

/** /billing/flat-fees/edit/:id: the add form, filled from get-flat-fee, saved with update-flat-fee. */
export function EditFlatFeePage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fee = useQuery(flatFeeQuery(id));

  if (fee.isPending) return <LoadingPage title={['Flat Fees']} />;
  if (!fee.data) {
    return (
      <Stack gap="sm">
        <PageTitle parts={['Flat fee not found', 'Flat Fees']} />
        <Title order={1}>Flat fee not found</Title>
        <Text>This flat fee does not exist or was deleted.</Text>
        <Anchor component={Link} to={FLAT_FEES_PATH}>
          Back to flat fees
        </Anchor>
      </Stack>
    );
  }
  const view = fee.data;

  return (
    <Stack gap="md">
      <PageTitle parts={['Edit Flat Fee', 'Flat Fees']} />
      <Title order={1}>Edit Flat Fee</Title>
      <FlatFeeForm
        key={view.updatedAt}
        fee={view}
        initialValues={flatFeeValues(view)}
        currencySymbol={session.workingUser?.currency ?? ''}
        cancelTo={FLAT_FEES_PATH}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: flatFeeKeys.all });
          focusNextPageHeading();
          void navigate(FLAT_FEES_PATH);
        }}
      />
    </Stack>
  );
}
