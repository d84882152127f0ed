import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, FLAT_FEE_MESSAGES, hasPermissions, SPEC_MESSAGES, type FlatFeeListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { DEFAULT_SORT, nextSort, type FlatFeeSort } from '../utils/flat-fee-list-params.ts';
import { FlatFeeListView } from './flat-fee-list-view.tsx';

export type MatterFlatFeesSectionProps = {
  matterId: string;
  clientId: string;
  /** A closed matter takes no new flat fee (the server refuses it too). */
  isMatterOpen: boolean;
};

/** The matter's flat fees with their totals (MatterId filter), and 'Add flat fee' prefilled with the client and matter. */
export function MatterFlatFeesSection(props: MatterFlatFeesSectionProps) {
  const session = useSession();
  return (
    <Stack gap="md" component="section" aria-labelledby="matter-flat-fees-heading">
      {hasPermissions(session.permissions, ['flatFeePermission']) ? (
        <MatterFlatFeeList {...props} canCreate={hasPermissions(session.permissions, ['flatFeePermission.create'])} />
      ) : (
        <>
          <Title order={2} size="h3" id="matter-flat-fees-heading">
            Flat fees
          </Title>
          <Text c="dimmed">{SPEC_MESSAGES.noPermission}</Text>
        </>
      )}
    </Stack>
  );
}

function MatterFlatFeeList({ matterId, clientId, isMatterOpen, canCreate }: MatterFlatFeesSectionProps & { canCreate: boolean }) {
  const [sort, setSort] = useState<FlatFeeSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const query: FlatFeeListQuery = {
    MatterId: matterId,
    page,
    size,
    sortColumn: sort.column,
    sortType: sort.type,
    IncludeTotals: true,
  };
  const matterPath = `/matter/${matterId}?activeTab=expenses`;
  const addPath = `/billing/flat-fees/add-new-flat-fee?${new URLSearchParams({ clientId, matterId, returnTo: matterPath }).toString()}`;

  return (
    <>
      <Group justify="space-between">
        <Title order={2} size="h3" id="matter-flat-fees-heading">
          Flat fees
        </Title>
        <Group gap="sm">
          <Anchor component={Link} to={`/billing/flat-fees?clientId=${clientId}&matterId=${matterId}`} size="sm">
            Open in Flat Fees
          </Anchor>
          {canCreate &&
            (isMatterOpen ? (
              <Button component={Link} to={addPath}>
                Add flat fee
              </Button>
            ) : (
              <Button disabled title={FLAT_FEE_MESSAGES.matterClosed}>
                Add flat fee
              </Button>
            ))}
        </Group>
      </Group>
      <FlatFeeListView
        query={query}
        sort={sort}
        onSort={(column) => {
          setSort(nextSort(sort, column));
          setPage(1);
        }}
        onPageChange={setPage}
        onSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
        hideMatterColumns
      />
    </>
  );
}
