import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

interface AppProps {
  /**
   * BrowserRouter in the page; a router fixed on `/` when the home page is prerendered. Passed in
   * rather than chosen here so the page's bundle does not carry the static router.
   */
  Router: ComponentType<{ children: ReactNode }>;
}

/**
 * The whole app. The page (main.tsx) and the build-time prerender of the home page
 * (prerender.tsx) render this same tree, so the page can hydrate the prerendered HTML.
 */
export function App({ Router }: AppProps) {
  return (
    <StrictMode>
      <AppProviders>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
