import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { deletePracticeArea } from '../api/practice-areas.ts';
import { PracticeAreaModal, type PracticeAreaEditor } from '../components/practice-area-modal.tsx';
import { ReferenceList } from '../components/reference-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function PracticeAreasPage() {
  const queryClient = useQueryClient();
  const practiceAreas = useQuery(practiceAreasQuery);
  const [editor, setEditor] = useState<PracticeAreaEditor>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: lookupKeys.practiceAreas() });

  return (
    <ReferenceList
      plural="Practice areas"
      singular="practice area"
      description="The areas of law a matter belongs to."
      items={practiceAreas}
      nameOf={(practiceArea) => practiceArea.name}
      columns={[
        { header: 'Practice area', cell: (practiceArea) => practiceArea.name },
        { header: 'Matters', align: 'right', cell: (practiceArea) => practiceArea.matterCount },
      ]}
      onAdd={() => setEditor({ practiceArea: null })}
      onEdit={(practiceArea) => setEditor({ practiceArea })}
      remove={async (practiceArea) => {
        await deletePracticeArea(practiceArea.id);
        refresh();
      }}
      deleteConsequence={(practiceArea) =>
        practiceArea.matterCount > 0
          ? `${practiceArea.matterCount} ${practiceArea.matterCount === 1 ? 'matter uses' : 'matters use'} this practice area.`
          : 'It will no longer be offered on matters.'
      }
    >
      <PageTitle parts={['Practice areas', 'Settings']} />
      <PracticeAreaModal editor={editor} onClose={() => setEditor(null)} onSaved={refresh} />
    </ReferenceList>
  );
}
