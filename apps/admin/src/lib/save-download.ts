// Hands a file fetched from the server to the browser as a download, named as the server's
// Content-Disposition says or, without one, by the caller's fallback.
export function downloadName(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

export function saveDownload(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Today as `YYYY-MM-DD`, the date part of a fallback file name. */
export function todayStamp(): string {
  return new Date().toISOString().slice(0, 10);
}
