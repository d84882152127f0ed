import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  /** Brand shown above the card: Matterhorn, or the firm on portal pages. */
  brandName?: string;
  brandLogo?: string | null;
  children: ReactNode;
};

export function AuthCard({ title, subtitle, brandName = 'Matterhorn', brandLogo, children }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Stack w="100%" maw={440} gap="md">
        <Stack align="center" gap={4}>
          {/* A plain img: Mantine's Image would load on the sign-in page, which shows no logo (issue 13's budget). */}
          {brandLogo && <img src={brandLogo} alt={`${brandName} logo`} style={{ height: 56, width: 'auto', objectFit: 'contain' }} />}
          <Text fw={700} size="xl">
            {brandName}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
