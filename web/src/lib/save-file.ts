/** Hands `blob` to the browser as a download named `filename`: a file fetched with the
 * token (a plain link cannot send it) is saved through an object URL. */
export function saveFile(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
