import { renderHook } from '@testing-library/react';
import table from './page-title-examples.json';
import { listingName, pageTitle, SHOP_TITLE, useDocumentTitle } from './page-title';

type Example = { page?: string | null; category?: string; subCategory?: string; title: string };

describe('page titles', () => {
  it.each(table.examples as Example[])('$title', ({ page, category, subCategory, title }) => {
    expect(category ? pageTitle(listingName(category, subCategory)) : pageTitle(page)).toBe(title);
  });

  it('keeps document.title on the page while it shows, and the shop’s once it goes', () => {
    const { rerender, unmount } = renderHook(({ page }) => useDocumentTitle(page), { initialProps: { page: 'Your cart' as string | undefined } });
    expect(document.title).toBe('Your cart | Shop');
    rerender({ page: 'Brass Angle Valve' });
    expect(document.title).toBe('Brass Angle Valve | Shop');
    unmount();
    expect(document.title).toBe(SHOP_TITLE);
  });
});
