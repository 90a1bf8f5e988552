import type {
  TEmailPreview,
  TEmailTemplate,
  TEmailTemplatePreviewRequest,
  TEmailTemplateSummary,
  TEmailTemplateUpdate,
} from '@fanstage/contract';
import type { DbHandle } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { absoluteLink } from '../notifications/notifications.templates';
import {
  type EmailTemplateDefinition,
  type EmailTemplateKey,
  emailTemplateDefinitions,
  isLinkPlaceholder,
} from './email-templates.defaults';
import { type RenderedEmail, renderEmail, unknownPlaceholders } from './email-templates.render';
import * as repo from './email-templates.repo';

/**
 * Edited templates are read on every mail, so each process keeps them for `cacheMs`; an edit
 * clears this process's copy at once and other nodes follow within `cacheMs` (as settings do; a
 * mail sent with the old words for a few seconds after an edit is harmless).
 */
const cacheMs = 30_000;
const caches = new WeakMap<DbHandle, { at: number; rows: Map<string, repo.EmailTemplateRow> }>();

async function editedTemplates(ctx: AppContext): Promise<Map<string, repo.EmailTemplateRow>> {
  const cached = caches.get(ctx.db);
  if (cached && Date.now() - cached.at < cacheMs) return cached.rows;
  const rows = new Map((await repo.findEditedTemplates(ctx.db.db)).map((r) => [r.key, r]));
  caches.set(ctx.db, { at: Date.now(), rows });
  return rows;
}

const forgetEditedTemplates = (ctx: AppContext) => caches.delete(ctx.db);

function definitionOf(key: string): EmailTemplateDefinition {
  const definition = emailTemplateDefinitions.get(key);
  if (!definition) throw notFound('That email template');
  return definition;
}

/**
 * Renders one mail with the words in force (an admin's edit, else the default) and sends it.
 * `siteName` is filled in when the caller does not give it; links must already be absolute.
 */
export async function sendTemplatedMail(
  ctx: AppContext,
  options: { key: EmailTemplateKey; to: string; values: Record<string, string>; replyTo?: string },
): Promise<void> {
  const mail = await renderTemplatedMail(ctx, options);
  await ctx.mailer.send({
    to: options.to,
    ...mail,
    ...(options.replyTo ? { replyTo: options.replyTo } : {}),
  });
}

/** The mail `key` renders to with these values (the words in force). */
export async function renderTemplatedMail(
  ctx: AppContext,
  options: { key: EmailTemplateKey; values: Record<string, string> },
): Promise<RenderedEmail> {
  const definition = definitionOf(options.key);
  const edited = (await editedTemplates(ctx)).get(options.key);
  const values = { ...options.values };
  values.siteName ??= (await ctx.settings.getAll()).siteName;
  return renderEmail(edited ?? definition, values);
}

const summaryOf = (
  key: string,
  definition: EmailTemplateDefinition,
  edited: repo.EmailTemplateRow | undefined,
) => ({
  key,
  name: definition.name,
  description: definition.description,
  placeholders: definition.placeholders,
  subject: edited?.subject ?? definition.subject,
  isEdited: Boolean(edited),
  updatedAt: edited?.updatedAt.toISOString() ?? null,
});

/** `GET /admin/email-templates`: every mail, in registry order, with whether an admin edited it. */
export async function listEmailTemplates(ctx: AppContext): Promise<TEmailTemplateSummary[]> {
  const edited = new Map((await repo.findEditedTemplates(ctx.db.db)).map((r) => [r.key, r]));
  return [...emailTemplateDefinitions].map(([key, definition]) =>
    summaryOf(key, definition, edited.get(key)),
  );
}

/** `GET /admin/email-templates/{key}`: the words in force and the defaults; an unknown key is 404. */
export async function getEmailTemplate(ctx: AppContext, options: { key: string }): Promise<TEmailTemplate> {
  const definition = definitionOf(options.key);
  const found = await repo.findEditedTemplate(ctx.db.db, options.key);
  const edited = found?.template;
  return {
    ...summaryOf(options.key, definition, edited),
    body: edited?.body ?? definition.body,
    defaultSubject: definition.subject,
    defaultBody: definition.body,
    updatedBy: edited?.updatedBy ? { _id: edited.updatedBy, name: found?.editorName ?? '' } : null,
  };
}

