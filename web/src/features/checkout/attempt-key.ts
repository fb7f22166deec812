/** The Idempotency-Key of checkout's attempts (docs/DESIGN.md §6). The same request sent again
 * (a retry after a network error, or after a server that did not answer) carries the
 * same key, so the server places one order however often the request arrives. A changed
 * form, cart or mode is a new attempt with a new key, and so is a request sent again
 * after the server answered it for good. */
export class AttemptKeys {
  private attempt: { request: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key for `request` (everything the attempt depends on, as one string). */
  keyFor(request: string): string {
    if (this.attempt?.request !== request) this.attempt = { request, key: this.newKey() };
    return this.attempt.key;
  }

  /** The server has answered the attempt: whatever is sent next is a new one. */
  end(): void {
    this.attempt = null;
  }
}
