import { X } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { MAX_PHOTOS, PHOTO_ACCEPT } from '../returns';

/** 'Photos (up to 5)': the files chosen so far, each with a preview and a way to take it
 * out; `error` says why some were left out. The input is emptied after each choice, so
 * the same file can be chosen again. */
export function PhotoPicker({ photos, error, onAdd, onRemove }: { photos: File[]; error: string | null; onAdd: (files: File[]) => void; onRemove: (index: number) => void }) {
  const id = useId();
  const previews = useMemo(() => photos.map((file) => URL.createObjectURL(file)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Photos (up to {MAX_PHOTOS})
      </label>
      <input
        id={id}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        disabled={photos.length >= MAX_PHOTOS}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm hover:file:bg-slate-50"
        onChange={(event) => {
          // Copied now: the input's FileList empties when it is reset below.
          onAdd(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          JPEG, PNG, GIF or WebP, 10 MB each. They help us see what is wrong.
        </p>
      )}
      {photos.length > 0 && (
        <ul aria-label="Chosen photos" className="flex flex-wrap gap-3">
          {previews.map((url, i) => (
            <li key={url} className="relative">
              <img src={url} alt={photos[i].name} width={64} height={64} className="h-16 w-16 rounded object-cover" />
              <button
                type="button"
                aria-label={`Remove ${photos[i].name}`}
                onClick={() => onRemove(i)}
                className="absolute -right-2 -top-2 rounded-full bg-white p-0.5 shadow hover:bg-slate-100"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
