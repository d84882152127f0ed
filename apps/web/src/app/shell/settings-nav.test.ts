import { describe, expect, it } from 'vitest';
import { firmPages } from '../routing/firm-routes.tsx';
import { activeItemOf, openableItems, secondaryNavFor } from './nav-items.ts';

const settingsItems = () => secondaryNavFor('/settings/recycle-bin')?.items ?? [];
const labelsFor = (permissions: string[]) => openableItems(settingsItems(), firmPages(), permissions).map((item) => item.label);

describe('the Settings menu’s Recycle bin', () => {
  it('follows Custom Fields, leads to /settings/recycle-bin and is active there', () => {
    const labels = settingsItems().map((item) => item.label);
    expect(labels.indexOf('Recycle bin')).toBe(labels.indexOf('Custom Fields') + 1);
    expect(settingsItems().find((item) => item.label === 'Recycle bin')?.to).toBe('/settings/recycle-bin');
    expect(activeItemOf(settingsItems(), '/settings/recycle-bin')?.label).toBe('Recycle bin');
  });

  it('shows only to members with the recycleBin permission', () => {
    expect(labelsFor(['recycleBin'])).toContain('Recycle bin');
    expect(labelsFor(['administrator'])).toContain('Recycle bin');
    expect(labelsFor(['updateAccountSettings', 'document'])).not.toContain('Recycle bin');
  });

  it('leaves the documents area’s own Recycle bin (documents only) where it was', () => {
    const documentsBin = secondaryNavFor('/documents')?.items.find((item) => item.label === 'Recycle bin');
    expect(documentsBin?.to).toBe('/documents/recycle-bin');
  });
});

describe('the Settings menu’s Export data', () => {
  it('follows Recycle bin, leads to /settings/export and is active there', () => {
    const labels = settingsItems().map((item) => item.label);
    expect(labels.indexOf('Export data')).toBe(labels.indexOf('Recycle bin') + 1);
    expect(settingsItems().find((item) => item.label === 'Export data')?.to).toBe('/settings/export');
    expect(activeItemOf(settingsItems(), '/settings/export')?.label).toBe('Export data');
  });

  it('shows only to administrators, who may open the page', () => {
    expect(labelsFor(['administrator'])).toContain('Export data');
    expect(labelsFor(['updateAccountSettings', 'recycleBin', 'adminUsers', 'adminRoles'])).not.toContain('Export data');
  });
});

describe('the Settings menu’s Import data', () => {
  it('follows Export data, leads to /settings/import and is active there', () => {
    const labels = settingsItems().map((item) => item.label);
    expect(labels.indexOf('Import data')).toBe(labels.indexOf('Export data') + 1);
    expect(settingsItems().find((item) => item.label === 'Import data')?.to).toBe('/settings/import');
    expect(activeItemOf(settingsItems(), '/settings/import')?.label).toBe('Import data');
  });

  it('shows only to members who may read imports (bulkImport), as the page asks', () => {
    expect(labelsFor(['bulkImport'])).toContain('Import data');
    expect(labelsFor(['administrator'])).toContain('Import data');
    expect(labelsFor(['updateAccountSettings', 'recycleBin', 'clientInfo.create', 'matterMaster.create'])).not.toContain('Import data');
  });
});
