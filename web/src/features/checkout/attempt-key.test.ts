import { AttemptKeys } from './attempt-key';

describe('checkout’s attempt keys', () => {
  const counter = () => {
    let next = 0;
    return () => `key-${++next}`;
  };

  it('keeps the key while the same request is sent again, and makes a new one for a changed request', () => {
    const keys = new AttemptKeys(counter());
    expect(keys.keyFor('order A')).toBe('key-1');
    expect(keys.keyFor('order A')).toBe('key-1');
    expect(keys.keyFor('order B')).toBe('key-2');
    // Changed back: still a new attempt, as the server has seen B under key-2 meanwhile.
    expect(keys.keyFor('order A')).toBe('key-3');
  });

  it('starts a new attempt once the server has answered', () => {
    const keys = new AttemptKeys(counter());
    keys.keyFor('order A');
    keys.end();
    expect(keys.keyFor('order A')).toBe('key-2');
  });

  it('makes UUIDs by default', () => {
    expect(new AttemptKeys().keyFor('order A')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
