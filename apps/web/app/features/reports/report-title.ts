import type { TReportCreate } from '@fanstage/contract';

// Apart from the reasons (report-reasons.ts): every page with a Report button needs its title, only the
// report form needs the reasons.

export type ReportTarget = TReportCreate['target'];

const targetNames: Record<ReportTarget, string> = {
  performer: 'creator',
  feed: 'post',
  video: 'video',
  gallery: 'gallery',
  product: 'product',
  comment: 'comment',
};

/** "Report this post", "Report this creator". */
export const reportTitle = (target: ReportTarget): string => `Report this ${targetNames[target]}`;
