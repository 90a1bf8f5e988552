import type { TSocialRole } from '@fanstage/contract';
import { Box, Button, Divider, Stack, useComputedColorScheme } from '@mantine/core';
import { IconBrandGoogle, IconBrandX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../lib/notify';
import { usePublicSettings } from '../../../lib/settings';
import { loadGoogleIdentity, newNonce } from './google-identity';
import { logInWithGoogle, startTwitterLogin } from './social-api';
import { socialLandingPath } from './social-landing';

/**
 * "Continue with Google" and "Continue with Twitter" on the login and sign-up pages, each shown only
 * when the site has it configured. `accountKind` is what the page is for (the creator sign-up asks for creator).
 */
export function SocialButtons({
  accountKind = 'user',
  returnTo,
}: {
  accountKind?: TSocialRole;
  returnTo: string | null;
}) {
  const settings = usePublicSettings();
  const hasGoogle = settings.googleLoginEnabled && settings.googleClientId !== '';
  const hasTwitter = settings.twitterLoginEnabled;
  if (!hasGoogle && !hasTwitter) return null;
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {hasGoogle ? <GoogleButton clientId={settings.googleClientId} returnTo={returnTo} /> : null}
      {hasTwitter ? <TwitterButton role={accountKind} returnTo={returnTo} /> : null}
    </Stack>
  );
}

function GoogleButton({ clientId, returnTo }: { clientId: string; returnTo: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const scheme = useComputedColorScheme('light');
  const target = useRef<HTMLDivElement>(null);
  const [isRendered, setRendered] = useState(false);

  const signIn = useMutation({
    mutationFn: (input: { idToken: string; nonce: string }) => logInWithGoogle(queryClient, input),
    onSuccess: (result) => navigate(socialLandingPath(result, returnTo), { replace: true }),
    onError: (err) => notifyError(err),
  });
  const { mutate } = signIn;

  useEffect(() => {
    let isCurrent = true;
    const nonce = newNonce();
    loadGoogleIdentity()
      .then((gis) => {
        if (!isCurrent || !target.current) return;
        gis.initialize({
          client_id: clientId,
          nonce,
          ux_mode: 'popup',
          callback: (answer) => {
            if (answer.credential) mutate({ idToken: answer.credential, nonce });
          },
        });
        gis.renderButton(target.current, {
          type: 'standard',
          theme: scheme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          width: Math.min(400, target.current.clientWidth || 320),
        });
        setRendered(true);
      })
      .catch((err: unknown) => {
        if (isCurrent) notifyError(err);
      });
    return () => {
      isCurrent = false;
    };
  }, [clientId, scheme, mutate]);

  return (
    <Box>
      {/* Google draws its own button here; until then ours holds the place. */}
      {isRendered ? null : (
        <Button variant="default" fullWidth leftSection={<IconBrandGoogle size={18} />} disabled>
          Continue with Google
        </Button>
      )}
      <Box
        ref={target}
        display={isRendered ? 'flex' : 'none'}
        style={{ justifyContent: 'center', opacity: signIn.isPending ? 0.6 : 1 }}
      />
    </Box>
  );
}

function TwitterButton({ role, returnTo }: { role: TSocialRole; returnTo: string | null }) {
  const start = useMutation({
    mutationFn: () => startTwitterLogin({ role, ...(returnTo ? { returnTo } : {}) }),
    onSuccess: (authUrl) => window.location.assign(authUrl),
    onError: (err) => notifyError(err),
  });
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconBrandX size={18} />}
      loading={start.isPending}
      onClick={() => start.mutate()}
    >
      Continue with Twitter
    </Button>
  );
}
