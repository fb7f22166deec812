import { screen, within } from '@testing-library/react';
import type { Category } from '@/api/types';
import { renderWithRouter } from '@/testing/render';
import { Footer } from './footer';

const category = (n: number): Category => ({ _id: String(n).padStart(24, 'a'), title: `Category ${n}`, version: 1, subCategories: [], maxDiscountPercentage: 0 });

describe('Footer', () => {
  it('links every category it lists to its listing, the first six in the shop’s order', () => {
    renderWithRouter(<Footer categories={[1, 2, 3, 4, 5, 6, 7].map(category)} />);
    const popular = screen.getByRole('region', { name: 'Popular Categories' });
    const links = within(popular).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Category 1', 'Category 2', 'Category 3', 'Category 4', 'Category 5', 'Category 6']);
    expect(links[0]).toHaveAttribute('href', `/shop?category=${category(1)._id}`);
  });

  it('links the spec’s customer-service labels to real pages', () => {
    renderWithRouter(<Footer categories={[]} />);
    const service = screen.getByRole('region', { name: 'Customer Services' });
    const links = within(service).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About Us', '/about'],
      ['Terms & Conditions', '/pages/terms'],
      ['Track your order', '/track-order'],
      ['FAQ', '/pages/faq'],
      ['Privacy Policy', '/pages/privacy'],
      ['E-waste Policy', '/pages/e-waste'],
      ['Cancellation & Return Policy', '/pages/returns'],
      ['Delivery & Collection', '/pages/delivery'],
    ]);
  });

  it('has no link that goes nowhere, and no app-store badges while the shop has no app', () => {
    renderWithRouter(<Footer categories={[1, 2].map(category)} />);
    const footer = screen.getByRole('contentinfo');
    for (const link of within(footer).getAllByRole('link')) {
      const href = link.getAttribute('href') ?? '';
      expect(href === '' || href === '#' || href.startsWith('#')).toBe(false);
    }
    expect(within(footer).queryByText(/App Store|Google Play|Download App/)).toBeNull();
  });
});
