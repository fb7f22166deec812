import { createBrowserRouter, type RouteObject } from 'react-router';
import { consoleRoutes } from './console';

// The console's document (admin.html, its own Vite entry) holds one tree: /admin and
// everything under it. The shop is another document, so a link between the two loads
// the page (`reloadDocument`) instead of routing inside this one.

export const routes: RouteObject[] = [{ path: '/admin', children: consoleRoutes }];

export const createRouter = () => createBrowserRouter(routes);
