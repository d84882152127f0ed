import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { flatFeeKeys } from '../api/flat-fee-list.ts';
import { FlatFeeForm } from '../components/flat-fee-form.tsx';
import { newFlatFeeValues } from '../utils/flat-fee-form-values.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const FLAT_FEES_PATH = '/billing/flat-fees';

/** /billing/flat-fees/add-new-flat-fee; ?clientId=&matterId= preselect them (e.g. from a matter's Expenses tab). */
export function AddFlatFeePage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [initialValues] = useState(() =>
    newFlatFeeValues({
      userId: session.workingUser?.profileId ?? '',
      clientId: searchParams.get('clientId') ?? undefined,
      matterId: searchParams.get('matterId') ?? undefined,
    }),
  );
  const returnTo = searchParams.get('returnTo')?.startsWith('/') ? searchParams.get('returnTo')! : FLAT_FEES_PATH;

  return (
    <Stack gap="md">
      <PageTitle parts={['Add New Flat Fee', 'Flat Fees']} />
      <Title order={1}>Add New Flat Fee</Title>
      <FlatFeeForm
        initialValues={initialValues}
        currencySymbol={session.workingUser?.currency ?? ''}
        cancelTo={returnTo}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: flatFeeKeys.all });
          focusNextPageHeading();
          void navigate(returnTo);
        }}
      />
    </Stack>
  );
}
