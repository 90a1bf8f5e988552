import type { TPerformerPublic } from '@fanstage/contract';
import { Button } from '@mantine/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { LazySubscriptionModal } from '../subscriptions/lazy-subscription-modal';
import { useSubscriptionModal } from '../subscriptions/subscription-modal-state';

/** The creator's public profile (prices and plans) for the subscription modal, cached a minute. */
export const fetchPerformerPlans = (queryClient: QueryClient, performerId: string) =>
  queryClient.fetchQuery({
    queryKey: ['performer', performerId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: TPerformerPublic }>(`/performers/${encodeURIComponent(performerId)}`, { signal })
        .then((r) => r.data),
    staleTime: 60_000,
  });

/**
 * The Subscribe button of a locked post, gallery or video. It opens the same subscription modal as
 * the creator page (plans and prices, monthly first, paid from the wallet); the creator's plans are
 * read when the button is pressed unless the page already has them.
 */
export function LockSubscribeButton({
  performerId,
  performer,
  label,
}: {
  performerId: string;
  /** The creator, when the page already loaded them (their own page, a gallery or video page). */
  performer?: TPerformerPublic | null;
  label: string;
}) {
  const modal = useSubscriptionModal();
  const queryClient = useQueryClient();
  const [isLoading, setLoading] = useState(false);

  async function handleSubscribe() {
    if (performer) {
      modal.open(performer);
      return;
    }
    setLoading(true);
    try {
      modal.open(await fetchPerformerPlans(queryClient, performerId));
    } catch (error) {
      notifyError(error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <Button
        variant="gradient"
        radius="xl"
        loading={isLoading}
        onClick={() => void handleSubscribe()}
        data-testid="lock-subscribe-button"
      >
        {label}
      </Button>
      <LazySubscriptionModal modal={modal} />
    </>
  );
}
