import { z } from 'zod';

/** The body of every error answer (errors.ts has the codes and messages). */
export const ZErrorDetail = z.object({ path: z.string(), message: z.string() });
export const ZErrorResponse = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(ZErrorDetail).optional(),
  requestId: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
