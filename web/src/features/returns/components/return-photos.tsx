import { useId, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { useAddReturnPhoto } from '../api/add-photo';
import type { Return } from '../api/types';
import { addPhotos, MAX_PHOTOS, PHOTO_ACCEPT } from '../returns';

/** The return's photos as thumbnails (each opens the full photo), and 'Add a photo'
 * while the return is requested or approved and has room for one. */
export function ReturnPhotos({ item, token }: { item: Pick<Return, '_id' | 'status' | 'photos'>; token: string | null }) {
  const open = (item.status === 'requested' || item.status === 'approved') && item.photos.length < MAX_PHOTOS;
  if (item.photos.length === 0 && !open) return null;
  return (
    <section aria-labelledby="return-photos-heading" className="space-y-3 rounded-lg border border-slate-200 p-5">
      <h2 id="return-photos-heading" className="text-base font-semibold">
        Photos
      </h2>
      {item.photos.length > 0 ? (
        <ul aria-label="Photos" className="flex flex-wrap gap-3">
          {item.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand">
                <img src={url} alt={`Photo ${i + 1} of the return`} width={96} height={96} loading="lazy" className="h-24 w-24 rounded-md bg-slate-50 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No photos yet.</p>
      )}
      {open && <AddPhoto id={item._id} token={token} />}
    </section>
  );
}

/** 'Add a photo': one file, sent as soon as it is chosen. */
function AddPhoto({ id, token }: { id: string; token: string | null }) {
  const inputId = useId();
  const add = useAddReturnPhoto(id, token);
  // A file the server would refuse (its type or size) is not sent.
  const [refused, setRefused] = useState<string | null>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    const { error } = addPhotos([], [file]);
    setRefused(error);
    if (error) add.reset();
    else add.mutate(file);
  };
  const problem = refused ?? (add.isError ? errorMessage(add.error, 'Failed to add the photo') : null);
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        Add a photo
      </label>
      <input
        id={inputId}
        type="file"
        accept={PHOTO_ACCEPT}
        disabled={add.isPending}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm hover:file:bg-slate-50"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {add.isPending && (
        <p role="status" className="text-sm text-slate-600">
          Adding photo...
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
