import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error';

type Detail = { path: string; message: string };

const fieldName = (path: string) => path.replace(/^\//, '').replaceAll('/', '.') || 'request';

/** "holderName" → "holder name", "menus.0.title" → "title": a field in words for messages. */
const fieldInWords = (path: string) => {
  const last =
    path
      .split('.')
      .filter((p) => p && !/^\d+$/.test(p))
      .pop() ?? '';
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words && words !== 'request' ? words : 'request';
};

const asSentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/**
 * One problem as a sentence a person can read. Our schemas already say it in words; zod's own
 * wording ("Too small: expected number to be >=0") is replaced by a sentence naming the field.
 */
const readable = ({ path, message }: Detail): string => {
  const field = fieldInWords(path);
  const limit = /^Too (small|big): expected \w+ to (?:be|have) ([<>]=?)\s*([\d.]+)( \w+)?/.exec(message);
  if (limit) {
    const [, size, , value, unit = ''] = limit;
    const bound = size === 'small' ? 'at least' : 'at most';
    return unit
      ? `The ${field} must have ${bound} ${value}${unit}.`
      : `The ${field} must be ${bound} ${value}.`;
  }
  if (/received undefined$/.test(message)) return `The ${field} is required.`;
  if (/^Unrecognized keys?:/.test(message)) {
    const names = message.replace(/^Unrecognized keys?:\s*/, '').replaceAll('"', '');
    return `This request does not accept ${names}.`;
  }
  if (/^(Invalid|Expected|Required|Too )/.test(message)) return `The ${field} is not valid.`;
  if (/^Must /.test(message))
    return asSentence(`The ${field} ${message.charAt(0).toLowerCase()}${message.slice(1)}`);
  return asSentence(message);
};

/**
 * The `message` of a 400: the first problem as a sentence, and how many other fields have one;
 * `details` keep every problem with its path for forms.
 */
const summarize = (details: Detail[]) => {
  const first = details[0];
  if (!first) return 'The request is not valid.';
  const more = new Set(details.map((d) => d.path).filter((p) => p !== first.path)).size;
  const tail =
    more === 0 ? '' : more === 1 ? ' There is 1 more problem.' : ` There are ${more} more problems.`;
  return `${readable(first)}${tail}`;
};

/** Fastify's own client errors, in words a person can read. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is not valid.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'This upload must be sent as multipart form data.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_FILES_LIMIT: 'The upload has too many files.',
  FST_FIELDS_LIMIT: 'The upload has too many fields.',
  FST_PROTO_VIOLATION: 'The request is not valid.',
};

/** "a minute" or "12 minutes", from the rate limit's Retry-After seconds. */
const waitOf = (seconds: number) => {
  const minutes = Number.isFinite(seconds) && seconds > 60 ? Math.ceil(seconds / 60) : 1;
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
};

/** Maps every thrown thing to the error shape of ARCHITECTURE.md; never leaks a stack. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const requestId = String(request.id);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: fieldName(v.instancePath),
        message: v.message ?? 'Not valid.',
      }));
      return reply
        .status(400)
        .send({ statusCode: 400, code: 'VALIDATION_FAILED', message: summarize(details), details });
    }
    if (error instanceof ZodError) {
      const details = error.issues.map((i) => ({ path: i.path.join('.') || 'request', message: i.message }));
      return reply
        .status(400)
        .send({ statusCode: 400, code: 'VALIDATION_FAILED', message: summarize(details), details });
    }
    const fe = error as FastifyError;
    if (fe.statusCode === 429) {
      return reply.status(429).send({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: `Too many attempts. Please try again in ${waitOf(Number(reply.getHeader('retry-after')))}.`,
      });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const status = fe.statusCode;
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA'
            : status === 404
              ? 'NOT_FOUND'
              : 'VALIDATION_FAILED';
      const message = (fe.code && fastifyMessages[fe.code]) ?? 'The request is not valid.';
      return reply.status(status).send({ statusCode: status, code, message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      statusCode: 500,
      code: 'INTERNAL',
      message: `Something went wrong on our side. Please try again later (reference ${requestId}).`,
      requestId,
    });
  });
});
