import { Alert, Grid, Stack } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { needsAccountCompletion } from '../../lib/guards';
import { usePublicSettings } from '../../lib/settings';
import { useCurrentUser } from '../auth/use-current-user';
import { AvatarCard } from './avatar-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

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
          <AvatarCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ProfileForm key={user.updatedAt} user={user} />
            <PasswordForm source={source} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
