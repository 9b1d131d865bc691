/**
 * Browser entry: mounts the app into `#root` with the Chakra system, the router (whose root route
 * provides the session) and the toast container.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '@/routes/router';
import { system } from '@/ui/system';
import { Toasts } from '@/ui/Toasts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <RouterProvider router={createAppRouter()} />
      <Toasts />
    </ChakraProvider>
  </StrictMode>,
);
