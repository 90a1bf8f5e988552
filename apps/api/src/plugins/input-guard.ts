import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { findTextProblem } from '../lib/text-guard';

/**
 * Refuses, for every route at once and before its schema runs, path parameters, query strings and
 * JSON bodies that carry text the database cannot store (U+0000, unpaired surrogates) or that nest
 * deeper than anything we accept. Multipart fields and file names are checked where they are read
 * (lib/uploads, files.upload, assets.upload); signed webhook payloads in the payments service.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request and should cost no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    // Pages reach the API through their loaders, which are guarded there and show their own errors.
    if (!request.url.startsWith('/api/')) return done();
    const problem =
      findTextProblem(request.params) ?? findTextProblem(request.query) ?? findTextProblem(request.body);
    done(problem ? new AppError('VALIDATION_FAILED', problem.message, [problem]) : undefined);
  });
});
