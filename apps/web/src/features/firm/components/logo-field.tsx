import { Button, FileInput, Group, Image, Stack } from '@mantine/core';
import { LOGO_MAX_LENGTH } from '@matterhorn/shared';
import { useRef, useState } from 'react';
import { readAsDataUrl } from '../../../lib/read-file.ts';
import type { FirmSettingsForm } from '../hooks/use-firm-settings-form.ts';

const LOGO_TYPES = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml';
/** Data URLs are a third larger than the image they carry. */
const LOGO_MAX_KB = Math.floor((LOGO_MAX_LENGTH * 3) / 4 / 1024);

/** The firm's logo: choose an image (read as the data URL the API stores), see it, or remove it. */
export function LogoField({ form }: { form: FirmSettingsForm }) {
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const chooserRef = useRef<HTMLButtonElement>(null);
  const logo = form.values.logo;
  const error = readError ?? form.errorFor('logo');
  const isNew = form.isChanged('logo');

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setReadError(null);
    if (!chosen) return;
    try {
      form.setValue('logo', await readAsDataUrl(chosen));
      form.touch('logo');
    } catch {
      setReadError('The image could not be read. Please choose it again.');
    }
  };

  return (
    <Stack gap="xs">
      <FileInput
        ref={chooserRef}
        label="Logo"
        description={`Printed on invoices and shown on the client portal. PNG, JPEG, GIF, WebP or SVG, up to ${LOGO_MAX_KB} KB.`}
        accept={LOGO_TYPES}
        placeholder={logo && !isNew ? 'Current logo kept' : 'Choose an image'}
        value={isNew ? file : null}
        onChange={(chosen) => void choose(chosen)}
        error={error}
      />
      {logo && (
        <Group gap="sm" align="center">
          {!error && <Image src={logo} alt="Firm logo" h={64} w="auto" maw="100%" fit="contain" />}
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              setFile(null);
              setReadError(null);
              form.setValue('logo', null);
              // The button goes with the logo: the keyboard's place moves to the image chooser.
              chooserRef.current?.focus();
            }}
          >
            Remove logo
          </Button>
        </Group>
      )}
    </Stack>
  );
}
