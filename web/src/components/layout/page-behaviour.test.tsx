import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { MAIN_ID, PageBehaviour, SkipLink } from './page-behaviour';

function Layout() {
  return (
    <>
      <SkipLink />
      <PageBehaviour />
      <nav>
        <Link to="/about">About</Link>
        <Link to="/code">Enter a code</Link>
        <Link to="/?page=2">Page 2</Link>
        <Link to="/slow">Slow</Link>
      </nav>
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A page that shows a loading state before its h1, as pages waiting on the API do. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? <h1>Loaded</h1> : <button onClick={() => setLoaded(true)}>Finish loading</button>;
}

function renderPages() {
  const router = createMemoryRouter([
    {
      element: <Layout />,
      children: [
        { index: true, element: <h1>Home</h1> },
        { path: '/about', element: <h1>About Us</h1> },
        { path: '/slow', element: <SlowPage /> },
        {
          path: '/code',
          element: (
            <>
              <h1>Verify</h1>
              <input aria-label="Code" autoFocus />
            </>
          ),
        },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

/** The next animation frame, when PageBehaviour moves focus. */
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('pages behave like pages', () => {
  it('opens a new page at the top with focus on its h1', async () => {
    renderPages();
    vi.mocked(window.scrollTo).mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    await nextFrame();
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toHaveFocus();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('holds focus on the content while a page loads, then moves it to the h1 that comes', async () => {
    renderPages();
    fireEvent.click(screen.getByRole('link', { name: 'Slow' }));
    await screen.findByRole('button', { name: 'Finish loading' });
    await nextFrame();
    expect(document.getElementById(MAIN_ID)).toHaveFocus();
    // What loading ends with: the page's h1 (the click stands in for the data arriving).
    act(() => screen.getByRole('button', { name: 'Finish loading' }).click());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Loaded' })).toHaveFocus());
  });

  it('leaves focus on a control the page focused itself', async () => {
    renderPages();
    fireEvent.click(screen.getByRole('link', { name: 'Enter a code' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify' });
    await nextFrame();
    expect(screen.getByLabelText('Code')).toHaveFocus();
  });

  it('keeps focus where it is when only the query changes', async () => {
    const router = renderPages();
    const link = screen.getByRole('link', { name: 'Page 2' });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await nextFrame();
    expect(link).toHaveFocus();
  });

  it('starts every page with a skip link to its content', () => {
    renderPages();
    const focusable = document.querySelectorAll('a[href], button, input');
    expect(focusable[0]).toHaveTextContent('Skip to content');
    expect(focusable[0]).toHaveAttribute('href', `#${MAIN_ID}`);
  });
});
