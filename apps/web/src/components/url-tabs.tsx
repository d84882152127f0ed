import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export type UrlTab = { value: string; label: string };

/**
 * A record view's tabs, the chosen one kept in the URL (?activeTab=) so a reload or a shared link
 * opens it again; an unknown or missing value opens the first tab. The panels are the children
 * (Tabs.Panel), rendered only while chosen.
 */
export function UrlTabs({ tabs, children }: { tabs: readonly UrlTab[]; children: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('activeTab');
  const first = tabs[0]?.value ?? '';
  const activeTab = tabs.some((tab) => tab.value === requested) ? (requested as string) : first;
  return (
    <Tabs
      value={activeTab}
      onChange={(tab) =>
        setSearchParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.set('activeTab', tab ?? first);
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {children}
    </Tabs>
  );
}
