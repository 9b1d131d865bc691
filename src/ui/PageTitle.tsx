/** The page's one `h1`, in the dashboard's title style. */
import { Heading } from '@chakra-ui/react';

/** Props of {@link PageTitle}: the visible title text. */
export interface PageTitleProps {
  children: string;
}

/** Renders the screen title as the page's `h1`. */
export function PageTitle({ children }: PageTitleProps) {
  return (
    <Heading as="h1" size="2xl" fontWeight="semibold" mb="6">
      {children}
    </Heading>
  );
}
