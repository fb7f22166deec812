import { ApiError } from './api-client';
import { errorMessage } from './errors';

describe('errorMessage', () => {
  it("shows an error's own message, the server's included", () => {
    expect(errorMessage(new Error('Network down'), 'Failed')).toBe('Network down');
    expect(errorMessage(new ApiError('Only 2 left in stock', 409), 'Failed')).toBe('Only 2 left in stock');
  });

  it('falls back for anything that is not an error with a message', () => {
    expect(errorMessage(new Error(''), 'Failed to sync data')).toBe('Failed to sync data');
    expect(errorMessage('boom', 'Failed to sync data')).toBe('Failed to sync data');
    expect(errorMessage(undefined, 'Failed to sync data')).toBe('Failed to sync data');
  });
});
