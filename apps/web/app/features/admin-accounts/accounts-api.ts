import type {
  TAdminUpdateUser,
  TAdminUser,
  TAdminUserQuery,
  TAuditEntry,
  TAuditQuery,
} from '@fanstage/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';

type Page<T> = { data: T[]; total: number };
type QueryOf<T> = { [K in keyof T]?: string | number };

export const adminAccountKeys = {
  all: ['admin', 'accounts'] as const,
  users: ['admin', 'accounts', 'users'] as const,
  user: (id: string) => ['admin', 'accounts', 'user', id] as const,
  audit: ['admin', 'accounts', 'audit'] as const,
};

/** A list's load error as a toast, once per error. */
function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}

export function useAdminUsers(query: QueryOf<TAdminUserQuery>) {
  const list = useQuery({
    queryKey: [...adminAccountKeys.users, query],
    queryFn: ({ signal }) => api.get<Page<TAdminUser>>('/admin/users/search', { query, signal }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  return list;
}

export function useAdminUser(id: string) {
  const one = useQuery({
    queryKey: adminAccountKeys.user(id),
    queryFn: ({ signal }) => api.get<{ data: TAdminUser }>(`/admin/users/${id}`, { signal }),
    select: (res) => res.data,
  });
  useErrorToast(one.error);
  return one;
}

export function useAuditLog(query: QueryOf<TAuditQuery>) {
  const list = useQuery({
    queryKey: [...adminAccountKeys.audit, query],
    queryFn: ({ signal }) => api.get<Page<TAuditEntry>>('/admin/audit-log', { query, signal }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  return list;
}

/** After any change: the user, the lists and the audit log are read again. */
function useRefreshAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminAccountKeys.all });
}

export function useUpdateUser(id: string) {
  const refresh = useRefreshAccounts();
  return useWriteMutation({
    mutationFn: (values: TAdminUpdateUser) => api.put<{ data: TAdminUser }>(`/admin/users/${id}`, values),
    onSuccess: () => void refresh(),
  });
}

/** Deactivate (a reason is required) or reactivate (optional reason). */
export function useSetAccountStatus(id: string) {
  const refresh = useRefreshAccounts();
  return useWriteMutation({
    mutationFn: (input: { to: 'inactive' | 'active'; reason: string }) =>
      api.post<{ data: TAdminUser }>(
        `/admin/users/${id}/${input.to === 'inactive' ? 'deactivate' : 'reactivate'}`,
        input.reason.trim() ? { reason: input.reason.trim() } : {},
      ),
    onSuccess: () => void refresh(),
  });
}

export { useRefreshAccounts };
