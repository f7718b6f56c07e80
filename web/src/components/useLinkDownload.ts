/** A download through a link the server signs on request: busy while it is asked for; a refusal is the client's toast. */
import { useState } from 'react';
import { downloadUrl } from '../api/fileTransfer';

export function useLinkDownload(): [boolean, (signLink: () => Promise<{ url: string; fileName: string }>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  async function download(signLink: () => Promise<{ url: string; fileName: string }>) {
    setBusy(true);
    try {
      const link = await signLink();
      downloadUrl(link.url, link.fileName);
    } catch {
      // the client's toast says why
    } finally {
      setBusy(false);
    }
  }
  return [busy, download];
}
