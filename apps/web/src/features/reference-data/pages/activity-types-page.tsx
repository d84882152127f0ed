import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { activityTypesQuery } from '../../../lib/lookups/activity-types.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { deleteActivityType } from '../api/activity-types.ts';
import { ActivityTypeModal, type ActivityTypeEditor } from '../components/activity-type-modal.tsx';
import { ReferenceList } from '../components/reference-list.tsx';
import { UTBMS_OPTIONS } from '../components/utbms-codes.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const utbmsLabel = (code: string | null) => (code ? (UTBMS_OPTIONS.find((option) => option.value === code)?.label ?? code) : '—');

export function ActivityTypesPage() {
  const queryClient = useQueryClient();
  const activityTypes = useQuery(activityTypesQuery);
  const [editor, setEditor] = useState<ActivityTypeEditor>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: lookupKeys.activityTypes() });

  return (
    <ReferenceList
      plural="Activity types"
      singular="activity type"
      description="What time is spent on: chosen on every time entry."
      items={activityTypes}
      nameOf={(activityType) => activityType.activityType}
      columns={[
        { header: 'Activity type', cell: (activityType) => activityType.activityType },
        { header: 'UTBMS code', cell: (activityType) => utbmsLabel(activityType.utbmsCode) },
      ]}
      onAdd={() => setEditor({ activityType: null })}
      onEdit={(activityType) => setEditor({ activityType })}
      remove={async (activityType) => {
        await deleteActivityType(activityType.id);
        refresh();
      }}
      deleteConsequence={() => 'It will no longer be offered for new time entries; entries that already use it keep it.'}
    >
      <PageTitle parts={['Activity types', 'Settings']} />
      <ActivityTypeModal editor={editor} onClose={() => setEditor(null)} onSaved={refresh} />
    </ReferenceList>
  );
}
