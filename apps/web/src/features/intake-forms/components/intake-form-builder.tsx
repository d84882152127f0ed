import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { INTAKE_LIMITS, intakeFormInputSchema, intakePublishRefusal, type IntakeForm } from '@matterhorn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useIntakeFormWrites } from '../api/intake-forms-api.ts';
import {
  changeFieldType,
  intakeFormInputOf,
  moveField,
  newField,
  removeField,
  ruleSources,
  type BuilderValues,
} from '../utils/builder-fields.ts';
import { AddFieldMenu } from './add-field-menu.tsx';
import { EmbedCard } from './embed-card.tsx';
import { FieldEditor } from './field-editor.tsx';
import { FormSettingsFields } from './form-settings-fields.tsx';
import { IntakeFormPreview } from './intake-form-preview.tsx';

/** The problems of a form as the contract finds them, by path ('fields' holds the definition's own). */
function problemsOf(values: BuilderValues): Record<string, string[]> {
  const parsed = intakeFormInputSchema.safeParse(intakeFormInputOf(values));
  const problems: Record<string, string[]> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) (problems[issue.path.join('.')] ??= []).push(issue.message);
  return problems;
}

/**
 * Builds a form: its settings, its fields (added, moved, removed; each with its rule), a live
 * preview, Save, and once saved Publish or Unpublish and the snippet for the firm's website.
 */
export function IntakeFormBuilder({ saved, initialValues }: { saved: IntakeForm | null; initialValues: BuilderValues }) {
  const session = useSession();
  const navigate = useNavigate();
  const writes = useIntakeFormWrites();
  const idempotency = useIdempotencyKey();
  const [values, setValues] = useState(initialValues);
  const [savedValues, setSavedValues] = useState(initialValues);
  const [isSlugLinked, setSlugLinked] = useState(saved === null);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const [isPublishing, setPublishing] = useState(false);

  const problems = showErrors ? problemsOf(values) : {};
  const errorAt = (path: string) => problems[path]?.[0] ?? serverErrors[path];
  const hasChanges = JSON.stringify(values) !== JSON.stringify(savedValues);
  const publishRefusal = intakePublishRefusal(
    values.fields.map((field) => ({ ...field, options: field.options.filter((option) => option.trim()) })),
  );
  const change = (changes: Partial<BuilderValues>) => setValues((previous) => ({ ...previous, ...changes }));
  const setFields = (fields: BuilderValues['fields']) => change({ fields });

  const save = async () => {
    setShowErrors(true);
    setServerErrors({});
    if (Object.keys(problemsOf(values)).length > 0) return;
    setSaving(true);
    try {
      const body = intakeFormInputOf(values);
      const form = saved ? await writes.update(saved.id, body) : await writes.create(body, idempotency.key);
      setSavedValues(values);
      if (!saved) void navigate(`/leads/intake-forms/${form.id}`, { replace: true });
    } catch (error) {
      setServerErrors(fieldErrorsOf(error));
    } finally {
      setSaving(false);
    }
  };
  const publish = async (isPublished: boolean) => {
    if (!saved) return;
    setPublishing(true);
    try {
      await (isPublished ? writes.publish(saved.id) : writes.unpublish(saved.id));
    } catch {
      // The toast says why.
    } finally {
      setPublishing(false);
    }
  };
  const definitionProblems = [...(problems.fields ?? []), ...(serverErrors.fields ? [serverErrors.fields] : [])];

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form
          noValidate
          aria-label="Intake form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <FormSettingsFields
              values={values}
              isSlugLinked={isSlugLinked}
              errorAt={errorAt}
              onChange={(changes, slugTyped) => {
                if (slugTyped) setSlugLinked(false);
                change(changes);
              }}
            />
            <Title order={2} size="h4">
              Fields
            </Title>
            {definitionProblems.length > 0 && (
              <Alert color="red" title="Check the fields">
                <Stack component="ul" gap={2} m={0} pl="md">
                  {definitionProblems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </Stack>
              </Alert>
            )}
            <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {values.fields.map((field, index) => (
                <FieldEditor
                  key={field.key}
                  field={field}
                  index={index}
                  count={values.fields.length}
                  ruleSources={ruleSources(values.fields, index)}
                  errorAt={errorAt}
                  onChange={(changes) => setFields(values.fields.map((other, at) => (at === index ? { ...other, ...changes } : other)))}
                  onTypeChange={(type) => setFields(changeFieldType(values.fields, index, type))}
                  onMove={(step) => setFields(moveField(values.fields, index, step))}
                  onRemove={() => setFields(removeField(values.fields, index))}
                />
              ))}
            </Stack>
            <AddFieldMenu
              disabled={values.fields.length >= INTAKE_LIMITS.maxFields}
              onAdd={(type) => setFields([...values.fields, newField(type, values.fields)])}
            />
            <Group justify="flex-end">
              <SubmitButton isSubmitting={isSaving}>{saved ? 'Save changes' : 'Save form'}</SubmitButton>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="md">
          {saved && (
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="intake-publishing">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4" id="intake-publishing">
                    Publishing
                  </Title>
                  <Badge color={saved.isPublished ? 'teal' : 'gray'} variant="light">
                    {saved.isPublished ? 'Published' : 'Draft'}
                  </Badge>
                </Group>
                {hasChanges && <Text size="sm">Save your changes first: visitors see the form as last saved.</Text>}
                {!saved.isPublished && publishRefusal && <Text size="sm">{publishRefusal}</Text>}
                {saved.isPublished ? (
                  <Button variant="default" loading={isPublishing} onClick={() => void publish(false)} style={{ alignSelf: 'flex-start' }}>
                    Unpublish
                  </Button>
                ) : (
                  <Button
                    loading={isPublishing}
                    disabled={hasChanges || publishRefusal !== null}
                    onClick={() => void publish(true)}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    Publish
                  </Button>
                )}
              </Stack>
            </Paper>
          )}
          {saved && <EmbedCard formId={saved.id} />}
          <Title order={2} size="h4">
            Preview
          </Title>
          <IntakeFormPreview values={values} firmName={session.workingUser?.firmName ?? ''} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
