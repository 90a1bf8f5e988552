import type { TPaymentCard } from '@fanstage/contract';
import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { cardKeys, cardLabel, deleteCard, saveCard, usePaymentGateway, useSavedCards } from './cards-api';
import { LazyStripeCardForm } from './lazy-stripe-card-form';

/** One saved card with its delete button (asks first). */
function CardRow({ card, onDelete }: { card: TPaymentCard; onDelete: (card: TPaymentCard) => void }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="saved-card">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconCreditCard size={22} aria-hidden />
          <Text fw={600} truncate>
            {cardLabel(card)}
          </Text>
        </Group>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={16} />}
          onClick={() => onDelete(card)}
          aria-label={`Delete ${cardLabel(card)}`}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/**
 * `/user/cards`: the fan's saved cards (brand, last four digits, expiry), delete with a
 * confirmation, and a new card through Stripe Elements when Stripe is the gateway. With the sandbox
 * nothing is saved: its checkout page takes the test cards each time.
 */
export function SavedCards() {
  const gateway = usePaymentGateway();
  const cards = useSavedCards();
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<TPaymentCard | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const [isAdding, setAdding] = useState(false);
  const info = gateway.data;
  const canAdd = info?.gateway === 'stripe' && Boolean(info.stripePublishableKey);

  async function handleDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteCard(toDelete._id);
      notifySuccess('Card deleted');
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: cardKeys.cards });
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(false);
    }
  }

  async function handleNewCard({ paymentMethodId }: { paymentMethodId: string | null }) {
    if (!paymentMethodId) return;
    try {
      await saveCard(paymentMethodId);
      notifySuccess('Card saved');
      setAdding(false);
      await queryClient.invalidateQueries({ queryKey: cardKeys.cards });
    } catch (error) {
      notifyError(error);
    }
  }

  const isLoading = gateway.isLoading || cards.isLoading;
  const list = cards.data ?? [];

  return (
    <Stack maw={640}>
      {info?.gateway === 'sandbox' ? (
        <Alert icon={<IconInfoCircle />} color="grape" title="Test payments" data-testid="sandbox-cards-note">
          This site takes card payments through a sandbox checkout page that accepts test cards (4242 4242
          4242 4242 pays). No cards are saved here: you enter a test card on the checkout page each time.
        </Alert>
      ) : null}
      {info && info.gateway === null ? (
        <Alert icon={<IconInfoCircle />} color="gray">
          Card payments are not available on this site; pay from your wallet.
        </Alert>
      ) : null}
      <Card withBorder radius="md" p="lg">
        <Stack>
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Saved cards
            </Title>
            {canAdd && !isAdding ? (
              <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setAdding(true)}>
                Add a card
              </Button>
            ) : null}
          </Group>
          {isLoading ? (
            <Stack gap="xs" data-testid="cards-loading">
              <Skeleton h={48} radius="md" />
              <Skeleton h={48} radius="md" />
            </Stack>
          ) : cards.isError ? (
            <Text c="red">We could not load your cards. Please try again later.</Text>
          ) : list.length === 0 ? (
            <Text c="dimmed" data-testid="cards-empty">
              No saved cards.
              {canAdd ? ' Add one to subscribe and top up in one click.' : ''}
            </Text>
          ) : (
            <Stack gap="xs">
              {list.map((card) => (
                <CardRow key={card._id} card={card} onDelete={setToDelete} />
              ))}
            </Stack>
          )}
          {isAdding && info?.stripePublishableKey ? (
            <Stack gap="xs">
              <LazyStripeCardForm
                publishableKey={info.stripePublishableKey}
                submitLabel="Save card"
                onDone={handleNewCard}
              />
              <Button variant="subtle" onClick={() => setAdding(false)}>
                Cancel
              </Button>
            </Stack>
          ) : null}
        </Stack>
      </Card>
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Delete this card?" centered>
        <Stack>
          <Text>
            {toDelete ? cardLabel(toDelete) : ''} will be removed. Subscriptions already paid with it keep
            running until you cancel them.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button color="red" loading={isDeleting} onClick={handleDelete}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
