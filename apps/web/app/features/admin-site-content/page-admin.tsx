import type { TCmsPost } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconBold,
  IconExternalLink,
  IconFileText,
  IconH2,
  IconItalic,
  IconLink,
  IconList,
  IconPilcrow,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdminCrudList } from '../admin-money/admin-crud-list';
import { useListParams } from '../admin-money/money-api';
import { ListPager, ListSearch } from '../admin-money/money-ui';
import { useAdminPages, useDeletePage, useSavePage } from './site-content-api';
import {
  allowedPageTags,
  emptyPageForm,
  type PageFormValues,
  pageBodyOf,
  pageFormOf,
  publicPagePath,
  wrapSelection,
  ZPageForm,
} from './site-content-values';

/** Site pages (terms, privacy, FAQ …): list, write, publish, delete. Footer menus link to them. */
export function PageAdmin() {
  const params = useListParams();
  const list = useAdminPages(params);
  const remove = useDeletePage();

  return (
    <AdminCrudList<TCmsPost>
      title="Pages"
      description="Terms, privacy, FAQ: pages everyone reads at /page/their-slug. Link them in the footer menu."
      list={list}
      toolbar={<ListSearch value={params.search} onChange={params.setSearch} placeholder="Search by title" />}
      footer={
        <ListPager total={list.data?.total ?? 0} page={params.page} onChange={params.setPage} noun="page" />
      }
      loadingLabel="Loading pages"
      empty={{
        icon: <IconFileText size={28} />,
        title: params.q ? 'No matching pages' : 'No pages',
        loadError: 'The pages could not be loaded. Please try again.',
        hint: params.q
          ? `No page title contains “${params.q}”.`
          : 'Write one with “New page”, publish it, then add its address to the footer menu in Settings.',
      }}
      rowTestId="admin-page-row"
      nameOf={(p) => p.title}
      renderSummary={(p) => <PageSummary page={p} />}
      newLabel="New page"
      newTitle="New page"
      modalSize="xl"
      renderForm={(page, onDone) => <PageForm page={page} onDone={onDone} />}
      remove={remove}
      deleteTitle="Delete page"
      deleteLabel="Delete page"
      renderDeleteWarning={(p) => (
        <>
          “{p?.title}” disappears from the site and links to {p ? publicPagePath(p.slug) : 'it'} show “not
          found”. To hide it for a while instead, edit it and set it back to draft.
        </>
      )}
    />
  );
}

function PageSummary({ page: p }: { page: TCmsPost }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text fw={700} truncate>
          {p.title}
        </Text>
        <Badge
          size="xs"
          variant="light"
          color={p.status === 'published' ? 'teal' : 'gray'}
          style={{ flexShrink: 0 }}
        >
          {p.status}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {p.status === 'published' ? (
          <Anchor component={Link} to={publicPagePath(p.slug)} size="xs" target="_blank">
            {publicPagePath(p.slug)} <IconExternalLink size={11} style={{ verticalAlign: -1 }} />
          </Anchor>
        ) : (
          publicPagePath(p.slug)
        )}{' '}
        · edited {dayjs(p.updatedAt).format('MMM D, YYYY')}
      </Text>
    </>
  );
}

const serverFields = ['title', 'slug', 'content', 'status'] as const;

/** The buttons above the body: each wraps the selection in a tag. */
const formatButtons = [
  { label: 'Paragraph', icon: IconPilcrow, open: '<p>', close: '</p>' },
  { label: 'Heading', icon: IconH2, open: '<h2>', close: '</h2>' },
  { label: 'Bold', icon: IconBold, open: '<strong>', close: '</strong>' },
  { label: 'Italic', icon: IconItalic, open: '<em>', close: '</em>' },
  { label: 'Link', icon: IconLink, open: '<a href="https://">', close: '</a>' },
  { label: 'List', icon: IconList, open: '<ul>\n  <li>', close: '</li>\n</ul>' },
] as const;

function PageForm({ page, onDone }: { page: TCmsPost | null; onDone: () => void }) {
  const save = useSavePage(page?._id ?? null);
  const body = useRef<HTMLTextAreaElement | null>(null);
  const form = useForm<PageFormValues>({
    resolver: zodResolver(ZPageForm),
    defaultValues: page ? pageFormOf(page) : emptyPageForm,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    save.mutate(pageBodyOf(values), {
      onSuccess: () => {
        notifySuccess(page ? undefined : 'Page created');
        onDone();
      },
      onError: (err) => {
        applyFieldErrors(err, form.setError, serverFields);
        notifyError(err);
      },
    });
  });

  const handleFormat = (open: string, close: string) => {
    const el = body.current;
    if (!el) return;
    const next = wrapSelection(el.value, el.selectionStart, el.selectionEnd, open, close);
    form.setValue('content', next.text, { shouldDirty: true });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };
  const content = form.register('content');

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          placeholder="Terms of service"
          data-autofocus
          error={errors.title?.message}
          {...form.register('title')}
        />
        <TextInput
          label="Slug"
          description={
            page
              ? 'Its address: /page/slug. Changing it breaks old links.'
              : 'Its address: /page/slug. Leave empty to make it from the title.'
          }
          placeholder="terms-of-service"
          error={errors.slug?.message}
          {...form.register('slug')}
        />
        <div>
          <Group gap={4} mb={6} wrap="wrap">
            {formatButtons.map((b) => (
              <Tooltip key={b.label} label={b.label}>
                <Button
                  variant="default"
                  size="compact-sm"
                  aria-label={b.label}
                  onClick={() => handleFormat(b.open, b.close)}
                >
                  <b.icon size={16} />
                </Button>
              </Tooltip>
            ))}
          </Group>
          <Textarea
            label="Body"
            description={`HTML. Kept when saved: ${allowedPageTags}; scripts and styles are removed.`}
            placeholder="<p>Welcome…</p>"
            autosize
            minRows={8}
            maxRows={18}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            error={errors.content?.message}
            {...content}
            ref={(el) => {
              content.ref(el);
              body.current = el;
            }}
          />
        </div>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Status
              </Text>
              <SegmentedControl
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'draft', label: 'Draft (only admins)' },
                  { value: 'published', label: 'Published' },
                ]}
                aria-label="Status"
                fullWidth
              />
            </Stack>
          )}
        />
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {page ? 'Save' : 'Create page'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
