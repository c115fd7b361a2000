/**
 * Saving a file from the page: the bytes go into a Blob, a blob: URL is handed to a temporary download link, and
 * the URL is released shortly after. Nothing is sent anywhere.
 */
export function downloadFile(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by the time the click returns; give slow browsers a generous moment anyway.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file-name stem from a source name: letters, digits, dot, dash and underscore, without a log/gz extension. */
export function fileStem(name: string): string {
  const base = name.slice(0, 200).replace(/\.(gz|log|txt|json|csv)$/i, '').replace(/\.(log|txt)$/i, '');
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '-');
  const edge = (c: string) => c === '-' || c === '.';
  let a = 0;
  let b = safe.length;
  while (a < b && edge(safe[a])) a++;
  while (b > a && edge(safe[b - 1])) b--;
  return safe.slice(a, Math.min(b, a + 80)) || 'syncloop';
}
