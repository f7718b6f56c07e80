/** Files between the browser and storage: saving a signed link or bytes made here, and sending a file to a signed link. */
export function downloadUrl(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.click();
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Sends a file to a link the server signed for it (a presigned PUT, straight to storage), with the Content-Type the
 * link was signed for (its length is the file's own); throws when refused.
 */
export async function putToLink(link: { url: string; contentType: string }, file: Blob): Promise<void> {
  const res = await fetch(link.url, { method: 'PUT', body: file, headers: { 'content-type': link.contentType } });
  if (!res.ok) throw new Error(`The upload was refused (${res.status}).`);
}
