import { Alert, Grid, Stack } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/page-header';
import { needsAccountCompletion } from '../../lib/guards';
import { usePublicSettings } from '../../lib/settings';
import { SocialCompletionCard } from '../auth/social/social-completion-card';
import { useCurrentUser } from '../auth/use-current-user';
import { TwoFactorCard } from '../two-factor/two-factor-card';
import { AvatarCard } from './avatar-card';
import { EmailForm } from './email-form';
import { LoadingCards } from './loading-cards';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

// A creator's cover, welcome video, profile, pricing and blocked countries come in a chunk of their own:
// a fan's account page carries none of their forms.
const CreatorCover = lazy(() => import('./creator-sections').then((m) => ({ default: m.CreatorCover })));
const CreatorForms = lazy(() => import('./creator-sections').then((m) => ({ default: m.CreatorForms })));

/** The account page of fans (/user/account) and creators (/creator/account). */
export function AccountPage({ source }: { source: 'user' | 'performer' }) {
  const user = useCurrentUser();
  const settings = usePublicSettings();
  if (!user) return null;
  const missing = [!user.username && 'a username', !user.email && 'an email address']
    .filter(Boolean)
    .join(' and ');

  return (
    <>
      <PageHeader
        title="Account settings"
        description={`Manage how you appear on ${settings.siteName} and keep your account secure.`}
      />
      {needsAccountCompletion(user) ? (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconUserExclamation size={18} />}
          title="Finish setting up your account"
          mb="lg"
        >
          Add {missing} to continue using {settings.siteName}.
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <AvatarCard user={user} />
            {source === 'performer' ? (
              <Suspense fallback={<LoadingCards keys={['cover']} />}>
                <CreatorCover />
              </Suspense>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {/* Only an account made by Google or Twitter sign-in has no username. */}
            {!user.username && !user.isPerformer && !user.isAdmin ? <SocialCompletionCard /> : null}
            <ProfileForm key={user.updatedAt} user={user} />
            {source === 'performer' ? (
              <Suspense fallback={<LoadingCards keys={['profile', 'pricing']} />}>
                <CreatorForms />
              </Suspense>
            ) : null}
            <EmailForm user={user} />
            <PasswordForm source={source} />
            <TwoFactorCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
