import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';

/** The extensions of the web app's built and public files (a username may hold a dot: `/luna.rivers`). */
const staticExtension =
  /\.(?:m?js|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|txt|json|webmanifest|xml)$/i;

/** A built file of the web app (script, style, image, font): asked for on every page, rarely of interest. */
const isStaticFile = (url: string) => {
  if (url.startsWith('/api/')) return false;
  const query = url.indexOf('?');
  return staticExtension.test(query === -1 ? url : url.slice(0, query));
};

/** The level of a request's one log line: static files at debug, everything else at info. */
export const requestLogLevel = (url: string): 'debug' | 'info' => (isStaticFile(url) ? 'debug' : 'info');

/**
 * One short line per request once it is answered (Fastify's own two lines per request, with every
 * header, are turned off): method, URL, status and time. Static files log at debug, so one person
 * clicking through the site does not fill the disk; server errors are logged in full by the error
 * plugin.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one, and nothing built when the level is off: it runs on every answer.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const level = requestLogLevel(request.url);
    // Fastify's logger is pino's (its type leaves out isLevelEnabled).
    if ((request.log as Logger).isLevelEnabled(level)) {
      request.log[level](
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    }
    done();
  });
});
