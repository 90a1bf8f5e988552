import { Badge, Card, Divider, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { PageHeader } from '../components/page-header';
import { useCurrentUser } from '../features/auth/use-current-user';
import { SiteMembershipRenewal } from '../features/subscriptions/site-membership-renewal';
import { SiteSubscribeButton } from '../features/subscriptions/site-subscribe-button';
import { formatPrice } from '../lib/format';
import { pageTitle } from '../lib/meta';
import { guardPage } from '../lib/page-guard';
import { usePublicSettings } from '../lib/settings';
import type { Route } from './+types/site-subscription';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Site membership', matches);

/**
 * Where fans land when the site requires a membership and theirs has run out: price, trial and
 * checkout by wallet or card; members see whether it renews and can cancel the renewal.
 */
export default function SiteSubscriptionPage() {
  const settings = usePublicSettings();
  const user = useCurrentUser();
  const expiredAt = user?.siteSubscription.expiredAt;
  const hasExpired = expiredAt ? dayjs(expiredAt).isBefore(dayjs()) : false;
  const isRunning = Boolean(expiredAt) && !hasExpired;

  return (
    <>
      <PageHeader
        title="Site membership"
        description={`One membership opens ${settings.siteName} for you.`}
      />
      <Card maw={560} mx="auto" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <ThemeIcon size={52} radius="md" variant="gradient">
              <IconCrown size={28} />
            </ThemeIcon>
            {expiredAt ? (
              <Badge color={hasExpired ? 'red' : 'teal'} variant="light" size="lg">
                {hasExpired ? 'Expired' : 'Active'} · {dayjs(expiredAt).format('D MMM YYYY')}
              </Badge>
            ) : null}
          </Group>
          <div>
            <Title order={2} fz={22}>
              {hasExpired ? 'Your membership has ended' : isRunning ? 'You are a member' : 'Become a member'}
            </Title>
            <Text c="dimmed" mt={4}>
              {hasExpired
                ? 'Renew your membership to keep browsing creators, posts and live streams.'
                : isRunning
                  ? 'Your membership gives you the whole site: creator pages, posts and live streams.'
                  : 'A membership gives you access to the whole site: creator pages, posts and live streams.'}
            </Text>
          </div>
          <Group gap={6} align="baseline">
            <Text fz={36} fw={800} lh={1}>
              {formatPrice(settings.siteSubscriptionPrice)}
            </Text>
            <Text c="dimmed">per month</Text>
          </Group>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" color="teal" variant="light">
                <IconCheck size={13} />
              </ThemeIcon>
            }
          >
            <List.Item>Browse every creator page</List.Item>
            <List.Item>Follow creators and get their updates on your home feed</List.Item>
            {settings.trialEnabled ? (
              <List.Item>{settings.trialDurationDays}-day free trial for new members</List.Item>
            ) : null}
          </List>
          {settings.trialEnabled && settings.trialDescription ? (
            <Text size="sm" c="dimmed">
              {settings.trialDescription}
            </Text>
          ) : null}
          {isRunning && expiredAt ? (
            <>
              <Divider />
              <SiteMembershipRenewal expiredAt={expiredAt} />
            </>
          ) : null}
          <SiteSubscribeButton hasExpired={hasExpired} />
        </Stack>
      </Card>
    </>
  );
}
