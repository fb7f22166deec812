/** What to show for a failure: the error's own message when it has one (the server's
 * words arrive as an ApiError), else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
