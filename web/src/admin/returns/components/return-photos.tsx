/** The size each photo is shown at; the image keeps its shape inside it. */
const PHOTO_SIZE = 128;

/** The shopper's photos, each a link that opens the full image in a new tab. Their
 * addresses are signed and work for 15 to 30 minutes: the page reads them fresh. */
export function ReturnPhotos({ photos }: { photos: string[] }) {
  if (photos.length === 0) return <p className="text-sm text-slate-600">No photos.</p>;
  return (
    <ul className="flex flex-wrap gap-3">
      {photos.map((url, i) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer" className="block rounded-md border border-slate-200 hover:border-brand focus-visible:ring-2 focus-visible:ring-brand">
            <img src={url} alt={`Photo ${i + 1}`} width={PHOTO_SIZE} height={PHOTO_SIZE} loading="lazy" className="h-32 w-32 rounded-md object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
