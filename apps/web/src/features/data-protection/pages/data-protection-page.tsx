import { Divider, Stack, Tabs, Text, Title } from '@mantine/core';
import { todayIso } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { UrlTabs, useUrlTabTitle } from '../../../components/url-tabs.tsx';
import { dataProtectionKeys, useDataProtectionSettings, useRequestList } from '../api/data-subject-requests.ts';
import { DataProtectionSettingsForm } from '../components/data-protection-settings-form.tsx';
import { LogRequestForm } from '../components/log-request-form.tsx';
import { RequestDetail } from '../components/request-detail.tsx';
import { RequestsTable } from '../components/requests-table.tsx';
import { RetentionPanel } from '../components/retention-panel.tsx';
import { BreachesPanel } from '../components/breaches-panel.tsx';
import { PrivacyNoticePanel } from '../components/privacy-notice-panel.tsx';

export const DATA_PROTECTION_INTRO =
  'The firm’s duties under the Nigeria Data Protection Act 2023: answer each person’s request to see, correct or erase their data by its due date, and keep what the law says must be kept.';

const TABS = [
  { value: 'requests', label: 'Requests' },
  { value: 'retention', label: 'Retention' },
  { value: 'breaches', label: 'Breaches' },
  { value: 'privacy-notice', label: 'Privacy notice' },
  { value: 'settings', label: 'Settings' },
] as const;

function RequestsPanel() {
  const queryClient = useQueryClient();
  const list = useRequestList({ page: 1, size: 100 });
  const [openId, setOpenId] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: dataProtectionKeys.all });
  return (
    <Stack gap="lg" pt="md">
      <Title order={2} size="h3">
        Log a request
      </Title>
      <LogRequestForm
        today={todayIso()}
        onLogged={(request) => {
          setOpenId(request.id);
          void refresh();
        }}
      />
      <Divider />
      {openId && <RequestDetail key={openId} id={openId} onChanged={refresh} />}
      <Title order={2} size="h3">
        Requests
      </Title>
      {list.data && <RequestsTable requests={list.data.data} onOpen={(request) => setOpenId(request.id)} />}
    </Stack>
  );
}

function SettingsPanel() {
  const settings = useDataProtectionSettings();
  const queryClient = useQueryClient();
  if (!settings.data) return null;
  return (
    <Stack pt="md">
      <DataProtectionSettingsForm
        settings={settings.data}
        onSaved={() => queryClient.invalidateQueries({ queryKey: dataProtectionKeys.settings })}
      />
    </Stack>
  );
}

/** /settings/data-protection (administrators): data-subject requests and the firm's settings. */
export function DataProtectionPage() {
  const tabTitle = useUrlTabTitle(TABS);
  return (
    <Stack gap="md">
      <PageTitle parts={[tabTitle, 'Data protection', 'Settings']} />
      <div>
        <Title order={1}>Data protection</Title>
        <Text c="dimmed" maw={820}>
          {DATA_PROTECTION_INTRO}
        </Text>
      </div>
      <UrlTabs tabs={TABS}>
        <Tabs.Panel value="requests">
          <RequestsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="retention">
          <RetentionPanel />
        </Tabs.Panel>
        <Tabs.Panel value="breaches">
          <BreachesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="privacy-notice">
          <PrivacyNoticePanel />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsPanel />
        </Tabs.Panel>
      </UrlTabs>
    </Stack>
  );
}
