/** What a DIRECT_MAIL message is between the adapter's renderer and its provider call (a PDF stored in S3). */
import type { LetterLayout } from '../../../shared/content';

export interface LetterRendered {
  language: string;
  layout: LetterLayout;
  companyId?: string;
}

export interface OutboundLetter {
  channel: 'DIRECT_MAIL';
  to: string;
  key: string;
  language: string;
  layout: LetterLayout;
  companyId?: string;
  tags: Record<string, string>;
}
