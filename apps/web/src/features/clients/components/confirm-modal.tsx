import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal.tsx';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isWorking: boolean;
  color?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmModal({ opened, title, message, confirmLabel, isWorking, color, onConfirm, onCancel }: ConfirmModalProps) {
  return (
    <AppModal opened={opened} onClose={() => !isWorking && onCancel()} title={title} size="sm">
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isWorking} data-autofocus>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={isWorking} disabled={isWorking}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
