// Files a page saves through an object URL and a link's click (lib/save-file.ts), as a
// test reads them: jsdom neither makes object URLs nor downloads.
import { vi } from 'vitest';

export interface Saved {
  /** The name the link offered (its `download`). */
  name: string;
  blob: Blob;
}

/** Records every file saved from now on, in order; the spies end with the test. */
export function captureDownloads(): Saved[] {
  const saved: Saved[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const href = `blob:test/download-${blobs.size}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}
