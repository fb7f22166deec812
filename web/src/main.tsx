import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { prefetchFirstPage } from './app/prefetch';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { makeQueryClient } from './lib/query-client';
import './index.css';

const queryClient = makeQueryClient();
prefetchFirstPage(queryClient, window.location);
const router = createRouter();

// The first render waits for the page's code (its route modules), so index.html's header
// bar stays on screen until the page itself takes its place, with nothing blank between.
// In a transition, React renders it in slices, giving the browser the main thread between
// them, instead of in one long task (a phone's 'total blocking time').
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider client={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
}

if (router.state.initialized) {
  render();
} else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
}
