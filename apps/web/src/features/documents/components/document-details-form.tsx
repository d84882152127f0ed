import { Group, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { DocumentView } from '@matterhorn/shared';
import { useState } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { updateDocument } from '../api/documents.ts';

export type DocumentDetailsFormProps = { document: DocumentView; canEdit: boolean; onSaved: () => Promise<void> };

/** The document's name and details; its versions never change here. */
export function DocumentDetailsForm({ document, canEdit, onSaved }: DocumentDetailsFormProps) {
  const [name, setName] = useState(document.name);
  const [category, setCategory] = useState(document.category ?? '');
  const [description, setDescription] = useState(document.description ?? '');
  const [tags, setTags] = useState<string[]>(document.tags);
  const [isSaving, setIsSaving] = useState(false);
  const nameError = name.trim() === '' ? 'Name is required' : null;

  const save = async () => {
    if (nameError) return;
    setIsSaving(true);
    try {
      await updateDocument(document.id, {
        name: name.trim(),
        category: category.trim() || null,
        description: description.trim() || null,
        tags,
      });
      await onSaved();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form
      aria-label="Details"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          readOnly={!canEdit}
          maxLength={200}
        />
        <TextInput
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.currentTarget.value)}
          readOnly={!canEdit}
          maxLength={100}
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          readOnly={!canEdit}
          rows={3}
          maxLength={2000}
        />
        <TagsInput
          label="Tags"
          value={tags}
          onChange={setTags}
          readOnly={!canEdit}
          maxTags={20}
          placeholder={canEdit ? 'Type a tag and press Enter' : undefined}
        />
        {canEdit && (
          <Group>
            <SubmitButton isSubmitting={isSaving}>Save details</SubmitButton>
          </Group>
        )}
      </Stack>
    </form>
  );
}
