import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './admin/app/router';
import { AppProvider } from './app/provider';
import { loadSonner } from './lib/toast';
import './admin.css';

// admin.html's entry: the administrator's console, with the shop's providers (server
// state, the session and its check, toasts). Its session is its own,
// `console-auth-storage`: admin.html's `data-document="console"` chooses it (features/auth/store.ts).
const router = createRouter();
// The console's code calls sonner itself (it is in the console's bundle anyway), not
// lib/toast: its Toaster is wanted from the start.
void loadSonner();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
