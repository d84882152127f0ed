import { NativeSelect } from '@mantine/core';
import type { PortalMatter } from '@matterhorn/shared';
import { useSearchParams } from 'react-router';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';

/** The matter a tab shows (?matterId=), the client's first by default; '' while their matters load. */
export function useChosenMatterId(matters: PortalMatter[] | undefined): string {
  const [searchParams] = useSearchParams();
  return searchParams.get('matterId') ?? matters?.[0]?.matterId ?? '';
}

/** Picks one of the client's matters, kept in the URL so a reload or a shared link opens the same one. */
export function PortalMatterSelect({ matters, matterId }: { matters: PortalMatter[] | undefined; matterId: string }) {
  const [, setSearchParams] = useSearchParams();
  return (
    <NativeSelect
      label="Matter"
      value={matterId}
      onChange={(event) =>
        setSearchParams((previous) => {
          const next = new URLSearchParams(previous);
          next.set('matterId', event.currentTarget.value);
          return next;
        })
      }
      data={(matters ?? []).map((matter) => ({
        value: matter.matterId,
        label: matterOptionLabel(matter),
      }))}
    />
  );
}
