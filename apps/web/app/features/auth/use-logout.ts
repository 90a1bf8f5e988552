import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { paths } from '../../lib/guards';
import { currentUserKey } from './use-current-user';

/** Logs out: the API revokes the session and clears the HttpOnly cookie; the app forgets the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await api.post('/auth/logout').catch(() => {});
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, null);
    await navigate(paths.login, { replace: true });
  };
}
