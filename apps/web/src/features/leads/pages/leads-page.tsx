import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { leadBoardQuery, leadListQuery } from '../api/leads-api.ts';
import { LeadBoardView } from '../components/lead-board.tsx';
import { LeadFilters } from '../components/lead-filters.tsx';
import { LeadListView } from '../components/lead-list.tsx';
import { useLeadDelete } from '../hooks/use-lead-delete.tsx';
import { useLeadMove } from '../hooks/use-lead-move.tsx';
import { newLeadValues } from '../utils/lead-form-values.ts';
import { LEAD_QUERY, leadBoardQueryFrom, leadListQueryFrom } from '../utils/lead-query-params.ts';

/** The lead's form (react-hook-form and the contract's schema) loads when New lead is pressed, not with the board. */
const LazyLeadFormModal = lazy(() => import('../components/lead-form-modal.tsx'));

export const LEADS_TEXT = {
  title: 'Leads',
  intro: 'Prospective clients from the intake forms, the phone, referrals and walk-ins, through the pipeline.',
  newLead: 'New lead',
  intakeForms: 'Intake forms',
  board: 'Board',
  list: 'List',
  boardFailed: 'The board could not be loaded.',
} as const;

/** Every filter but the view: clearing them keeps the board or the list. */
const CLEARED = { status: '', assignee: '', practiceArea: '', source: '', search: '', from: '', to: '' } as const;

const VIEW_OPTIONS = [
  { value: '', label: LEADS_TEXT.board },
  { value: 'list', label: LEADS_TEXT.list },
];

function Board({ filters, canMove }: { filters: Parameters<typeof leadBoardQueryFrom>[0]; canMove: boolean }) {
  const board = useQuery(leadBoardQuery(leadBoardQueryFrom(filters)));
  const { move, reasonModal } = useLeadMove();
  if (board.isPending) return <LoadingSpinner label="Loading leads" />;
  if (!board.data) return <Text c="dimmed">{LEADS_TEXT.boardFailed}</Text>;
  return (
    <>
      <LeadBoardView board={board.data} canMove={canMove} onMove={(lead, status) => void move(lead, status)} />
      {reasonModal}
    </>
  );
}

/** /leads: the pipeline as a board (a column per status) or a list, with the same filters; New lead for staff. */
export function LeadsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const list = useListParams(LEAD_QUERY);
  const isList = list.filters.view === 'list';
  const leads = useQuery({ ...leadListQuery(leadListQueryFrom(list)), enabled: isList });
  const [isCreating, setCreating] = useState(false);
  // Clear filters remounts the search box, dropping a search it was still waiting to send.
  const [clearCount, setClearCount] = useState(0);
  const canCreate = hasPermissions(session.permissions, ['clientInfo.create']);
  const canMove = hasPermissions(session.permissions, ['clientInfo.edit']);
  const canDelete = hasPermissions(session.permissions, ['clientInfo.delete']);
  const { askToDelete, deleteModal } = useLeadDelete(() => {
    // The last lead of a later page gone: show the page before.
    if (leads.data?.data.length === 1 && list.page > 1) list.setPage(list.page - 1);
  });
  const { view: _view, ...otherFilters } = list.filters;
  const isFiltered = Object.entries(otherFilters).some(([name, value]) => value !== '' && (isList || name !== 'status'));

  return (
    <Stack gap="md">
      <PageTitle parts={[LEADS_TEXT.title]} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{LEADS_TEXT.title}</Title>
          <Text size="sm">{LEADS_TEXT.intro}</Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to="/leads/intake-forms" variant="default">
            {LEADS_TEXT.intakeForms}
          </Button>
          {canCreate && <Button onClick={() => setCreating(true)}>{LEADS_TEXT.newLead}</Button>}
        </Group>
      </Group>
      <SegmentedControl
        aria-label="Show leads as"
        value={list.filters.view}
        onChange={(view) => list.setFilters({ view })}
        data={VIEW_OPTIONS}
        style={{ alignSelf: 'flex-start' }}
      />
      <LeadFilters
        values={list.filters}
        onChange={list.setFilters}
        onClear={() => {
          setClearCount((count) => count + 1);
          list.setFilters(CLEARED);
        }}
        isFiltered={isFiltered}
        clearCount={clearCount}
        showStatus={isList}
      />
      {isList ? (
        <LeadListView
          result={leads}
          page={list.page}
          size={list.size}
          onPageChange={list.setPage}
          onSizeChange={list.setSize}
          onDelete={canDelete ? askToDelete : undefined}
        />
      ) : (
        <Board filters={list.filters} canMove={canMove} />
      )}
      <OnceOpened isOpen={isCreating}>
        <LazyLeadFormModal
          opened={isCreating}
          onClose={() => setCreating(false)}
          lead={null}
          initialValues={newLeadValues(session.workingUser?.profileId ?? '')}
          onSaved={(lead) => void navigate(`/leads/${lead.id}`)}
        />
      </OnceOpened>
      {deleteModal}
    </Stack>
  );
}
