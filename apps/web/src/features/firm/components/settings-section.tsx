import { Fieldset, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SettingsSectionProps = { title: string; description?: string; children: ReactNode };

/** One group of the General page: a fieldset named by its heading, so it reads as a group and as a section. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  return (
    <Fieldset
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      legend={
        <Title order={2} size="h4">
          {title}
        </Title>
      }
    >
      <Stack gap="sm">
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Fieldset>
  );
}
