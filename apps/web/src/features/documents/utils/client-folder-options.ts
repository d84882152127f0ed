import type { ClientFolder } from '@matterhorn/shared';
import { COMPANY_GROUP, INDIVIDUAL_GROUP } from '../../../components/client-select.tsx';
import type { SelectOption } from '../../../components/select-options.ts';

/**
 * The firm's clients from their folders (get-client-folders, under the documents permission: the
 * clients list's lookup needs the clients permission and leaves archived clients out), people
 * first then companies, as the client dropdown groups them; each option's value is its folder's id
 * or its client's.
 */
export function clientFolderOptions(folders: ClientFolder[], valueOf: 'folderId' | 'clientId'): SelectOption[] {
  const optionOf = (folder: ClientFolder): SelectOption => ({
    value: folder[valueOf],
    label: folder.isArchived ? `${folder.name} (archived)` : folder.name,
    group: folder.clientType === 'company' ? COMPANY_GROUP : INDIVIDUAL_GROUP,
  });
  return [
    ...folders.filter((folder) => folder.clientType === 'individual').map(optionOf),
    ...folders.filter((folder) => folder.clientType === 'company').map(optionOf),
  ];
}
