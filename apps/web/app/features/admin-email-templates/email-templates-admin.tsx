import type { TEmailPreview, TEmailTemplate, TEmailTemplateSummary } from '@fanstage/contract';
import { maxEmailBody, maxEmailSubject } from '@fanstage/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp, IconChevronLeft, IconMailCog } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { placeholderKeys } from '../../lib/placeholders';
import classes from './email-templates-admin.module.css';

const listKey = ['admin', 'email-templates'] as const;
const pathOf = (key: string) => `/admin/email-templates/${encodeURIComponent(key)}`;

const isAccountMail = (key: string) => !key.startsWith('notification.');

/** /admin/email-templates: every mail the site sends, account mails first, edited ones marked. */
export function EmailTemplatesAdmin() {
  const templates = useQuery({
    queryKey: listKey,
    queryFn: () => api.get<{ data: TEmailTemplateSummary[] }>('/admin/email-templates'),
  });
  const all = templates.data?.data ?? [];
  const edited = all.filter((t) => t.isEdited).length;
  const groups = [
    { title: 'Account mails', items: all.filter((t) => isAccountMail(t.key)) },
    { title: 'Notification mails', items: all.filter((t) => !isAccountMail(t.key)) },
  ];

  return (
    <>
      <PageHeader
        title="Email templates"
        description={
          <>
            The words of every email the site sends. Edit one to change what people receive; sent emails are
            in the{' '}
            <Anchor component={Link} to="/admin/outbox">
              outbox
            </Anchor>
            .
          </>
        }
        actions={
          edited > 0 ? (
            <Badge variant="light" size="lg">
              {edited} edited
            </Badge>
          ) : null
        }
      />
      {templates.isPending ? (
        <Card p={0}>
          {placeholderKeys(6).map((key) => (
            <Stack key={key} gap={8} px="lg" py="md">
              <Skeleton h={14} w="45%" />
              <Skeleton h={10} w="70%" />
            </Stack>
          ))}
        </Card>
      ) : templates.isError ? (
        <EmptyState
          py={56}
          icon={<IconMailCog size={28} />}
          variant="light"
          title="The templates could not be loaded"
          description="Check your connection and reload the page."
        />
      ) : (
        <Stack gap="xl">
          {groups.map((group) => (
            <section key={group.title}>
              <Title order={2} fz="lg" mb="sm">
                {group.title}
              </Title>
              <Card p={0}>
                {group.items.map((template) => (
                  <UnstyledButton
                    key={template.key}
                    component={Link}
                    to={pathOf(template.key)}
                    className={classes.row}
                    data-testid="email-template-row"
                  >
                    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
                      <div className={classes.rowText}>
                        <Text fw={600} className={classes.wrap}>
                          {template.name}
                        </Text>
                        <Text size="sm" c="dimmed" className={classes.wrap}>
                          {template.description}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace" className={classes.wrap} mt={4}>
                          {template.subject}
                        </Text>
                      </div>
                      <Badge
                        variant="light"
                        color={template.isEdited ? 'brand' : 'gray'}
                        className={classes.badge}
                      >
                        {template.isEdited ? 'Edited' : 'Default'}
                      </Badge>
                    </Group>
                  </UnstyledButton>
                ))}
              </Card>
            </section>
          ))}
        </Stack>
      )}
    </>
  );
}

type Field = 'subject' | 'body';

