import { Fieldset, Grid, Textarea } from '@mantine/core';
import { ClientSelect } from '../../../components/client-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import type { PopupOptions } from '../hooks/use-popup-options.ts';
import type { TimeEntryFormState } from '../hooks/use-time-entry-form.ts';
import type { SectionSpan } from './billing-section.tsx';

export const LINKED_TO_LEGEND = 'Linked To';

/** SPEC.md §2 'Linked To': Client, Matter, Activity Type, Description (and the optional UTBMS task code). */
export function LinkedToSection({ state, options, span }: { state: TimeEntryFormState; options: PopupOptions; span: SectionSpan }) {
  const { form, values, isLocked, isBilled } = state;
  return (
    <Fieldset legend={LINKED_TO_LEGEND} variant="unstyled">
      <Grid gap="sm">
        <Grid.Col span={span}>
          <ClientSelect
            label="Client"
            withAsterisk
            placeholder={options.isLoadingClients ? 'Loading clients…' : 'Select client'}
            people={options.people}
            companies={options.companies}
            value={values.clientId}
            onChange={state.changeClient}
            onBlur={() => form.touch('clientId')}
            error={form.errorFor('clientId')}
            disabled={isLocked}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <SearchableSelect
            label="Matter"
            withAsterisk
            entity="matter"
            placeholder={values.clientId === '' ? 'Choose a client first' : options.isLoadingMatters ? 'Loading matters…' : 'Select matter'}
            options={options.matterOptions}
            value={values.matterId}
            onChange={state.changeMatter}
            onBlur={() => form.touch('matterId')}
            error={form.errorFor('matterId')}
            disabled={isLocked || values.clientId === ''}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <SearchableSelect
            label="Activity Type"
            withAsterisk
            entity="activity type"
            placeholder="Select activity type"
            options={options.activityOptions}
            value={values.activityId}
            onChange={(activityId) => {
              form.setValue('activityId', activityId);
              form.touch('activityId');
            }}
            onBlur={() => form.touch('activityId')}
            error={form.errorFor('activityId')}
            disabled={isBilled}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <SearchableSelect
            label="UTBMS task code"
            entity="task code"
            placeholder="Optional"
            options={options.taskCodeOptions}
            value={values.utbmsTaskCode}
            onChange={(code) => form.setValue('utbmsTaskCode', code)}
            onBlur={() => form.touch('utbmsTaskCode')}
            error={form.errorFor('utbmsTaskCode')}
            disabled={isBilled}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Description" rows={3} maxLength={5000} {...form.inputProps('description')} disabled={isBilled} />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
