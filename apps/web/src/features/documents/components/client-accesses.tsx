import { List, Text, Title } from '@mantine/core';
import type { DocumentView } from '@matterhorn/shared';
import { displayDateTime } from '../utils/document-display.ts';

/** What the client did with a shared document: the firm sees every view and download. */
export function ClientAccesses({ document }: { document: DocumentView }) {
  return (
    <section aria-labelledby="client-accesses-title">
      <Title order={2} size="h5" id="client-accesses-title">
        Client activity
      </Title>
      {document.clientAccesses.length === 0 ? (
        <Text size="sm" c="dimmed">
          The client has not viewed or downloaded it.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {document.clientAccesses.map((access) => (
            <List.Item key={`${access.at}-${access.action}-${access.versionNumber}`}>
              {access.portalName} ({access.portalEmail}) {access.action} version {access.versionNumber} on {displayDateTime(access.at)}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
