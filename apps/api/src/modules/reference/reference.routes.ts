import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** Countries, states, cities, languages, phone codes, profile options and flags (filled in by the reference-data work). */
export const referenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
