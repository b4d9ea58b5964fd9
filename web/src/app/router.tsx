import { createBrowserRouter, RouterProvider } from 'react-router';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

// The full route table of the spec lands with the web issue; this shell proves routing and the fallback.
const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  { path: '*', element: <NotFoundRoute /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
