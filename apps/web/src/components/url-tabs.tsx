import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export type UrlTab = { value: string; label: string };

/** The tab ?activeTab= names, or the first when it names none of them. */
export function activeTabOf<T extends UrlTab>(tabs: readonly T[], requested: string | null): T | undefined {
  return tabs.find((tab) => tab.value === requested) ?? tabs[0];
}

/** The open tab's label for the page's title; the first tab is the page itself and adds nothing. */
export function useUrlTabTitle(tabs: readonly UrlTab[]): string | undefined {
  const [searchParams] = useSearchParams();
  const active = activeTabOf(tabs, searchParams.get('activeTab'));
  return active === tabs[0] ? undefined : active?.label;
}

/**
 * A record view's tabs, the chosen one kept in the URL (?activeTab=) so a reload or a shared link
 * opens it again; an unknown or missing value opens the first tab. The panels are the children
 * (Tabs.Panel), rendered only while chosen.
 */
export function UrlTabs({
  tabs,
  children,
  keepsOtherParams = true,
}: {
  tabs: readonly UrlTab[];
  children: ReactNode;
  /** False where each tab is a list with its own filters in the URL: a new tab starts unfiltered. */
  keepsOtherParams?: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const first = tabs[0]?.value ?? '';
  const activeTab = activeTabOf(tabs, searchParams.get('activeTab'))?.value ?? first;
  return (
    <Tabs
      value={activeTab}
      onChange={(tab) =>
        setSearchParams(
          (previous) => {
            const next = new URLSearchParams(keepsOtherParams ? previous : undefined);
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
