// The app's providers: render-error guard, Polaris (with router-aware links), TanStack Query
// and the router.
import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client.js';
import { ErrorBoundary } from './error-boundary.js';
import { RouterLink } from './router-link.js';
import { router } from './routes.js';

export function App() {
  return (
    <ErrorBoundary>
      <AppProvider i18n={en} linkComponent={RouterLink}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppProvider>
    </ErrorBoundary>
  );
}
