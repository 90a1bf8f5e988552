import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthHeader } from '../../features/auth/auth-header';
import { finishTwitterLogin } from '../../features/auth/social/social-api';
import { socialLandingPath } from '../../features/auth/social/social-landing';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/guards';
import { pageTitle } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import type { Route } from './+types/twitter-callback';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Signing in with Twitter', matches);

/** Twitter sends the browser back here; the API finishes the sign-in with the oauth cookies it set. */
export default function TwitterCallbackPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = new URLSearchParams(useLocation().search);
  const oauthToken = search.get('oauth_token');
  const oauthVerifier = search.get('oauth_verifier');
  const [failure, setFailure] = useState<string | null>(
    search.has('denied') || !oauthToken || !oauthVerifier ? 'The Twitter sign-in was cancelled.' : null,
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !oauthToken || !oauthVerifier) return;
    started.current = true;
    finishTwitterLogin(queryClient, { oauthToken, oauthVerifier })
      .then((result) => navigate(socialLandingPath(result, null), { replace: true }))
      .catch((err: unknown) => {
        notifyError(err);
        setFailure(errorMessage(err, 'The Twitter sign-in did not work. Please try again.'));
      });
  }, [queryClient, navigate, oauthToken, oauthVerifier]);

  return (
    <>
      <AuthHeader title="Signing in with Twitter" description={failure ?? 'One moment…'} />
      <Stack align="center">
        {failure ? (
          <Text>
            <Anchor component={Link} to={paths.login}>
              Back to log in
            </Anchor>
          </Text>
        ) : (
          <Loader aria-label="Signing in" />
        )}
      </Stack>
    </>
  );
}