/** Refuses (400) words using a placeholder the mail does not fill, naming it and the ones it has. */
function assertKnownPlaceholders(
  definition: EmailTemplateDefinition,
  input: { subject?: string; body?: string },
) {
  const details: { path: string; message: string }[] = [];
  for (const field of ['subject', 'body'] as const) {
    const text = input[field];
    if (text === undefined) continue;
    const unknown = unknownPlaceholders(text, definition.placeholders);
    if (unknown.length > 0) {
      details.push({
        path: field,
        message: `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `{{${n}}}`).join(', ')}.`,
      });
    }
  }
  if (details.length === 0) return;
  const names = details.map((d) => d.message.replace(/^Unknown placeholders? /, '').replace(/\.$/, ''));
  throw new AppError(
    'VALIDATION_FAILED',
    `This mail does not know ${names.join(', ')}. It can use ${definition.placeholders.map((n) => `{{${n}}}`).join(', ')}.`,
    details,
  );
}

/** `PUT /admin/email-templates/{key}`: saves an admin's words (audited) and clears the cache. */
export async function updateEmailTemplate(
  ctx: AppContext,
  options: { actor: Actor; key: string; input: TEmailTemplateUpdate },
): Promise<TEmailTemplate> {
  const { actor, key, input } = options;
  const definition = definitionOf(key);
  assertKnownPlaceholders(definition, input);
  await ctx.db.db.transaction(async (tx) => {
    const before = (await repo.findEditedTemplate(tx, key))?.template;
    await repo.saveTemplate(tx, {
      key,
      subject: input.subject,
      body: input.body,
      updatedAt: ctx.clock.now(),
      updatedBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'email-template.update',
      targetType: 'email-template',
      targetId: key,
      before: {
        subject: before?.subject ?? definition.subject,
        bodyLength: (before?.body ?? definition.body).length,
        isEdited: Boolean(before),
      },
      after: { subject: input.subject, bodyLength: input.body.length, isEdited: true },
    });
  });
  forgetEditedTemplates(ctx);
  return getEmailTemplate(ctx, { key });
}

/** `POST /admin/email-templates/{key}/reset`: back to the default words (audited when there was an edit). */
export async function resetEmailTemplate(
  ctx: AppContext,
  options: { actor: Actor; key: string },
): Promise<TEmailTemplate> {
  const { actor, key } = options;
  const definition = definitionOf(key);
  await ctx.db.db.transaction(async (tx) => {
    const removed = await repo.deleteTemplate(tx, key);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'email-template.reset',
      targetType: 'email-template',
      targetId: key,
      before: removed
        ? { subject: removed.subject, bodyLength: removed.body.length, isEdited: true }
        : { isEdited: false },
      after: { subject: definition.subject, bodyLength: definition.body.length, isEdited: false },
    });
  });
  forgetEditedTemplates(ctx);
  return getEmailTemplate(ctx, { key });
}

/**
 * `POST /admin/email-templates/{key}/preview`: the mail rendered with sample values, from the
 * words sent (an unsaved edit, checked like a save) or else the words in force.
 */
export async function previewEmailTemplate(
  ctx: AppContext,
  options: { key: string; input: TEmailTemplatePreviewRequest },
): Promise<TEmailPreview> {
  const { key, input } = options;
  const definition = definitionOf(key);
  assertKnownPlaceholders(definition, input);
  const current = await getEmailTemplate(ctx, { key });
  const { siteName } = await ctx.settings.getAll();
  const values: Record<string, string> = { ...definition.sample, siteName };
  for (const [name, value] of Object.entries(values)) {
    if (isLinkPlaceholder(name)) values[name] = absoluteLink(ctx.config.PUBLIC_URL, value);
  }
  return renderEmail({ subject: input.subject ?? current.subject, body: input.body ?? current.body }, values);
}
