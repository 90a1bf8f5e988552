import type { TReport, TReportAction } from '@fanstage/contract';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { reportActionChoices, reportActionToast, resolveProblem } from './report-actions';
import { useResolveReport } from './reports-api';

const maxReason = 500;
const destructive: ReadonlySet<TReportAction> = new Set(['hide', 'block', 'deactivate']);

/**
 * Closes a report with an action: Dismiss, or hide the content, warn its owner, block the comment's
 * author for the creator, deactivate the owner's account. The ones that do not apply to what was
 * reported are disabled with the reason. A reason is needed unless dismissing: the owner is told it
 * (the reporter only learns what was done). Nothing is sent until the reason passes the contract's
 * rule; the API's own refusal comes back as a toast.
 */
export function ResolveReportDialog(props: { report: TReport | null; onClose: () => void }) {
  // While the dialog fades out (`report` is null again) it keeps showing the report it was opened for.
  const [shown, setShown] = useState<TReport | null>(props.report);
  const [action, setAction] = useState<TReportAction | null>(null);
  const [reason, setReason] = useState('');
  const [isTried, setTried] = useState(false);
  useEffect(() => {
    if (!props.report) return;
    setShown(props.report);
    setAction(null);
    setReason('');
    setTried(false);
  }, [props.report]);
  const resolve = useResolveReport();
  const report = props.report ?? shown;
  const choices = report ? reportActionChoices(report) : [];
  const problem = resolveProblem(action, reason);

  const handleConfirm = () => {
    setTried(true);
    if (!report || !action || problem) return;
    resolve.mutate(
      { id: report._id, action, reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess(reportActionToast[action]);
          props.onClose();
        },
        onError: (err) => notifyError(err),
      },
    );
  };

  return (
    <Modal opened={props.report !== null} onClose={props.onClose} title="Resolve this report" centered>
      <Stack gap="md">
        <Radio.Group
          label="What do you do?"
          value={action}
          onChange={(value) => {
            setAction(value as TReportAction);
            setTried(false);
          }}
          error={isTried && !action ? problem : null}
        >
          <Stack gap="sm" mt="xs">
            {choices.map((choice) => (
              <Radio
                key={choice.action}
                value={choice.action}
                label={choice.label}
                description={choice.description}
                disabled={choice.isDisabled}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Reason"
          description={
            action === 'dismiss'
              ? 'Optional. Kept with the report and in the audit log; nobody is mailed it.'
              : 'The owner is told this reason. The fan who reported it is told what was done, never why.'
          }
          withAsterisk={action !== null && action !== 'dismiss'}
          placeholder="Nudity without an age check."
          autosize
          minRows={3}
          maxLength={maxReason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={isTried && action ? problem : null}
        />
        <Text size="xs" c="dimmed">
          The report is closed for good, and the action is written to the audit log.
        </Text>
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={props.onClose} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button
            color={action && destructive.has(action) ? 'red' : 'teal'}
            loading={resolve.isPending}
            onClick={handleConfirm}
          >
            {action === 'dismiss' ? 'Dismiss' : 'Resolve'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
