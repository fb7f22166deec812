import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { categories } from '@/testing/server';
import { CategoryPanels } from './category-panels';

describe('CategoryPanels', () => {
  it('opens the panel of a pill the pointer reached after the panels mounted', async () => {
    const { rerender } = render(
      <MemoryRouter>
        <CategoryPanels categories={categories} active={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Basin Taps' })).not.toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <CategoryPanels categories={categories} active={null} open="aaaaaaaaaaaaaaaaaaaaaaaa" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Basin Taps' })).toHaveAttribute('href', '/shop?category=aaaaaaaaaaaaaaaaaaaaaaaa&subCategory=bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/shop');
  });
});