/** /admin/email-templates/{key}: subject and body with placeholder chips, a live preview, save and reset. */
export function EmailTemplateEditor({ templateKey }: { templateKey: string }) {
  const queryClient = useQueryClient();
  const detailKey = [...listKey, templateKey];
  const template = useQuery({
    queryKey: detailKey,
    queryFn: () =>
      api.get<{ data: TEmailTemplate }>(`/admin/email-templates/${encodeURIComponent(templateKey)}`),
  });
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [lastField, setLastField] = useState<Field>('body');
  const [confirmReset, resetModal] = useDisclosure(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const loaded = template.data?.data;

  useEffect(() => {
    if (!loaded) return;
    setSubject(loaded.subject);
    setBody(loaded.body);
  }, [loaded]);

  const [draft] = useDebouncedValue({ subject, body }, 400);
  const preview = useQuery({
    queryKey: [...detailKey, 'preview', draft],
    queryFn: () =>
      api.post<{ data: TEmailPreview }>(`/admin/email-templates/${encodeURIComponent(templateKey)}/preview`, {
        subject: draft.subject,
        body: draft.body,
      }),
    enabled: Boolean(loaded) && draft.subject.trim().length > 0 && draft.body.trim().length > 0,
    retry: false,
    placeholderData: (previous) => previous,
  });

  const afterChange = (next: { data: TEmailTemplate }, message: string) => {
    queryClient.setQueryData(detailKey, next);
    void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    setSubject(next.data.subject);
    setBody(next.data.body);
    notifySuccess(message);
  };
  const save = useMutation({
    mutationFn: () =>
      api.put<{ data: TEmailTemplate }>(`/admin/email-templates/${encodeURIComponent(templateKey)}`, {
        subject,
        body,
      }),
    onSuccess: (next) => afterChange(next, 'Template saved'),
    onError: (error) => notifyError(error),
  });
  const reset = useMutation({
    mutationFn: () =>
      api.post<{ data: TEmailTemplate }>(`/admin/email-templates/${encodeURIComponent(templateKey)}/reset`),
    onSuccess: (next) => {
      resetModal.close();
      afterChange(next, 'Back to the default words');
    },
    onError: (error) => notifyError(error),
  });

  /** Puts `{{name}}` where the cursor was in the field last used (the body at first). */
  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const element = lastField === 'subject' ? subjectRef.current : bodyRef.current;
    const value = lastField === 'subject' ? subject : body;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + token + value.slice(end);
    (lastField === 'subject' ? setSubject : setBody)(next);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const isDirty = loaded ? subject !== loaded.subject || body !== loaded.body : false;
  const back = (
    <Anchor component={Link} to="/admin/email-templates" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconChevronLeft size={16} />
        All templates
      </Group>
    </Anchor>
  );

  if (template.isError) {
    return (
      <Stack>
        {back}
        <EmptyState
          py={56}
          icon={<IconMailCog size={28} />}
          variant="light"
          title="This template does not exist"
          description="Go back to the list and choose another one."
        />
      </Stack>
    );
  }

  return (
    <>
      <Stack gap="xs" mb="md">
        {back}
      </Stack>
      <PageHeader
        title={loaded ? loaded.name : <Skeleton h={30} w={260} />}
        description={loaded ? `${loaded.description} (${loaded.key})` : null}
        actions={
          loaded ? (
            <Badge variant="light" color={loaded.isEdited ? 'brand' : 'gray'} size="lg">
              {loaded.isEdited
                ? `Edited${loaded.updatedAt ? ` ${dayjs(loaded.updatedAt).format('D MMM YYYY')}` : ''}${loaded.updatedBy?.name ? ` by ${loaded.updatedBy.name}` : ''}`
                : 'Default'}
            </Badge>
          ) : null
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card>
          {loaded ? (
            <Stack gap="md">
              <TextInput
                ref={subjectRef}
                label="Subject"
                value={subject}
                maxLength={maxEmailSubject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                onFocus={() => setLastField('subject')}
                description={`${subject.length} / ${maxEmailSubject}`}
              />
              <Textarea
                ref={bodyRef}
                label="Body"
                value={body}
                autosize
                minRows={10}
                maxRows={24}
                maxLength={maxEmailBody}
                onChange={(e) => setBody(e.currentTarget.value)}
                onFocus={() => setLastField('body')}
                description="Plain text: a blank line starts a paragraph, addresses become links."
              />
              <div>
                <Text size="sm" fw={500} mb={6}>
                  Placeholders
                </Text>
                <Text size="xs" c="dimmed" mb={8}>
                  Click one to insert it where the cursor is ({lastField === 'subject' ? 'subject' : 'body'}).
                </Text>
                <Group gap={6}>
                  {loaded.placeholders.map((name) => (
                    <Button
                      key={name}
                      size="compact-sm"
                      variant="light"
                      radius="xl"
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => insert(name)}
                    >
                      {`{{${name}}}`}
                    </Button>
                  ))}
                </Group>
              </div>
              <Group justify="space-between" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconArrowBackUp size={16} />}
                  onClick={resetModal.open}
                  disabled={!loaded.isEdited && !isDirty}
                >
                  Reset to default
                </Button>
                <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!isDirty}>
                  Save
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              <Skeleton h={36} />
              <Skeleton h={220} />
              <Skeleton h={28} w="60%" />
            </Stack>
          )}
        </Card>
        <Card>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>Preview</Text>
              <Text size="xs" c="dimmed">
                With sample values
              </Text>
            </Group>
            {preview.isError ? (
              <Alert color="red" variant="light" title="This cannot be sent yet">
                {errorMessage(preview.error, 'The preview failed. Check your connection.')}
              </Alert>
            ) : null}
            {preview.data ? (
              <>
                <Text size="sm" className={classes.wrap}>
                  <Text span c="dimmed" size="sm">
                    Subject:{' '}
                  </Text>
                  {preview.data.data.subject}
                </Text>
                <iframe
                  title="Email preview"
                  className={classes.preview}
                  sandbox=""
                  srcDoc={preview.data.data.html}
                />
              </>
            ) : !preview.isError ? (
              <Skeleton h={320} />
            ) : null}
          </Stack>
        </Card>
      </SimpleGrid>
      <Modal opened={confirmReset} onClose={resetModal.close} title="Reset to the default words?" radius="lg">
        <Stack>
          <Text size="sm">
            The subject and body go back to the words the site ships with. Your edit is lost.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={resetModal.close}>
              Cancel
            </Button>
            <Button color="red" onClick={() => reset.mutate()} loading={reset.isPending}>
              Reset
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
