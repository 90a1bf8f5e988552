import { Alert, Card, Grid, Skeleton, Stack } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { needsAccountCompletion } from '../../lib/guards';
import { usePublicSettings } from '../../lib/settings';
import { SocialCompletionCard } from '../auth/social/social-completion-card';
import { useCurrentUser } from '../auth/use-current-user';
import { BlockedCountriesCard } from '../geo-blocks/blocked-countries-card';
import { useMyPerformerProfile } from '../performers/performers-api';
import { AvatarCard } from './avatar-card';
import { CoverCard } from './cover-card';
import { CreatorProfileForm } from './creator-profile-form';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { PricingForm } from './pricing-form';
import { ProfileForm } from './profile-form';
import { WelcomeVideoCard } from './welcome-video-card';

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
            {source === 'performer' ? <CreatorCover /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {/* Only an account made by Google or Twitter sign-in has no username. */}
            {!user.username && !user.isPerformer && !user.isAdmin ? <SocialCompletionCard /> : null}
            <ProfileForm key={user.updatedAt} user={user} />
            {source === 'performer' ? <CreatorForms /> : null}
            <EmailForm user={user} />
            <PasswordForm source={source} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function CreatorCover() {
  const me = useMyPerformerProfile();
  return (
    <>
      <CoverCard me={me.data} />
      <WelcomeVideoCard me={me.data} />
    </>
  );
}

/** The creator's own profile and pricing: skeleton cards until GET /performers/me answers. */
function CreatorForms() {
  const me = useMyPerformerProfile();
  if (!me.data) {
    return (
      <>
        {['profile', 'pricing'].map((key) => (
          <Card key={key} aria-busy aria-label="Loading">
            <Skeleton h={18} w={140} mb={8} />
            <Skeleton h={12} w="60%" mb="lg" />
            <Skeleton h={80} mb="md" />
            <Skeleton h={36} />
          </Card>
        ))}
      </>
    );
  }
  return (
    <>
      <CreatorProfileForm me={me.data} />
      <PricingForm me={me.data} />
      <BlockedCountriesCard owner="creator" />
    </>
  );
}
