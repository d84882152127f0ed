import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isoToDisplayDate, type SavedCard } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { portalSavedCardsQuery, withdrawSavedCard } from '../api/portal-payments.ts';

export const SAVED_CARDS_TEXT = {
  title: 'Automatic payments',
  intro: 'These cards pay your payment plans’ instalments on their due dates, as you agreed. You can stop this at any time.',
  stop: 'Stop automatic payments',
  question: (card: string) => `Stop charging your ${card}? Your instalments stay due: pay each online or by transfer when it falls due.`,
  keep: 'Keep paying automatically',
} as const;

/**
 * The cards the client let the firm charge for their instalments, on the portal's Invoices tab, each
 * with a way to withdraw that consent. Nothing shows while there are none.
 */
export function SavedCards() {
  const cards = useQuery(portalSavedCardsQuery());
  const queryClient = useQueryClient();
  const [stopping, setStopping] = useState<SavedCard | null>(null);
  if (!cards.data?.length) return null;
  const stop = async () => {
    const left = await withdrawSavedCard(stopping!.id);
    queryClient.setQueryData(portalSavedCardsQuery().queryKey, left);
    // The invoices' plans say which card pays them: read them again.
    await queryClient.invalidateQueries({ queryKey: ['portal'], predicate: (query) => query.queryKey.includes('invoice') });
  };
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="saved-cards-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="saved-cards-title">
          {SAVED_CARDS_TEXT.title}
        </Title>
        <Text size="sm">{SAVED_CARDS_TEXT.intro}</Text>
        {cards.data.map((card) => (
          <Group key={card.id} justify="space-between" gap="xs">
            <Text size="sm">
              {card.description} · agreed by {card.consentedBy} on {isoToDisplayDate(card.consentedAt.slice(0, 10))}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setStopping(card)}
              aria-label={`${SAVED_CARDS_TEXT.stop} with ${card.description}`}
            >
              {SAVED_CARDS_TEXT.stop}
            </Button>
          </Group>
        ))}
      </Stack>
      <ConfirmModal
        opened={stopping !== null}
        onClose={() => setStopping(null)}
        title={SAVED_CARDS_TEXT.stop}
        confirmLabel={SAVED_CARDS_TEXT.stop}
        cancelLabel={SAVED_CARDS_TEXT.keep}
        onConfirm={stop}
      >
        <Text size="sm">{stopping ? SAVED_CARDS_TEXT.question(stopping.description) : ''}</Text>
      </ConfirmModal>
    </Card>
  );
}
