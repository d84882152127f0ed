import { Grid, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { slugFromName, type BuilderValues } from '../utils/builder-fields.ts';

export type FormSettingsFieldsProps = {
  values: BuilderValues;
  /** The address follows the name until it is typed by hand (a new form only). */
  isSlugLinked: boolean;
  errorAt: (path: string) => string | undefined;
  onChange: (changes: Partial<BuilderValues>, slugTyped?: boolean) => void;
};

/** The form's name, address, introduction, thank-you text, and where its leads go. */
export function FormSettingsFields({ values, isSlugLinked, errorAt, onChange }: FormSettingsFieldsProps) {
  const members = useQuery(teamMembersQuery);
  const practiceAreas = useQuery(practiceAreasQuery);
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Form name"
          withAsterisk
          maxLength={120}
          data-autofocus
          value={values.name}
          error={errorAt('name')}
          onChange={(event) => {
            const name = event.currentTarget.value;
            onChange(isSlugLinked ? { name, slug: slugFromName(name) } : { name });
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Form address"
          description="The last part of its public address: small letters, digits and hyphens"
          withAsterisk
          maxLength={60}
          value={values.slug}
          error={errorAt('slug')}
          onChange={(event) => onChange({ slug: event.currentTarget.value }, true)}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          label="Introduction"
          description="Shown above the fields"
          autosize
          minRows={2}
          maxLength={2000}
          value={values.introduction}
          error={errorAt('introduction')}
          onChange={(event) => onChange({ introduction: event.currentTarget.value })}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          label="Thank-you text"
          description="Shown after sending, and in the confirmation email"
          withAsterisk
          autosize
          minRows={2}
          maxLength={2000}
          value={values.thankYouText}
          error={errorAt('thankYouText')}
          onChange={(event) => onChange({ thankYouText: event.currentTarget.value })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SearchableSelect
          label="Assignee"
          description="Each lead from this form is theirs, and they get an email for it"
          withAsterisk
          entity="team member"
          options={activeMembers(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
          value={values.assigneeUserId}
          error={errorAt('assigneeUserId')}
          onChange={(assigneeUserId) => onChange({ assigneeUserId: assigneeUserId ?? '' })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SearchableSelect
          label="Practice area"
          entity="practice area"
          options={[{ value: '', label: 'None' }, ...(practiceAreas.data ?? []).map((area) => ({ value: area.id, label: area.name }))]}
          value={values.practiceAreaId}
          onChange={(practiceAreaId) => onChange({ practiceAreaId: practiceAreaId ?? '' })}
        />
      </Grid.Col>
    </Grid>
  );
}
