import type { TReportCreate } from '@fanstage/contract';
import type { ReportTarget } from './report-title';

export type ReportCategory = TReportCreate['category'];
export type { ReportTarget } from './report-title';
export { reportTitle } from './report-title';

/** The reasons the API accepts (`ZReportCategory`), in the words a fan reads. */
export const reportReasons: { value: ReportCategory; label: string; description: string }[] = [
  { value: 'spam', label: 'Spam or scam', description: 'Advertising, misleading links or fake offers.' },
  {
    value: 'abuse',
    label: 'Harassment or hate',
    description: 'Bullying, threats, hateful or violent content.',
  },
  {
    value: 'copyright',
    label: 'Stolen content',
    description: 'It uses my work or someone else’s without permission.',
  },
  {
    value: 'underage',
    label: 'A minor may be involved',
    description: 'Someone in it looks younger than 18.',
  },
  { value: 'other', label: 'Something else', description: 'Tell us what is wrong below.' },
];

/**
 * The body of `POST /reports`, or the sentence that says what is missing: a reason, and for
 * "Something else" a few words about it.
 */
export function buildReport(input: {
  target: ReportTarget;
  targetId: string;
  category: ReportCategory | null;
  description: string;
}): { ok: true; body: TReportCreate } | { ok: false; error: string } {
  if (!input.category) return { ok: false, error: 'Choose a reason.' };
  const description = input.description.trim();
  if (input.category === 'other' && description.length === 0) {
    return { ok: false, error: 'Tell us in a few words what is wrong.' };
  }
  return {
    ok: true,
    body: { target: input.target, targetId: input.targetId, category: input.category, description },
  };
}
