import { describe, expect, it } from 'vitest';
import { requiredPermissionsFor } from '../routing/page-permissions.ts';
import { firmPages } from '../routing/firm-routes.tsx';
import { activeItemOf, MAIN_NAV_ITEMS, secondaryNavFor } from './nav-items.ts';

describe('the documents area’s navigation', () => {
  it('has Documents in the main menu and the settings-style secondary menu on every documents page', () => {
    expect(MAIN_NAV_ITEMS.find((item) => item.label === 'Documents')?.to).toBe('/documents');
    for (const path of ['/documents', '/documents/folder/1', '/documents/document/1', '/documents/search']) {
      expect(secondaryNavFor(path)?.items.map((item) => item.label)).toEqual([
        'Folders',
        'Search',
        'Templates',
        'Signature requests',
        'Recycle bin',
      ]);
    }
  });

  it.each([
    ['/documents', 'Folders'],
    ['/documents/folder/abc', 'Folders'],
    ['/documents/document/abc', 'Folders'],
    ['/documents/search', 'Search'],
    ['/documents/templates', 'Templates'],
    ['/documents/recycle-bin', 'Recycle bin'],
    ['/documents/signature-requests', 'Signature requests'],
    ['/documents/signature-requests/abc', 'Signature requests'],
  ])('marks %s as %s', (path, label) => {
    expect(activeItemOf(secondaryNavFor(path)?.items ?? [], path)?.label).toBe(label);
  });

  it.each(['/documents', '/documents/search', '/documents/folder/abc', '/documents/document/abc'])(
    '%s needs the document permission',
    (path) => {
      expect(requiredPermissionsFor(firmPages(), path)).toEqual(['document']);
    },
  );
});
