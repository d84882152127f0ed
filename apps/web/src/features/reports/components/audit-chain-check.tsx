import { Alert, Button, Group, Text } from '@mantine/core';
import { auditChainVerifyRoute, type AuditChainVerification } from '@matterhorn/shared';
import { useState } from 'react';
import { callContract } from '../../../lib/api/call-contract.ts';

const BREAK_WORDS = {
  contentChanged: 'has been edited since it was written',
  linkBroken: 'does not follow the record before it: a record was removed, added or reordered',
} as const;

/** The audit trail's own check (issue 39): every record's hash and its link to the one before, walked on request. */
export function AuditChainCheck() {
  const [result, setResult] = useState<AuditChainVerification | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const check = async () => {
    setIsChecking(true);
    try {
      setResult((await callContract(auditChainVerifyRoute, {}, { auth: 'firm' })).data);
    } catch {
      // Shown by the API client.
    } finally {
      setIsChecking(false);
    }
  };
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Button variant="default" loading={isChecking} onClick={() => void check()}>
        Verify the trail
      </Button>
      {result && (
        <Alert
          role="status"
          color={result.isIntact ? 'green' : 'red'}
          title={result.isIntact ? 'The audit trail is intact' : 'The audit trail has been tampered with'}
          style={{ flex: 1, minWidth: 260 }}
        >
          {result.firstBreak ? (
            <Text size="sm">
              Record {result.firstBreak.chainPosition.toLocaleString('en-US')} ({result.firstBreak.action},{' '}
              {new Date(result.firstBreak.createdAt).toLocaleString('en-GB')}) {BREAK_WORDS[result.firstBreak.reason]}.
            </Text>
          ) : (
            <Text size="sm">
              {result.recordsChecked.toLocaleString('en-US')} records checked, each against its own hash and the one before it.
              {result.lastHash && (
                <>
                  {' '}
                  Newest hash, to keep elsewhere: <code style={{ wordBreak: 'break-all' }}>{result.lastHash}</code>
                </>
              )}
            </Text>
          )}
        </Alert>
      )}
    </Group>
  );
}
