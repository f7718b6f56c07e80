import { DEFAULT_CHANNEL } from '../../../../shared/delivery';

/** Where the library's screens live (spec 000 section 2); the editor opens a saved template by `?id=` (and `channel=` for channels other than email). */
export const LIBRARY_PATH = '/library/message';
export const BUILDER_PATH = '/library/message/template';
/** The editor of a template (or a new one): the email builder, or with a channel other than email that channel's editor. */
export function builderPath(id?: string, channel?: string): string {
  const query = new URLSearchParams();
  if (channel && channel !== DEFAULT_CHANNEL) query.set('channel', channel);
  if (id) query.set('id', id);
  const text = query.toString();
  return text ? `${BUILDER_PATH}?${text}` : BUILDER_PATH;
}
