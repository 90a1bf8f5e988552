import type { TSettings } from '@fanstage/contract';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AmountInput, amountProblem } from '../../components/amount-input';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { commissionToPercent, formatCommission, percentToCommission } from './creator-review';

/**
 * The site's commission (a share) for the placeholder of a creator's field, from the settings the
 * settings screen also reads (one request for a whole list); undefined until it has loaded.
 */
function useSiteCommission(isNeeded: boolean): number | undefined {
  const settings = useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: () => api.get<{ data: TSettings }>('/admin/settings').then((r) => r.data),
    enabled: isNeeded,
    staleTime: 60_000,
  });
  return settings.data?.performerCommission;
}

/**
 * The platform's share for one creator, typed in percent like the site setting; empty means the
 * site default (shown as the placeholder). Used by the creator review and the admin user page.
 */
export function CommissionEditor(props: {
  performerId: string;
  name: string;
  commissionPercentage: number | null;
  /** The site's performerCommission (a share), shown when the field is empty. */
  defaultCommission?: number;
  onSaved: () => void;
  label?: string;
}) {
  const siteCommission = useSiteCommission(props.defaultCommission === undefined);
  const defaultCommission = props.defaultCommission ?? siteCommission;
  const saved = commissionToPercent(props.commissionPercentage);
  const [value, setValue] = useState<number | ''>(saved);
  useEffect(() => setValue(saved), [saved]);
  const save = useWriteMutation({
    mutationFn: () =>
      api.put(`/admin/performers/${props.performerId}/commission`, {
        commissionPercentage: percentToCommission(value),
      }),
    onSuccess: () => {
      notifySuccess();
      props.onSaved();
    },
    onError: (err) => notifyError(err),
  });
  const isDirty = value !== saved;
  const canSave =
    isDirty &&
    amountProblem(value, { mode: 'percent', noun: 'commission', min: 0, max: 100, isOptional: true }) ===
      null;
  const placeholder =
    defaultCommission === undefined ? 'Default' : `Default ${formatCommission(defaultCommission)}`;

  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {props.label ?? 'Commission'}
      </Text>
      <AmountInput
        mode="percent"
        noun="commission"
        isOptional
        aria-label={`Commission for ${props.name}, in percent`}
        placeholder={placeholder}
        size="xs"
        w={{ base: 120, sm: 160 }}
        min={0}
        max={100}
        value={value}
        onChange={setValue}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && canSave) save.mutate();
        }}
      />
      <Tooltip label="Save commission">
        <ActionIcon
          variant={canSave ? 'filled' : 'default'}
          size={30}
          aria-label="Save commission"
          disabled={!canSave}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          <IconDeviceFloppy size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
