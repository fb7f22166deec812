import { addPhotos, checkRequest, type LineChoice, returnPaths, sortErrors, TOO_MANY_PHOTOS } from './returns';

const choice = (variantId: string, overrides: Partial<LineChoice> = {}): LineChoice => ({ variantId, selected: true, quantity: 1, reason: 'faulty', ...overrides });
const file = (name: string, type = 'image/png', size = 4) => new File([new Uint8Array(size)], name, { type });

describe('The return form’s checks', () => {
  it('asks for an item, a reason for each chosen, and a note when one is Other', () => {
    expect(checkRequest([choice('a', { selected: false })], '')).toEqual({ lines: 'Choose at least one item to return' });
    // `lines[i]` counts the lines sent, not the form's.
    expect(checkRequest([choice('a', { selected: false }), choice('b', { reason: '' })], '')).toEqual({ 'lines[0].reason': 'Choose a reason' });
    expect(checkRequest([choice('a', { reason: 'other' })], '  ')).toEqual({ note: 'Tell us what is wrong when the reason is Other' });
    expect(checkRequest([choice('a', { reason: 'other' })], 'Leaks at the joint')).toEqual({});
    expect(checkRequest([choice('a')], 'x'.repeat(1001))).toEqual({ note: 'A note may be at most 1000 characters' });
  });

  it('sorts the server’s errors onto the lines sent, by place or by variant', () => {
    const sent = [{ variantId: 'a' }, { variantId: 'b' }];
    expect(
      sortErrors({ 'lines[1].reason': 'Choose a reason', 'lines[0].quantity': 'Too many', 'lines[0].variantId': 'This item is not in the order', b: 'You can return at most 1 of this item', note: 'Note!', lines: 'None', other: 'Odd' }, sent),
    ).toEqual({
      lines: { a: { quantity: 'Too many', line: 'This item is not in the order' }, b: { reason: 'Choose a reason', line: 'You can return at most 1 of this item' } },
      note: 'Note!',
      list: 'None',
      other: ['Odd'],
    });
    // A line the request did not send has no place in the form.
    expect(sortErrors({ 'lines[4].reason': 'Choose a reason' }, sent).other).toEqual(['Choose a reason']);
  });

  it('takes at most 5 photos, of the types and size the server takes', () => {
    const four = ['1', '2', '3', '4'].map((n) => file(`${n}.png`));
    expect(addPhotos(four, [file('5.jpg', 'image/jpeg')])).toEqual({ photos: [...four, expect.objectContaining({ name: '5.jpg' })], error: null });
    const six = addPhotos(four, [file('5.gif', 'image/gif'), file('6.webp', 'image/webp')]);
    expect(six.photos.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.gif']);
    expect(six.error).toBe(TOO_MANY_PHOTOS);
    expect(addPhotos([], [file('a.pdf', 'application/pdf')])).toEqual({ photos: [], error: 'Photos must be JPEG, PNG, GIF or WebP images' });
    expect(addPhotos([], [file('huge.png', 'image/png', 10 * 1024 * 1024 + 1)])).toEqual({ photos: [], error: 'Each photo must be at most 10 MB' });
  });

  it('keeps the order link’s token in the returns’ addresses', () => {
    expect(returnPaths.request('100001', 'a.b+c')).toBe('/orders/100001/return?token=a.b%2Bc');
    expect(returnPaths.request('100001', null)).toBe('/orders/100001/return');
    expect(returnPaths.view('abc', 'tok')).toBe('/returns/abc?token=tok');
    expect(returnPaths.view('abc')).toBe('/returns/abc');
  });
});
