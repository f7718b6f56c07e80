/** What a DIRECT_MAIL message is between the adapter's renderer and its provider call (a PDF stored in S3). */
import type { LetterLayout } from '../../../shared/content';

/**
 * One recipient's letter as rendered from the plan's content: personalised, in the recipient's language. The
 * sender's part (the company's lines, its name under the closing) and the date are added when it is drawn,
 * from the company as it is then.
 */
export interface LetterRendered {
  /** the template language chosen for the recipient */
  language: string;
  /** the letter's lines without the sender's (layoutLetter with no company) */
  layout: LetterLayout;
  /** the sender: a company of the organization (the template's companyId) */
  companyId?: string;
}

/** the provider request of one recipient, as the sender port takes it */
export interface OutboundLetter {
  channel: 'DIRECT_MAIL';
  /** the postal address as printed in the envelope window */
  to: string;
  /** where the PDF is stored (the storage port's key, functions/channels/directMail/keys.ts): the provider id */
  key: string;
  language: string;
  layout: LetterLayout;
  companyId?: string;
  /** provider context (org, plan, run) */
  tags: Record<string, string>;
}
