import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

/** How long a page may stream before what is still pending is given up (React Router reads it too). */
export const streamTimeout = 5_000;

/**
 * The server's HTML of a page, as React Router's own default does it (a browser gets the page as soon as its
 * shell is ready, a crawler once everything is), with one change: a finished part of the page inside a
 * Suspense boundary is written where it stands, however large. By default React writes a finished boundary
 * over 12.8 KB at the end of the stream, its placeholder first and a script that swaps it in; the creator
 * page's tabs (a lazily loaded part, profile-view.tsx) would then paint as a skeleton first and the posts
 * under it a moment later, and a page without JavaScript would show the skeleton only.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  const userAgent = request.headers.get('user-agent');
  const waitForAll = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  let status = responseStatusCode;

  return new Promise<Response>((resolve, reject) => {
    let shellSent = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      shellSent = true;
      const body = new PassThrough({
        final(done) {
          clearTimeout(timer);
          done();
        },
      });
      responseHeaders.set('Content-Type', 'text/html');
      stream.pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
    };
    const stream = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      ...(waitForAll ? { onAllReady: send } : { onShellReady: send }),
      onShellError: reject,
      onError(error) {
        status = 500;
        // An error in the shell rejects, and React Router logs it; one after it is logged here.
        if (shellSent) console.error(error);
      },
    });
    timer = setTimeout(() => stream.abort(), streamTimeout + 1000);
  });
}
