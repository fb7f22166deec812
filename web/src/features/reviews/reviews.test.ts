import { describe, expect, it } from 'vitest';
import { addPhotos, commentIsValid, reviewPages, showingLine } from './reviews';

describe('review pagination', () => {
  it('shows every page up to five', () => {
    expect(reviewPages(1, 1)).toEqual([1]);
    expect(reviewPages(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first five while on page 3 or less, with an ellipsis', () => {
    expect(reviewPages(1, 9)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end']);
    expect(reviewPages(3, 9)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end']);
  });

  it('centres on the current page in the middle', () => {
    expect(reviewPages(5, 9)).toEqual([3, 4, 5, 6, 7, 'ellipsis-end']);
  });

  it('shows the last five near the end, without an ellipsis', () => {
    expect(reviewPages(7, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(reviewPages(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(reviewPages(6, 9)).toEqual([4, 5, 6, 7, 8, 'ellipsis-end']);
  });

  it('says which reviews are shown', () => {
    expect(showingLine(1, 8, 20)).toBe('Showing 1 to 8 of 20 reviews');
    expect(showingLine(3, 8, 20)).toBe('Showing 17 to 20 of 20 reviews');
    expect(showingLine(1, 8, 0)).toBe('Showing 0 to 0 of 0 reviews');
  });
});

describe('the review form rules', () => {
  it('wants 10 to 500 characters once trimmed', () => {
    expect(commentIsValid('   short    ')).toBe(false);
    expect(commentIsValid('ten chars!')).toBe(true);
    expect(commentIsValid('x'.repeat(500))).toBe(true);
    expect(commentIsValid('x'.repeat(501))).toBe(false);
  });

  it('keeps at most five photos of the accepted types and sizes, dropping the rest silently', () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    const photos = addPhotos([], [file('a.png', 'image/png'), file('b.gif', 'image/gif'), file('c.pdf', 'application/pdf'), file('d.jpg', 'image/jpeg')]);
    expect(photos.map((f) => f.name)).toEqual(['a.png', 'd.jpg']);
    const big = file('big.webp', 'image/webp', 10 * 1024 * 1024 + 1);
    expect(addPhotos(photos, [big])).toHaveLength(2);
    const many = addPhotos(photos, ['1', '2', '3', '4'].map((n) => file(`${n}.webp`, 'image/webp')));
    expect(many.map((f) => f.name)).toEqual(['a.png', 'd.jpg', '1.webp', '2.webp', '3.webp']);
  });
});
