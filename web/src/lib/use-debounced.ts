import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`: what a box asks the server about as
 * someone types, rather than every keystroke. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return settled;
}
